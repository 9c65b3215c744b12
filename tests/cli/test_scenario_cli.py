"""`xqclock scenario`: the examples of SCENARIOS.md on both VMs, and malformed
scenarios (exit 2, `LINE: message` on stderr, nothing on stdout).

Most runs call the CLI's main() in this process (the MicroPython VM still runs
in its own subprocess, as the CLI does it); a few run the real command."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from host_tools import cli
from support.scenarios import both_vms, malformed, run

ROOT = Path(__file__).resolve().parents[2]


def side(state, name):
    s = state[name]
    return s["remaining_ms"], s["moves"], s["flag"], s["flag_at_ms"]


# -- the examples ----------------------------------------------------------------

GAME = """\
# a short game: statement forms and time forms
clock {spec}
at 0 start
at 10s press red
at 0:25 press black
end 30s
"""

# preset -> (Red's time, Black's time, increment): the RULES.md table by hand
PRESETS = {
    "cxa1999-6.1": (90, 90, 0), "cxa1999-6.2": (60, 60, 0), "cxa1999-6.3": (10, 10, 0),
    "cxa1999-6.4": (5, 5, 0), "cxa1999-6.5:20m": (20, 20, 0),
    "xq-60+30": (60, 60, 30), "xq-50+20": (50, 50, 20), "xq-30+10": (30, 30, 10),
    "xq-25+5": (25, 25, 5), "xq-15+10": (15, 15, 10), "xq-10+10": (10, 10, 10),
    "xq-5+3": (5, 5, 3), "xq-armageddon": (6, 4, 3), "fide-classical": (90, 90, 30),
    "fide-rapid": (15, 15, 10), "fide-blitz": (3, 3, 2), "go-byoyomi": (60, 60, 0),
    "go-canadian": (60, 60, 0),
}
# FIDE's convention: the first move's increment is on the clock at the start
AT_START = ("fide-classical", "fide-rapid", "fide-blitz")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_on_both_vms(capsys, tmp_path, preset):
    red_min, black_min, inc_s = PRESETS[preset]
    first = inc_s * 1000 if preset in AT_START else 0
    state = both_vms(capsys, tmp_path, GAME.format(spec=preset))
    # Red: 10 s move + increment, then running 25 s -> 30 s; Black: a 15 s move + increment
    assert side(state, "red") == (red_min * 60000 + first - 10000 + inc_s * 1000 - 5000, 1, False, None)
    assert side(state, "black") == (black_min * 60000 + first - 15000 + inc_s * 1000, 1, False, None)
    assert state["running"] == "red" and state["time_ms"] == 30000 and state["result"] is None


@pytest.mark.parametrize("spec,red,black", [
    ("90m/40,15m/10*", 5385000, 5385000),
    ("5m/30*", 285000, 285000),
    ("20m", 1185000, 1185000),
    ("90m/40,30m", 5385000, 5385000),
    ("5m+3s", 288000, 288000),
    ("90m/40,30m+30s", 5415000, 5415000),
    ("red=5m black=3m", 285000, 165000),
    ("red=5m+5s black=cxa1999-6.4", 290000, 285000),
    ("cxa1999-6.5:20m", 1185000, 1185000),
])
def test_spec_examples_on_both_vms(capsys, tmp_path, spec, red, black):
    state = both_vms(capsys, tmp_path, GAME.format(spec=spec))
    assert side(state, "red") == (red, 1, False, None)
    assert side(state, "black") == (black, 1, False, None)


def test_spec_strings_mean_what_the_presets_mean(capsys, tmp_path):
    text = """\
