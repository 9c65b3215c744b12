"""Issue 29: ties at the same millisecond, where two rules meet, and what the
docs promise. Each finding is a scenario played on both VMs (identical JSON);
each decision is written, with its reason, in docs/RULES.md."""
from pathlib import Path

import pytest

from support.scenarios import both_vms, malformed

ROOT = Path(__file__).resolve().parents[2]


def result(state):
    return state["result"]


def flag(state, who):
    return state[who]["flag"], state[who]["flag_at_ms"]


# -- ties at the same millisecond ------------------------------------------------

def test_both_absent_both_flags_in_one_millisecond_is_a_double_loss(capsys, tmp_path):
    """Both clocks run from the start (§21.3) and reach zero together: neither
    flag fell first, so §22.1 applies to both: no winner, 0-0 (before: Black
    won on time, at 0:00 with no flag, never having come)."""
    state = both_vms(capsys, tmp_path, """\
clock cxa1999-6.3
forfeit 15m
absent red
absent black
at 0 start
end 16m
""")
    assert result(state) == {"winner": None, "reason": "time", "score": "0-0", "at_ms": 600000}
    assert flag(state, "red") == (True, 600000) and flag(state, "black") == (True, 600000)
    assert state["red"]["remaining_ms"] == 0 and state["black"]["remaining_ms"] == 0


def test_both_absent_a_flag_in_the_millisecond_of_the_forfeit_is_a_double_forfeit(capsys, tmp_path):
    """Red's time runs out in the first millisecond past the forfeit limit, when
    both are still absent: both forfeit (-/-), as docs/RULES.md says; the flag
    is marked, it is not before the limit (before: 0-1 on time to Black)."""
    state = both_vms(capsys, tmp_path, """\
clock red=5m black=10m
forfeit 4:59.999
absent red
absent black
at 0 start
end 6m
""")
    assert result(state) == {"winner": None, "reason": "forfeit", "score": "-/-", "at_ms": 300000}
    assert flag(state, "red") == (True, 300000) and flag(state, "black") == (False, None)


def test_one_absent_the_forfeit_and_the_flag_in_one_millisecond_is_a_forfeit(capsys, tmp_path):
    """§21.4: the absent player loses without play, -/+ (before: 0-1 on time)."""
    state = both_vms(capsys, tmp_path, """\
clock 5m
forfeit 4:59.999
absent red
at 0 start
end 6m
""")
    assert result(state) == {"winner": "black", "reason": "forfeit", "score": "-/+", "at_ms": 300000}
    assert flag(state, "red") == (True, 300000)


def test_a_flag_one_millisecond_before_the_forfeit_is_still_a_loss_on_time(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, "clock 5m\nforfeit 5m\nabsent red\nat 0 start\nend 6m\n")
    assert result(state) == {"winner": "black", "reason": "time", "score": "0-1", "at_ms": 300000}


# -- per-side presets keep their rules ------------------------------------------------

EXEMPT = """\
clock {clock}
at 0 start
at 1s penalty red 1h28m   # Red: 2:29 left of 1:30:30, 2:58 after the move
at 2s press red
end 3s
"""


def test_per_side_fide_presets_keep_their_exemption_windows(capsys, tmp_path):
    """FIDE: under 5 min, none with 30 s or more per move (before: the 1999
    rules' 3 min for both sides of a handicap)."""
    state = both_vms(capsys, tmp_path, EXEMPT.format(clock="red=fide-classical black=fide-blitz"))
    assert state["red"]["exempt"] is False  # +30 s: no window
    assert state["black"]["exempt"] is True  # 3:02 - 1 s, under FIDE's 5 min


def test_the_same_preset_for_each_side_is_that_preset(capsys, tmp_path):
    both = both_vms(capsys, tmp_path, EXEMPT.format(clock="red=fide-classical black=fide-classical"))
    one = both_vms(capsys, tmp_path, EXEMPT.format(clock="fide-classical"))
    assert both == one and one["red"]["exempt"] is False


