# One game at the table: the rules (Game) and their journal, fed by events.
# The device's buttons and menus, the scenario runner and the replacement
# clock all go through Table.event(), so what the journal holds is exactly
# what made the game. Table.tick() is the main loop's regular call: it finds
# flags and writes checkpoints of the running time.

import os

from clock import events
from clock.game import Game, RED, BLACK, UNSET
from clock.journal import FILES, JournalError
from clock.durations import LIMIT_MS

# What a power cut may lose of a running clock's time. A checkpoint falls
# due CHECKPOINT_MS after the last record and records the time of the loop
# step that writes it; with loop steps no longer than STEP_MS_MAX (the
# slowest, a 4 KB flash erase, takes 400 ms) none is written later than
# LOSS_BOUND_MS after the record before it.
LOSS_BOUND_MS = 10000
STEP_MS_MAX = 1000
CHECKPOINT_MS = LOSS_BOUND_MS - STEP_MS_MAX
QUEUE = 8  # records a deferring table holds until flush() (more: written at once)


def _spec(settings, key):
    spec = settings.get(key)
    if not isinstance(spec, str):
        raise JournalError("the journal's settings: %s is %r, not a time control" % (key, spec))
    return spec


def build_game(settings):
    """A fresh Game from the settings a journal header holds, checked field
    by field as strictly as the board's settings: the chain hash has no key,
    so a header with a valid chain may still hold anything. Raises
    JournalError naming the field."""
    from clock import timecontrol  # the parser: the board forgets it between games (device/app.py)
    try:
        preset = settings.get("preset", "")  # its name's rules; the specs say the times (timecontrol.played)
        if "clock" in settings:
            control = timecontrol.parse(_spec(settings, "clock"), preset)
        else:
            presets = settings.get("presets", ["", ""])  # each side's preset, for its rules
            if not isinstance(presets, list) or len(presets) != 2:
                raise JournalError("the journal's settings: presets is %r, not [red's, black's]" % (presets,))
            control = timecontrol.handicap(_spec(settings, "red"), _spec(settings, "black"), preset, presets)
    except JournalError:
        raise
    except ValueError as e:
        raise JournalError("the journal's settings: clock: %s" % e)
    forfeit = settings.get("forfeit", UNSET)
    if type(forfeit) is not int or not UNSET <= forfeit <= LIMIT_MS:
        raise JournalError("the journal's settings: forfeit is %r, not -1 or a number of ms" % (forfeit,))
    fouls = settings.get("fouls", 3)
    if type(fouls) is not int or not 1 <= fouls <= 9:
        raise JournalError("the journal's settings: fouls is %r, not 1 to 9" % (fouls,))
    absent = settings.get("absent", [0, 0])
    if not isinstance(absent, list) or len(absent) != 2 or [a for a in absent if a not in (0, 1) or type(a) is not int]:
        raise JournalError("the journal's settings: absent is %r, not [red, black] of 0 or 1" % (absent,))
    return Game(control, forfeit, fouls, [s for s in (RED, BLACK) if absent[s]])


def replay(loaded):
    """The game a journal's records make (read-only), and its last record's time."""
    game = build_game(loaded.settings)
    last = 0
    for t, kind, side, value in loaded.records():
        events.apply(game, t, kind, side, value)
        last = t
    game.advance(last)
    return game, last


class Table:
    def __init__(self, settings, journal, game=None):
        self.settings = settings
        self.game = game or build_game(settings)
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

    @classmethod
    def new(cls, settings, path, journals=FILES):
        """A new game; its journal's header holds the settings and a random id,
        so a record copied from another game's journal never fits this one.
        `journals` makes and reopens journals (clock.journal.Files, or the
        flash ring of device/flashring.py)."""
        if "id" not in settings:
            settings["id"] = "%08x" % int.from_bytes(os.urandom(4), "little")
        try:
            return cls(settings, journals.create(path, settings))
        except OSError as e:
            return cls.unrecorded(settings, e)

    @classmethod
    def unrecorded(cls, settings, error, game=None):
        """A game kept in RAM only: its journal cannot be written (error)."""
        if "id" not in settings:
            settings["id"] = "%08x" % int.from_bytes(os.urandom(4), "little")
        table = cls(settings, None, game)
        table.write_error = error
        return table

    @classmethod
    def restore(cls, path, now=None, journals=FILES):
        """Power-on: replay the journal; the game comes back paused at its last
        record, to be resumed by the arbiter. `now` (at or after that record)
        is where game time goes on; a board without a clock passes None."""
        from clock.journalread import Loaded  # the reader: the board forgets it after boot (device/app.py)
        loaded = Loaded(path)
        game, last = replay(loaded)
        try:
            table = cls(loaded.settings, journals.reopen(loaded), game)
        except OSError as e:  # no room to cut a damaged tail: the game goes on in RAM
            table = cls.unrecorded(loaded.settings, e, game)
        table.last_record = last
        table.recorded_end = game.over()
        table.notice = "power restored"
        if loaded.problem:
            table.notice += "; dropped %d bytes: %s" % (loaded.dropped, loaded.problem)
        if game.started and not game.over():
            table.notice += "; clocks paused: check the times, then resume"
        events.apply(game, table.last_record, events.POWER_ON, 0, 0)
        table._record(table.last_record, events.POWER_ON, 0, 0)
        if now is not None:
            game.advance(now)
        return table

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


def boot(path, settings, journals=FILES):
    """Power-on on the board: the game in the journal at `path`, restored and
    paused; a new game with `settings` if there is none; if the journal cannot
    be read at all, it is set aside as path + ".bad" and a new game starts.
    Never raises: when the store itself fails (full, or a chip gone), the
    journal is left untouched and a game goes on in RAM (write_error says why)."""
    try:
        os.stat(path)
    except OSError:  # no journal: nothing was played yet
        return Table.new(settings, path, journals)
    try:
        return Table.restore(path, None, journals)
    except (JournalError, ValueError, KeyError) as e:  # unreadable, or settings this firmware refuses
        try:
            os.rename(path, path + ".bad")
        except OSError as err:
            table = Table.unrecorded(settings, err)
            table.notice = "%s; could not set it aside, new game not recorded" % e
            return table
        table = Table.new(settings, path, journals)
        table.notice = "%s; kept as %s.bad, new game" % (e, path)
        return table
    except OSError as e:
        table = Table.unrecorded(settings, e)
        table.notice = "the journal cannot be read (%s): new game, not recorded" % e
        return table
