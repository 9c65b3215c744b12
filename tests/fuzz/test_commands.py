"""Every command `xqclock --help` lists, fed malformed arguments and files as a
careless or hostile user would (issue 28): empty, binary, truncated,
bit-flipped, huge, deeply nested, wrong types, characters outside the BMP,
control characters, unwritable paths, unreachable ports and brokers. The
contract, whatever the input: a non-zero exit (2 for bad input), at most 3
lines on stderr, no traceback, done within 10 s, nothing written outside the
paths given. The known cases are a table; hypothesis goes beyond them.

Commands run in this process (cli.main with argv), so a case costs
milliseconds; the quick tier plays the table and a fixed sample of the
files, the full run every file kind in every slot and more random cases."""
import contextlib
import io
import os
import shlex
import signal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from host_tools import cli
from support.tiers import examples

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = "clock xq-5+3\nat 0 start\nat 4s press red\nend 1m\n"
SCRIPT = "clock 5m\nat 0 press start\nat 1s snapshot a\nend 2s\n"
RECORD = "炮二平五 马8进7\n"
PEM = "-----BEGIN CERTIFICATE-----\nMIIBAA==\n-----END CERTIFICATE-----\n"
TRF = ("012 open\n001    1      A" + " " * 76 + "   2 w  \n"
       "001    2      B" + " " * 76 + "   1 b  \n")
PAIRINGS = "board,red,black\n1,许银川,𠮷川\n"
LONG = "x" * 100000
FIVE_THOUSAND = ",".join(["1m/1"] * 5000)
SECONDS = 10  # the longest a case may take