clock {}
at 0 start
at 1m press red
at 1m press black
at 1m moves red 39
at 2m press red   # the 40th: +15 min, unused time carries
at 2m press black
at 2m pause
at 3m resume
at 4:30 bonus black 1m
at 5m penalty red 2m30s
end 6m
"""
    a = both_vms(capsys, tmp_path, text.format("cxa1999-6.1"))
    b = both_vms(capsys, tmp_path, text.format("90m/40,15m/10*"))
    assert a == b
    # Red: 90m - 1m - 1m + 15m - 2.5m, then running 2m -> 6m less the 1 min pause: -3m
    assert side(a, "red") == (90 * 60000 - 120000 + 900000 - 150000 - 180000, 40, False, None)
    # Black: 90m (0 s moves) + 1 min bonus
    assert side(a, "black") == (91 * 60000, 2, False, None)


def test_fide_rapid_starts_at_15_10_and_a_us_style_spec_at_15_00(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, "clock fide-rapid\nend 0\n")
    for who in ("red", "black"):
        assert side(state, who) == (910000, 0, False, None) and state[who]["used_ms"] == 0
    state = both_vms(capsys, tmp_path, "clock 15m+10s\nend 0\n")
    assert side(state, "red") == (900000, 0, False, None)
    # move 1 takes 15:05: a loss on time only under the US-style convention
    game = "clock {}\nat 0 start\nat 15:05 press red\nend 15:06\n"
    assert both_vms(capsys, tmp_path, game.format("15m+10s"))["result"]["reason"] == "time"
    state = both_vms(capsys, tmp_path, game.format("15m+10s;increment-at-start"))
    assert state["result"] is None
    assert state["red"]["remaining_ms"] + state["red"]["used_ms"] == 910000 + 10000  # granted


def test_flag_result_json(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, "clock cxa1999-6.4\nat 0 start\nat 4s press red\nend 10m\n")
    assert side(state, "black") == (0, 0, True, 304000)
    assert side(state, "red") == (296000, 1, False, None)
    assert state["running"] is None
    assert state["result"] == {"winner": "red", "reason": "time", "score": "1-0", "at_ms": 304000}


def test_result_statements(capsys, tmp_path):
    base = "clock xq-armageddon\nat 0 start\nat 5s press red\nat 9s result {}\nat 20s press black\nend 1m\n"
    state = both_vms(capsys, tmp_path, base.format("draw agreed"))
    assert state["result"] == {"winner": "black", "reason": "agreed", "score": "0-1", "at_ms": 9000}
    assert side(state, "black") == (240000 - 4000, 0, False, None)  # the press after the result did nothing
    state = both_vms(capsys, tmp_path, base.format("red resign").replace("xq-armageddon", "5m"))
    assert state["result"] == {"winner": "red", "reason": "resign", "score": "1-0", "at_ms": 9000}
    state = both_vms(capsys, tmp_path, base.format("draw repetition").replace("xq-armageddon", "5m"))
    assert state["result"] == {"winner": None, "reason": "repetition", "score": "1/2-1/2", "at_ms": 9000}


def test_result_replaces_a_flag(capsys, tmp_path):
    state = both_vms(capsys, tmp_path,
                     "clock 1m\nat 0 start\nat 1m30s result red mate\nend 2m\n")
    assert state["result"] == {"winner": "red", "reason": "mate", "score": "1-0", "at_ms": 90000}
    assert side(state, "red") == (0, 0, True, 60000)


def test_time_forms_and_comments(capsys, tmp_path):
    text = """\
# every time form of SCENARIOS.md
clock 1h30m/40,15m/10*   # the same as cxa1999-6.1
at 0 start
at 2.5s press red
at 0:00:04 press black       # H:MM:SS
at 1m2.25s press red
at 1:10 press black
at 1:12.5 pause
at 0:01:30 resume
end 1h2m3.25s
"""
    state = both_vms(capsys, tmp_path, text)
    # Red: 2.5 s + (62.25 - 4) s = 60.75 s used, then runs 70 -> 72.5 and 90 s -> 3723.25 s
    assert side(state, "red")[0] == 5400000 - 2500 - 58250 - 2500 - (3723250 - 90000)
    # Black: (4 - 2.5) + (70 - 62.25) = 9.25 s
    assert side(state, "black")[0] == 5400000 - 9250
    assert state["time_ms"] == 3723250


def test_the_arbiter_statements_play_on_both_vms(capsys, tmp_path):
    # late arrival, fouls, warnings, offers and the power statements are now
    # played (SCENARIOS.md); both VMs must agree on them
    text = """\
