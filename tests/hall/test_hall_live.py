"""The hall end to end, as an organiser runs it: `xqclock hall` with the
embedded broker or Mosquitto (set up by `xqclock broker-config`), clocks that
are virtual boards running the firmware and playing button scripts, set up by
`xqclock flash` and `config push`, and the page in headless Chromium. Two
events on one broker each see only their own boards; a client without an
account is refused, one with the event's password but no clock's key gets
nothing onto the page (the hall's log names the board); a broker out of reach
shows on the page; Identify reaches a clock."""
import json
import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

from support.hall_tier import Chromium, Mosquitto, certificate, free_port, until, wait_port
from host_tools.board import FIRMWARE, PROFILES
from host_tools.hall import keys

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT = ROOT / "docs" / "screens" / "hall.png"
EVENTS = ("open", "许银川杯")

pytestmark = pytest.mark.slow  # real brokers, virtual boards, Chromium


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    """The events' secrets in this test's own folder (the hall, push and the test share it)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return {e: keys.load(e) for e in EVENTS}


class HallProcess:
    """`xqclock hall` in its own process: .url (the page), .log() (what it said)."""

    def __init__(self, folder, event, *args, env=None):
        self.http = free_port()
        self.path = Path(folder) / f"hall-{keys.path_of(event).stem}.log"
        self.out = open(self.path, "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "host_tools.cli", "hall", "--event", event,
                                      "--http", f"127.0.0.1:{self.http}", *args], cwd=ROOT,
                                     stdout=self.out, stderr=subprocess.STDOUT, env=env or dict(os.environ))
        wait_port(self.http, 30)
        self.url = f"http://127.0.0.1:{self.http}/"

    def log(self):
        return self.path.read_text()

    def boards(self):
        return boards_json(self.url)["boards"]

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.out.close()


@pytest.fixture(params=["embedded", "mosquitto"])
def halls(request, tmp_path, config):
    """start(event) -> a HallProcess of that event, all on one broker; (start, broker port)."""
    started = []
    mosquitto = Mosquitto(EVENTS) if request.param == "mosquitto" else None
    port = mosquitto.port if mosquitto else free_port()

    def start(event):
        if mosquitto or started:  # the first hall runs the embedded broker, the others use it
            h = HallProcess(tmp_path, event, "--broker", f"mqtt://127.0.0.1:{port}")
        else:
            h = HallProcess(tmp_path, event, "--mqtt", f"127.0.0.1:{port}")
            wait_port(port, 30)
        started.append(h)
        return h
    yield start, port
    for h in started:
        h.stop()
    if mosquitto:
        mosquitto.stop()


def boards_json(url):
    with urllib.request.urlopen(url + "boards.json", timeout=5) as r:
        return json.loads(r.read())


def client(port, user=None, password=None):
    """A paho client connected (or refused: .refused); publish() waits for the broker."""
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"test-{free_port()}")
    answer = []
    c.on_connect = lambda cl, u, f, reason, p=None: answer.append(reason)
    if user:
        c.username_pw_set(user, password)
    c.connect("127.0.0.1", port)
    c.loop_start()
    until(lambda: answer, 15, "the CONNACK")
    c.refused = answer[0].is_failure
    return c


def state(board, event_keys, sent_ms=1000, **more):
    """A state as the firmware sends it for a board, tagged with its clock's key (device/hall.py)."""
    from device.hall import key_pads, tagged
    s = {"time_ms": 60000, "running": "red", "paused": False, "result": None, "notice": None,
         "red": {"remaining_ms": 500000, "moves": 10, "flag": False, "fouls": 0, "present": True},
         "black": {"remaining_ms": 400000, "moves": 10, "flag": False, "fouls": 0, "present": True},
         "board": board, "names": {"red": "许银川", "black": "𠮷川"}, "battery": 80, "fault": 0,
         "clock_id": "%016x" % board, "boot": 7, "sent_ms": sent_ms, "forfeit_at_ms": None, "foul_limit": 3}
    s.update(more)
    topic = f"xqclock/{event_keys.name}/{board}/state"
    text = json.dumps(s, ensure_ascii=False)
    return topic, tagged(key_pads(event_keys.clock_key(s["clock_id"]).hex()), topic.encode(), text.encode()), s