# (arguments, exit status, a fragment its one line holds or None). {name}: the
# files of `world`; {out}: a path the command may write. The cases first.
KNOWN = [
    # the 5,000-stage clock: refused, in the firmware's words, by every way in
    (f"config explain {FIVE_THOUSAND}", 2, "5000 stages: a clock holds at most 8 per side"),
    (f"config push --clock {FIVE_THOUSAND}", 2, "5000 stages: a clock holds at most 8 per side"),
    ("scenario {stages}", 2, "1: 5000 stages: a clock holds at most 8 per side"),
    ("scenario --vm micropython {stages}", 2, "1: 5000 stages: a clock holds at most 8 per side"),
    (f"simulate --clock {FIVE_THOUSAND}", 2, "5000 stages: a clock holds at most 8 per side"),
    ("config explain 1m/1,1m/1,1m/1,1m/1,1m/1,1m/1,1m/1,1m/1,1m/1", 2, "9 stages: a clock holds at most 8"),
    # profiles: the wrong shape, and 100,000 nested brackets
    ("simulate --profile {empty_object}", 2, "--profile: {empty_object}: not a usable board profile"),
    ("simulate --profile {json_list}", 2, "--profile: {json_list}: not a usable board profile"),
    ("simulate --profile {no_scl}", 2, "display.left.scl is missing"),
    ("simulate --profile {nested}", 2, "--profile: {nested}: not a board profile (larger than"),
    ("simulate --profile {nested20}", 2, "nested more than 8 deep"),
    ("flash --profile {nested}", 2, "--profile: {nested}: not a board profile"),
    ("virtual-board --profile {nested}", 2, "--profile: {nested}: not a board profile"),
    ("simulate --headless --script {script} --png {out} --profile {nested}", 2, "not a board profile"),
    # writers: checked before the work
    ("report --chart /proc/x.png {journal}", 2, "--chart /proc/x.png: cannot write it"),
    ("report --chart '' {journal}", 2, "--chart: give a folder"),
    ("simulate --headless --script {script} --png {out} --dir ''", 2, "--dir: give a folder"),  # not the cwd
    ("scenario --journal '' {scn}", 2, "--journal: give a folder"),
    ("virtual-board --dir ''", 2, "--dir: give a folder"),
    ("ruling --png '' {record}", 2, "--png: give a file name"),
    ("report --out '' {journal}", 2, "--out: give a folder"),
    ("report --out /proc/x {journal}", 2, "--out /proc/x: cannot make the folder"),
    ("simulate --headless --script {script} --png /proc/x", 2, "--png /proc/x: cannot make the folder"),
    ("scenario --journal /proc/x {scn}", 2, "--journal /proc/x: cannot make the folder"),
    ("pull /proc/x", 2, "DIR /proc/x: cannot write there"),
    ("broker-config /proc/x --event e", 2, "DIR /proc/x: cannot write there"),
    ("ruling --png /proc/x.png {record}", 2, "--png /proc/x.png: cannot write it"),
    ("ruling --svg /proc/x.svg {record}", 2, "--svg /proc/x.svg: cannot write it"),
    ("virtual-board --dir /proc/x", 2, "--dir /proc/x: cannot make the folder"),
    ("simulate --dir /proc/x", 2, "--dir /proc/x: cannot make the folder"),
    ("report --round --out /proc/x {journal}", 2, "--out /proc/x: cannot make the folder"),
    ("report --event --out /proc/x {journal}", 2, "--out /proc/x: cannot make the folder"),
    ("report --chart /proc/x {journal} {journal}", 2, "--chart /proc/x: cannot make the folder"),
    # accepted in silence before
    ("simulate --clock banana", 2, "--clock banana: unknown preset 'banana'"),
    ("simulate --headless --script {script} --png {out} --clock banana", 2, "unknown preset 'banana'"),
    ("report --event {scn}", 2, "{scn}: no journal of this round can be read"),
    ("report --event {nested}", 2, "no journal of this round can be read"),
    # misleading before: the network's fields
    ("config push --event 𠮷\x01", 2, "--event must be a name without spaces, control characters"),
    (f"config push --event {LONG}", 2, "--event must be at most 64 bytes of UTF-8, not 100000"),
    (f"config push --wifi {LONG}", 2, "--wifi must be a network's name of at most 32 bytes"),
    ("config push --wifi a\tb\x01", 2, "--wifi must be a network's name"),
    ("config push --wifi 𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷𠮷", 2, "--wifi must be a network's name of at most 32 bytes"),
    ("config push --wifi net --wifi-password short", 2, "--wifi-password must be 8 to 63"),
    ("config push --broker mqtt://𠮷", 2, "--broker mqtt://𠮷: the host must be an IP address"),
    ("hall --broker mqtt://𠮷", 2, "--broker mqtt://𠮷: the host must be an IP address"),
    ("hall --event a/b", 2, "--event must be a name without spaces"),
    ("hall --event a:b --http 127.0.0.1:x", 2, "--event must be a name without spaces"),
    (f"hall --event {LONG}", 2, "at most 64 bytes"),
    ("config push a\nb", 2, "unrecognized arguments: a b"),  # argparse's own refusal: one line too
    ("config push --event \udcff", 2, "--event: half a character"),  # a byte not UTF-8 on the command line
    ("config push --red \udcff", 2, "half a character"),
    ("config push --broker ftp://127.0.0.1", 2, "the scheme is mqtt:// or mqtts://"),
    ("config push --broker mqtt://127.0.0.1:99999", 2, "the port is not a number"),
    ("config push --broker mqtt://127.0.0.1:0", 2, "the port is not a number"),  # not 1883 silently
    ("hall --broker mqtt://127.0.0.1:", 2, "the port is not a number"),
    ("config push --broker mqtt://[::1", 2, "--broker mqtt://[::1: Invalid IPv6 URL"),  # urllib's words, named
    ("hall --broker mqtt://[zz]", 2, "--broker mqtt://[zz]: 'zz' does not appear to be an IPv4 or IPv6"),
    # a long value: refused, and quoted only in part
    (f"config push --red {LONG}", 2, "--red xxxxxxxxxxxxxxxxxxxxxxxx... (100000 characters): 100000 characters"),
    ("config push --black 𠮷\x1b[2J", 2, "a control character (U+001B)"),
    ("config push --red " + "𠮷" * 31, 2, "124 bytes of UTF-8: a name has at most 120"),
    (f"config push --code {LONG}", 2, "give four digits"),
    (f"config push --board {10 ** 30}", 2, "give the board number"),
    ("config push --board -4", 2, "give the board number"),
    # scenario and script files beyond their limits, and of every kind of wrong
    ("scenario {long_line}", 2, "2: unknown statement 'xxxxxxxxxxxxxxxxxxxxxxxx... (100000 characters)'"),
    ("scenario {many_lines}", 2, "100001: more than 100000 lines"),
    ("scenario {huge}", 2, "larger than the 4000000 bytes"),
    ("scenario {empty}", 2, "1: the scenario has no 'end TIME' line"),
    ("simulate --headless --script {long_line} --png {out}", 2, "{long_line}:2: unknown line 'xxxxxxxx"),
    ("virtual-board --script {many_lines}", 2, "more than 100000 lines"),
    ("demo {long_line}", 2, "(100000 characters)"),
    ("demo {binary}", 2, "is not UTF-8 text"),
    ("ruling {binary}", 2, "is not UTF-8 text"),
    ("ruling {huge}", 2, "larger than the 4000000 bytes"),
    ("ruling --limit -1 {record}", 2, None),
    # a simulated board's settings that no clock takes: said, field by field (the window then needs a display)
    ("simulate --dir {bad_settings}", 1, "warning: {bad_settings}/settings.json: field red_name: 50 characters"),
    # the ports: none there, nothing listening
    ("identify --port {nowhere}", 1, "no such port"),
    ("identify --port 127.0.0.1:1", 1, "no such port"),
    ("check --port {nowhere}", 1, "no such port"),
    ("check --port 127.0.0.1:1 --last", 1, "no such port"),
    ("check --timeout never", 2, "is not a number of seconds"),
    ("pull --port 127.0.0.1:1 {out}", 1, "no such port"),
    ("config show --port 127.0.0.1:1", 1, "no such port"),
    ("transfer {binary} --port 127.0.0.1:1", 2, "is not a clock journal"),
    ("flash --port 127.0.0.1:1 --profile {empty_object}", 2, "not a usable board profile"),
    ("config push --pairings {nested} --all", 2, None),
    ("config push --pairings {esc_trf}", 2, "{esc_trf}: board 1: Red's name 'A\\x1b[2J': a control character"),
    ("report --event {journal} --pairings {binary}", 2, "is not UTF-8 text"),
    ("report --round --boards {huge} {journal}", 2, "larger than the 4000000 bytes"),
    ("config push --ca {binary} --broker mqtts://127.0.0.1", 2, "--ca {binary}"),
    ("hall --ca {empty}", 2, "--ca {empty}: not a PEM certificate"),
    ("broker-config {out} --event a/b", 2, "--event must be a name without spaces"),
    ("broker-config {out} --event ok --listen 127.0.0.1:99999", 2, None),
]

