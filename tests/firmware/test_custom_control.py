# The custom time control the arbiter builds step by step (device.arbiter):
# the table of steps, and the spec the answers build (both VMs).
from clock import timecontrol
from device.arbiter import CUSTOM_STEPS, asked, custom_spec

PLAIN = {"t1": 60, "n1": 0, "inc": 0, "kind": 0, "over": 0, "glass": 0, "permove": 0, "black": 60}


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
        ({"kind": 1, "delay": 5, "over": 1, "byo": 3, "byo_s": 30}, ("60m;delay 5s;byoyomi 3x30s", "")),
        ({"over": 2, "ing": 3, "ing_m": 35, "ing_p": 2}, ("60m;ing 3x35m 2pt", "")),
        ({"t1": 90, "n1": 40, "t2": 30, "n2": 0, "over": 3, "black": 90}, ("90m/40,30m;upcount", "")),
        ({"t1": 5, "glass": 1, "black": 3}, ("5m;hourglass", "3m;hourglass")),
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
    assert built({"t2": 30, "n2": 20, "delay": 5, "byo_s": 30, "ing_m": 20}) == ("60m", "")
    needs = {s[0]: s[5] for s in CUSTOM_STEPS if s[5] != "-inc"}  # "kind" twice: with an increment, or not
    assert needs == {"t1": "", "n1": "", "t2": "n1", "n2": "n1", "inc": "", "kind": "inc", "delay": "kind",
                     "over": "-n2", "byo": "over=1", "byo_s": "over=1", "ing": "over=2", "ing_m": "over=2",
                     "ing_p": "over=2", "glass": "-n1 -inc -kind -over", "permove": "", "black": ""}
    keys = [s[0] for s in CUSTOM_STEPS]
    for key, need in needs.items():  # what a step needs is asked before it
        for cond in need.split():
            assert keys.index(cond.lstrip("-").partition("=")[0]) < keys.index(key)


def test_no_overtime_is_asked_after_a_stage_that_repeats_for_ever():
    # 60m/40,15m/10* has a quota in every period: byo-yomi after it would never start
    assert not asked("-n2", {"n1": 40, "n2": 10})
    assert asked("-n2", {"n1": 40, "n2": 0}) and asked("-n2", {"n1": 0})
    assert not asked("over=1", {"n1": 40, "n2": 10})  # and so not its periods either
    red, black = built({"n1": 40, "t2": 15, "n2": 10, "over": 1, "byo": 3, "byo_s": 30})
    assert red == "60m/40,15m/10*"  # an answer never asked is not read
    timecontrol.parse(red)


def test_an_hourglass_is_asked_only_where_nothing_adds_time():
    for answers in ({"n1": 40}, {"inc": 2}, {"kind": 1}, {"over": 3}):
        assert not asked("-n1 -inc -kind -over", dict(PLAIN, **answers)), answers
        red, black = built(dict(answers, glass=1, t2=10, n2=0, delay=2))
        assert "hourglass" not in red
        timecontrol.parse(red)
    assert asked("-n1 -inc -kind -over", PLAIN)


def test_with_an_increment_no_bronstein_delay_is_offered():
    kinds = [s for s in CUSTOM_STEPS if s[0] == "kind"]
    assert [(s[3], s[5]) for s in kinds] == [(("none", "delay", "BRONSTEIN"), "-inc"), (("none", "delay"), "inc")]


def answers_of(i, chosen, out):
    """Every set of answers the steps from i on can be given, as the menu asks
    them (a number at its first value and at its highest; two of each pick)."""
    while i < len(CUSTOM_STEPS) and not asked(CUSTOM_STEPS[i][5], chosen):
        i += 1
    if i == len(CUSTOM_STEPS):
        out.append(dict(chosen))
        return
    key, _, how, values, _, _ = CUSTOM_STEPS[i]
    if how == 0:
        options = (chosen["t1"] if values[0] < 0 else values[0], values[3])
    elif how == 1:
        options = (values[0], values[-1])
    else:
        options = range(len(values))
    for v in options:
        chosen[key] = v
        answers_of(i + 1, chosen, out)
        del chosen[key]


def test_every_path_through_the_steps_builds_a_control_the_parser_reads():
    every = []
    answers_of(0, {}, every)
    assert len(every) > 1000
    for answers in every:
        red, black = custom_spec(answers)
        control = timecontrol.handicap(red, black) if black else timecontrol.parse(red)
        assert control.sides[1].stages[0][0] == 60000 * answers["black"], (answers, red, black)
