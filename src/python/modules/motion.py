# NAOqi's `motion` module: ALMotion's constants (names and values of the
# SDK's motion.py).

# Spaces (NAOqi < 1.14) and frames (1.14 and later)
SPACE_TORSO = 0
SPACE_WORLD = 1
SPACE_NAO = 2
FRAME_TORSO = 0
FRAME_WORLD = 1
FRAME_ROBOT = 2

# Movement
MVT_RELATIVE = 0
MVT_ABSOLUTE = 1

# Angle type
COMMANDS = (0,)
SENSORS = 1

# Axis masks
AXIS_MASK_X = 1
AXIS_MASK_Y = 2
AXIS_MASK_Z = 4
AXIS_MASK_WX = 8
AXIS_MASK_WY = 16
AXIS_MASK_WZ = 32
AXIS_MASK_ALL = 63
AXIS_MASK_VEL = 7
AXIS_MASK_ROT = 56

# Computing
TO_RAD = 0.01745329
TO_DEG = 57.295779513082323