FILE_OPTIONS = [  # (arguments with {f}: the file under test, and what else it needs)
    "scenario {f}",
    "scenario --vm micropython {f}",
    "simulate --profile {f}",
    "simulate --headless --script {f} --png {out}",
    "simulate --headless --script {script} --png {out} --profile {f}",
    "report {f}",
    "report --verify {f}",
    "report --round {f}",
    "report --event {f}",
    "report --round --boards {f} {journal}",
    "report --event {journal} --pairings {f}",
    "report --event {journal} --corrections {f}",
    "virtual-board --profile {f} --dir {file}",
    "virtual-board --script {f} --dir {file}",
    "flash --profile {f} --port {nowhere}",
    "config push --pairings {f} --port {nowhere}",
    "config push --ca {f} --broker mqtts://127.0.0.1 --port {nowhere}",
    "transfer {f} --port {nowhere}",
    "hall --ca {f} --broker mqtts://127.0.0.1 --http 127.0.0.1:99999",
    "ruling {f}",
    "demo {f}",
]


HUGE = 4100000  # bytes: past TEXT_BYTES


def write(path, data, huge=False):
    """data at path; huge: then NUL bytes up to HUGE, as a sparse file (the suite
    writes hundreds of them: they take no room on the disk)."""
    with open(path, "wb") as f:
        f.write(data)
        if huge:
            f.truncate(HUGE)
    return path


def _flip(data, every=7):
    out = bytearray(data)
    for i in range(0, len(out), every):
        out[i] ^= 1 << (i % 8)
    return bytes(out)


