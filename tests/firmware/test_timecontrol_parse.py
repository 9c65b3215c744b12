# Spec strings and presets (SCENARIOS.md "Time-control spec strings", RULES.md
# §6 table): what each parses to, and errors that name the part at fault.
from support.firmware import MIN, S, raises
from clock import timecontrol
from clock.control import DELAY_NONE, DELAY_SIMPLE, DELAY_BRONSTEIN
from clock.timecontrol import describe_side, parse, parse_side, handicap


def fields(tc):
    return (tc.stages, tc.repeat, tc.increment_ms, tc.delay_kind, tc.delay_ms,
            tc.byoyomi_periods, tc.byoyomi_ms, tc.canadian_moves, tc.canadian_ms,
            tc.permove_ms)


def plain(stages, repeat=False, inc=0):
    return (stages, repeat, inc, DELAY_NONE, 0, 0, 0, 0, 0, 0)


def both(spec):
    c = parse(spec)
    assert fields(c.sides[0]) == fields(c.sides[1])
    return fields(c.sides[0])


def test_cxa_1999_presets_are_the_table_of_rules_md():
    # §6.1 90 min for 40 moves, then 15 min for every further 10 moves
    assert both("cxa1999-6.1") == plain([[90 * MIN, 40], [15 * MIN, 10]], True)
    # §6.2 60 min / 30 moves, then 10 min / 10 moves
    assert both("cxa1999-6.2") == plain([[60 * MIN, 30], [10 * MIN, 10]], True)
    # §6.3 10 min / 40 moves, then 5 min / 30 moves
    assert both("cxa1999-6.3") == plain([[10 * MIN, 40], [5 * MIN, 30]], True)
    # §6.4 5 min for every 30 moves from the start
    assert both("cxa1999-6.4") == plain([[5 * MIN, 30]], True)
    # §6.5 whole-game time, amount given by the organiser
    assert both("cxa1999-6.5:20m") == plain([[20 * MIN, 0]])
    assert both("cxa1999-6.5:1h30m") == plain([[90 * MIN, 0]])


def test_cxa_6_5_needs_an_amount():
    e = raises(ValueError, parse, "cxa1999-6.5")
    assert "cxa1999-6.5:20m" in str(e)
    raises(ValueError, parse, "cxa1999-6.5:20m/40")
    raises(ValueError, parse, "cxa1999-6.5:90m/40,15m/10*")
    e = raises(ValueError, parse, "cxa1999-6.1:20m")
    assert "cxa1999-6.1" in str(e)


def test_presets_equal_their_spec_strings():
    assert both("90m/40,15m/10*") == both("cxa1999-6.1")
    assert both("5m/30*") == both("cxa1999-6.4")


def test_current_xiangqi_presets():
    assert both("xq-60+30") == plain([[60 * MIN, 0]], False, 30 * S)
    assert both("xq-50+20") == plain([[50 * MIN, 0]], False, 20 * S)
    assert both("xq-30+10") == plain([[30 * MIN, 0]], False, 10 * S)
    assert both("xq-25+5") == plain([[25 * MIN, 0]], False, 5 * S)
    assert both("xq-15+10") == plain([[15 * MIN, 0]], False, 10 * S)
    assert both("xq-10+10") == plain([[10 * MIN, 0]], False, 10 * S)
    assert both("xq-5+3") == plain([[5 * MIN, 0]], False, 3 * S)


def test_armageddon_gives_each_side_its_time_and_the_draw_to_black():
    c = parse("xq-armageddon")
    assert fields(c.sides[0]) == plain([[6 * MIN, 0]], False, 3 * S)
    assert fields(c.sides[1]) == plain([[4 * MIN, 0]], False, 3 * S)
    assert c.draw_to_black
    assert not parse("xq-5+3").draw_to_black
    assert not parse("6m+3s").draw_to_black
    # it fixes both sides: not usable as one side of a handicap; its modifiers apply to both
    raises(ValueError, parse_side, "xq-armageddon")
    raises(ValueError, handicap, "xq-armageddon", "5m")
    c = parse("xq-armageddon;permove 30s")
    assert [tc.permove_ms for tc in c.sides] == [30 * S, 30 * S] and c.draw_to_black
    assert [tc.stages for tc in c.sides] == [[[6 * MIN, 0]], [[4 * MIN, 0]]]


def test_chess_and_go_presets():
    # 90 min / 40 moves then 30 min, +30 s from move 1
    assert both("fide-classical") == plain([[90 * MIN, 40], [30 * MIN, 0]], False, 30 * S)
    assert both("fide-rapid") == plain([[15 * MIN, 0]], False, 10 * S)
    assert both("fide-blitz") == plain([[3 * MIN, 0]], False, 2 * S)
    assert both("go-byoyomi") == ([[60 * MIN, 0]], False, 0, DELAY_NONE, 0, 5, 30 * S, 0, 0, 0)
    assert both("go-canadian") == ([[60 * MIN, 0]], False, 0, DELAY_NONE, 0, 0, 0, 25, 5 * MIN, 0)


