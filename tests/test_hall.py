"""The hall view end to end: clocks (virtual boards running the firmware and
playing button scripts) publish over MQTT through a real broker (Mosquitto,
or the embedded amqtt of `xqclock hall`), and the page, checked in headless
Chromium as a person sees it: tiles, times ticking, a flag alert. Plus what
the hall makes of messages (alerts, bad input) and the clock's small mark
for a lost connection.
"""
import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from hall_tier import Chromium, Mosquitto, free_port, until, wait_port
from host_tools.board import FIRMWARE, PROFILES
from host_tools.hall.state import BadMessage, Hall, alerts, STALE_MS

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOT = ROOT / "docs" / "screens" / "hall.png"


def state(**changes):
    s = {"time_ms": 60000, "running": "red", "paused": False, "result": None,
         "red": {"remaining_ms": 500000, "moves": 10, "flag": False, "fouls": 0, "present": True},
         "black": {"remaining_ms": 400000, "moves": 10, "flag": False, "fouls": 0, "present": True},
         "battery": 80, "fault": 0, "foul_limit": 3, "forfeit_at_ms": None}
    for key, value in changes.items():
        side, _, field = key.partition("__")
        if field:
            s[side] = dict(s[side], **{field: value})
        else:
            s[key] = value
    return s


def kinds(state_, online=True, age=0):
    return [(a["kind"], a.get("side")) for a in alerts(state_, online, age)]


# -- what the hall makes of a message ------------------------------------------------------

def test_alerts_an_arbiter_acts_on():
    assert kinds(state()) == []
    assert kinds(state(black__flag=True, result={"score": "1-0", "reason": "time"})) == [("flag", "black")]
    late = state(black__present=False, forfeit_at_ms=60000 + 5 * 60000)
    assert kinds(late) == [("late", "black")]
    assert alerts(late, True, 0)[0]["value"] == 300000
    assert kinds(state(black__present=False, forfeit_at_ms=60000 + 5 * 60000 + 1)) == []  # not near yet
    assert kinds(state(red__fouls=1)) == []
    assert kinds(state(red__fouls=2)) == [("fouls", "red")]  # the next foul loses
    assert kinds(state(battery=20)) == [("battery", None)]
    assert kinds(state(battery=None)) == []
    assert kinds(state(fault=2)) == [("fault", None)]
    assert kinds(state(), online=False) == [("offline", None)]  # its last will
    assert kinds(state(), age=STALE_MS + 1) == [("offline", None)]  # running, yet silent
    assert kinds(state(running=None, paused=True), age=10 * STALE_MS) == []  # paused: it has nothing to say


def test_a_message_the_hall_cannot_show_is_named_and_changes_nothing():
    hall = Hall("open")
    hall.state("7", json.dumps(state()).encode())
    for payload, named in ((b"{", "not JSON"), (b"[1]", "not a JSON object"),
                           (json.dumps(state(red__moves="ten")).encode(), "red.moves = 'ten' is not int"),
                           (json.dumps(state(running="blue")).encode(), "running = 'blue'"),
                           (json.dumps({"time_ms": 1}).encode(), "red is missing")):
        with pytest.raises(BadMessage, match=named):
            hall.state("7", payload)
    assert hall.snapshot()["boards"][0]["state"]["red"]["moves"] == 10


def test_boards_come_in_board_order_and_the_stream_sends_only_what_changed():
    hall = Hall("open")
    for board in ("10", "9", "e661a4d41b2d3c2f", "2"):
        hall.state(board, json.dumps(state()).encode())
    assert [b["board"] for b in hall.snapshot()["boards"]] == ["2", "9", "10", "e661a4d41b2d3c2f"]
    seq, changed = hall.since(0, 0)
    assert len(changed) == 4
    hall.online("9", b"0")
    seq2, changed = hall.since(seq, 0)
    assert [b["board"] for b in changed] == ["9"] and changed[0]["alerts"] == [{"kind": "offline"}]
    assert hall.since(seq2, 0) == (seq2, [])


