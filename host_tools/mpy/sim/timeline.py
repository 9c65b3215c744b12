# The timed-line language that scenarios (host_tools/scenario.py) and button
# scripts (script.py) are written in, read the same way for both: one
# statement a line, numbered from 1; `#` starts a comment; blank lines say
# nothing; white space is the firmware's (clock.spaces), the same on both VMs;
# the timed lines' times never go back. What the words mean is each language's
# own. MicroPython-compatible: scripts are read on the unix port too.

from clock.limits import LINES
from clock.spaces import normalize


class LineError(ValueError):
    """Beyond the limits of clock/limits.py: `line` is the line at fault."""

    def __init__(self, line, message):
        super().__init__(message)
        self.line = line


class Timeline:
    """The lines of a text that say something, and the time of the last action.
    LineError if there are more lines than a clock's limits allow."""

    def __init__(self, text):
        if text.count("\n") > LINES:
            raise LineError(LINES + 1, "more than %d lines" % LINES)
        self._lines = text.split("\n")
        if self._lines[-1] == "":  # a final newline ends the last line, it starts none
            self._lines.pop()
        self.count = len(self._lines)  # every line, said something or not
        self.last = 0  # ms: the latest action's time

    def __iter__(self):
        """(number, words, body) per line with words; body is the line before its comment."""
        number = 0
        for raw in self._lines:
            number += 1
            body = normalize(raw).split("#", 1)[0]
            words = body.split()
            if words:
                yield number, words, body

    def at(self, t, word):
        """An action at t ms (written `word`): not before the previous action."""
        if t < self.last:
            raise ValueError("time %s is before the previous action's" % word)
        self.last = t
        return t