def test_fide_presets_put_the_first_increment_on_at_the_start_and_xiangqi_ones_do_not():
    for name in ("fide-classical", "fide-rapid", "fide-blitz"):
        assert parse(name).sides[0].increment_at_start, name
        assert both(name) == both(timecontrol.PRESETS[name].split(";")[0])  # nothing else differs
    for name in ("xq-60+30", "xq-50+20", "xq-30+10", "xq-25+5", "xq-15+10", "xq-10+10", "xq-5+3",
                 "xq-armageddon"):
        c = parse(name)
        assert not c.sides[0].increment_at_start and not c.sides[1].increment_at_start, name


def test_increment_at_start_modifier():
    c = parse("5m+3s;increment-at-start")
    assert c.sides[0].increment_at_start and c.sides[1].increment_at_start
    assert both("5m+3s;increment-at-start") == both("5m+3s")
    assert not parse("5m+3s").sides[0].increment_at_start
    assert parse("xq-15+10;increment-at-start").sides[0].increment_at_start  # a preset takes it too
    e = raises(ValueError, parse, "5m;increment-at-start")
    assert "needs an increment" in str(e), str(e)
    e = raises(ValueError, parse, "5m+3s;increment-at-start 2s")
    assert "'increment-at-start 2s'" in str(e), str(e)
    e = raises(ValueError, parse, "fide-rapid;increment-at-start")
    assert "twice" in str(e), str(e)


def test_every_preset_of_the_table_exists():
    for name in ("cxa1999-6.1", "cxa1999-6.2", "cxa1999-6.3", "cxa1999-6.4", "cxa1999-6.5",
                 "xq-60+30", "xq-50+20", "xq-30+10", "xq-25+5", "xq-15+10", "xq-10+10",
                 "xq-5+3", "xq-armageddon", "fide-classical", "fide-rapid", "fide-blitz",
                 "go-byoyomi", "go-canadian"):
        assert name in timecontrol.PRESETS


def test_stage_strings():
    assert both("20m") == plain([[20 * MIN, 0]])
    assert both("90m/40,30m") == plain([[90 * MIN, 40], [30 * MIN, 0]])
    assert both("5m+3s") == plain([[5 * MIN, 0]], False, 3 * S)
    assert both("90m/40,30m+30s") == plain([[90 * MIN, 40], [30 * MIN, 0]], False, 30 * S)
    assert both("2h/40,1h/20,30m") == plain([[120 * MIN, 40], [60 * MIN, 20], [30 * MIN, 0]])
    assert both("1:30:00/40,15:00/10*") == both("cxa1999-6.1")
    # a last stage with a count and no '*' does not repeat
    assert both("90m/40") == plain([[90 * MIN, 40]])


def test_modifiers():
    assert both("5m;delay 5s") == ([[5 * MIN, 0]], False, 0, DELAY_SIMPLE, 5 * S, 0, 0, 0, 0, 0)
    assert both("5m;bronstein 3s") == ([[5 * MIN, 0]], False, 0, DELAY_BRONSTEIN, 3 * S, 0, 0, 0, 0, 0)
    assert both("60m;byoyomi 5x30s") == both("go-byoyomi")
    assert both("60m;canadian 25/5m") == both("go-canadian")
    assert both("10m;permove 30s") == ([[10 * MIN, 0]], False, 0, DELAY_NONE, 0, 0, 0, 0, 0, 30 * S)
    assert both("90m/40,30m+30s;permove 2m") == (
        [[90 * MIN, 40], [30 * MIN, 0]], False, 30 * S, DELAY_NONE, 0, 0, 0, 0, 0, 2 * MIN)
    # a preset takes modifiers after ';'
    assert both("xq-60+30;permove 1m") == ([[60 * MIN, 0]], False, 30 * S, DELAY_NONE, 0, 0, 0, 0, 0, MIN)
    assert both("cxa1999-6.5:20m;delay 2s") == ([[20 * MIN, 0]], False, 0, DELAY_SIMPLE, 2 * S, 0, 0, 0, 0, 0)


def test_handicap_parses_each_side():
    c = handicap("5m+3s", "cxa1999-6.4")
    assert fields(c.sides[0]) == plain([[5 * MIN, 0]], False, 3 * S)
    assert fields(c.sides[1]) == plain([[5 * MIN, 30]], True)
    assert not c.draw_to_black