clock 10m
forfeit 15m
absent black
fouls 2
at 0 start
at 5s press red
at 1m arrive black
at 1m30s offer black
at 1m40s warn red
at 2m press black
at 2m10s foul red
at 3m press red
at 3m30s power-cut
at 4m power-on
at 4m30s resume
end 5m
"""
    state = both_vms(capsys, tmp_path, text)
    assert state["red"]["warnings"] == 1 and state["red"]["fouls"] == 1
    assert state["black"]["present"] is True


def test_stdin(tmp_path):
    text = GAME.format(spec="5m+3s")
    proc = subprocess.run([sys.executable, "-m", "host_tools.cli", "scenario", "-"],
                          input=text, capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout)
    assert side(state, "red") == (288000, 1, False, None)
    mp = subprocess.run([sys.executable, "-m", "host_tools.cli", "scenario", "--vm", "micropython", "-"],
                        input=text, capture_output=True, text=True, cwd=ROOT)
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout == proc.stdout
    bad = subprocess.run([sys.executable, "-m", "host_tools.cli", "scenario", "-"],
                         input="clock 5m\nat 0 start\nat 1s jump\nend 2s\n",
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("3: ")


# -- malformed scenarios ---------------------------------------------------------

@pytest.mark.parametrize("text,line,words", [
    ("clock 5m\nhello world\nend 1s\n", 2, ["unknown statement", "hello"]),
    ("clock 5m\nat 0 start\nat 1s jump red\nend 2s\n", 3, ["unknown action", "jump"]),
    ("clock 5m\nat 5x start\nend 6s\n", 2, ["5x"]),
    ("clock 5m\nat 90 start\nend 100s\n", 2, ["90"]),
    ("clock 5m\nat 1:5 start\nend 100s\n", 2, ["two digits"]),
    ("clock 5m\nat 10s start\nat 5s press red\nend 20s\n", 3, ["before"]),
    ("clock 5m\nat 10s start\nend 5s\n", 3, ["before"]),
    ("clock 5m\nat 0 start\nat 1s press red\n", 3, ["end"]),
    ("", 1, ["end"]),
    ("clock 5m\nat 0 start\nend 1s\nend 2s\n", 4, ["follow", "line 3"]),
    ("clock 5m\nend 1s\nat 2s press red\n", 3, ["follow"]),
    ("clock 5m\nend 1s\n# a comment may follow\n\nclock 3m\n", 5, ["follow"]),
    ("clock 90m/40,15x/10*\nend 1s\n", 1, ["stage 2", "15x"]),
    ("clock 5m+3x\nend 1s\n", 1, ["increment"]),
    ("clock cxa1999-6.5\nend 1s\n", 1, ["cxa1999-6.5:20m"]),
    ("clock red=5m black=5x\nend 1s\n", 1, ["black", "5x"]),
    ("clock red=5m\nend 1s\n", 1, ["clock red=SPEC black=SPEC"]),
    ("clock red=xq-armageddon black=5m\nend 1s\n", 1, ["red", "xq-armageddon"]),
    ("clock 5m\nclock 3m\nend 1s\n", 2, ["already"]),
    ("at 0 start\nend 1s\n", 1, ["clock"]),
    ("end 1s\n", 1, ["clock"]),
    ("clock 5m\nat 0 start\nclock 3m\nend 1s\n", 3, ["settings"]),
    ("clock 5m\nat 0 press green\nend 1s\n", 2, ["green"]),
    ("clock 5m\nat 0 press\nend 1s\n", 2, ["press red|black"]),
    ("clock 5m\nat 0 start now\nend 1s\n", 2, ["start"]),
    ("clock 5m\nat 0 result red time\nend 1s\n", 2, ["unknown reason", "time"]),
    ("clock 5m\nat 0 result red agreed\nend 1s\n", 2, ["agreed"]),
    ("clock 5m\nat 0 result draw mate\nend 1s\n", 2, ["mate"]),
    ("clock 5m\nat 0 result blue mate\nend 1s\n", 2, ["blue"]),
    ("clock 5m\nat 0 moves red x\nend 1s\n", 2, ["'x'"]),
    ("clock 5m\nat 0 penalty red 5\nend 1s\n", 2, ["penalty", "'5'"]),
    ("clock 5m\nat 0 bonus red\nend 1s\n", 2, ["bonus red|black DURATION"]),
    ("clock 5m\nat 0\nend 1s\n", 2, ["at TIME ACTION"]),
    ("clock 5m\nat 1s power-on\nend 2s\n", 2, ["power-cut"]),
    ("clock 5m\nfouls 0\nend 1s\n", 2, ["fouls"]),
    ("clock 5m\nabsent white\nend 1s\n", 2, ["white"]),
    ("clock 5m\nforfeit 15\nend 1s\n", 2, ["forfeit"]),
    ("clock 5m\nAt 0 start\nend 1s\n", 2, ["At"]),  # statements are case-sensitive
])
def test_malformed(capsys, tmp_path, text, line, words):
    got_line, message = malformed(capsys, tmp_path, text)
    assert got_line == line, message
    for w in words:
        assert w in message, message


def test_malformed_on_the_micropython_vm_too(capsys, tmp_path):
    # the scenario is checked before either VM runs: same status, same message
    text = "clock 5m\nat 0 start\nat 1s press purple\nend 2s\n"
    a = run(capsys, tmp_path, text)
    b = run(capsys, tmp_path, text, "micropython")
    assert a == b
    assert a[0] == 2 and a[1] == "" and a[2].startswith("3: ")


def test_a_missing_file_is_an_error_without_json(capsys, tmp_path):
    code = cli.main(["scenario", str(tmp_path / "nope.scn")])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "nope.scn" in err


def test_the_contract_and_the_rules_are_in_the_project(capsys):
    """README and `scenario --help` point at docs/, and docs/ has what they promise."""
    from clock import timecontrol
    root = Path(__file__).resolve().parents[2]
    readme = (root / "README.md").read_text()
    assert "docs/SCENARIOS.md" in readme and "docs/RULES.md" in readme and "shared/" not in readme
    with pytest.raises(SystemExit):
        cli.main(["scenario", "--help"])
    assert "docs/SCENARIOS.md" in capsys.readouterr().out
    contract = (root / "docs" / "SCENARIOS.md").read_text()
    for word in ("increment-at-start", "remaining_ms", "flag_at_ms", "power-cut", "false-claim"):
        assert word in contract, word
    rules = (root / "docs" / "RULES.md").read_text()
    for name in timecontrol.PRESETS:
        assert "`%s" % name in rules, name


# -- issue 15: what a reliability test found ---------------------------------------

ARRIVAL_BY_PRESS = """\
clock 20m
forfeit 10m
absent black
at 0 start
at 1m press black   # not Black's turn: no move, but Black is at the board
{cut}
end 12m
"""


@pytest.mark.parametrize("cut", ["", "at 2m power-cut\nat 3m power-on\nat 3m resume"])
def test_an_arrival_by_a_press_that_does_not_count_survives_a_power_cut(capsys, tmp_path, cut):
    """Issue 15.1: the press that marks Black present must reach the journal,
    so a power cut does not turn the arrival back into a forfeit."""
    state = both_vms(capsys, tmp_path, ARRIVAL_BY_PRESS.format(cut=cut))
    assert state["result"] is None
    assert state["black"]["present"] and state["black"]["arrived_at_ms"] == 60000
    assert state["black"]["moves"] == 0 and state["running"] == "red"


@pytest.mark.parametrize("action", ["false-claim red", "foul black", "penalty red 1m", "bonus red 1m",
                                    "offer black", "pause", "resume"])
def test_actions_that_make_no_sense_before_the_start_are_refused(capsys, tmp_path, action):
    """Issue 15.8: a false claim before the start used to end the game on time
    before it began; such actions are a malformed scenario, named by line."""
    text = "clock 5m\nat 0 %s\nat 1s start\nend 1m\n" % action
    line, message = malformed(capsys, tmp_path, text)
    assert line == 2 and "before the start" in message and action.split()[0] in message


@pytest.mark.parametrize("action", ["arrive black", "warn red", "press black", "moves red 3",
                                    "result red discipline"])
def test_actions_that_may_come_before_the_start_still_do(capsys, tmp_path, action):
    state = both_vms(capsys, tmp_path, "clock 5m\nabsent black\nat 0 %s\nat 1s start\nend 1m\n" % action)
    assert state["time_ms"] == 60000


@pytest.mark.parametrize("space", ["\u00a0", "\u3000", "\t"])
def test_a_space_that_is_not_ascii_means_the_same_on_both_vms(capsys, tmp_path, space):
    """Issue 15.4: a no-break or full-width space in a spec is a space on both
    VMs, in the scenario's words and in the spec the firmware parses."""
    text = ("clock 5m/40{s},15m/10*;delay{s}2s\nat{s}0 start\nat 10s{s}press{s}red\nend 30s\n"
            .format(s=space))
    state = both_vms(capsys, tmp_path, text)
    assert side(state, "red") == (300000 - 8000, 1, False, None)
    assert state["black"]["remaining_ms"] == 300000 - 18000


@pytest.mark.slow
def test_a_scenario_at_the_line_limit_plays_the_same_on_both_vms(capsys, tmp_path):
    """Within LINES (clock/limits.py) both VMs play it: the events reach the unix port
    a line at a time (read whole, 99,990 presses were a MemoryError there, and CPython
    played them)."""
    from clock.limits import LINES
    presses = LINES - 10
    lines = ["clock 5m+3s", "at 0 start"]
    lines += ["at %dms press %s" % (1000 * (i + 1), ("red", "black")[i % 2]) for i in range(presses)]
    lines.append("end %dms" % (1000 * presses + 1))
    state = both_vms(capsys, tmp_path, "\n".join(lines) + "\n")
    assert state["red"]["moves"] + state["black"]["moves"] == presses
