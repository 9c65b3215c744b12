"""Boards end to end: `xqclock flash`, `config`, `pull` and the real mpremote
against virtual boards (the MicroPython unix port behind a pseudo-terminal,
host_tools/board/virtual.py), each with a temporary folder as its flash.

Every command runs as a subprocess, as an organiser runs it; the boards run
in this process (their supervisors are threads, their VMs child processes)
and are stopped by the fixtures.
"""
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from support.boards import flash, halt, in_loop, interrupt, mpremote, running
from support.cli import ROOT, xqclock
from host_tools.board import FIRMWARE, PROFILES

pytestmark = pytest.mark.slow


def sha(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def manifest(flash):
    return json.loads((Path(flash) / "xqclock.json").read_text())


def firmware_copy(tmp_path, name, edit=None):
    """A copy of firmware/; edit(folder) changes it."""
    folder = tmp_path / name
    shutil.copytree(FIRMWARE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    if edit:
        edit(folder)
    return folder


def every_module_changed(folder):
    for path in folder.rglob("*.py"):
        if path.name != "main.py":
            path.write_text(path.read_text() + "\n_V2 = 2\n")  # bytecode (a comment is not: no line numbers)


def one_line_error(proc):
    assert proc.returncode != 0, proc.stdout
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("xqclock: "), proc.stderr
    return lines[0]


def files_on(flash_dir):
    """{path: (sha, mtime_ns)} of the firmware files in a virtual board's flash."""
    out = {}
    for p in Path(flash_dir).rglob("*"):
        rel = p.relative_to(flash_dir).as_posix()
        if p.is_file() and not rel.endswith(".xqj") and rel != "settings.json":
            out[rel] = (sha(p), p.stat().st_mtime_ns)
    return out


# -- the virtual board itself ------------------------------------------------------------

def test_virtual_board_answers_mpremote_and_emulates_resets(board, env):
    # without `resume`, mpremote soft-resets first: the VM restarts into the raw REPL
    out = mpremote(env, board.path, "exec", "import os; print(sorted(os.listdir('/')), os.getcwd())")
    assert out.strip() == "[] /"
    boots = board.boots
    mpremote(env, board.path, "fs", "cp", str(FIRMWARE / "main.py"), ":main.py", "+", "fs", "mkdir", ":games")
    assert board.boots == boots + 1  # one soft reset per mpremote session
    assert (board.flash / "main.py").read_bytes() == (FIRMWARE / "main.py").read_bytes()
    listing = mpremote(env, board.path, "resume", "fs", "ls")
    assert "games/" in listing
    # sizes as a board's filesystem gives them (the unix port's own listing has none)
    assert re.search(r"^\s*%d main.py$" % (FIRMWARE / "main.py").stat().st_size, listing, re.M), listing
    # its unique id comes from machine.unique_id(), as on a Pico
    out = mpremote(env, board.path, "resume", "exec", "import machine, binascii; "
                   "print(binascii.hexlify(machine.unique_id()).decode())")
    assert out.strip() == board.uid
    # machine.reset() restarts the VM as a power-on: main.py runs (it fails here: no profile)
    mpremote(env, board.path, "resume", "exec", "import machine; machine.reset()")
    board.wait_boots(boots + 2)


FORGOTTEN = ("device.poweron", "device.profile", "device.settings", "device.staging", "clock.timecontrol",
             "clock.journalread", "device.pushes")


def test_ctrl_c_interrupts_the_running_clock(board, env):
    flash(env, board, "--profile", "oled")
    text = interrupt(board)
    assert "KeyboardInterrupt" in text and 'File "device.app"' in text, text
    assert text.endswith(">>> ")
    # mpremote's own Ctrl-C (resume: no soft reset) reaches it the same way
    flash(env, board)
    assert in_loop(board)
    out = mpremote(env, board.path, "resume", "exec", "import sys; print('device.app' in sys.modules)")
    assert out.strip() == "True"
    # what the power-on read (device/poweron.py, the checks, the parser, the journal's reader) is forgotten
    out = mpremote(env, board.path, "resume", "exec", "import sys; print([m for m in %r if m in sys.modules])"
                   % (FORGOTTEN,))
    assert out.strip() == "[]"


def test_virtual_board_command(tmp_path, env):
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "virtual-board", "--dir", tmp_path / "vb",
                             "--profile", "segment7"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        port = proc.stdout.readline().strip()
        assert port.startswith("/dev/pts/")
        assert mpremote(env, port, "exec", "print(6*7)").strip() == "42"
        cards = list((tmp_path / "boards").glob("*.json"))
        assert [json.loads(c.read_text())["path"] for c in cards] == [port]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    assert proc.returncode == 0
    assert not list((tmp_path / "boards").glob("*.json"))


# -- flash -------------------------------------------------------------------------------

def test_flash_fresh_board_then_nothing_changed(board, env, tmp_path):
    t0 = time.monotonic()
    proc = flash(env, board, "--profile", "oled")
    first = time.monotonic() - t0
    assert "flashed" in proc.stdout
    fl = board.flash
    m = manifest(fl)
    assert m["name"] == "xqclock" and m["mpy"].startswith("6.")
    assert (fl / "main.py").read_bytes() == (FIRMWARE / "main.py").read_bytes()
    assert (fl / "profile.json").read_bytes() == (PROFILES / "oled.json").read_bytes()
    assert (fl / "boot.py").is_file() and not (fl / "next").exists()
    modules = sorted([p.relative_to(FIRMWARE).with_suffix(".mpy").as_posix()
                      for p in FIRMWARE.rglob("*.py") if p.name != "main.py" and "__pycache__" not in p.parts]
                     + ["umqtt/simple.mpy"])  # micropython-lib's MQTT client (host_tools/board/libs.py)
    assert sorted(p for p in m["files"] if p.endswith(".mpy")) == modules
    for path, digest in m["files"].items():
        assert sha(fl / path) == digest, path
    assert not list(fl.rglob("*.py")) or sorted(p.name for p in fl.rglob("*.py")) == ["boot.py", "main.py"]
    assert (fl / "game.xqj").is_file()  # the clock booted and opened its journal
    assert running(env, board)
    out = mpremote(env, board.path, "resume", "exec", "import sys; print(sys.modules['clock.game'].__file__)")
    assert out.strip().endswith(".mpy")

    before = files_on(fl)
    t0 = time.monotonic()
    proc = flash(env, board)
    again = time.monotonic() - t0
    assert "up to date" in proc.stdout and "nothing" in proc.stdout
    assert files_on(fl) == before  # not one firmware file written
    assert running(env, board)
    print(f"\nflash of a fresh board {first:.2f} s, re-flash with nothing changed {again:.2f} s")


def test_flash_sends_only_what_changed_and_keeps_settings(board, env, tmp_path):
    flash(env, board, "--profile", "oled")
    (board.flash / "settings.json").write_text('{"clock": "xq-5+3", "sound": true}')
    v2 = firmware_copy(tmp_path, "v2", lambda f: (f / "clock" / "events.py").write_text(
        (f / "clock" / "events.py").read_text() + "\n_CHANGED = 1\n"))
    before = files_on(board.flash)
    proc = flash(env, board, "--firmware", v2)
    assert "1 file," in proc.stdout
    after = files_on(board.flash)
    changed = sorted(p for p in after if after[p] != before.get(p))
    assert changed == ["clock/events.mpy", "xqclock.json"]
    assert (board.flash / "settings.json").read_text() == '{"clock": "xq-5+3", "sound": true}'
    assert running(env, board)
    # the profile changes only when asked, and atomically with the rest
    proc = flash(env, board, "--firmware", v2, "--profile", "segment7")
    assert (board.flash / "profile.json").read_bytes() == (PROFILES / "segment7.json").read_bytes()
    assert "profile.json" in manifest(board.flash)["files"]


def test_interrupted_flash_leaves_a_bootable_board(board, env, tmp_path):
    flash(env, board, "--profile", "oled")
    old = manifest(board.flash)
    v2 = firmware_copy(tmp_path, "v2", every_module_changed)
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "flash", "--port", board.path,
                             "--firmware", v2], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    staged = board.flash / "next"
    try:
        end = time.monotonic() + 30
        while len(list(staged.rglob("*.mpy"))) < 4 and time.monotonic() < end:
            time.sleep(0.005)
    finally:
        proc.kill()  # the laptop's cable pulled mid-copy
        proc.wait()
    assert not (staged / "xqclock.json").exists(), "the copy finished before it could be cut"
    boots = board.boots
    board.power_cycle()  # and the clock's power
    board.wait_boots(boots + 1)
    assert in_loop(board)  # boot.py is done: the clock runs
    assert manifest(board.flash) == old  # the old firmware, whole
    for path, digest in old["files"].items():
        assert sha(board.flash / path) == digest, path
    assert running(env, board)
    # flashing again finishes the job, reusing what was staged
    proc = flash(env, board, "--firmware", v2)
    new = manifest(board.flash)
    assert new["build"] != old["build"] and not staged.exists()
    for path, digest in new["files"].items():
        assert sha(board.flash / path) == digest, path
    sent = int(proc.stdout.split("flashed")[1].split("files")[0])
    assert sent < len([p for p in new["files"] if p.endswith(".mpy")])
    assert running(env, board)


def test_committed_update_is_finished_at_boot_even_after_a_cut(board, env, tmp_path):
    """boot.py's part: a manifest in /next is the commit; every step can be redone."""
    flash(env, board, "--profile", "oled")
    v2 = firmware_copy(tmp_path, "v2", every_module_changed)
    from host_tools.board.build import Build
    build = Build(v2)
    fl = board.flash
    staged = fl / "next"
    for path, data in build.files.items():
        if path != "boot.py":
            (staged / path).parent.mkdir(parents=True, exist_ok=True)
            (staged / path).write_bytes(data)
    m = build.manifest(remove=["device/old_module.mpy"])
    (fl / "device" / "old_module.mpy").write_bytes(b"M\x06")
    (staged / "xqclock.json").write_text(json.dumps(m))
    # a cut in the middle of boot.py's moves: half of them done
    for path in sorted(build.files)[:10]:
        if (staged / path).exists():
            os.replace(staged / path, fl / path)
    boots = board.boots
    board.power_cycle()
    board.wait_boots(boots + 1)
    assert in_loop(board)  # boot.py is done: the clock runs, on the update
    assert manifest(fl)["build"] == build.build and not staged.exists()
    assert not (fl / "device" / "old_module.mpy").exists()
    for path, digest in build.hashes.items():
        assert sha(fl / path) == digest, path
    assert running(env, board)


def test_flash_all_boards_in_parallel(two_boards, env):
    a, b = two_boards  # b carries 7-segment displays, and a manifest from a future xqclock
    (b.flash / "xqclock.json").write_text(json.dumps({"name": "xqclock", "version": "99.0.0", "files": {}}))
    proc = xqclock(env, "flash", "--all", "--profile", "oled")
    assert proc.returncode == 1
    rows = [line.split() for line in proc.stdout.splitlines()]
    assert rows[0][:3] == ["PORT", "BOARD", "RESULT"] and len(rows) == 3
    assert {r[0]: r[2] for r in rows[1:]} == {a.path: "flashed", b.path: "FAILED"}
    errors = [line for line in proc.stderr.splitlines() if line.startswith("xqclock:")]
    assert errors[0].startswith(f"xqclock: {b.path} has xqclock 99.0.0, newer than"), proc.stderr
    assert errors[1:] == ["xqclock: 1 of 2 boards failed"]
    assert running(env, a)
    assert xqclock(env, "flash", "--port", b.path, "--profile", "segment7", "--force").returncode == 0
    proc = xqclock(env, "flash", "--all")
    assert proc.returncode == 0, proc.stderr
    assert [line.split()[2:5] for line in proc.stdout.splitlines()[1:]] == [["up", "to", "date"]] * 2
    for board in (a, b):
        assert running(env, board)


def test_flash_errors_are_one_line(board, env, tmp_path):
    # no board at all
    empty = dict(env, XQCLOCK_VIRTUAL_BOARDS=str(tmp_path / "none"))
    assert "no board found" in one_line_error(xqclock(empty, "flash"))
    assert "no such port" in one_line_error(xqclock(env, "flash", "--port", tmp_path / "ttyACM9"))
    # a board with no profile
    assert "no board profile" in one_line_error(xqclock(env, "flash", "--port", board.path))
    # a busy port
    import serial
    with serial.Serial(board.path, exclusive=True):
        assert "is busy" in one_line_error(xqclock(env, "flash", "--port", board.path))
    # firmware from a newer xqclock
    flash(env, board, "--profile", "oled")
    m = manifest(board.flash)
    m["version"] = "99.0.0"
    (board.flash / "xqclock.json").write_text(json.dumps(m))
    line = one_line_error(xqclock(env, "flash", "--port", board.path))
    assert "xqclock 99.0.0, newer than" in line and "--force" in line
    assert running(env, board)  # left running
    proc = xqclock(env, "flash", "--port", board.path, "--force")
    assert proc.returncode == 0 and manifest(board.flash)["version"] != "99.0.0"
    # firmware that does not start
    broken = firmware_copy(tmp_path, "broken", lambda f: (f / "main.py").write_text(
        "raise RuntimeError('boom at boot')\n"))
    line = one_line_error(xqclock(env, "flash", "--port", board.path, "--firmware", broken))
    assert "does not start: RuntimeError: boom at boot" in line


def test_board_that_stops_answering(board, env, tmp_path):
    flash(env, board, "--profile", "oled")
    board.freeze()
    try:
        t0 = time.monotonic()
        line = one_line_error(xqclock(env, "flash", "--port", board.path, "--timeout", "1.5"))
        assert "does not answer" in line and time.monotonic() - t0 < 15
        assert "does not answer" in one_line_error(xqclock(env, "pull", "--port", board.path,
                                                           "--timeout", "1.5", tmp_path / "out"))
    finally:
        board.thaw()
    # and one that stops in the middle of a copy
    v2 = firmware_copy(tmp_path, "v2", every_module_changed)
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "flash", "--port", board.path,
                             "--firmware", v2, "--timeout", "1.5"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        end = time.monotonic() + 30
        while len(list((board.flash / "next").rglob("*.mpy"))) < 2 and time.monotonic() < end:
            time.sleep(0.005)
        board.freeze()
        out, err = proc.communicate(timeout=30)
    finally:
        board.thaw()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    lines = err.strip().splitlines()
    assert proc.returncode == 1 and len(lines) == 1 and "stopped answering" in lines[0], err


# -- config ------------------------------------------------------------------------------

def test_config_presets_and_explain(env):
    proc = xqclock(env, "config", "presets")
    assert proc.returncode == 0
    assert "xq-60+30" in proc.stdout and "60 min for the whole game; 30 s added per move" in proc.stdout
    proc = xqclock(env, "config", "explain", "90m/40,30m+30s")
    assert proc.stdout.strip() == ("90 min for 40 moves, then 30 min for the rest of the game; "
                                   "30 s added per move from move 1, each after its move")
    proc = xqclock(env, "config", "explain", "fide-rapid")
    assert proc.stdout.strip() == ("15 min for the whole game; "
                                   "10 s added per move from move 1, the first on the clock at the start")
    line = one_line_error(xqclock(env, "config", "explain", "90m/4x,30m"))
    assert "stage 1 '90m/4x'" in line and "'4x'" in line
    line = one_line_error(xqclock(env, "config", "explain", "60m;byoyomi 5y30s"))
    assert "'byoyomi 5y30s'" in line


def _finished_game(path, clock="xq-60+30"):
    """A real journal of a game that has ended (made by the firmware's core on CPython)."""
    from clock import events as ev
    from clock import tablestart
    t = tablestart.new({"clock": clock, "forfeit": -1, "fouls": 3, "absent": [0, 0]}, str(path))
    t.event(0, ev.START, 0, 0)
    t.event(5000, ev.PRESS, 0, 0)
    t.event(9000, ev.PRESS, 1, 0)
    t.event(12000, ev.RESULT, 0, 6)  # Red wins: Black resigned
    assert t.game.over()
    t.close()
    return t.settings["id"]


def test_config_push_and_read_back(two_boards, env, tmp_path):
    a, b = two_boards
    for board, profile in ((a, "oled"), (b, "segment7")):
        flash(env, board, "--profile", profile)
    halt(env, a)
    game_id = _finished_game(a.flash / "game.xqj")
    proc = xqclock(env, "config", "push", "--all", "--clock", "xq-15+10", "--forfeit", "15", "--fouls", "4",
                   "--sound", "on", "--language", "zh", "--red-side", "right", "--code", "1234")
    assert proc.returncode == 0, proc.stderr
    assert f"Its finished game is kept as /games/0000-{game_id}.xqj" in proc.stdout
    proc = xqclock(env, "config", "show", "--all", "--json")
    assert proc.returncode == 0, proc.stderr
    shown = {r["port"]: r for r in json.loads(proc.stdout)}
    for board, profile in ((a, "oled"), (b, "segment7")):
        r = shown[board.path]
        s = r["settings"]
        assert (s["clock"], s["forfeit"], s["fouls"], s["sound"], s["language"], s["red_side"], s["code"]) == \
            ("xq-15+10", 900000, 4, True, 1, 1, "set")  # the code is never printed
        assert r["profile"] == profile and r["clock_id"] == board.uid
        assert r["game"]["started"] is False  # a new game, with the new control
        assert running(env, board)
    from clock.journalread import Loaded
    header = Loaded(str(a.flash / "game.xqj")).settings
    assert (header["clock"], header["preset"]) == ("15m+10s", "xq-15+10")
    assert (a.flash / "games" / f"0000-{game_id}.xqj").is_file()
    assert shown[a.path]["archived_games"] == 1
    proc = xqclock(env, "config", "show", "--port", a.path)
    assert "xq-15+10: 15 min for the whole game; 10 s added per move from move 1" in proc.stdout
    assert "after 15 min late" in proc.stdout
    # only the given fields change
    assert xqclock(env, "config", "push", "--port", a.path, "--sound", "off").returncode == 0
    s = json.loads((a.flash / "settings.json").read_text())
    assert s["sound"] is False and s["clock"] == "xq-15+10" and s["code"] == "1234"


def test_config_push_is_checked_first(board, env, tmp_path):
    flash(env, board, "--profile", "oled")
    (board.flash / "settings.json").write_text('{"clock": "xq-5+3"}')
    for args, words in ((("--clock", "90m/4x"), "'4x'"), (("--fouls", "12"), "fouls"),
                        (("--code", "12a4"), "code"), (("--language", "fr"), "language")):
        line = one_line_error(xqclock(env, "config", "push", "--port", board.path, *args))
        assert words in line
    assert (board.flash / "settings.json").read_text() == '{"clock": "xq-5+3"}'
    assert "nothing to push" in one_line_error(xqclock(env, "config", "push", "--port", board.path))


def test_config_push_refused_by_the_boards_firmware(board, env, tmp_path):
    """The board's own firmware has the last word (it may be older than this copy):
    a value it refuses is not left on the board."""
    def stricter(f):
        p = f / "device" / "settings.py"
        text = p.read_text()
        rule = 'def _code(v):\n'
        assert rule in text
        p.write_text(text.replace(rule, rule + '    if v == "1234":\n'
                                               '        raise ValueError("1234 is too easy")\n'))
    flash(env, board, "--profile", "oled", "--firmware", firmware_copy(tmp_path, "other", stricter))
    (board.flash / "settings.json").write_text('{"clock": "xq-5+3"}')
    line = one_line_error(xqclock(env, "config", "push", "--port", board.path, "--code", "1234"))
    assert "its firmware rejects these settings (settings: code: 1234 is too easy)" in line
    assert (board.flash / "settings.json").read_text() == '{"clock": "xq-5+3"}'
    assert running(env, board)
    assert xqclock(env, "config", "push", "--port", board.path, "--code", "4321").returncode == 0


def test_game_in_progress_is_kept_unless_new_game(board, env, tmp_path):
    flash(env, board, "--profile", "oled")
    halt(env, board)
    from clock import events as ev, tablestart
    t = tablestart.new({"clock": "xq-60+30", "forfeit": -1, "fouls": 3, "absent": [0, 0]},
                       str(board.flash / "game.xqj"))
    t.event(0, ev.START, 0, 0)
    t.event(3000, ev.PRESS, 0, 0)
    t.close()
    proc = xqclock(env, "config", "push", "--port", board.path, "--clock", "xq-5+3")
    assert proc.returncode == 0 and "A game is in progress" in proc.stdout
    from clock.journalread import Loaded
    assert Loaded(str(board.flash / "game.xqj")).settings["clock"] == "xq-60+30"  # the game kept as it was written
    proc = xqclock(env, "config", "push", "--port", board.path, "--new-game")
    assert proc.returncode == 0 and "Its unfinished game is kept as /games/" in proc.stdout
    journal = board.flash / "game.xqj"
    end = time.monotonic() + 60
    while not journal.exists() and time.monotonic() < end:  # the clock writes it as it boots
        time.sleep(0.05)
    header = Loaded(str(journal)).settings
    assert (header["clock"], header["preset"]) == ("5m+3s", "xq-5+3")


# -- pull --------------------------------------------------------------------------------

def test_pull_journals(two_boards, env, tmp_path):
    a, b = two_boards
    for board, profile in ((a, "oled"), (b, "segment7")):
        flash(env, board, "--profile", profile)
    halt(env, a)
    (a.flash / "games").mkdir()
    ids = [_finished_game(a.flash / "games" / f"g{i}.xqj") for i in range(2)]
    assert len(set(ids)) == 2
    (a.flash / "games" / "notes.txt").write_text("not a journal")
    out = tmp_path / "round-1"
    proc = xqclock(env, "pull", "--all", out)
    assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in (out / a.uid).iterdir()) == ["game.xqj"]  # a round's folder: its games only
    proc = xqclock(env, "pull", "--all", "--archived", out)
    assert proc.returncode == 0, proc.stderr
    got_a = sorted(p.relative_to(out / a.uid).as_posix() for p in (out / a.uid).rglob("*") if p.is_file())
    assert got_a == ["game.xqj", "games/g0.xqj", "games/g1.xqj"]
    for name in ("games/g0.xqj", "games/g1.xqj"):
        assert (out / a.uid / name).read_bytes() == (a.flash / name).read_bytes()
    assert (out / b.uid / "game.xqj").is_file()
    # the journals read back as games
    from clock.journalread import Loaded
    assert Loaded(str(out / a.uid / "games" / "g0.xqj")).settings["id"] == ids[0]
    # again: only what changed comes; read while it runs, the clock is not restarted (no power-on record)
    proc = xqclock(env, "pull", "--port", a.path, "--archived", out)
    row = proc.stdout.splitlines()[1].split()
    assert row[2:4] == ["3", "0"] and "while running" in proc.stdout, proc.stdout
    for board in (a, b):
        assert running(env, board)


# -- mip ---------------------------------------------------------------------------------

def test_package_json_is_current_and_installs_with_mip(board, env):
    from host_tools.board import mip
    assert (ROOT / "package.json").read_text() == mip.text(), \
        "package.json is stale: python -m host_tools.board.mip"
    mpremote(env, board.path, "mip", "install", "--target", "/", str(ROOT / "package.json"))
    assert (board.flash / "device" / "app.py").read_bytes() == (FIRMWARE / "device" / "app.py").read_bytes()
    mpremote(env, board.path, "cp", ":profiles/oled.json", ":profile.json", "+", "reset")
    assert running(env, board)
    # flash over a mip install: the .py sources go, .mpy take their place
    flash(env, board)
    assert sorted(p.name for p in board.flash.rglob("*.py")) == ["boot.py", "main.py"]
    assert running(env, board)
