# A game's journal header holds the time control the game is played with (the
# full spec) and, beside it, the preset's name: replay never depends on the
# firmware's preset table, which an update may change, while the name keeps its
# rules (FIDE's exemption window, Armageddon's draw) and names the game.
from support.firmware import S, MIN, ev, scratch, raises
from clock import timecontrol
from clock.game import RED, BLACK
from clock.journal import JournalError
from clock import tablestart
from clock.tablestart import build_game
from device import settings as cfg


def header(clock, clock_black=""):
    return cfg.game_settings(cfg.check(dict(cfg.DEFAULTS, clock=clock, clock_black=clock_black)))


def under(name, meaning, work):
    """work() on a firmware whose preset `name` means `meaning`."""
    kept = timecontrol.PRESETS[name]
    timecontrol.PRESETS[name] = meaning
    try:
        return work()
    finally:
        timecontrol.PRESETS[name] = kept


def times(game):
    return [game.sides[RED].remaining, game.sides[BLACK].remaining]


def test_a_fide_game_replays_as_played_across_an_update_that_changed_its_preset():
    path = scratch("preset-update.xqj")

    def before_the_update():  # fide-rapid without increment-at-start, as the firmware had it
        table = tablestart.new(header("fide-rapid"), path)
        table.event(0, ev.START, 0, 0)
        table.event(20 * S, ev.PRESS, RED, 0)
        table.event(45 * S, ev.PRESS, BLACK, 0)
        table.close()
        return times(table.game)
    played = under("fide-rapid", "15m+10s", before_the_update)
    assert played == [15 * MIN - 10 * S, 15 * MIN - 15 * S]
    back = tablestart.restore(path)  # today's fide-rapid puts the first increment on at the start
    assert times(back.game) == played  # before: 10 s more each, from the new meaning
    assert back.game.control.name == "fide-rapid" and back.game.control.sides[RED].exempt_ms == 5 * MIN


def test_the_header_holds_the_spec_and_names_the_preset():
    assert header("fide-rapid") == dict(header("10m"), clock="15m+10s;increment-at-start", preset="fide-rapid")
    assert header("xq-15+10;delay 5s")["clock"] == "15m+10s;delay 5s"
    assert header("xq-15+10;delay 5s")["preset"] == "xq-15+10"
    assert header("cxa1999-6.5:20m")["clock"] == "20m" and header("cxa1999-6.5:20m")["preset"] == "cxa1999-6.5"
    plain = header("10m+5s")
    assert plain["clock"] == "10m+5s" and "preset" not in plain
    odds = header("xq-15+10", "xq-5+3")  # a handicap: each side's own control
    assert (odds["red"], odds["black"]) == ("15m+10s", "5m+3s") and "clock" not in odds and "preset" not in odds


def test_armageddon_keeps_its_times_and_its_draw_rule_whatever_the_preset_table_says():
    h = header("xq-armageddon")
    assert (h["red"], h["black"], h["preset"]) == ("6m+3s", "4m+3s", "xq-armageddon") and "clock" not in h
    game = under("xq-armageddon", ("5m", "4m"), lambda: build_game(h))
    assert times(game) == [6 * MIN, 4 * MIN] and game.control.draw_to_black
    assert game.sides[RED].tc.increment_ms == 3 * S


def test_an_old_journal_naming_only_its_preset_still_loads():
    path = scratch("preset-old.xqj")
    table = tablestart.new({"clock": "fide-rapid", "forfeit": -1, "fouls": 3, "absent": [0, 0]}, path)
    table.event(0, ev.START, 0, 0)
    table.event(20 * S, ev.PRESS, RED, 0)
    table.close()
    back = tablestart.restore(path)  # as before: the name, read with this firmware's table
    assert times(back.game) == [15 * MIN, 15 * MIN + 10 * S]
    assert back.game.control.name == "fide-rapid" and back.game.control.sides[RED].exempt_ms == 5 * MIN


def test_a_preset_field_that_is_no_name_is_refused_naming_it():
    for bad in (5, None, ["fide-rapid"]):
        e = raises(JournalError, build_game, {"clock": "10m", "preset": bad, "forfeit": -1, "fouls": 3})
        assert "preset" in str(e), e


def test_a_control_per_side_keeps_each_presets_rules_through_the_journal():
    h = header("fide-classical", "fide-blitz")
    assert h["presets"] == ["fide-classical", "fide-blitz"] and "preset" not in h
    game = build_game(h)
    assert [tc.exempt_ms for tc in game.control.sides] == [0, 5 * MIN]  # FIDE: none with +30 s; 5 min
    assert [tc.exempt_ms for tc in build_game(header("xq-15+10", "5m")).control.sides] == [3 * MIN, 3 * MIN]
    assert "presets" not in header("10m", "5m")
    e = raises(JournalError, build_game, dict(h, presets="fide-blitz"))
    assert "presets" in str(e), e


def test_the_same_control_for_each_side_is_that_control():
    assert header("fide-rapid", "fide-rapid") == header("fide-rapid")
    assert header("10m+5s", "10m+5s") == header("10m+5s")
