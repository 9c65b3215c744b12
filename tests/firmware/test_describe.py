# Time controls in words, as the clock shows them before a round.
from clock.timecontrol import parse, handicap


def test_cxa_presets():
    assert parse("cxa1999-6.1").describe() == \
        "90 min for 40 moves, then 15 min for every 10 moves, repeating"
    assert parse("cxa1999-6.2").describe() == \
        "60 min for 30 moves, then 10 min for every 10 moves, repeating"
    assert parse("cxa1999-6.3").describe() == \
        "10 min for 40 moves, then 5 min for every 30 moves, repeating"
    assert parse("cxa1999-6.4").describe() == "5 min for every 30 moves, repeating"
    assert parse("cxa1999-6.5:20m").describe() == "20 min for the whole game"


def test_increment_and_stages():
    assert parse("xq-60+30").describe() == \
        "60 min for the whole game; 30 s added per move from move 1, each after its move"
    assert parse("fide-classical").describe() == (
        "90 min for 40 moves, then 30 min for the rest of the game; "
        "30 s added per move from move 1, the first on the clock at the start")
    assert parse("90m/40,30m").describe() == "90 min for 40 moves, then 30 min for the rest of the game"
    assert parse("fide-blitz").describe() == \
        "3 min for the whole game; 2 s added per move from move 1, the first on the clock at the start"
    assert parse("5m+3s;increment-at-start").describe() == parse("fide-blitz").describe().replace(
        "3 min", "5 min").replace("2 s", "3 s")


def test_overtime_delay_and_permove():
    assert parse("go-byoyomi").describe() == \
        "60 min for the whole game; then byo-yomi: 5 periods of 30 s"
    assert parse("go-canadian").describe() == \
        "60 min for the whole game; then 25 moves in 5 min, repeating"
    assert parse("5m;delay 5s").describe() == "5 min for the whole game; 5 s delay each move"
    assert parse("5m;bronstein 2.5s").describe() == "5 min for the whole game; Bronstein delay of 2.5 s"
    assert parse("10m;permove 30s").describe() == "10 min for the whole game; each move within 30 s"


def test_two_sides():
    assert parse("xq-armageddon").describe() == (
        "Red: 6 min for the whole game; 3 s added per move from move 1, each after its move. "
        "Black: 4 min for the whole game; 3 s added per move from move 1, each after its move. "
        "A draw counts as a win for Black")
    assert handicap("5m", "3m").describe() == \
        "Red: 5 min for the whole game. Black: 3 min for the whole game"
    assert handicap("5m", "5m").describe() == "5 min for the whole game"
