"""The replacement clock (§22.4): `xqclock transfer` moves a game onto
another (virtual) board, which resumes it paused with the same times, moves,
period and fouls."""
import shutil

import pytest

from support.boards import flash, game_in_progress, halt, running, xqclock
from clock import events as ev
from host_tools.board.transfer import restored_state

pytestmark = pytest.mark.slow


def test_a_game_moves_to_a_replacement_clock(two_boards, env, tmp_path):
    a, b = two_boards
    flash(env, a, "--profile", "oled")
    flash(env, b, "--profile", "segment7")  # a spare clock of the other build will do
    halt(env, a)
    data = game_in_progress(tmp_path / "game.xqj")
    shutil.copy(tmp_path / "game.xqj", a.flash / "game.xqj")
    proc = xqclock(env, "transfer", "--from-port", a.path, "--port", b.path, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "paused" in proc.stdout
    moved = (b.flash / "game.xqj").read_bytes()
    assert moved.startswith(data)  # the same records; the new clock adds its power-on
    _, expected = restored_state(data)
    _, now = restored_state(moved)
    assert now["paused"] and now == expected | {"time_ms": now["time_ms"]}
    assert now["red"]["moves"] == 41 and now["red"]["period"] == 2 and now["black"]["fouls"] == 1
    assert running(env, b)
    # the old clock's copy is closed: its journal ends with MOVED, and it cannot be resumed
    from clock.journalread import Loaded
    from clock.tablestart import replay
    old = Loaded(str(a.flash / "game.xqj"))
    game, _ = replay(old)
    kinds = [r[1] for r in Loaded(str(a.flash / "game.xqj")).records()]
    assert kinds[-2:] == [ev.MOVED, ev.POWER_ON]  # closed, then its restart after
    assert game.moved_at >= 0 and game.paused and not game.resume(game.now + 1000)
    assert running(env, a)
    # pulled, the round counts the game once, from the clock it goes on on, and says so
    out = tmp_path / "round"
    assert xqclock(env, "pull", "--all", out).returncode == 0
    proc = xqclock(env, "report", "--round", out)
    assert proc.returncode == 0, proc.stderr
    assert "counted once, from %s" % (out / b.uid / "game.xqj") in proc.stderr
    rows = [ln for ln in proc.stdout.splitlines() if "in progress" in ln]
    assert len(rows) == 2 and "2 games" not in proc.stdout  # one row, and the totals line


def test_a_damaged_journal_is_not_moved(two_boards, env, tmp_path):
    a, b = two_boards
    flash(env, b, "--profile", "segment7")
    path = tmp_path / "game.xqj"
    data = bytearray(game_in_progress(path))
    data[-20] ^= 0xFF
    path.write_bytes(bytes(data))
    proc = xqclock(env, "transfer", str(path), "--port", b.path, timeout=60)
    assert proc.returncode == 1 and "damaged" in proc.stderr and "--verify" in proc.stderr