def test_two_events_on_one_broker_and_only_clocks_write(halls, config):
    start, port = halls
    open_, other = config["open"], config[EVENTS[1]]
    hall_a, hall_b = start("open"), start(EVENTS[1])
    until(lambda: boards_json(hall_a.url)["broker"]["up"] and boards_json(hall_b.url)["broker"]["up"], 30,
          "both halls connected")
    assert client(port).refused, "a client without an account got in"
    assert client(port, open_.clock_user, "guess").refused
    clock_a = client(port, open_.clock_user, open_.clock_password)
    clock_b = client(port, other.clock_user, other.clock_password)
    topic, payload, sent = state(12, open_)
    clock_a.publish(topic, payload, qos=1, retain=True).wait_for_publish(5)
    topic_b, payload_b, _ = state(3, other)
    clock_b.publish(topic_b, payload_b, qos=1, retain=True).wait_for_publish(5)
    until(lambda: hall_a.boards() and hall_b.boards(), 15, "each hall's board")
    # the event's password without a clock's key: a state, a result, a copy of a real state moved to
    # another board; none reaches the page, each is in the hall's log with its board
    forged = json.dumps(dict(sent, sent_ms=2000, result={"score": "0-1", "reason": "resign"})).encode()
    clock_a.publish("xqclock/open/12/state", forged, qos=1, retain=True).wait_for_publish(5)
    clock_a.publish("xqclock/open/5/state", payload, qos=1, retain=True).wait_for_publish(5)
    _, fake, _ = state(12, keys.Event("open", "x", "y", bytes(32)), sent_ms=3000,
                       result={"score": "0-1", "reason": "resign"})
    clock_a.publish("xqclock/open/12/state", fake, qos=1, retain=True).wait_for_publish(5)
    until(lambda: hall_a.log().count("refused a state") >= 3, 15, "the refusals in the hall's log")
    log = hall_a.log()
    assert "board 12: refused a state: no tag" in log
    assert "board 5: refused a state: the tag is not clock 000000000000000c's" in log
    assert "board 12: refused a state: the tag is not clock 000000000000000c's" in log
    for secret in (open_.clock_password, open_.hall_password, open_.secret.hex(), open_.clock_key("x").hex()):
        assert secret not in log
    a = hall_a.boards()
    assert [b["board"] for b in a] == ["12"] and a[0]["state"]["result"] is None
    assert a[0]["state"]["names"] == {"red": "许银川", "black": "𠮷川"}
    assert [b["board"] for b in hall_b.boards()] == ["3"]
    assert boards_json(hall_a.url)["rejected"] == 3 and boards_json(hall_b.url)["rejected"] == 0
    clock_a.publish("xqclock/open/12/online", b"0", qos=1, retain=True).wait_for_publish(5)
    until(lambda: [x["kind"] for x in hall_a.boards()[0]["alerts"]] == ["offline"], 15, "offline alert")
    for c in (clock_a, clock_b):
        c.loop_stop()
        c.disconnect()


