"""A board whose journal lives on an FRAM (a `fram` entry in its profile):
transfer, pull and config find the journal there through the board agent,
which mounts the FRAM as the clock does; finished games go to the flash's
archive, never onto the FRAM. Virtual boards carry an FRAM chip model whose
bytes outlive the VM (host_tools/board/vboot.py)."""
import json

import pytest

from support.boards import flash, game_in_progress, running, xqclock
from host_tools.board import PROFILES
from host_tools.board.virtual import VirtualBoard
from host_tools.board.transfer import restored_state

pytestmark = pytest.mark.slow


@pytest.fixture
def fram_board(tmp_path, env):
    profile = json.loads((PROFILES / "oled.json").read_text())
    profile["name"] = "oled-fram"
    profile["fram"] = {"i2c": 0, "scl": 5, "sda": 4, "addr": 0x50, "size": 32768}  # on the left display's bus
    path = tmp_path / "oled-fram.json"
    path.write_text(json.dumps(profile))
    with VirtualBoard(tmp_path / "flash", path) as b:
        flash(env, b, "--profile", path)
        yield b


def test_transfer_pull_and_config_find_the_journal_on_the_fram(fram_board, env, tmp_path):
    b = fram_board
    # the clock formatted its FRAM and keeps its journal there (a boot through the
    # chip model, byte by byte in Python, takes a while on a loaded machine)
    assert running(env, b)
    assert not (b.flash / "game.xqj").exists()
    fram = b.flash.with_name(b.flash.name + ".fram")
    assert fram.stat().st_size == 32768

    data = game_in_progress(tmp_path / "game.xqj")
    proc = xqclock(env, "transfer", tmp_path / "game.xqj", "--port", b.path, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not (b.flash / "game.xqj").exists()  # it went onto the FRAM

    out = tmp_path / "pulled"
    proc = xqclock(env, "pull", "--port", b.path, out, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pulled = (out / b.uid / "game.xqj").read_bytes()
    assert pulled.startswith(data)  # the same game, and the clock's power-on records after it
    assert restored_state(pulled)[1]["red"]["moves"] == 41

    proc = xqclock(env, "config", "show", "--port", b.path, "--json", timeout=60)
    shown = json.loads(proc.stdout)[0]
    assert shown["journal"] == "/fram/game.xqj" and shown["game"]["started"] and not shown["game"]["over"]

    proc = xqclock(env, "config", "push", "--port", b.path, "--clock", "xq-15+10", "--new-game", timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # the clock's own unstarted game, kept by the transfer, then the moved game: onto the flash
    archived = sorted((b.flash / "games").iterdir())
    assert [p.name[:5] for p in archived] == ["0000-", "0001-"]
    assert archived[1].name == f"0001-{restored_state(data)[0]['id']}.xqj"
    assert archived[1].read_bytes().startswith(data)
    kept = {p.name: p.read_bytes() for p in archived}
    # read while the clock runs: the archive is found on the flash, not beside the journal
    proc = xqclock(env, "pull", "--port", b.path, out, "--archived", timeout=120)
    assert proc.returncode == 0 and "running" in proc.stdout, proc.stdout + proc.stderr
    for name, data in kept.items():
        assert (out / b.uid / "games" / name).read_bytes() == data

    proc = xqclock(env, "pull", "--port", b.path, out, "--clear", timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for name, data in kept.items():
        assert (out / b.uid / "games" / name).read_bytes() == data
    assert list((b.flash / "games").iterdir()) == []  # cleared, once copied
    assert (out / b.uid / "game.xqj").is_file()  # the new game: copied, never cleared
    proc = xqclock(env, "config", "show", "--port", b.path, "--json", timeout=60)
    assert json.loads(proc.stdout)[0]["game"]["started"] is False
    assert running(env, b)
