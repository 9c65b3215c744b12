"""Issue 29: the timing methods players meet on the DGT 3000 and the Chronos,
played from scenario files on both VMs (identical JSON): up-count, hourglass
and Ing overtime; their words in `config explain`, their bad specs refused
with one line, and their journals replayed through a power cut."""
import pytest

from host_tools import cli
from support.scenarios import both_vms, malformed

MIN = 60000


def red(state):
    return state["red"]


# -- up-count ------------------------------------------------------------------------

def test_upcount_counts_the_time_used_past_the_main_time_with_no_flag(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, """\
clock 5m;upcount
at 0 start
at 10s press red
at 5m30s press black   # Black: 5:20 used, 20 s counted up
at 5m40s penalty black 10s
end 1h
""")
    assert state["result"] is None
    b = state["black"]
    assert (b["remaining_ms"], b["overtime"], b["upcount_ms"], b["used_ms"], b["flag"]) == \
        (0, True, 30000, 330000, False)
    r = red(state)  # Red: 10 s, then from 5:30 on; past 5 min it counts up
    assert (r["remaining_ms"], r["upcount_ms"], r["used_ms"]) == (0, 10000 + 3270000 - 300000, 10000 + 3270000)
    assert r["exempt"] is False  # no limit, nothing to be exempt from


def test_upcount_alone_counts_from_zero_and_a_bonus_counts_down_first(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, """\
clock upcount
at 0 start
at 1m press red
at 1m30s bonus red 1m
at 2m press black
end 3m30s
""")
    r, b = red(state), state["black"]
    assert (b["upcount_ms"], b["used_ms"], b["overtime"]) == (60000, 60000, True)
    # Red: 1 min counted; the bonus is a minute to run down (2:00 -> 3:00), then 30 s more counted
    assert (r["upcount_ms"], r["used_ms"], r["remaining_ms"], r["overtime"]) == (90000, 150000, 0, True)


def test_upcount_after_a_quota_stage_keeps_the_quota_flag(capsys, tmp_path):
    """`90m/40;upcount`, small: the quota stage flags like any other (§4.1.4);
    after the quota the game goes on with no flag."""
    text = "clock 1m/2;upcount\nat 0 start\n{moves}end 10m\n"
    state = both_vms(capsys, tmp_path, text.format(moves=""))
    assert state["result"] == {"winner": "black", "reason": "time", "score": "0-1", "at_ms": 60000}
    moves = "at 10s press red\nat 11s press black\nat 20s press red\nat 21s press black\n"
    state = both_vms(capsys, tmp_path, text.format(moves=moves))
    assert state["result"] is None and red(state)["upcount_ms"] == 10 * MIN - 21000 - 41000


def test_a_per_move_limit_still_runs_in_an_upcount(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, "clock upcount;permove 30s\nat 0 start\nat 20s press red\nend 2m\n")
    assert state["result"] == {"winner": "red", "reason": "move-time", "score": "1-0", "at_ms": 50000}


# -- hourglass -----------------------------------------------------------------------

def test_hourglass_gives_the_opponent_what_the_mover_uses(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, """\
clock 5m;hourglass
at 0 start
at 10s press red      # Red 4:50, Black 5:10
at 40s press black    # Black 4:40, Red 5:20
at 45s pause
at 1m resume
end 1m5s              # Red ran 5 + 5 s more: 5:10, Black 4:50
""")
    r, b = red(state), state["black"]
    assert (r["remaining_ms"], b["remaining_ms"]) == (310000, 290000)
    assert (r["used_ms"], b["used_ms"]) == (20000, 30000)


def test_hourglass_flags_at_zero_and_the_winner_holds_both_clocks(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, "clock red=1m;hourglass black=2m;hourglass\nat 0 start\nend 5m\n")
    assert state["result"] == {"winner": "black", "reason": "time", "score": "0-1", "at_ms": 60000}
    assert state["black"]["remaining_ms"] == 3 * MIN


def test_hourglass_both_absent_each_runs_down_alone(capsys, tmp_path):
    """§21.3: both clocks run; neither gains from the other's lateness."""
    state = both_vms(capsys, tmp_path, """\
clock 5m;hourglass
forfeit 15m
absent red
absent black
at 0 start
at 1m arrive black    # Black's clock stops (Red's turn), then gains Red's time
end 2m
""")
    assert (red(state)["remaining_ms"], state["black"]["remaining_ms"]) == (180000, 240000 + 60000)


# -- Ing overtime ----------------------------------------------------------------------

