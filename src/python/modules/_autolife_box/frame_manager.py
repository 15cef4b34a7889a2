# ALFrameManager as box scripts use it (`ALFrameManager.getBehaviorPath(
# self.behaviorId)`, `ALProxy("ALFrameManager")`): it acts for the calling
# box, on the timeline nearest to it (its own, else its parents'); the
# behavior id argument is not needed, the calling box is known.
import _autolife

from .timeline import _place


def _caller(method):
    box = _autolife.current()
    if box is None:
        raise RuntimeError("ALFrameManager.%s: only box code can call it (no behavior runs here)" % method)
    return box


class _FrameManager(object):
    def getBehaviorPath(self, *ignored):
        return _caller("getBehaviorPath").behavior_path()

    def getTimelineFps(self, *ignored):
        return max(0, _caller("getTimelineFps").timeline("nearest", "fps", "", 0))

    def setTimelineFps(self, behaviorId, fps):
        _caller("setTimelineFps").timeline("nearest", "set_fps", "", int(fps))

    def gotoAndStop(self, behaviorId, frame):
        _caller("gotoAndStop").timeline("nearest", "goto_and_stop", _place(frame), 0)

    def gotoAndPlay(self, behaviorId, frame):
        _caller("gotoAndPlay").timeline("nearest", "goto_and_play", _place(frame), 0)

    def playTimeline(self, *ignored):
        _caller("playTimeline").timeline("nearest", "play", "", 0)

    def stopTimeline(self, *ignored):
        _caller("stopTimeline").timeline("nearest", "pause", "", 0)

    def exitBehavior(self, *ignored):
        """The calling box's behavior ends (as when its root box stops)."""
        _caller("exitBehavior").exit_behavior()

    def completeBehavior(self, *ignored):
        _caller("completeBehavior").exit_behavior()

    def isBehaviorRunning(self, *ignored):
        return _autolife.current() is not None

    def behaviors(self):
        box = _autolife.current()
        return [box.behavior_id()] if box is not None else []

    def getMotionLength(self, *ignored):
        box = _caller("getMotionLength")
        fps = box.timeline("nearest", "fps", "", 0)
        return box.timeline("nearest", "size", "", 0) / float(fps) if fps > 0 else 0.0

    def ping(self):
        return True


ALFrameManager = _FrameManager()
