"""`xqclock transfer`: the replacement clock (§22.4). The game's journal (from
the failed clock, or a journal pulled earlier) is written onto another clock,
which replays it at boot and resumes the game paused with the same times,
moves, period and fouls; the arbiter resumes it. Whatever game the new clock
held is archived by its own firmware, never overwritten. Each clock's journal
is where its firmware keeps it (flash or FRAM: device/storage.py, through the
board agent)."""
import json
import tempfile
from pathlib import Path

from host_tools import firmware_path
from host_tools.board import BoardError
from host_tools.board.link import Link
from clock import events, snapshot
from clock.journal import JournalError
from clock.journalread import Loaded, compact
from clock.tablestart import replay

# Runs on the failed clock once its game is on the new one: a MOVED record
# closes its copy (§22.4), at the time of its last record, so the clock shows
# MOVED and never resumes it, and the round table counts the game once.
_CLOSE = """
from clock import events as _e
from clock.journalread import Loaded as _L
from device import storage as _s
_l = _L(%r)
_t = 0
for _r in _l.records():
    _t = _r[0]
_j = _s.journals(_s.flash_device()).reopen(_l)
_j.append(_t, _e.MOVED, 0, 0)
_j.close()
print('closed', _t)
"""

# Runs on the board: the state its journal makes, read-only (a restore would
# add a record), paused as after its power-on.
_STATE = """
from clock.journalread import Loaded
from clock.tablestart import replay
from clock import events, snapshot
_g, _t = replay(Loaded(%r))
events.apply(_g, _t, events.POWER_ON, 0, 0)
print(snapshot.to_json(_g))
"""


TORN = "the last record is incomplete (torn write)"  # what a clock that died mid-write leaves (clock/journal.py)


def intact_part(data, name="the journal", intact=False):
    """(the journal to move, a note or ""). A torn last record is what a clock that
    died mid-write leaves: the records before it are moved, the torn one left out.
    Other damage (a record that does not fit its hash) is refused unless
    `intact` says to move the records before it."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.xqj"
        path.write_bytes(data)
        try:
            loaded = Loaded(str(path))
            replay(loaded)
        except JournalError as e:
            raise BoardError(str(e).replace(str(path), name)) from None
        if not loaded.problem:
            return data, ""
        if loaded.problem != TORN and not intact:
            raise BoardError(f"{name} is damaged ({loaded.problem}); check it with 'xqclock report --verify', "
                             f"then --intact moves the {loaded.count} records before the damage")
        compact(str(path), str(path) + ".intact")
        kept = (Path(str(path) + ".intact")).read_bytes()
    return kept, (f"{name}: {loaded.problem}: its {loaded.count} intact records are moved, the rest "
                  f"({loaded.dropped} bytes) left out")


def restored_state(data, name="the journal"):
    """What a clock restores from this journal (`name` in messages): (settings, state JSON as a dict)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.xqj"
        path.write_bytes(data)
        try:
            loaded = Loaded(str(path))
            game, last = replay(loaded)
        except JournalError as e:
            raise BoardError(str(e).replace(str(path), name)) from None
        if loaded.problem:
            raise BoardError(f"{name} is damaged ({loaded.problem}); check it with "
                             f"'xqclock report --verify' before moving the game")
    events.apply(game, last, events.POWER_ON, 0, 0)
    return loaded.settings, json.loads(snapshot.to_json(game))


def _same_game(a, b):
    keys = ("remaining_ms", "moves", "period", "fouls", "warnings", "flag", "overtime", "byoyomi_periods")
    return all(a[s][k] == b[s][k] for s in ("red", "black") for k in keys) and a["result"] == b["result"]


def transfer(target, journal=None, source=None, timeout=5.0, intact=False, say=None):
    """Move a game onto the clock at port `target`, from a journal file or the
    clock at port `source`. Returns what the new clock shows (state dict);
    say(note) if only the journal's intact records go (intact_part)."""
    if source is not None:
        link = Link(source, timeout)
        try:
            data = link.read_file(_journal(link))
        finally:
            link.finish()
        name = f"the journal on {source}"
    else:
        data = Path(journal).read_bytes()
        name = str(journal)
    data, note = intact_part(data, name, intact)
    if note and say is not None:
        say(note)
    settings, expected = restored_state(data, name)
    if expected["result"] is not None:
        raise BoardError(f"{name}: the game is over ({expected['result']['score']}, "
                         f"{expected['result']['reason']}): there is nothing to "
                         "move; pull it for the result")
    link = Link(target, timeout)
    try:
        journal = _journal(link)
        folder, name = journal.rsplit("/", 1)
        if name in link.listdir(folder or "/"):
            link.keep_journal()
        link.write_atomic(journal, data)
    finally:
        link.finish()  # the clock boots and restores the game, paused
    link = Link(target, timeout)
    try:
        shown = json.loads(link.exec(_STATE % _journal(link), max(timeout, 20),
                                     "reading the restored game").strip().splitlines()[-1])
    finally:
        link.finish()
    if not _same_game(shown, expected):
        raise BoardError(f"{target} restored a different game than the journal holds; "
                         "set the clock by hand (§22.4) and check the journal")
    if source is not None:
        close_source(source, timeout)
    return settings, shown


def _journal(link):
    """The clock's journal path; a clock whose FRAM cannot be read is no place for a game."""
    places = link.places()
    if places["problem"]:
        raise BoardError(f"{link.port}: {places['problem']}")
    return places["journal"]


def close_source(port, timeout=5.0):
    """Close the failed clock's copy of the game (a MOVED record in its journal)."""
    link = Link(port, timeout)
    try:
        out = link.exec(_CLOSE % _journal(link), max(timeout, 20), "closing the game on the old clock")
    except BoardError as e:
        raise BoardError(f"the game is on the new clock, but {port} could not close its own copy ({e}); "
                         "unplug it so nobody resumes it there") from None
    finally:
        link.finish()
    if "closed" not in out:
        raise BoardError(f"the game is on the new clock, but {port} could not close its own copy; "
                         "unplug it so nobody resumes it there")