def test_ing_overtime_charges_points_for_each_period_begun(capsys, tmp_path):
    text = """\
clock 60m;ing 3x20m 2pt
at 0 start
at 1h30m press red     # 30 min into overtime: period 2, 4 points
at 1h31m press black
{more}
end {end}
"""
    state = both_vms(capsys, tmp_path, text.format(more="", end="1h35m"))
    r = red(state)
    assert (r["overtime"], r["ing_period"], r["ing_points"], r["remaining_ms"]) == (True, 2, 4, 10 * MIN - 4 * MIN)
    assert state["black"]["ing_points"] == 0 and state["black"]["ing_period"] is None
    assert r["byoyomi_periods"] is None  # a move does not restart an Ing period
    # running out of the last period loses on time
    state = both_vms(capsys, tmp_path, text.format(more="", end="3h"))
    assert state["result"] == {"winner": "black", "reason": "time", "score": "0-1",
                               "at_ms": 91 * MIN + 10 * MIN + 20 * MIN}
    assert red(state)["ing_points"] == 6 and red(state)["ing_period"] == 3
    # a bonus in an Ing period lengthens that period
    state = both_vms(capsys, tmp_path, text.format(more="at 1h32m bonus red 5m", end="1h35m"))
    assert (red(state)["ing_period"], red(state)["remaining_ms"]) == (2, 11 * MIN)


@pytest.mark.parametrize("spec", ["5m;upcount", "10m;hourglass", "5m;ing 3x2m 2pt", "upcount"])
def test_the_methods_come_back_from_the_journal_after_a_power_cut(capsys, tmp_path, spec):
    """The cut at 7:00 writes what the running board had (a checkpoint at
    7:00); power-on restores exactly that, paused: the game at 7:00."""
    game = "clock %s\nat 0 start\nat 50s press red\nat 1m10s press black\n" % spec
    cut = both_vms(capsys, tmp_path, game + "at 7m power-cut\nat 8m power-on\nend 9m\n")
    plain = both_vms(capsys, tmp_path, game + "end 7m\n")
    assert cut["paused"] and cut["notice"].startswith("power restored")
    assert (cut["red"], cut["black"], cut["result"]) == (plain["red"], plain["black"], plain["result"])


# -- words and bad specs -------------------------------------------------------------

@pytest.mark.parametrize("spec,words", [
    ("upcount", "no time limit: the clock counts the time used upwards"),
    ("90m/40;upcount", "90 min for 40 moves; once the main time is used up the clock counts on upwards"),
    ("5m;hourglass", "hourglass: the time one side uses is added to the other's"),
    ("60m;ing 3x20m 2pt", "then Ing overtime: up to 3 periods of 20 min, each costing 2 points"),
    ("go-ing", "180 min for the whole game; then Ing overtime: up to 3 periods of 35 min"),
])
def test_config_explain_says_each_method_in_words(capsys, spec, words):
    assert cli.main(["config", "explain", spec]) == 0
    assert words in capsys.readouterr().out


@pytest.mark.parametrize("spec,words", [
    ("60m;ing 3x20m", ["ing KxD Ppt"]),
    ("60m;ing 0x20m 2pt", ["'0'"]),
    ("60m;ing 3x20m 0pt", ["'0'"]),
    ("60m;ing 3x20m 2pt;byoyomi 5x30s", ["cannot be combined"]),
    ("5m;upcount 30s", ["takes nothing"]),
    ("5m;upcount;upcount", ["twice"]),
    ("upcount;canadian 25/5m", ["cannot be combined"]),
    ("5m/30*;upcount", ["never"]),
    ("5m/40,10m;hourglass", ["hourglass"]),
    ("5m+2s;hourglass", ["hourglass"]),
    ("5m;hourglass;ing 3x1m 1pt", ["hourglass"]),
    ("red=5m;hourglass black=5m", ["both sides"]),
])
def test_bad_method_specs_are_one_line_and_exit_2(capsys, tmp_path, spec, words):
    line, message = malformed(capsys, tmp_path, "clock %s\nend 1s\n" % spec)
    assert line == 1
    for w in words:
        assert w in message, message


def test_the_examples_in_the_contract_say_what_the_clock_does(capsys, tmp_path):
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "docs" / "SCENARIOS.md").read_text()
    block = text.split("Examples of the methods", 1)[1].split("```")[1]
    upcount, hourglass, ing = [s.strip() + "\n" for s in block.strip().split("\n\n")]
    state = both_vms(capsys, tmp_path, upcount)
    assert (red(state)["used_ms"], red(state)["upcount_ms"], red(state)["flag"]) == (330000, 30000, False)
    state = both_vms(capsys, tmp_path, hourglass)
    assert (red(state)["remaining_ms"], state["black"]["remaining_ms"]) == (320000, 280000)
    state = both_vms(capsys, tmp_path, ing)
    assert (red(state)["ing_period"], red(state)["ing_points"], red(state)["remaining_ms"]) == (2, 4, 10 * MIN)
