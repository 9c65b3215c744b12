# Where a table (clock/table.py) comes from: a new game and its journal, a
# journal restored at power-on, or a game kept in RAM only when the journal
# cannot be written. The board reads this at power-on and between games only,
# and forgets it after (device/app.py's SOMETIMES): a running game never needs it.

import os

from clock import events
from clock.game import Game, RED, BLACK, UNSET
from clock.journal import FILES, JournalError
from clock.durations import LIMIT_MS
from clock.table import Table


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


def _give_id(settings):
    if "id" not in settings:
        settings["id"] = "%08x" % int.from_bytes(os.urandom(4), "little")


def new(settings, path, journals=FILES):
    """A new game; its journal's header holds the settings and a random id,
    so a record copied from another game's journal never fits this one.
    `journals` makes and reopens journals (clock.journal.Files, or the
    flash ring of device/flashring.py)."""
    _give_id(settings)
    try:
        return Table(settings, journals.create(path, settings), build_game(settings))
    except OSError as e:
        return unrecorded(settings, e)


def unrecorded(settings, error, game=None):
    """A game kept in RAM only: its journal cannot be written (error)."""
    _give_id(settings)
    table = Table(settings, None, game or build_game(settings))
    table.write_error = error
    return table


def restore(path, now=None, journals=FILES):
    """Power-on: replay the journal; the game comes back paused at its last
    record, to be resumed by the arbiter. `now` (at or after that record)
    is where game time goes on; a board without a clock passes None."""
    from clock.journalread import Loaded  # the reader: the board forgets it after boot (device/app.py)
    loaded = Loaded(path)
    game, last = replay(loaded)
    try:
        table = Table(loaded.settings, journals.reopen(loaded), game)
    except OSError as e:  # no room to cut a damaged tail: the game goes on in RAM
        table = unrecorded(loaded.settings, e, game)
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


def boot(path, settings, journals=FILES):
    """Power-on on the board: the game in the journal at `path`, restored and
    paused; a new game with `settings` if there is none; if the journal cannot
    be read at all, it is set aside as path + ".bad" and a new game starts.
    Never raises: when the store itself fails (full, or a chip gone), the
    journal is left untouched and a game goes on in RAM (write_error says why)."""
    try:
        os.stat(path)
    except OSError:  # no journal: nothing was played yet
        return new(settings, path, journals)
    try:
        return restore(path, None, journals)
    except (JournalError, ValueError, KeyError) as e:  # unreadable, or settings this firmware refuses
        try:
            os.rename(path, path + ".bad")
        except OSError as err:
            table = unrecorded(settings, err)
            table.notice = "%s; could not set it aside, new game not recorded" % e
            return table
        table = new(settings, path, journals)
        table.notice = "%s; kept as %s.bad, new game" % (e, path)
        return table
    except OSError as e:
        table = unrecorded(settings, e)
        table.notice = "the journal cannot be read (%s): new game, not recorded" % e
        return table
