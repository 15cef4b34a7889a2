# A box's timeline as box code drives it: self.getTimeline() (the box's
# own), self.getParentTimeline() (the one whose keyframe holds the box), and
# what ALFrameManager and the deprecated GeneratedClass methods act on.
# Frames are numbers; a string is a keyframe's name (a label).


def _place(frame):
    if isinstance(frame, bool):
        raise TypeError("a timeline's frame is a number or a keyframe name, got %r" % frame)
    if isinstance(frame, float) and frame.is_integer():
        frame = int(frame)
    return str(frame)


class Timeline(object):
    """NAOqi's timeline object: play, pause, stop, goTo, gotoAndStop,
    gotoAndPlay, getSize, getFPS, setFPS."""

    def __init__(self, box, which):
        self._box = box
        self._which = which

    def play(self):
        self._box.timeline(self._which, "play", "", 0)

    def pause(self):
        self._box.timeline(self._which, "pause", "", 0)

    def stop(self):
        self._box.timeline(self._which, "stop", "", 0)

    def goTo(self, frame):
        """Moves the cursor to a frame (number) or keyframe (name); a
        playing timeline plays on from there."""
        return self._box.timeline(self._which, "goto", _place(frame), 0) > 0

    def gotoAndStop(self, frame):
        return self._box.timeline(self._which, "goto_and_stop", _place(frame), 0) > 0

    def gotoAndPlay(self, frame):
        return self._box.timeline(self._which, "goto_and_play", _place(frame), 0) > 0

    def getSize(self):
        return self._box.timeline(self._which, "size", "", 0)

    def getFPS(self):
        return self._box.timeline(self._which, "fps", "", 0)

    def setFPS(self, fps):
        """Frames per second from now on (animation boxes scale it by their
        "FPS (%)" parameter in onLoad or onStart)."""
        self._box.timeline(self._which, "set_fps", "", int(fps))

    def __repr__(self):
        return "<timeline %s of box %r>" % (self._which, self._box.name())


def timeline_of(box, which):
    """The timeline object, or None when there is none (the box has no
    timeline of its own, the root box has no parent)."""
    if box.timeline(which, "exists", "", 0) <= 0:
        return None
    return Timeline(box, which)
