# NAOqi's `almath` for box scripts: the geometry types ALMotion and
# ALNavigation take (Pose2D, Position2D/3D/6D, Rotation3D, Transform,
# Velocity3D/6D, Quaternion), angle helpers and the conversions between them
# that scripts use (moveTo(almath.Pose2D(...).toVector())...). Written in
# Python from libalmath's documented semantics; angles in radians, lengths in
# meters.
import math

PI = math.pi
PI_2 = math.pi / 2.0
PI_4 = math.pi / 4.0
TO_RAD = math.pi / 180.0
TO_DEG = 180.0 / math.pi


def modulo2PI(angle):
    """The same angle in ]-PI, PI]."""
    angle = math.fmod(angle + math.pi, 2.0 * math.pi)
    if angle <= 0.0:
        angle += 2.0 * math.pi
    return angle - math.pi


def meanAngle(angles):
    angles = list(angles)
    if not angles:
        raise ValueError("meanAngle: no angle")
    x = sum(math.cos(a) for a in angles)
    y = sum(math.sin(a) for a in angles)
    if abs(x) < 1e-9 and abs(y) < 1e-9:
        raise ValueError("meanAngle: the mean of these angles is not defined")
    return math.atan2(y, x)


def clipData(minimum, maximum, value):
    return min(max(value, minimum), maximum)


def vectorFloat(values=()):
    return [float(v) for v in values]


class _Vector(object):
    """A small vector type: named float fields, component-wise arithmetic."""

    FIELDS = ()

    def __init__(self, *args):
        values = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args)
        if len(values) == 1 and len(self.FIELDS) > 1:
            values = values * len(self.FIELDS)
        if values and len(values) != len(self.FIELDS):
            raise TypeError("%s takes %d values, got %d" % (type(self).__name__, len(self.FIELDS), len(values)))
        for name, value in zip(self.FIELDS, values or [0.0] * len(self.FIELDS)):
            setattr(self, name, float(value))

    def _make(self, values):
        return type(self)(*values)

    def toVector(self):
        return [getattr(self, f) for f in self.FIELDS]

    def __iter__(self):
        return iter(self.toVector())

    def __add__(self, other):
        return self._make(a + b for a, b in zip(self, other))

    def __sub__(self, other):
        return self._make(a - b for a, b in zip(self, other))

    def __neg__(self):
        return self._make(-a for a in self)

    def __pos__(self):
        return self._make(self)

    def __mul__(self, k):
        return self._make(a * k for a in self)

    __rmul__ = __mul__

    def __truediv__(self, k):
        if k == 0:
            raise ZeroDivisionError("%s / 0" % type(self).__name__)
        return self._make(a / k for a in self)

    __div__ = __truediv__

    def __eq__(self, other):
        return type(self) is type(other) and self.toVector() == other.toVector()

    def __ne__(self, other):
        return not self.__eq__(other)

    def isNear(self, other, epsilon=0.0001):
        return all(abs(a - b) <= epsilon for a, b in zip(self, other))

    def norm(self):
        return math.sqrt(sum(a * a for a in self))

    def distanceSquared(self, other):
        return sum((a - b) ** 2 for a, b in zip(self, other))

    def distance(self, other):
        return math.sqrt(self.distanceSquared(other))

    def normalize(self):
        n = self.norm()
        if n == 0:
            raise ZeroDivisionError("%s.normalize: the norm is 0" % type(self).__name__)
        return self / n

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join("%s=%g" % (f, getattr(self, f)) for f in self.FIELDS))

    __str__ = __repr__


class Position2D(_Vector):
    FIELDS = ("x", "y")

    def getAngle(self):
        return math.atan2(self.y, self.x)

    def dot(self, other):
        return self.x * other.x + self.y * other.y

    def crossProduct(self, other):
        return self.x * other.y - self.y * other.x


class Position3D(_Vector):
    FIELDS = ("x", "y", "z")

    def dotProduct(self, other):
        return self.x * other.x + self.y * other.y + self.z * other.z

    def crossProduct(self, other):
        return Position3D(self.y * other.z - self.z * other.y, self.z * other.x - self.x * other.z,
                          self.x * other.y - self.y * other.x)


class Position6D(_Vector):
    FIELDS = ("x", "y", "z", "wx", "wy", "wz")


