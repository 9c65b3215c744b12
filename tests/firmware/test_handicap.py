# Different controls per side (time handicap, 贴时).
from support.firmware import new_game
from clock.game import RED, BLACK, DRAW
from clock.names import REASONS, score


def test_each_side_starts_with_its_own_time():
    g = new_game("5m", "3m")
    assert g.sides[RED].remaining == 300000
    assert g.sides[BLACK].remaining == 180000
    g.start(0)
    g.press(RED, 1000)
    g.advance(1000 + 180000)
    assert g.over() and g.winner == RED
    assert g.sides[BLACK].flag_at == 181000
    assert g.sides[RED].remaining == 299000


def test_red_flags_on_its_own_time():
    g = new_game("2m", "10m")
    g.start(0)
    g.advance(119999)
    assert not g.over()
    g.advance(120000)
    assert g.over() and g.sides[RED].flag_at == 120000


def test_different_increments():
    g = new_game("5m+5s", "3m")
    g.start(0)
    g.press(RED, 10000)
    g.press(BLACK, 20000)
    assert g.sides[RED].remaining == 300000 - 10000 + 5000
    assert g.sides[BLACK].remaining == 180000 - 10000


def test_different_quotas():
    g = new_game("cxa1999-6.4", "10m")
    g.start(0)
    t = 0
    for i in range(30):
        t += 1000
        g.press(RED, t)
        t += 1000
        g.press(BLACK, t)
    assert g.sides[RED].remaining == 300000 - 30000 + 300000  # the 30th move: +5 min
    assert g.sides[BLACK].remaining == 600000 - 30000  # no quota for Black
    assert g.sides[RED].period == 1 and g.sides[BLACK].period == 0


def test_a_handicap_is_not_armageddon():
    g = new_game("6m+3s", "4m+3s")
    g.start(0)
    g.declare(DRAW, REASONS.index("agreed"), 1000)
    assert g.winner == DRAW and score(g) == "1/2-1/2"
