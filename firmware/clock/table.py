# One game at the table: the rules (Game) and their journal, fed by events.
# The device's buttons and menus, the scenario runner and the replacement
# clock all go through Table.event(), so what the journal holds is exactly
# what made the game. Table.tick() is the main loop's regular call: it finds
# flags and writes checkpoints of the running time. Where a table comes from
# (a new game, a restored journal, a game in RAM only) is clock/tablestart.py,
# which the board reads at power-on and between games only.

from clock import events
from clock.game import UNSET

# What a power cut may lose of a running clock's time. A checkpoint falls
# due CHECKPOINT_MS after the last record and records the time of the loop
# step that writes it; with loop steps no longer than STEP_MS_MAX (the
# slowest, a 4 KB flash erase, takes 400 ms) none is written later than
# LOSS_BOUND_MS after the record before it.
LOSS_BOUND_MS = 10000
STEP_MS_MAX = 1000
CHECKPOINT_MS = LOSS_BOUND_MS - STEP_MS_MAX
QUEUE = 8  # records a deferring table holds until flush() (more: written at once)


class Table:
    def __init__(self, settings, journal, game):
        self.settings = settings
        self.game = game
        self.journal = journal
        self.last_record = 0  # game ms of the last record written
        self.recorded_end = False  # the result is in the journal
        self.notice = None
        # the OSError that stopped the journal (a full flash or FRAM, a chip
        # gone): the game goes on in RAM, nothing more is written
        self.write_error = None
        self.records = 0  # records made, written or not: what changed since a look
        # True (the board's loop): records wait for flush(), so a press is on
        # the displays before its journal write; flushed within the same loop step
        self.defer = False
        self._queue = [0] * (4 * QUEUE)  # t, kind, side, value of each record waiting
        self._queued = 0

    def _record(self, t, kind, side, value):
        self.last_record = t  # written or not: a failed write is not retried every step
        self.records += 1
        if self.journal is None:
            return
        if not self.defer:
            self._write(t, kind, side, value)
            return
        if self._queued == QUEUE:
            self.flush()
        q = self._queue
        i = 4 * self._queued
        q[i] = t
        q[i + 1] = kind
        q[i + 2] = side
        q[i + 3] = value
        self._queued += 1

    def flush(self):
        """Write the records waiting (see defer), oldest first."""
        q = self._queue
        n = self._queued
        self._queued = 0
        for i in range(0, 4 * n, 4):
            if self.journal is None:
                return
            self._write(q[i], q[i + 1], q[i + 2], q[i + 3])

    def _write(self, t, kind, side, value):
        try:
            self.journal.append(t, kind, side, value)
        except OSError as e:
            self.write_error = e
            self.close()
            self.journal = None

    def tick(self, t):
        """The main loop's regular call: bring the game to time t; journal a flag,
        or a checkpoint of the running time once one is due."""
        self._advance(t)
        game = self.game
        if not game.over() and game.running() != UNSET and t - self.last_record >= CHECKPOINT_MS:
            self._record(t, events.CHECKPOINT, 0, 0)

    def _advance(self, t):
        game = self.game
        game.advance(t)
        if game.over() and not self.recorded_end:  # a flag or forfeit fell
            self._record(game.result_at, events.CHECKPOINT, 0, 0)
            self.recorded_end = True

    def event(self, t, kind, side, value):
        """Apply one event at game time t; journal it if it counted."""
        self._advance(t)
        if not events.apply(self.game, t, kind, side, value):
            self.tick(t)
            return False
        self._record(t, kind, side, value)
        self.recorded_end = self.game.over()
        if kind == events.RESUME:
            self.notice = None  # the arbiter has seen the restored times
        return True

    def close(self):
        self.flush()
        if self.journal is not None:
            try:
                self.journal.close()
            except OSError:
                pass  # what was flushed is kept