class Rotation3D(_Vector):
    FIELDS = ("wx", "wy", "wz")


class Velocity3D(_Vector):
    FIELDS = ("xd", "yd", "zd")


class Velocity6D(_Vector):
    FIELDS = ("xd", "yd", "zd", "wxd", "wyd", "wzd")


class Pose2D(_Vector):
    """A position and heading on the floor: x, y (m), theta (rad). `a * b`
    composes two poses (b expressed in a's frame)."""

    FIELDS = ("x", "y", "theta")

    def __mul__(self, other):
        if isinstance(other, Pose2D):
            c, s = math.cos(self.theta), math.sin(self.theta)
            return Pose2D(self.x + c * other.x - s * other.y, self.y + s * other.x + c * other.y,
                          self.theta + other.theta)
        return _Vector.__mul__(self, other)

    def inverse(self):
        c, s = math.cos(self.theta), math.sin(self.theta)
        return Pose2D(-(c * self.x + s * self.y), s * self.x - c * self.y, -self.theta)

    def diff(self, other):
        return self.inverse() * other

    def norm(self):
        return math.hypot(self.x, self.y)

    def distanceSquared(self, other):
        return (self.x - other.x) ** 2 + (self.y - other.y) ** 2

    def getAngle(self):
        return math.atan2(self.y, self.x)


class Quaternion(_Vector):
    FIELDS = ("w", "x", "y", "z")

    def __init__(self, *args):
        if not args:
            args = (1.0, 0.0, 0.0, 0.0)
        _Vector.__init__(self, *args)

    def __mul__(self, other):
        if isinstance(other, Quaternion):
            w1, x1, y1, z1 = self
            w2, x2, y2, z2 = other
            return Quaternion(w1 * w2 - x1 * x2 - y1 * y2 - z1 * z2, w1 * x2 + x1 * w2 + y1 * z2 - z1 * y2,
                              w1 * y2 - x1 * z2 + y1 * w2 + z1 * x2, w1 * z2 + x1 * y2 - y1 * x2 + z1 * w2)
        return _Vector.__mul__(self, other)

    def inverse(self):
        n = self.norm() ** 2
        return Quaternion(self.w / n, -self.x / n, -self.y / n, -self.z / n)


class Transform(object):
    """A 3x4 homogeneous transform: rotation r1..r3 and translation (meters)."""

    NAMES = ("r1_c1", "r1_c2", "r1_c3", "r1_c4", "r2_c1", "r2_c2", "r2_c3", "r2_c4",
             "r3_c1", "r3_c2", "r3_c3", "r3_c4")

    def __init__(self, *args):
        values = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else list(args)
        if len(values) == 3:  # a translation
            values = [1, 0, 0, values[0], 0, 1, 0, values[1], 0, 0, 1, values[2]]
        if not values:
            values = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]
        if len(values) not in (12, 16):
            raise TypeError("Transform takes 12 (or 16) values, got %d" % len(values))
        for name, value in zip(self.NAMES, values[:12]):
            setattr(self, name, float(value))

    def _rows(self):
        return [[getattr(self, "r%d_c%d" % (r, c)) for c in range(1, 5)] for r in range(1, 4)]

    def toVector(self):
        return [getattr(self, n) for n in self.NAMES] + [0.0, 0.0, 0.0, 1.0]

    def __mul__(self, other):
        a = self._rows() + [[0, 0, 0, 1]]
        b = other._rows() + [[0, 0, 0, 1]]
        return Transform([sum(a[r][k] * b[k][c] for k in range(4)) for r in range(3) for c in range(4)])

    def inverse(self):
        m = self._rows()
        rt = [[m[c][r] for c in range(3)] for r in range(3)]
        t = [-sum(rt[r][k] * m[k][3] for k in range(3)) for r in range(3)]
        return Transform([rt[r][c] if c < 3 else t[r] for r in range(3) for c in range(4)])

    def determinant(self):
        m = self._rows()
        return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))

    def norm(self):
        return math.sqrt(self.r1_c4 ** 2 + self.r2_c4 ** 2 + self.r3_c4 ** 2)

    def isNear(self, other, epsilon=0.0001):
        return all(abs(getattr(self, n) - getattr(other, n)) <= epsilon for n in self.NAMES)

    @staticmethod
    def fromRotX(angle):
        c, s = math.cos(angle), math.sin(angle)
        return Transform([1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0])

    @staticmethod
    def fromRotY(angle):
        c, s = math.cos(angle), math.sin(angle)
        return Transform([c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0])

    @staticmethod
    def fromRotZ(angle):
        c, s = math.cos(angle), math.sin(angle)
        return Transform([c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0])

    @staticmethod
    def from3DRotation(wx, wy, wz):
        return Transform.fromRotZ(wz) * Transform.fromRotY(wy) * Transform.fromRotX(wx)

    @staticmethod
    def fromPosition(x, y, z, wx=0.0, wy=0.0, wz=0.0):
        t = Transform.from3DRotation(wx, wy, wz)
        t.r1_c4, t.r2_c4, t.r3_c4 = float(x), float(y), float(z)
        return t

    def __repr__(self):
        return "Transform(%s)" % ", ".join("%g" % getattr(self, n) for n in self.NAMES)


