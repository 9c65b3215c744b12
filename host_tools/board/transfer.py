"""`xqclock transfer`: the replacement clock (§22.4). The game's journal (from
the failed clock, or a journal pulled earlier) is written onto another clock,
which replays it at boot and resumes the game paused with the same times,
moves, period and fouls; the arbiter resumes it. Whatever game the new clock
held is kept under /games, never overwritten."""
import json
import tempfile
from pathlib import Path

from host_tools import firmware_path  # noqa: F401  (the firmware's modules)
from host_tools.board import BoardError
from host_tools.board.link import Link
from clock import events, snapshot
from clock.journal import JournalError, Loaded
from clock.table import replay

JOURNAL = "/game.xqj"

# Runs on the board: the state its journal makes, read-only (a restore would
# add a record), paused as after its power-on.
_STATE = """
from clock.journal import Loaded
from clock.table import replay
from clock import events, snapshot
_g, _t = replay(Loaded('/game.xqj'))
events.apply(_g, _t, events.POWER_ON, 0, 0)
print(snapshot.to_json(_g))
"""


def restored_state(data):
    """What a clock restores from this journal: (settings, state JSON as a dict)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.xqj"
        path.write_bytes(data)
        try:
            loaded = Loaded(str(path))
            game, last = replay(loaded)
        except JournalError as e:
            raise BoardError(f"the journal cannot be read: {e}") from None
        if loaded.problem:
            raise BoardError(f"the journal is damaged ({loaded.problem}); check it with "
                             f"'xqclock report --verify' before moving the game")
    events.apply(game, last, events.POWER_ON, 0, 0)
    return loaded.settings, json.loads(snapshot.to_json(game))


def _same_game(a, b):
    keys = ("remaining_ms", "moves", "period", "fouls", "warnings", "flag", "overtime", "byoyomi_periods")
    return all(a[s][k] == b[s][k] for s in ("red", "black") for k in keys) and a["result"] == b["result"]


def transfer(target, journal=None, source=None, timeout=5.0):
    """Move a game onto the clock at port `target`, from a journal file or the
    clock at port `source`. Returns what the new clock shows (state dict)."""
    if source is not None:
        link = Link(source, timeout)
        try:
            data = link.read_file(JOURNAL)
        finally:
            link.finish()
    else:
        data = Path(journal).read_bytes()
    settings, expected = restored_state(data)
    link = Link(target, timeout)
    try:
        if JOURNAL.lstrip("/") in link.listdir("/"):
            keep = f"/games/{_held_game_id(link)}.xqj"
            link.mkdirs(keep)
            link.rename(JOURNAL, keep)
        link.write_atomic(JOURNAL, data)
    finally:
        link.finish()  # the clock boots and restores the game, paused
    link = Link(target, timeout)
    try:
        shown = json.loads(link.exec(_STATE, max(timeout, 20), "reading the restored game").strip().splitlines()[-1])
    finally:
        link.finish()
    if not _same_game(shown, expected):
        raise BoardError(f"{target} restored a different game than the journal holds; "
                         "set the clock by hand (§22.4) and check the journal")
    return settings, shown


def _held_game_id(link):
    """The id of the game the target clock holds (the name to keep it under)."""
    try:
        out = link.exec("from clock.journal import Loaded\nprint(Loaded('/game.xqj').settings['id'])",
                        what="reading the clock's own game")
        return out.strip().splitlines()[-1]
    except (BoardError, IndexError):
        return "replaced"