def test_the_clock_marks_a_lost_connection_on_its_screen(tmp_path):
    from host_tools import simulate
    simulate.install()
    from rig import Rig, load_profile
    from device import settings as cfg
    from device.hall import Reporter, check, RETRY_FIRST_MS

    class Mqtt:  # umqtt.simple, with the broker out of reach until `up`
        socket = None
        up = False

        def MQTTClient(self, *args):
            if not self.up:
                raise OSError(113)  # EHOSTUNREACH
            return Client()

    mqtt = Mqtt()
    rig = Rig(load_profile(str(simulate.profile_path("oled"))), dict(cfg.DEFAULTS), str(tmp_path))
    corner = [(x, y) for x in range(124, 127) for y in range(60, 63)]
    rig.run(100)
    assert not any(rig.models[i].pixel(x, y) for i in (0, 1) for x, y in corner)  # no network settings: no mark
    rig.app.hall = Reporter(check({"broker": "10.9.9.9"}), "e661a4d41b2d3c2f", rig.clock, None, mqtt)
    rig.run(100)
    assert all(rig.models[i].pixel(x, y) for i in (0, 1) for x, y in corner), "no mark for the lost connection"
    assert rig.app.faults == 0
    mqtt.up = True
    rig.run(RETRY_FIRST_MS * 2)
    assert not any(rig.models[i].pixel(x, y) for i in (0, 1) for x, y in corner), "the mark stays"


class Client:
    sock = None

    def set_last_will(self, *a):
        pass

    def connect(self):
        pass

    def publish(self, *a):
        pass


# -- the real thing: brokers, boards, the page in Chromium -----------------------------------

def firmware_flash(folder, broker_port, network=None):
    """A virtual board's flash holding the firmware and umqtt (as `xqclock flash`
    leaves it, in source form) and network settings for the broker."""
    from host_tools.board.libs import library_files
    shutil.copytree(FIRMWARE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    libraries, problem = library_files()
    assert not problem, problem
    for rel, path in libraries.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, folder / rel)
    shutil.copy(PROFILES / "oled.json", folder / "profile.json")
    (folder / "network.json").write_text(json.dumps(network or {"broker": "127.0.0.1", "port": broker_port,
                                                                "event": "open"}))
    return folder


@pytest.fixture(params=["embedded", "mosquitto"])
def hall(request, tmp_path):
    """`xqclock hall` as an organiser runs it: (page URL, the broker's port)."""
    http = free_port()
    args = ["--event", "open", "--http", f"127.0.0.1:{http}"]
    mosquitto = None
    if request.param == "mosquitto":
        mosquitto = Mosquitto()
        port = mosquitto.port
        args += ["--broker", f"mqtt://127.0.0.1:{port}"]
    else:
        port = free_port()
        args += ["--mqtt-port", str(port)]
    log = open(tmp_path / "hall.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", *args], cwd=ROOT,
                            stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_port(http, 30)
        wait_port(port, 30)
        yield f"http://127.0.0.1:{http}/", port
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        if mosquitto:
            mosquitto.stop()


def seconds(text):
    m, s = text.split(":")[-2:]
    return int(m) * 60 + int(s)


def boards_json(url):
    with urllib.request.urlopen(url + "boards.json", timeout=5) as r:
        return json.loads(r.read())


@pytest.mark.slow  # real brokers, virtual boards, Chromium
def test_a_state_from_any_mqtt_client_appears_in_boards_json(hall):
    import paho.mqtt.client as mqtt
    url, port = hall
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="any-client")
    c.connect("127.0.0.1", port)
    c.loop_start()
    try:
        sent = state(board=12, names={"red": "Wang", "black": "Lü"})
        c.publish("xqclock/open/12/state", json.dumps(sent), qos=1, retain=True).wait_for_publish(5)
        c.publish("xqclock/other-event/13/state", json.dumps(sent), qos=1).wait_for_publish(5)
        boards = until(lambda: boards_json(url)["boards"], 15, "board 12 in /boards.json")
        assert [b["board"] for b in boards] == ["12"]
        assert boards[0]["state"] == sent and boards[0]["online"]
        c.publish("xqclock/open/12/online", b"0", qos=1, retain=True).wait_for_publish(5)
        until(lambda: boards_json(url)["boards"][0]["alerts"] == [{"kind": "offline"}], 15, "offline alert")
    finally:
        c.loop_stop()
        c.disconnect()
    with pytest.raises(urllib.error.HTTPError) as refused:  # read-only
        urllib.request.urlopen(urllib.request.Request(url + "boards.json", data=b"{}", method="POST"), timeout=5)
    assert refused.value.code == 405


SCRIPTS = {
    "flag": "clock 0:08\nat 1s press start\nend 120s\n",  # Red's 8 s run out: a flag
    "moves": "clock 10m\nat 1s press start\nat 2s press left-lever\nat 3s press right-lever\n"
             "at 4s press left-lever\nat 5s press right-lever\nend 120s\n",
    "ticking": "clock 5m\nat 1s press start\nat 3s press left-lever\nend 120s\n",
}
UIDS = {"flag": "000000000000f1a9", "moves": "0000000000000b0e", "ticking": "0000000000000c0c"}