def kinds(valid):
    """The ways a file goes wrong, from a valid one: {kind: bytes} ("huge" is written
    as these bytes and then HUGE bytes of NUL: see write)."""
    return {"empty": b"", "binary": bytes(range(256)) * 4, "truncated": valid[:len(valid) // 2],
            "bit-flipped": _flip(valid), "huge": valid, "nested": b"[" * 100000 + b"]" * 100000,
            "wrong type": b'{"profile": "1", "display": [], "clock": 5, "names": 7}',
            "non-BMP": valid.replace(b"a", "𠮷".encode()), "control characters": valid.replace(b" ", b"\x00\x1b\x7f")}


def _journal():
    import tempfile
    from host_tools import scenario
    with tempfile.TemporaryDirectory() as tmp:
        scenario.play(scenario.parse(SCENARIO), journal_dir=tmp)
        return (Path(tmp) / "game.xqj").read_bytes()


SLOTS = {"scenario": SCENARIO.encode(), "script": SCRIPT.encode(), "record": RECORD.encode(),
         "trf": TRF.encode(), "pairings": PAIRINGS.encode(), "pem": PEM.encode(), "journal": _journal(),
         "profile": (ROOT / "hardware" / "profiles" / "oled.json").read_bytes()}


@pytest.fixture
def world(tmp_path, monkeypatch):
    """The files the cases name, no board anywhere, no display, and a folder of
    its own as the working directory (nothing may appear there)."""
    for var, value in (("XQCLOCK_USB", "0"), ("XQCLOCK_VIRTUAL_BOARDS", str(tmp_path / "no-boards")),
                       ("XDG_CONFIG_HOME", str(tmp_path / "config")), ("XDG_CACHE_HOME", str(tmp_path / "cache"))):
        monkeypatch.setenv(var, value)
    for var in ("DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(var, raising=False)
    files = tmp_path / "files"
    files.mkdir()
    oled = (ROOT / "hardware" / "profiles" / "oled.json").read_text()
    texts = {"scn": SCENARIO, "script": SCRIPT, "record": RECORD, "file": "hello\n", "empty": "",
             "empty_object": "{}", "json_list": "[]", "no_scl": oled.replace('"scl": 5, ', ""),
             "nested": "[" * 100000 + "]" * 100000, "nested20": "[" * 20 + "]" * 20,
             "stages": f"clock {FIVE_THOUSAND}\nat 0 start\nend 1m\n", "esc_trf": TRF.replace("A    ", "A\x1b[2J", 1),
             "long_line": "clock 5m\n" + LONG + "\nend 1s\n", "many_lines": "\n" * 100001,
             "flash_zero": "flash-free 0\nclock 5m\nat 0 press start\nat 1s snapshot full\nend 2s\n"}
    names = {}
    for name, text in texts.items():
        names[name] = files / name
        names[name].write_text(text, encoding="utf-8")
    names["binary"] = files / "binary"
    names["binary"].write_bytes(bytes(range(256)) * 4)
    names["huge"] = write(files / "huge", b"#", huge=True)
    from host_tools import scenario
    scenario.play(scenario.parse(SCENARIO), journal_dir=files / "game")
    names["journal"] = files / "game" / "game.xqj"
    names["bad_settings"] = files / "board"
    names["bad_settings"].mkdir()
    (names["bad_settings"] / "settings.json").write_text('{"red_name": "%s", "board": -4}' % ("x" * 50))
    names["nowhere"] = tmp_path / "nowhere"
    names["out"] = tmp_path / "out"
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    return {k: str(v) for k, v in names.items()}


class TooLong(Exception):
    pass


def _ring(*_):
    raise TooLong


def run(argv, root):
    """cli.main(argv) here, its output captured: (status, stdout, stderr). Fails
    the case if it takes more than SECONDS or writes outside the paths a case gives
    (root/out, and the simulated board's folder files/board)."""
    before = _tree(root)
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _ring)
    signal.alarm(SECONDS)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(argv)
            except SystemExit as e:  # argparse's own refusals, and a message given to exit
                code = e.code if isinstance(e.code, int) else 1
                if isinstance(e.code, str):
                    err.write(e.code + "\n")
    except TooLong:
        pytest.fail(f"xqclock {shlex.join(argv)[:200]} took more than {SECONDS} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    after = _tree(root)
    outside = [p for p in after - before if not (p == "out" or p.startswith(("out/", "cache/", "files/board/")))]
    assert not outside, f"written outside the paths given: {outside[:5]}"
    return code, out.getvalue(), err.getvalue()


def _tree(root):
    return {str(p.relative_to(root)) for p in Path(root).rglob("*")}


def holds_the_contract(code, err, status=None):
    """What every refusal keeps to; `status` None: any non-zero one."""
    assert "Traceback" not in err, err[-2000:]
    assert len(err.splitlines()) <= 3, err[:2000]
    assert len(err) < 2000, err[:300]  # a long value is quoted only in part
    if status is None:
        assert code not in (0, None), err
    else:
        assert code == status, (code, err)


def _argv(template, names):
    words = template.split(" ")  # a case's words hold no spaces but its own (control characters stay)
    out = []
    for word in words:
        word = word.format(**names) if "{" in word and "{{" not in word else word
        out.append("" if word == "''" else word)
    return out


def _names(world, tmp_path):
    return dict(world, root=str(tmp_path))


@pytest.mark.parametrize("template,status,fragment", KNOWN, ids=[c[0][:60] for c in KNOWN])
def test_a_known_bad_input_is_refused_in_one_line(template, status, fragment, world, tmp_path):
    code, out, err = run(_argv(template, world), tmp_path)
    holds_the_contract(code, err, status)
    if fragment:
        assert fragment.format(**world) in err, err


def test_every_command_has_cases():
    """A command that --help lists and no case here runs is a failure: add its cases."""
    listed = set(cli.build_parser()._subparsers._group_actions[0].choices)  # what --help lists
    assert listed == set(cli.COMMANDS)
    covered = {t.split(" ")[0] for t, _, _ in KNOWN} | {t.split(" ")[0] for t in FILE_OPTIONS}
    assert listed - covered == set(), "commands without fuzz cases"


CELLS = [(option, slot, kind) for option in FILE_OPTIONS for slot in SLOTS for kind in kinds(b"")]
QUICK = CELLS[::37]  # a fixed sample that passes through every option, slot and kind over the tiers


def _cell(option, slot, kind, world, tmp_path):
    data = kinds(SLOTS[slot])[kind]
    path = write(tmp_path / "files" / f"{slot}-{kind.replace(' ', '-')}", data, kind == "huge")
    code, out, err = run(_argv(option, dict(world, f=str(path))), tmp_path)
    holds_the_contract(code, err, None if code else 0)  # a mutation may still be good: then it is played
    return code


@pytest.mark.parametrize("option,slot,kind", QUICK, ids=["%s|%s|%s" % c for c in QUICK])
def test_a_malformed_file_keeps_the_contract(option, slot, kind, world, tmp_path):
    _cell(option, slot, kind, world, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("option,slot,kind", CELLS, ids=["%s|%s|%s" % c for c in CELLS])
def test_every_malformed_file_keeps_the_contract(option, slot, kind, world, tmp_path):
    _cell(option, slot, kind, world, tmp_path)


# -- beyond the table: random values in the options that take text ------------------------

TEXT_OPTIONS = ["config explain {v}", "config push --clock {v}", "config push --red {v}", "config push --event {v}",
                "config push --wifi {v}", "config push --broker {v}", "config push --board {v}",
                "config push --forfeit {v}", "config push --tenths {v}", "simulate --clock {v}",
                "virtual-board --uid {v} --dir {file}", "virtual-board --heapsize {v} --dir {file}",
                "hall --event {v} --http x",
                "hall --broker {v} --http x", "report --event {journal} --tiebreaks {v}",
                "report --event {journal} --correct {v}", "ruling {record} --at {v}"]
VALUES = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(min_codepoint=0x20000, max_codepoint=0x2A6DF), max_size=40),
    st.text(alphabet=st.characters(max_codepoint=31), max_size=20),
    st.sampled_from([LONG, FIVE_THOUSAND, "1m/1," * 9 + "1m", "-4", str(10 ** 30), "mqtt://𠮷", "\x00", "nan"]))


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.sampled_from(TEXT_OPTIONS), VALUES)
def test_a_random_value_keeps_the_contract(world, tmp_path, template, value):
    argv = [value if w == "{v}" else w.format(**world) for w in template.split(" ")]
    code, out, err = run(argv, tmp_path)
    holds_the_contract(code, err, None if code else 0)  # a value may be good: then there is no board to push to


