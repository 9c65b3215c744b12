# Time controls in words, as the clock shows them before a round.
from clock.timecontrol import describe, parse, handicap


def test_cxa_presets():
    assert describe(parse("cxa1999-6.1")) == \
        "90 min for 40 moves, then 15 min for every 10 moves, repeating"
    assert describe(parse("cxa1999-6.2")) == \
        "60 min for 30 moves, then 10 min for every 10 moves, repeating"
    assert describe(parse("cxa1999-6.3")) == \
        "10 min for 40 moves, then 5 min for every 30 moves, repeating"
    assert describe(parse("cxa1999-6.4")) == "5 min for every 30 moves, repeating"
    assert describe(parse("cxa1999-6.5:20m")) == "20 min for the whole game"


def test_increment_and_stages():
    assert describe(parse("xq-60+30")) == \
        "60 min for the whole game; 30 s added per move from move 1, each after its move"
    assert describe(parse("fide-classical")) == (
        "90 min for 40 moves, then 30 min for the rest of the game; "
        "30 s added per move from move 1, the first on the clock at the start")
    assert describe(parse("90m/40,30m")) == "90 min for 40 moves, then 30 min for the rest of the game"
    assert describe(parse("fide-blitz")) == \
        "3 min for the whole game; 2 s added per move from move 1, the first on the clock at the start"
    assert describe(parse("5m+3s;increment-at-start")) == describe(parse("fide-blitz")).replace(
        "3 min", "5 min").replace("2 s", "3 s")


def test_overtime_delay_and_permove():
    assert describe(parse("go-byoyomi")) == \
        "60 min for the whole game; then byo-yomi: 5 periods of 30 s"
    assert describe(parse("go-canadian")) == \
        "60 min for the whole game; then 25 moves in 5 min, repeating"
    assert describe(parse("5m;delay 5s")) == "5 min for the whole game; 5 s delay each move"
    assert describe(parse("5m;bronstein 2.5s")) == "5 min for the whole game; Bronstein delay of 2.5 s"
    assert describe(parse("10m;permove 30s")) == "10 min for the whole game; each move within 30 s"


def test_two_sides():
    assert describe(parse("xq-armageddon")) == (
        "Red: 6 min for the whole game; 3 s added per move from move 1, each after its move. "
        "Black: 4 min for the whole game; 3 s added per move from move 1, each after its move. "
        "A draw counts as a win for Black")
    assert describe(handicap("5m", "3m")) == \
        "Red: 5 min for the whole game. Black: 3 min for the whole game"
    assert describe(handicap("5m", "5m")) == "5 min for the whole game"