# -- presets take modifiers; what is refused is documented -----------------------------

def test_armageddon_takes_modifiers_for_both_sides(capsys, tmp_path):
    state = both_vms(capsys, tmp_path, "clock xq-armageddon;permove 1m\nat 0 start\nat 50s press red\nend 3m\n")
    # Red moved in 50 s (6:03 left); Black has 1 min per move, with 4 min on the clock
    assert result(state) == {"winner": "red", "reason": "move-time", "score": "1-0", "at_ms": 110000}
    assert state["red"]["remaining_ms"] == 6 * 60000 - 50000 + 3000
    assert state["black"]["remaining_ms"] == 4 * 60000 - 60000


@pytest.mark.parametrize("spec,words", [
    ("5m+3s;bronstein 2s", ["increment", "Bronstein"]),
    ("fide-rapid;bronstein 2s", ["increment", "Bronstein"]),
    ("5m;delay 2s;bronstein 2s", ["one delay"]),
    ("5m;byoyomi 5x30s;canadian 25/5m", ["cannot be combined"]),
    ("5m/30*;byoyomi 5x30s", ["never"]),
])
def test_refused_combinations_are_refused_and_documented(capsys, tmp_path, spec, words):
    line, message = malformed(capsys, tmp_path, "clock %s\nend 1s\n" % spec)
    assert line == 1
    for w in words:
        assert w in message, message
    contract = (ROOT / "docs" / "SCENARIOS.md").read_text()
    assert "Refused" in contract and spec.split(";")[-1].split()[0] in contract.split("Refused", 1)[1]


# -- the power and the scripts ------------------------------------------------------------

def test_a_start_while_the_power_is_off_is_refused(capsys, tmp_path):
    line, message = malformed(capsys, tmp_path, """\
clock 5m
at 1s power-cut
at 2s start
at 3s power-on
at 4s pause
end 5s
""")
    assert line == 3 and "power is off" in message


def test_a_glitch_of_a_bare_number_lasts_that_many_milliseconds():
    from host_tools import simulate
    script = ("clock 5m\nat 0 press start\nat 2s press left-lever\nat 2.5s glitch right-lever {}\n"
              "at 3s snapshot after\nend 3s\n")
    runs = [simulate.headless("segment7", script.format(g), vm)
            for g in ("2", "2ms") for vm in ("cpython", "micropython")]
    assert runs[0] == runs[1] == runs[2] == runs[3]


# -- where two rules meet -----------------------------------------------------------------

@pytest.mark.parametrize("spec", ["1m;canadian 25/5m", "1m;byoyomi 2x5m", "go-canadian"])
def test_the_scoresheet_exemption_in_overtime_needs_under_3_minutes_in_the_period(capsys, tmp_path, spec):
    """§7.2 所剩时限已不足3分钟: 4:51 left of a 5-minute block or period is not
    yet (before: every overtime was exempt)."""
    main = 60 * 60000 if spec == "go-canadian" else 60000
    text = "clock %s\nat 0 start\nend %dms\n"
    state = both_vms(capsys, tmp_path, text % (spec, main + 9000))
    assert state["red"]["overtime"] is True and state["red"]["remaining_ms"] == 291000
    assert state["red"]["exempt"] is False
    state = both_vms(capsys, tmp_path, text % (spec, main + 120001))
    assert state["red"]["remaining_ms"] == 179999 and state["red"]["exempt"] is True


def test_a_per_move_limit_does_not_run_for_an_absent_player(capsys, tmp_path):
    """The forfeit limit (§21) governs a player who has not come; from the
    arrival the move's limit counts (before: Red lost on move time at 60 s)."""
    text = """\
clock 10m;permove 1m
forfeit 15m
absent red
at 0 start
{more}
end {end}
"""
    state = both_vms(capsys, tmp_path, text.format(more="", end="2m"))
    assert result(state) is None and state["red"]["remaining_ms"] == 8 * 60000
    state = both_vms(capsys, tmp_path, text.format(more="", end="14m"))  # the main time still runs out
    assert result(state) == {"winner": "black", "reason": "time", "score": "0-1", "at_ms": 600000}
    state = both_vms(capsys, tmp_path, text.format(more="at 3m arrive red", end="3:59.999"))
    assert result(state) is None
    state = both_vms(capsys, tmp_path, text.format(more="at 3m arrive red", end="5m"))
    assert result(state) == {"winner": "black", "reason": "move-time", "score": "0-1", "at_ms": 240000}
    assert flag(state, "red") == (True, 240000)