def test_a_broker_out_of_reach_shows_on_the_page(tmp_path):
    nowhere = HallProcess(tmp_path, "open", "--broker", f"mqtt://127.0.0.1:{free_port()}")  # a mistyped port
    try:
        broker = until(lambda: (b := boards_json(nowhere.url)["broker"]) and "cannot reach" in b["text"] and b,
                       15, "the page saying so")
        assert not broker["up"] and broker["text"].startswith("cannot reach the broker at 127.0.0.1:")
    finally:
        nowhere.stop()
    mosquitto = Mosquitto(EVENTS)
    lost = HallProcess(tmp_path, "open", "--broker", f"mqtt://127.0.0.1:{mosquitto.port}")
    try:
        until(lambda: boards_json(lost.url)["broker"]["up"], 30, "connected")
        mosquitto.stop()  # the broker's machine goes away
        broker = until(lambda: (b := boards_json(lost.url)["broker"]) and not b["up"] and b, 15, "lost")
        assert "the broker at 127.0.0.1" in broker["text"]
        assert "Traceback" not in lost.log()
    finally:
        lost.stop()


def test_a_broker_that_never_answers_shows_on_the_page(config):
    import socket
    from host_tools.hall.listen import Listener
    from host_tools.hall.state import Hall
    silent = socket.socket()  # takes the connection, says nothing: a machine that is not a broker
    silent.bind(("127.0.0.1", 0))
    silent.listen(4)
    hall = Hall("open", log=lambda text: None)
    listener = Listener(hall, {"host": "127.0.0.1", "port": silent.getsockname()[1], "user": "u",
                               "password": "p"}, config["open"]).start()
    try:
        assert not hall.broker["up"] and hall.broker["text"].startswith("connecting to the broker at")
        until(lambda: "no answer from the broker at 127.0.0.1" in hall.broker["text"], 15, "the page saying so")
    finally:
        listener.stop()
        silent.close()


def firmware_flash(folder, network):
    """A virtual board's flash holding the firmware and umqtt (as `xqclock flash`
    leaves it, in source form) and network settings."""
    from host_tools.board.libs import library_files
    shutil.copytree(FIRMWARE, folder, ignore=shutil.ignore_patterns("__pycache__"))
    libraries, problem = library_files()
    assert not problem, problem
    for rel, path in libraries.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, folder / rel)
    shutil.copy(PROFILES / "oled.json", folder / "profile.json")
    (folder / "network.json").write_text(json.dumps(network))
    return folder


def pushed(uid, **network):
    """/network.json as `config push` writes it for the clock uid (its account and key)."""
    from device.hall import check
    from host_tools.network import clock_network
    return clock_network(check(dict({"event": "open"}, **network)), False, uid)


SCRIPTS = {
    "flag": "clock 0:08\nat 1s press start\nend 120s\n",  # Red's 8 s run out: a flag
    "moves": "clock 10m\nat 1s press start\nat 2s press left-lever\nat 3s press right-lever\n"
             "at 4s press left-lever\nat 5s press right-lever\nend 120s\n",
    "ticking": "clock 5m\nat 1s press start\nat 3s press left-lever\nend 120s\n",
}
UIDS = {"flag": "000000000000f1a9", "moves": "0000000000000b0e", "ticking": "0000000000000c0c"}


def seconds(text):
    m, s = text.split(":")[-2:]
    return int(m) * 60 + int(s)


