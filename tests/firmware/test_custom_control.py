# The custom time control the arbiter builds step by step (device.arbiter):
# the table of steps, and the spec the answers build (both VMs).
try:
    import framebuf  # noqa: F401  (device.menu draws with it)
except ImportError:  # CPython: the pure-Python stand-in in host_tools/sim
    import sys
    from host_tools import firmware_path

    sys.path.append(str(firmware_path.FIRMWARE.parent / "host_tools" / "sim"))

from clock import timecontrol
from device.arbiter import CUSTOM_STEPS, asked, custom_spec

PLAIN = {"t1": 60, "n1": 0, "inc": 0, "kind": 0, "byo": 0, "permove": 0, "black": 60}


def built(changes):
    answers = dict(PLAIN)
    answers.update(changes)
    return custom_spec(answers)


def test_the_answers_build_a_spec_the_parser_reads():
    cases = (
        ({}, ("60m", "")),
        ({"t1": 90, "n1": 40, "t2": 30, "n2": 0, "inc": 30, "permove": 30, "black": 80},
         ("90m/40,30m+30s;permove 30s", "80m/40,30m+30s;permove 30s")),
        ({"n1": 40, "t2": 30, "n2": 20, "black": 50}, ("60m/40,30m/20*", "50m/40,30m/20*")),
        ({"kind": 2, "delay": 5, "permove": 30}, ("60m;bronstein 5s;permove 30s", "")),
        ({"kind": 1, "delay": 5, "byo": 3, "byo_s": 30}, ("60m;delay 5s;byoyomi 3x30s", "")),
        ({"t1": 5, "inc": 3, "black": 5}, ("5m+3s", "")),  # Black's time as Red's: no handicap
    )
    for changes, want in cases:
        red, black = built(changes)
        assert (red, black) == want, (changes, red, black)
        control = timecontrol.handicap(red, black) if black else timecontrol.parse(red)
        assert control.sides[0].stages[0][0] == 60000 * changes.get("t1", 60)
        assert control.sides[1].stages[0][0] == 60000 * changes.get("black", changes.get("t1", 60))


def test_answers_made_moot_are_not_read():
    # a second stage only after a quota; a delay only with a kind; seconds only with periods
    assert built({"t2": 30, "n2": 20, "delay": 5, "byo_s": 30}) == ("60m", "")
    needs = {s[0]: s[5] for s in CUSTOM_STEPS}
    assert needs == {"t1": "", "n1": "", "t2": "n1", "n2": "n1", "inc": "", "kind": "", "delay": "kind",
                     "byo": "-n2", "byo_s": "byo", "permove": "", "black": ""}
    keys = [s[0] for s in CUSTOM_STEPS]
    for key, need in needs.items():  # what a step needs is asked before it
        assert not need or keys.index(need.lstrip("-")) < keys.index(key)


def test_no_overtime_is_asked_after_a_stage_that_repeats_for_ever():
    # 60m/40,15m/10* has a quota in every period: byo-yomi after it would never start
    assert not asked("-n2", {"n1": 40, "n2": 10})
    assert asked("-n2", {"n1": 40, "n2": 0}) and asked("-n2", {"n1": 0})
    assert not asked("byo", {"n1": 40, "n2": 10})  # and so not its seconds either
    red, black = built({"n1": 40, "t2": 15, "n2": 10, "byo": 3, "byo_s": 30})
    assert red == "60m/40,15m/10*"  # an answer never asked is not read
    timecontrol.parse(red)
