# The USB console watched for the host's requests while the clock runs. What
# answers them (device/hostreads.py) is imported when the first byte comes and
# forgotten once the host has been quiet for a while: a clock that no host
# reads never holds its bytecode and buffers. Looking allocates nothing.

import select
import sys

from device import forget

POLL_STEPS = 5  # look every 5 loop steps (as device/hostreads.py does once a host is heard)
QUIET_POLLS = 200  # this many looks with nothing asked or being sent (10 s at a 10 ms loop): forgotten


def for_app(app):
    """The App's (device/app.py): its reads made when the host first writes,
    their module forgotten when it has gone quiet."""
    return HostPoll(lambda: _reads(app), lambda: forget("device.hostreads"))


def _reads(app):
    from device.hostreads import for_app
    return for_app(app)


class HostPoll:
    """`make()` gives a device.hostreads.HostReads when the host first
    writes; `done()` forgets its module once the host has gone quiet."""

    def __init__(self, make, done, stdin=None):
        self.make = make
        self.done = done
        self.stdin = stdin or sys.stdin
        self._poll = select.poll()
        self._poll.register(self.stdin, select.POLLIN)
        self.reads = None  # the HostReads while a host is heard
        self._steps = 0
        self._quiet = 0
        self._heard = 0

    def step(self):
        reads = self.reads
        if reads is not None:
            reads.step()
        self._steps += 1
        if self._steps < POLL_STEPS or self._poll is None:
            return
        self._steps = 0
        if reads is None:
            for _ in self._poll.ipoll(0):
                self.reads = self.make()
                self._quiet = 0
                return
        elif reads.closed:  # the console closed: nothing more will come
            self._poll.unregister(self.stdin)
            self._poll = None  # type: ignore[assignment]  # looked at no more
            self._drop()
        elif reads.busy() or reads.heard != self._heard:
            self._heard = reads.heard
            self._quiet = 0
        else:
            self._quiet += 1
            if self._quiet >= QUIET_POLLS:
                self._drop()

    def _drop(self):
        self.reads = None
        self._heard = 0
        self.done()