@settings(max_examples=examples(100), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.sampled_from(FILE_OPTIONS), st.sampled_from(sorted(SLOTS)), st.binary(max_size=600),
       st.lists(st.tuples(st.integers(0, 10 ** 4), st.integers(0, 255)), max_size=6))
def test_random_bytes_in_any_file_keep_the_contract(world, tmp_path, option, slot, noise, flips):
    data = bytearray(SLOTS[slot] + noise)
    for at, byte in flips:
        if data:
            data[at % len(data)] = byte
    path = tmp_path / "files" / "random"
    path.write_bytes(bytes(data))
    code, out, err = run(_argv(option, dict(world, f=str(path))), tmp_path)
    holds_the_contract(code, err, None if code else 0)


# -- what a clock holds is shown, whatever it is and wherever it is printed ----------------

def test_config_show_json_of_a_name_outside_the_bmp_in_an_ascii_terminal(world, monkeypatch):
    """LANG=C: `config show --json` printed 𠮷 with ensure_ascii=False, a UnicodeEncodeError."""
    import json
    import sys
    from host_tools.commands import config
    held = {"port": "/dev/x", "settings": {"code": "1234", "red_name": "𠮷川", "black_name": "许银川"}}
    monkeypatch.setattr(config, "chosen", lambda args: ["/dev/x"])
    monkeypatch.setattr(config, "run", lambda ports, fn: ({"/dev/x": held}, []))
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    assert cli.main(["config", "show", "--json"]) == 0
    out.seek(0)
    shown = json.loads(out.buffer.getvalue().decode("ascii"))
    assert shown[0]["settings"]["red_name"] == "𠮷川" and shown[0]["settings"]["code"] == "set"


