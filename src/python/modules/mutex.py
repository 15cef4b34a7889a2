# Python 2's `mutex` module (gone from Python 3), which the Choice box of
# Choregraphe's library imports: a lock that queues the calls made while
# it is held and runs them, one per unlock().
import collections


class mutex(object):
    def __init__(self):
        self.locked = False
        self.queue = collections.deque()

    def test(self):
        return self.locked

    def testandset(self):
        """Takes the lock if it is free: True; False when it was held."""
        if self.locked:
            return False
        self.locked = True
        return True

    def lock(self, function, argument):
        """function(argument) now if the lock is free (and taken), else at
        an unlock() to come."""
        if self.testandset():
            function(argument)
        else:
            self.queue.append((function, argument))

    def unlock(self):
        """Runs the next queued call with the lock still held, or frees it."""
        if self.queue:
            function, argument = self.queue.popleft()
            function(argument)
        else:
            self.locked = False