@pytest.mark.slow  # real brokers, virtual boards, Chromium
def test_three_virtual_boards_playing_live_in_chromium(hall, tmp_path):
    from host_tools.board.virtual import VirtualBoard
    url, port = hall
    boards = []
    browser = None
    try:
        for name, script in SCRIPTS.items():
            folder = firmware_flash(tmp_path / name, port)
            board = VirtualBoard(folder, uid=UIDS[name], announce=False, script=script)
            board.start()
            boards.append(board)
        browser = Chromium(url)
        browser.wait("document.querySelectorAll('.tile').length === 3", 120)
        flag_tile, moves, ticking = (f"document.getElementById('board-{UIDS[n]}')" for n in SCRIPTS)
        # a running clock's time ticks on the page between messages
        browser.wait(f"{ticking}.querySelector('.side.black').classList.contains('running')", 120)
        first = browser.eval(f"{ticking}.querySelector('.side.black .time').textContent")
        later = browser.wait(f"(t => t !== {json.dumps(first)} && t)"
                             f"({ticking}.querySelector('.side.black .time').textContent)", 30)
        assert seconds(later) < seconds(first), (first, later)  # counting down
        # the flag falls on the first board: an alert, and the result in the table
        alert = browser.wait("(a => a && a.textContent)(document.querySelector('#alerts .alert.flag'))", 120)
        assert "Red" in alert and "flag fell" in alert, alert
        assert browser.eval(f"{flag_tile}.querySelector('.result').textContent").startswith("0-1")
        assert browser.eval("document.querySelectorAll('#results tbody tr').length") == 1
        browser.wait(f"{moves}.querySelector('.info.red').textContent.startsWith('2 moves')", 120)
        if os.environ.get("XQCLOCK_HALL_SCREENSHOT"):
            browser.screenshot(SCREENSHOT)
        browser.eval("document.getElementById('lang').click()")
        assert "超时" in browser.eval("document.querySelector('#alerts .alert.flag').textContent")
        assert browser.eval("document.querySelector('#results tbody tr td:last-child').textContent") == "超时"
    finally:
        if browser:
            browser.close()
        for board in boards:
            board.stop()


@pytest.mark.slow  # real brokers, virtual boards, Chromium
def test_flash_and_config_push_make_a_virtual_board_report(tmp_path, monkeypatch):
    """The organiser's path: `xqclock flash` installs umqtt with the firmware,
    `config push --broker --event` writes /network.json, and the clock reports."""
    import paho.mqtt.client as mqtt
    from host_tools.board.virtual import VirtualBoard
    mosquitto = Mosquitto()
    env = dict(os.environ, XQCLOCK_VIRTUAL_BOARDS=str(tmp_path / "boards"), XQCLOCK_USB="0")
    got = []
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="watcher")
    c.on_message = lambda cl, u, m: got.append((m.topic, m.payload))
    c.on_connect = lambda cl, u, f, r, p=None: cl.subscribe("xqclock/#")
    c.connect("127.0.0.1", mosquitto.port)
    c.loop_start()
    try:
        with VirtualBoard(tmp_path / "flash", uid="00000000000000b1", announce=False) as board:
            def xqclock(*args):
                proc = subprocess.run([sys.executable, "-m", "host_tools.cli", *args, "--port", board.path],
                                      cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
                assert proc.returncode == 0, proc.stdout + proc.stderr
                return proc.stdout
            xqclock("flash", "--profile", "oled")
            assert (board.flash / "umqtt" / "simple.mpy").is_file()
            out = xqclock("config", "push", "--broker", f"mqtt://127.0.0.1:{mosquitto.port}", "--event", "round-3")
            assert f"reports to 127.0.0.1:{mosquitto.port}, event round-3" in out
            until(lambda: any(t == "xqclock/round-3/00000000000000b1/state" for t, _ in got), 120,
                  "the board's state on the broker")
            assert ("xqclock/round-3/00000000000000b1/online", b"1") in got
            message = json.loads([p for t, p in got if t.endswith("/state")][-1])
            assert message["clock_id"] == "00000000000000b1" and message["red"]["remaining_ms"] == 3600000
            bad = subprocess.run([sys.executable, "-m", "host_tools.cli", "config", "push", "--port", board.path,
                                  "--event", "a/b"], cwd=ROOT, env=env, capture_output=True, text=True)
            assert bad.returncode == 2 and bad.stderr.strip() == \
                "xqclock: --event must be a name without / + #", bad.stderr
    finally:
        c.loop_stop()
        mosquitto.stop()


@pytest.mark.slow  # real brokers, virtual boards, Chromium
def test_hall_usb_publishes_for_clocks_without_radio_and_never_pauses_them(tmp_path, monkeypatch):
    """A clock set to report over its cable (`config push --broker usb`) plays
    on; `xqclock hall --usb` reads its console lines, sending it nothing, and
    publishes them: the board is on the page, its clock keeps running."""
    from host_tools.board.virtual import VirtualBoard
    registry = tmp_path / "boards"
    monkeypatch.setenv("XQCLOCK_VIRTUAL_BOARDS", str(registry))
    monkeypatch.setenv("XQCLOCK_USB", "0")
    folder = firmware_flash(tmp_path / "usb-clock", 0, {"broker": "usb"})
    script = "clock 10m\nat 1s press start\nat 2s press left-lever\nat 3s press right-lever\nend 120s\n"
    http, port = free_port(), free_port()
    with VirtualBoard(folder, uid="000000000000005b", script=script):
        log = open(tmp_path / "hall.log", "w")
        proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", "--usb", "--event", "open",
                                 "--http", f"127.0.0.1:{http}", "--mqtt-port", str(port)], cwd=ROOT,
                                stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ))
        try:
            wait_port(http, 30)
            url = f"http://127.0.0.1:{http}/"

            def board():
                boards = boards_json(url)["boards"]
                return boards and boards[0]["state"] and boards[0]["state"]["black"]["moves"] == 1 and boards[0]
            first = until(board, 120, "the USB clock on the page after two moves")
            assert first["board"] == "000000000000005b" and first["online"]
            s = first["state"]
            assert s["running"] == "red" and not s["paused"] and s["red"]["moves"] == 1
            later = until(lambda: (b := board()) and b["state"]["time_ms"] > s["time_ms"] and b, 60,
                          "a later state (every 5 s while a clock runs)")
            assert later["state"]["running"] == "red" and not later["state"]["paused"]  # never paused by the read
            assert later["state"]["red"]["remaining_ms"] < s["red"]["remaining_ms"]
        finally:
            proc.terminate()
            proc.wait(10)
            log.close()