def test_errors_name_the_stage():
    e = raises(ValueError, parse, "90m/40,15x/10*")
    assert str(e).startswith("stage 2"), str(e)
    assert "15x" in str(e)
    e = raises(ValueError, parse, "90m/x,15m/10*")
    assert str(e).startswith("stage 1"), str(e)
    e = raises(ValueError, parse, "90m/0")
    assert str(e).startswith("stage 1"), str(e)
    e = raises(ValueError, parse, "90m,15m/10")
    assert str(e).startswith("stage 1"), str(e)
    assert "last stage" in str(e)
    e = raises(ValueError, parse, "90m/40,15m/10,5m/x")
    assert str(e).startswith("stage 3"), str(e)


def test_errors_name_the_increment():
    e = raises(ValueError, parse, "5m+3x")
    assert str(e).startswith("increment"), str(e)
    e = raises(ValueError, parse, "5m+")
    assert str(e).startswith("increment"), str(e)


def test_errors_name_the_modifier():
    e = raises(ValueError, parse, "60m;byoyomi 5")
    assert "'byoyomi 5'" in str(e)
    e = raises(ValueError, parse, "60m;byoyomi 0x30s")
    assert "'byoyomi 0x30s'" in str(e)
    e = raises(ValueError, parse, "60m;canadian 25")
    assert "'canadian 25'" in str(e)
    e = raises(ValueError, parse, "60m;canadian 25/0")
    assert "'canadian 25/0'" in str(e)
    e = raises(ValueError, parse, "5m;delay 0")
    assert "'delay 0'" in str(e)
    e = raises(ValueError, parse, "5m;bronstein 2x")
    assert "'bronstein 2x'" in str(e)
    e = raises(ValueError, parse, "5m;permove")
    assert "'permove'" in str(e)
    e = raises(ValueError, parse, "5m;sandglass 5s")
    assert "'sandglass 5s'" in str(e)
    assert "unknown modifier" in str(e)
    e = raises(ValueError, parse, "5m;hourglass 5s")
    assert "'hourglass 5s'" in str(e) and "takes nothing" in str(e)
    e = raises(ValueError, parse, "5m;delay 2s;bronstein 2s")
    assert "one delay" in str(e)
    e = raises(ValueError, parse, "60m;byoyomi 5x30s;canadian 25/5m")
    assert "cannot be combined" in str(e)


def test_other_errors():
    e = raises(ValueError, parse, "5m*")
    assert "'*'" in str(e)
    raises(ValueError, parse, "")
    raises(ValueError, parse, "+30s")
    raises(ValueError, parse, "0")  # no time at all
    raises(ValueError, parse, "0+5s")
    raises(ValueError, parse_side, "")


def test_byoyomi_alone_may_have_no_main_time():
    assert both("0;byoyomi 3x10s") == ([[0, 0]], False, 0, DELAY_NONE, 0, 3, 10 * S, 0, 0, 0)


def methods(tc):
    return (tc.upcount, tc.hourglass, tc.ing_periods, tc.ing_ms, tc.ing_points)


def test_the_dgt_and_chronos_methods():
    # up-count: after the main time, or alone (no limit at all, counted from zero)
    assert methods(parse("90m/40;upcount").sides[0]) == (True, False, 0, 0, 0)
    up = parse("upcount").sides[0]
    assert up.stages == [[0, 0]] and up.upcount and up.overtime() and not up.overtime_ms()
    side = parse("upcount;permove 1m").sides[0]
    assert methods(side)[:1] == (True,) and side.permove_ms == MIN
    # hourglass: one time, both sides
    assert methods(parse("5m;hourglass").sides[1]) == (False, True, 0, 0, 0)
    assert handicap("5m;hourglass", "3m;hourglass").sides[1].stages == [[3 * MIN, 0]]
    raises(ValueError, handicap, "5m;hourglass", "5m")
    for bad in ("5m/40,5m;hourglass", "5m+1s;hourglass", "5m;delay 2s;hourglass", "5m;hourglass;upcount"):
        raises(ValueError, parse, bad)
    # Ing: K periods of D, P points each
    ing = parse("60m;ing 3x20m 2pt").sides[0]
    assert methods(ing) == (False, False, 3, 20 * MIN, 2) and ing.periods() == 3 and ing.overtime_ms() == 20 * MIN
    assert methods(parse("go-ing").sides[0]) == (False, False, 3, 35 * MIN, 2)
    for bad in ("60m;ing 3x20m", "60m;ing 3x20m 2", "60m;ing 3 2pt", "60m;ing 3x20m 2pt;canadian 5/1m",
                "60m;ing 3x20m 2pt;ing 1x1m 1pt", "5m/30*;ing 3x1m 1pt", "upcount 5s"):
        raises(ValueError, parse, bad)


def test_each_method_in_words():
    assert describe_side(parse("upcount").sides[0]) == \
        "no time limit: the clock counts the time used upwards, with no flag"
    assert describe_side(parse("60m;ing 3x20m 1pt").sides[0]) == (
        "60 min for the whole game; then Ing overtime: up to 3 periods of 20 min, each costing 1 point")