def test_both_absent_with_a_per_move_limit_is_a_double_forfeit(capsys, tmp_path):
    """Neither wins on move time at 30 s (before: Black, absent too, did)."""
    state = both_vms(capsys, tmp_path, """\
clock 10m;permove 30s
forfeit 5m
absent red
absent black
at 0 start
end 6m
""")
    assert result(state) == {"winner": None, "reason": "forfeit", "score": "-/-", "at_ms": 300001}


def test_a_stage_that_runs_out_before_its_quota_loses_though_overtime_follows(capsys, tmp_path):
    """§4.1.4 在规定的时限内未走满规定的着数: overtime follows the main time's
    last stage, not a quota missed (before: Red went into byo-yomi)."""
    text = "clock 1m/2,1m;byoyomi 2x10s\nat 0 start\n{moves}end 3m\n"
    state = both_vms(capsys, tmp_path, text.format(moves=""))
    assert result(state) == {"winner": "black", "reason": "time", "score": "0-1", "at_ms": 60000}
    assert state["red"]["overtime"] is False
    # the quota made: the second stage, then byo-yomi, then the flag
    moves = "at 10s press red\nat 11s press black\nat 20s press red\nat 21s press black\n"
    state = both_vms(capsys, tmp_path, text.format(moves=moves))
    # Red: 1 min - 19 s + 1 min = 101 s left at 21 s, then 2 x 10 s
    assert result(state) == {"winner": "black", "reason": "time", "score": "0-1", "at_ms": 21000 + 101000 + 20000}


def test_a_correction_past_a_canadian_block_carries_its_extra_moves(capsys, tmp_path):
    """The block a scoresheet shows: 1 + 6 moves of blocks of 5 are a block done
    and 2 into the next, 3 to go (before: 5 to go, the 2 lost)."""
    state = both_vms(capsys, tmp_path, """\
clock 1m;canadian 5/5m
at 0 start
at 1m10s press red
at 1m15s press black
at 1m20s moves red 7
end 1m30s
""")
    red = state["red"]
    assert red["moves"] == 7 and red["block_moves"] == 3 and red["remaining_ms"] == 290000


def test_a_bronstein_move_that_ends_in_overtime_gets_no_refund(capsys, tmp_path):
    """The refund is of main time, which ran out during the move; the period's
    own rule applies (as a flag would have fallen with no overtime)."""
    state = both_vms(capsys, tmp_path, """\
clock 1m;bronstein 10s;byoyomi 2x30s
at 0 start
at 1m5s press red
end 1m6s
""")
    red = state["red"]
    assert red["overtime"] is True and red["byoyomi_periods"] == 2 and red["remaining_ms"] == 30000


def test_an_offer_in_the_opponents_time_is_no_offer(capsys, tmp_path):
    """§23.1: an offer is made after one's own move, before pressing."""
    state = both_vms(capsys, tmp_path, """\
clock 5m
at 0 start
at 5s offer black
at 6s offer red
at 7s press red
at 8s offer red
at 9s offer black
end 10s
""")
    assert state["red"]["offers"] == 1 and state["black"]["offers"] == 1
    assert state["red"]["repeat_offers"] == 0


def test_every_decision_is_in_the_rules_page():
    rules = (ROOT / "docs" / "RULES.md").read_text()
    for words in ("0-0", "same millisecond", "per-move limit", "absent", "quota",
                  "Canadian block", "Bronstein", "opponent's time"):
        assert words in rules, words