def test_three_virtual_boards_playing_live_in_chromium(halls, tmp_path):
    from host_tools.board.live import LiveClock
    from host_tools.board.virtual import VirtualBoard
    start, port = halls
    hall = start("open")
    boards = []
    browser = None
    try:
        for name, script in SCRIPTS.items():
            folder = firmware_flash(tmp_path / name, pushed(UIDS[name], broker="127.0.0.1", port=port))
            board = VirtualBoard(folder, uid=UIDS[name], announce=False, script=script)
            board.start()
            boards.append(board)
        browser = Chromium(hall.url)
        browser.wait("document.querySelectorAll('.tile').length === 3", 120)
        flag_tile, moves, ticking = (f"document.getElementById('board-{UIDS[n]}')" for n in SCRIPTS)
        # a running clock's time ticks on the page between messages
        browser.wait(f"{ticking}.querySelector('.side.black').classList.contains('running')", 120)
        first = browser.eval(f"{ticking}.querySelector('.side.black .time').textContent")
        later = browser.wait(f"(t => t !== {json.dumps(first)} && t)"
                             f"({ticking}.querySelector('.side.black .time').textContent)", 30)
        assert seconds(later) < seconds(first), (first, later)  # counting down
        # the flag falls on the first board: an alert (until the arbiter enters the result), the result
        alert = browser.wait("(a => a && a.textContent)(document.querySelector('#alerts .alert.flag'))", 120)
        assert "Red" in alert and "flag fell" in alert, alert
        assert browser.eval(f"{flag_tile}.querySelector('.result').textContent").startswith("0-1")
        assert browser.eval("document.querySelectorAll('#results tbody tr').length") == 1
        browser.wait(f"{moves}.querySelector('.info.red').textContent.startsWith('2 moves')", 120)
        assert browser.eval("document.getElementById('progress').textContent") == \
            "1 finished · 2 running · 0 not started"
        if os.environ.get("XQCLOCK_HALL_SCREENSHOT"):
            browser.screenshot(SCREENSHOT)
        # Identify, from the page, on the clock whose game is over
        browser.eval(f"{flag_tile}.querySelector('button.identify').click()")
        with LiveClock(boards[0].path) as clock:
            until(lambda: clock.info()["identifying"], 30, "the clock identifying itself")
        browser.eval("document.getElementById('lang').click()")
        assert "超时" in browser.eval("document.querySelector('#alerts .alert.flag').textContent")
        assert browser.eval("document.querySelector('#results tbody tr td:last-child').textContent") == "超时"
        assert "refused" not in hall.log()
    finally:
        if browser:
            browser.close()
        for board in boards:
            board.stop()