# -- issue 29: the timing methods on the page ------------------------------------------------

METHOD_GAMES = {  # board -> a scenario; its JSON is what that clock would send
    "21": "clock 10s;upcount\nat 0 start\nat 1s press red\nend 1m15s\n",  # Black: 1:04 counted, running
    "22": "clock 1m;ing 3x1m 2pt\nat 0 start\nend 2m30s\n",  # Red in Ing period 2, 4 points
    "23": "clock 5m;hourglass\nat 0 start\nat 10s press red\nend 20s\n",  # Black runs; Red gains
}


@pytest.mark.slow  # a real broker and Chromium
def test_the_page_shows_an_upcount_ing_points_and_an_hourglass(hall):
    import paho.mqtt.client as mqtt
    from host_tools import scenario
    url, port = hall
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="methods")
    c.connect("127.0.0.1", port)
    c.loop_start()
    browser = None
    try:
        for board, text in METHOD_GAMES.items():
            sent = json.loads(scenario.play(scenario.parse(text)))
            sent["board"] = int(board)
            c.publish("xqclock/open/%s/state" % board, json.dumps(sent), qos=1, retain=True).wait_for_publish(5)
        browser = Chromium(url)
        browser.wait("document.querySelectorAll('.tile').length === 3", 60)
        tile = "document.getElementById('board-%s')"
        up = browser.eval((tile % 21) + ".querySelector('.side.black .time').textContent")
        assert up.startswith("+1:0"), up  # counting up from 1:04 (and on, as the page ticks)
        assert "counting up" in browser.eval((tile % 21) + ".querySelector('.info.black').textContent")
        ing = browser.eval((tile % 22) + ".querySelector('.info.red').textContent")
        assert "Ing 2 · −4 pt" in ing, ing
        first = browser.eval((tile % 23) + ".querySelector('.side.red .time').textContent")
        assert seconds(first) >= 5 * 60, first  # 4:50, and the 10 s Black has run since (or more)
        later = browser.wait("(t => t !== %s && t)(%s.querySelector('.side.red .time').textContent)"
                             % (json.dumps(first), tile % 23), 30)
        assert seconds(later) > seconds(first)  # the waiting side's time rises on the page
        browser.eval("document.getElementById('lang').click()")
        assert "罚4点" in browser.eval((tile % 22) + ".querySelector('.info.red').textContent")
    finally:
        if browser:
            browser.close()
        c.loop_stop()
        c.disconnect()