def test_a_header_no_clock_writes_is_reported_with_a_warning(world, tmp_path, capsys):
    """Board -4 or 10^30 and a name that is a number: the game is reported, with one warning each."""
    import json
    from clock import events as ev
    from clock import journal as jn
    for name, extra, words in (("minus", {"board": -4}, "field board: -4 is no board number a clock writes"),
                               ("huge", {"board": 10 ** 30}, "field board: 1000000000000000000000000000000 is no"),
                               ("number", {"names": [12, "B"]}, "field names: Red's name: 12 is not a name")):
        path = tmp_path / f"{name}.xqj"
        j = jn.Journal.create(str(path), dict({"clock": "5m", "forfeit": -1, "fouls": 3, "absent": [0, 0],
                                               "id": "0badc0de"}, **extra))
        j.append(0, ev.START, 0, 0)
        j.close()
        assert cli.main(["report", "--format", "json", str(path)]) == 0
        out, err = capsys.readouterr()
        assert err.startswith(f"xqclock: warning: {path}: {words}") and len(err.splitlines()) == 1, err
        sheet = json.loads(out)
        if "board" in extra:
            assert sheet["board"] is None  # not shown as the board it is not
        else:
            assert sheet["names"] == {"red": "", "black": ""}


def test_flash_free_0_plays_a_full_flash(world, tmp_path):
    """It crashed the simulated board's set-up (OSError 28); now the board boots on a full flash."""
    code, out, err = run(_argv("simulate --headless --script {flash_zero} --png {out}", world), tmp_path)
    assert code == 0, err
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["full-left.png", "full-right.png"]


def test_a_snapshot_name_is_a_file_name_never_a_path(world, tmp_path):
    script = tmp_path / "files" / "escape.script"
    script.write_text("clock 5m\nat 0 snapshot ../../x\nat 1s snapshot /etc/y\nend 2s\n")
    png = tmp_path / "out" / "a" / "b"
    code, out, err = run(["simulate", "--headless", "--script", str(script), "--png", str(png)], tmp_path)
    assert code == 0, err
    assert sorted(p.name for p in png.iterdir()) == ["_.._x-left.png", "_.._x-right.png", "_etc_y-left.png",
                                                     "_etc_y-right.png"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["a"]


@pytest.mark.slow
def test_a_hall_whose_broker_does_not_answer_says_so(tmp_path):
    """`hall --broker mqtt://127.0.0.1:1`: it waits for the broker, as a hall does, but says so
    on the terminal at once (it started as if all were well)."""
    import select
    import subprocess
    import sys
    import time
    from host_tools.hall.local import free_port
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"))
    hall = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", "--broker", "mqtt://127.0.0.1:1",
                             "--http", f"127.0.0.1:{free_port()}"], cwd=ROOT, env=env, stderr=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, text=True)
    try:
        end = time.monotonic() + SECONDS
        line = ""
        while "cannot reach" not in line and time.monotonic() < end:
            if select.select([hall.stderr], [], [], 0.5)[0]:
                line = hall.stderr.readline()
        assert line.strip() == "xqclock hall: cannot reach the broker at 127.0.0.1:1; trying again"
    finally:
        hall.terminate()
        hall.wait(10)
