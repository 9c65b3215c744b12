"""The simulated clock in step with the host's: virtual time follows
time.monotonic() exactly, whatever the length of each frame."""
import time


class RealTime:
    """Runs a rig's firmware up to the real time elapsed since this was made.

    Each catch_up() runs to the whole milliseconds elapsed since the start,
    not by the length of the last frame, so the fractions of a millisecond
    are never dropped: the simulated clock cannot drift from the host's
    (rounding each frame down made it lose 0.5-0.9 s per 100 s)."""

    def __init__(self, rig, monotonic=time.monotonic):
        self.rig = rig
        self.monotonic = monotonic
        self.start = monotonic()
        self.base = rig.clock.now

    def now(self):
        """The virtual time (ms) that corresponds to the host's time now."""
        return self.base + int((self.monotonic() - self.start) * 1000)

    def run_to(self, t):
        """Run the firmware up to virtual time t (ms); never backwards."""
        if t > self.rig.clock.now:
            self.rig.run(t - self.rig.clock.now)

    def catch_up(self):
        self.run_to(self.now())