# ---- conversions -------------------------------------------------------------

def transformFromPose2D(pose):
    return Transform.fromPosition(pose.x, pose.y, 0.0, 0.0, 0.0, pose.theta)


def pose2DFromTransform(t):
    return Pose2D(t.r1_c4, t.r2_c4, math.atan2(t.r2_c1, t.r1_c1))


def position2DFromTransform(t):
    return Position2D(t.r1_c4, t.r2_c4)


def transformFromPosition3D(p):
    return Transform(p.x, p.y, p.z)


def position3DFromTransform(t):
    return Position3D(t.r1_c4, t.r2_c4, t.r3_c4)


def rotation3DFromTransform(t):
    """Roll, pitch, yaw (rotations about X, then Y, then Z)."""
    wy = math.atan2(-t.r3_c1, math.hypot(t.r1_c1, t.r2_c1))
    wx = math.atan2(t.r3_c2, t.r3_c3)
    wz = math.atan2(t.r2_c1, t.r1_c1)
    return Rotation3D(wx, wy, wz)


def transformFromRotation3D(r):
    return Transform.from3DRotation(r.wx, r.wy, r.wz)


def transformFromPosition6D(p):
    return Transform.fromPosition(p.x, p.y, p.z, p.wx, p.wy, p.wz)


def position6DFromTransform(t):
    r = rotation3DFromTransform(t)
    return Position6D(t.r1_c4, t.r2_c4, t.r3_c4, r.wx, r.wy, r.wz)


def position6DFromVelocity6D(v):
    return Position6D(v.xd, v.yd, v.zd, v.wxd, v.wyd, v.wzd)


def transformFromQuaternion(q):
    w, x, y, z = q
    return Transform([1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), 0,
                      2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), 0,
                      2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y), 0])


def quaternionFromTransform(t):
    trace = t.r1_c1 + t.r2_c2 + t.r3_c3
    if trace > 0:
        s = 0.5 / math.sqrt(trace + 1.0)
        return Quaternion(0.25 / s, (t.r3_c2 - t.r2_c3) * s, (t.r1_c3 - t.r3_c1) * s, (t.r2_c1 - t.r1_c2) * s)
    if t.r1_c1 > t.r2_c2 and t.r1_c1 > t.r3_c3:
        s = 2.0 * math.sqrt(1.0 + t.r1_c1 - t.r2_c2 - t.r3_c3)
        return Quaternion((t.r3_c2 - t.r2_c3) / s, 0.25 * s, (t.r1_c2 + t.r2_c1) / s, (t.r1_c3 + t.r3_c1) / s)
    if t.r2_c2 > t.r3_c3:
        s = 2.0 * math.sqrt(1.0 + t.r2_c2 - t.r1_c1 - t.r3_c3)
        return Quaternion((t.r1_c3 - t.r3_c1) / s, (t.r1_c2 + t.r2_c1) / s, 0.25 * s, (t.r2_c3 + t.r3_c2) / s)
    s = 2.0 * math.sqrt(1.0 + t.r3_c3 - t.r1_c1 - t.r2_c2)
    return Quaternion((t.r2_c1 - t.r1_c2) / s, (t.r1_c3 + t.r3_c1) / s, (t.r2_c3 + t.r3_c2) / s, 0.25 * s)
