"""A ruling's result on the clock (issue 21): the arbiter's result menu on
both builds offers perpetual check and perpetual chase beside repetition and
the natural move limit, and the game ends with that reason in its journal."""
import pytest

from clock.game import BLACK, DRAW, RED
from clock.names import REASONS
from device import lang, menuwords
from host_tools.report.record import GameRecord
from host_tools.report.sheet import render
from support.rigs import OK, PLUS, START, rig


def pick(r, word):
    """Press plus until the open menu shows `word` (English), then ok."""
    for _ in range(40):
        if r.app.menu.stack[-1].value_text(lang.EN) == word:
            r.press(OK)
            return
        r.press(PLUS)
    raise AssertionError(f"the menu never offers {word}")


@pytest.mark.parametrize("profile", ["oled", "segment7"])
@pytest.mark.parametrize("winner, word, reason", [
    ("RED", "PERP CHECK", "perpetual-check"),     # Black checked perpetually (§24.1)
    ("BLACK", "PERP CHASE", "perpetual-chase"),   # Red did not change a forbidden cycle (§24.3)
    ("DRAW", "REPETITION", "repetition"),         # §24.2, §4.2.3
    ("DRAW", "MOVE LIMIT", "move-limit"),         # §4.2.4, §23.3
])
def test_the_arbiter_enters_a_rulings_result_on_both_builds(tmp_path, profile, winner, word, reason):
    r = rig(tmp_path, profile)
    r.press(START)
    r.run(3000)
    r.press(OK, hold_ms=2100)
    pick(r, "RESULT")
    pick(r, winner)
    pick(r, word)
    g = r.app.game
    assert g.over() and REASONS[g.reason] == reason
    assert g.winner == {"RED": RED, "BLACK": BLACK, "DRAW": DRAW}[winner]
    if profile == "segment7":
        assert menuwords.code(lang.pair("REASONS")[g.reason]) in ("PChE", "PChA", "rEPt", "StPL")
    journals = list(tmp_path.rglob("*.xqj"))
    assert len(journals) == 1
    record = GameRecord(journals[0])  # the sheet says why the game ended
    assert record.to_dict()["result"]["reason"] == reason
    words = {"perpetual-check": "perpetual check (长将, §24.1", "perpetual-chase": "perpetual chase",
             "repetition": "repetition (§4.2.3)", "move-limit": "natural move limit (§4.2.4)"}[reason]
    assert words in render([record], "text")


def test_the_ruling_reasons_are_losses_only():
    from clock.game import may_enter
    for name in ("perpetual-check", "perpetual-chase"):
        i = REASONS.index(name)
        assert may_enter(RED, i) and may_enter(BLACK, i) and not may_enter(DRAW, i)
