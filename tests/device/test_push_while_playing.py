"""A push while the clock runs (issue 25.2), on the simulated board: settings
the host sends through device/hostreads.py's xq?stage reach App.stage, and a
game in progress goes on untouched (no pause, no reset; its journal says so);
the changes for the game wait for the next one, and the flash is written only
once no clock runs. A push is all or nothing, settings and network together."""
import json

from support.rigs import LEFT, START, rig
from clock import events as ev
from clock.journalread import Loaded


def kinds(tmp_path):
    return [r[1] for r in Loaded(str(tmp_path / "game.xqj")).records()]


def on_flash(tmp_path):
    return json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))


def test_names_pushed_during_play_wait_for_the_next_game_and_nothing_stops(tmp_path):
    r = rig(tmp_path, clock="10m", board=7, red_name="Wang", black_name="Zheng")
    r.press(START)
    r.run(2000)
    r.press(LEFT)
    before = r.app.game.sides[1].remaining
    answer = r.app.act("stage", {"settings": {"red_name": "王天一", "black_name": "郑惟桐", "clock": "xq-15+10"}})
    assert answer["ok"] and answer["when"] == "next game" and not answer["saved"]
    r.run(3000)
    assert r.app.game.running() == 1 and r.app.game.sides[1].remaining < before  # Black's clock runs on
    assert ev.PAUSE not in kinds(tmp_path) and ev.POWER_ON not in kinds(tmp_path)
    header = Loaded(str(tmp_path / "game.xqj")).settings
    assert header["names"] == ["Wang", "Zheng"] and header["clock"] == "10m"  # the game as it was set up
    assert on_flash(tmp_path)["red_name"] == "Wang"  # no flash write while a clock runs
    r.app.table.event(r.app.now(), ev.RESULT, 0, 6)  # Red wins: the clocks stop
    r.run(100)
    assert on_flash(tmp_path)["red_name"] == "王天一"  # kept once no clock ran
    again = r.app.act("stage", {"settings": {"red_name": "王天一"}})  # the next round's push: the game is over
    assert again["when"] == "now" and again["kept"].endswith(".xqj")
    header = Loaded(str(tmp_path / "game.xqj")).settings
    assert header["names"] == ["王天一", "郑惟桐"] and header["preset"] == "xq-15+10"
    assert not r.app.game.started


def test_an_unstarted_game_takes_the_push_at_once(tmp_path):
    r = rig(tmp_path, board=3)
    answer = r.app.act("stage", {"settings": {"red_name": "许银川", "black_name": "\U00020bb7川"}})
    assert answer["ok"] and answer["when"] == "now" and answer["kept"] is None and answer["saved"]
    assert Loaded(str(tmp_path / "game.xqj")).settings["names"] == ["许银川", "\U00020bb7川"]
    assert on_flash(tmp_path)["black_name"] == "\U00020bb7川"


def test_new_game_ends_the_game_in_progress_keeping_its_record(tmp_path):
    r = rig(tmp_path, clock="10m")
    r.press(START)
    r.run(1000)
    answer = r.app.act("stage", {"settings": {}, "new_game": True})
    assert answer["when"] == "now" and "/games/" in answer["kept"] and not r.app.game.started
    assert ev.START in [x[1] for x in Loaded(answer["kept"]).records()]


def test_language_and_code_apply_at_once_and_the_red_side_waits(tmp_path):
    r = rig(tmp_path, clock="10m")
    r.press(START)
    answer = r.app.act("stage", {"settings": {"language": 1, "code": "2468", "red_side": 1}})
    assert answer["when"] == "next game"  # the red side is the game's
    assert r.app.values["language"] == 1 and r.app.values["code"] == "2468"
    r.press(LEFT)  # Red sits at the left lever in this game still
    assert r.app.game.sides[0].moves == 1 and r.app.game.running() == 1


def test_a_push_the_clock_refuses_changes_nothing(tmp_path):
    r = rig(tmp_path, red_name="Wang")
    for request, words in (({"settings": {"fouls": 12}}, "fouls"), ({"settings": {"bright": 1}}, "unknown field"),
                           ({"settings": {"red_name": "x"}, "network": {"broker": "h", "event": "a/b"}}, "event"),
                           ({"settings": {"red_name": "\ud842"}}, "half a character")):
        answer = r.app.act("stage", request)
        assert not answer["ok"] and words in answer["problem"], answer
    assert r.app.values["red_name"] == "Wang" and on_flash(tmp_path)["red_name"] == "Wang"
    assert not (tmp_path / "network.json").exists()


def test_settings_and_network_are_kept_together_or_not_at_all(tmp_path):
    r = rig(tmp_path)
    answer = r.app.act("stage", {"settings": {"board": 4}, "network": {"broker": "10.0.0.5", "event": "公开赛"}})
    assert answer["ok"] and answer["saved"]
    assert json.loads((tmp_path / "network.json").read_text(encoding="utf-8"))["event"] == "公开赛"
    assert on_flash(tmp_path)["board"] == 4
    # a power cut after the pair was written whole, before both files were: power-on finishes it
    pair = {"settings": dict(on_flash(tmp_path), board=9), "network": dict(json.loads(
        (tmp_path / "network.json").read_text(encoding="utf-8")), event="决赛")}
    (tmp_path / "settings.json.new").write_text(json.dumps(pair), encoding="utf-8")
    r.power_cut()
    r.power_on()
    assert r.app.values["board"] == 9 and not (tmp_path / "settings.json.new").exists()
    assert json.loads((tmp_path / "network.json").read_text(encoding="utf-8"))["event"] == "决赛"
    assert r.app.act("stage", {"network": {"broker": ""}})["ok"] and not (tmp_path / "network.json").exists()