def test_flash_and_config_push_make_a_virtual_board_report(tmp_path, config):
    """The organiser's path: `xqclock flash` installs umqtt with the firmware,
    `config push --broker --event` gives the clock the event's account and its
    key, and the clock reports; `config show` never shows a secret; `identify`
    makes it beep and show its number."""
    from host_tools.board.virtual import VirtualBoard
    event = keys.load("round-3")
    mosquitto = Mosquitto(("round-3",))
    env = dict(os.environ, XQCLOCK_VIRTUAL_BOARDS=str(tmp_path / "boards"), XQCLOCK_USB="0")
    got = []
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="watcher")
    c.username_pw_set(event.hall_user, event.hall_password)
    c.on_message = lambda cl, u, m: got.append((m.topic, m.payload))
    c.on_connect = lambda cl, u, f, r, p=None: cl.subscribe("xqclock/round-3/+/+")
    c.connect("127.0.0.1", mosquitto.port)
    c.loop_start()
    try:
        with VirtualBoard(tmp_path / "flash", uid="00000000000000b1", announce=False) as board:
            def xqclock(*args):
                proc = subprocess.run([sys.executable, "-m", "host_tools.cli", *args, "--port", board.path],
                                      cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
                assert proc.returncode == 0, proc.stdout + proc.stderr
                return proc.stdout + proc.stderr
            xqclock("flash", "--profile", "oled")
            assert (board.flash / "umqtt" / "simple.mpy").is_file()
            out = xqclock("config", "push", "--broker", f"mqtt://127.0.0.1:{mosquitto.port}", "--event", "round-3",
                          "--board", "9")
            assert f"reports to 127.0.0.1:{mosquitto.port}, event round-3" in out
            network = json.loads((board.flash / "network.json").read_text())
            assert network["user"] == "clock.round-3" and network["password"] == event.clock_password
            assert network["key"] == event.clock_key("00000000000000b1").hex()
            until(lambda: any(t == "xqclock/round-3/9/state" for t, _ in got), 120, "the board's state")
            assert ("xqclock/round-3/9/online", b"1") in got
            message = [p for t, p in got if t.endswith("/state")][-1]
            checked = keys.check_tag(event, "xqclock/round-3/9/state", message)  # the clock's own tag
            state = json.loads(checked)
            assert state["clock_id"] == "00000000000000b1" and state["red"]["remaining_ms"] == 3600000
            shown = xqclock("config", "show", "--json") + xqclock("config", "show")
            assert "key set" in shown and '"key": "set"' in shown
            for secret in (network["key"], network["password"]):
                assert secret not in shown
            assert "beeps and shows board 9" in xqclock("identify")
            bad = subprocess.run([sys.executable, "-m", "host_tools.cli", "config", "push", "--port", board.path,
                                  "--event", "a/b"], cwd=ROOT, env=env, capture_output=True, text=True)
            assert bad.returncode == 2 and bad.stderr.strip() == \
                "xqclock: --event must be a name without spaces, control characters or / + # :", bad.stderr
    finally:
        c.loop_stop()
        mosquitto.stop()


def test_hall_usb_publishes_for_clocks_without_radio_and_never_pauses_them(tmp_path, monkeypatch):
    """A clock set to report over its cable (`config push --broker usb`) plays
    on; `xqclock hall --usb` reads its console lines, sending it nothing, and
    publishes them: the board is on the page, its clock keeps running."""
    from host_tools.board.virtual import VirtualBoard
    registry = tmp_path / "boards"
    monkeypatch.setenv("XQCLOCK_VIRTUAL_BOARDS", str(registry))
    monkeypatch.setenv("XQCLOCK_USB", "0")
    folder = firmware_flash(tmp_path / "usb-clock", pushed("000000000000005b", broker="usb"))
    script = "clock 10m\nat 1s press start\nat 2s press left-lever\nat 3s press right-lever\nend 120s\n"
    with VirtualBoard(folder, uid="000000000000005b", script=script):
        hall = HallProcess(tmp_path, "open", "--usb", "--mqtt", f"127.0.0.1:{free_port()}")
        try:
            def board():
                boards = hall.boards()
                return boards and boards[0]["state"] and boards[0]["state"]["black"]["moves"] == 1 and boards[0]
            first = until(board, 120, "the USB clock on the page after two moves")
            assert first["board"] == "000000000000005b" and first["online"]
            s = first["state"]
            assert s["running"] == "red" and not s["paused"] and s["red"]["moves"] == 1
            later = until(lambda: (b := board()) and b["state"]["time_ms"] > s["time_ms"] and b, 60,
                          "a later state (every 5 s while a clock runs)")
            assert later["state"]["running"] == "red" and not later["state"]["paused"]  # never paused by the read
            assert later["state"]["red"]["remaining_ms"] < s["red"]["remaining_ms"]
            assert "refused" not in hall.log()
        finally:
            hall.stop()


def test_a_clock_reports_over_tls_and_checks_the_broker_s_certificate(tmp_path):
    """MicroPython's own ssl (mbedTLS, as on a Pico W) with the CA `config push --ca` gives."""
    from host_tools.board.virtual import VirtualBoard
    cert, key = certificate(tmp_path)
    port = free_port()
    hall = HallProcess(tmp_path, "open", "--mqtt", f"127.0.0.1:{port}", "--tls-cert", cert, "--tls-key", key)
    from host_tools.network import network_from
    ca = network_from(ca=cert)["ca"]
    network = pushed("00000000000007e5", broker="127.0.0.1", port=port, tls=True, ca=ca)
    folder = firmware_flash(tmp_path / "tls-clock", network)
    try:
        with VirtualBoard(folder, uid="00000000000007e5", announce=False,
                          script="clock 10m\nat 1s press start\nend 120s\n"):
            board = until(lambda: (b := hall.boards()) and b[0]["state"] and b[0], 120, "the clock's state over TLS")
            assert board["board"] == "00000000000007e5" and board["state"]["clock_id"] == "00000000000007e5"
        assert "refused" not in hall.log()
    finally:
        hall.stop()
