"""The hall page in headless Chromium, fed by the hall's own server with states
as clocks send them (no broker needed here: test_hall_live.py does that):
the wall mode with 50 boards on a 1920x1080 screen, a reload that shows every
board at once, alerts clicked to their board and acknowledged, the times as
the clocks' displays show them, round progress, sound."""
import json
import urllib.error
import urllib.request

import pytest

from support.hall_tier import Chromium, free_port
from host_tools.hall.server import Server
from host_tools.hall.state import Hall
import host_tools.firmware_path
from clock.reading import shown

LONG = "欧阳 Alexander-Maximilian 𠮷川 von Hohenzollern-Sigmaringen"


def state(board, **changes):
    s = {"time_ms": 60000, "running": "red", "paused": False, "result": None, "notice": None,
         "red": {"remaining_ms": 3000000, "moves": 10, "flag": False, "flag_at_ms": None, "fouls": 0,
                 "present": True, "period": 1, "repeat_offers": 0, "byoyomi_periods": None},
         "black": {"remaining_ms": 2900000, "moves": 10, "flag": False, "flag_at_ms": None, "fouls": 0,
                   "present": True, "period": 1, "repeat_offers": 0, "byoyomi_periods": None},
         "battery": 80, "fault": 0, "foul_limit": 3, "forfeit_at_ms": None, "board": board, "game": f"g{board}",
         "names": {"red": f"许银川 {board}", "black": f"Black {board}"},
         "clock_id": "%016x" % board, "boot": 1, "sent_ms": 1000}
    for key, value in changes.items():
        side, _, field = key.partition("__")
        if field:
            s[side] = dict(s[side], **{field: value})
        else:
            s[key] = value
    return s


@pytest.fixture
def hall():
    h = Hall("open-2026")
    h.set_broker(True, "connected to the broker at 127.0.0.1:1883")
    server = Server(h, "127.0.0.1", free_port()).start()
    h.url = f"http://127.0.0.1:{server.server_address[1]}/"
    yield h
    server.stop()


def put(hall, s):
    hall.state(str(s["board"]), json.dumps(s, ensure_ascii=False).encode())


def fifty(hall):
    for n in range(1, 51):
        s = state(n)
        if n <= 12:
            s["result"] = {"score": "1-0", "reason": "resign", "winner": "red", "at_ms": 50000}
            s["running"] = None
        elif n > 45:
            s.update(time_ms=0, running=None)  # not started
        if n == 7:
            s["names"]["red"] = LONG
        put(hall, s)


@pytest.fixture
def browser(hall):
    b = Chromium(hall.url)
    b.call("Emulation.setDeviceMetricsOverride", width=1920, height=1080, deviceScaleFactor=1, mobile=False)
    b.wait("document.readyState === 'complete' && typeof clockText === 'function'")
    yield b
    b.close()


def tiles(browser):
    return browser.eval("""[...document.querySelectorAll('.tile')].map(t => {
        const r = t.getBoundingClientRect();
        return {board: t.dataset.board, top: r.top, left: r.left, bottom: r.bottom, right: r.right,
                height: r.height};
    })""")


@pytest.mark.slow  # Chromium
def test_the_wall_mode_fits_50_boards_on_a_1920x1080_screen(hall, browser):
    fifty(hall)
    browser.call("Page.navigate", url=hall.url + "?wall=1")
    browser.wait("document.querySelectorAll('.tile').length === 50 && document.body.classList.contains('wall')")
    browser.wait("document.querySelector('#board-50 .name').textContent !== ''")
    assert browser.eval("[innerWidth, innerHeight]") == [1920, 1080]
    seen = tiles(browser)
    assert len(seen) == 50
    assert all(t["bottom"] <= 1080 and t["right"] <= 1920 and t["top"] >= 0 for t in seen), \
        [t for t in seen if t["bottom"] > 1080][:3]
    assert len({round(t["height"]) for t in seen}) == 1, "tiles of different heights"
    assert min(t["height"] for t in seen) > 100  # big enough to read across a room
    assert browser.eval("document.scrollingElement.scrollHeight <= innerHeight")
    # a long name is cut, and whole on hover
    cut = browser.eval("""(n => [n.scrollWidth > n.clientWidth, n.title])(
        document.querySelector('#board-7 .side.red .name'))""")
    assert cut == [True, f"Red {LONG}"]
    # every tile's time fits (nothing cut in the digits)
    assert browser.eval("""[...document.querySelectorAll('.tile .time')]
        .every(t => t.scrollWidth <= t.clientWidth + 1 && t.getBoundingClientRect().right <=
                    t.closest('.tile').getBoundingClientRect().right)""")
    assert browser.eval("document.getElementById('progress').textContent") == \
        "12 finished · 33 running · 5 not started"


@pytest.mark.slow  # Chromium
def test_a_reload_shows_every_board_within_a_second(hall, browser):
    fifty(hall)
    browser.wait("document.querySelectorAll('.tile').length === 50")
    # when the page first has every board, measured from the start of its navigation
    browser.on_new_document("""
        window.xqclockOnUpdate = () => {
          if (!window.allAt && document.querySelectorAll('.tile').length === 50) window.allAt = performance.now();
        };""")
    for _ in range(3):
        browser.eval("location.reload(); true")
        at = browser.wait("window.allAt")
        assert at < 1000, f"every board on the page {at:.0f} ms after the reload"


@pytest.mark.slow  # Chromium
def test_an_alert_is_clicked_to_its_board_and_acknowledged(hall, browser):
    fifty(hall)
    put(hall, state(31, sent_ms=2000, running=None, result={"score": "0-1", "reason": "time", "winner": "black",
                                                           "at_ms": 60000}, red__flag=True, red__flag_at_ms=60000))
    put(hall, state(40, sent_ms=2000, black__repeat_offers=1))
    chip = "document.querySelector('#alerts .alert[data-board=\"31\"]')"
    text = browser.wait(f"(c => c && c.textContent)({chip})")
    assert "Board 31" in text and "flag fell" in text and "enter the result" in text
    order = browser.eval("[...document.querySelectorAll('#alerts .alert')].map(a => a.dataset.board)")
    assert order == ["31", "40"]  # the flag first: it is urgent
    assert browser.eval("document.querySelector('#alerts .alert[data-board=\"40\"]').textContent") \
        .startswith("Board 40: Black Black 40 offered a draw again (§9.1.3)")
    browser.eval(f"{chip}.querySelector('.text').click()")  # to the board
    assert browser.wait("document.getElementById('board-31').classList.contains('found')")
    browser.eval(f"{chip}.querySelector('button.ack').click()")
    assert browser.wait(f"!{chip}")
    assert browser.eval("document.getElementById('acked').textContent") == "1 acknowledged"
    assert not browser.eval("document.getElementById('board-31').classList.contains('alerting')")
    browser.eval("location.reload(); true")  # this screen remembers
    browser.wait("document.querySelectorAll('.tile').length === 50")
    browser.wait("!!document.querySelector('#alerts .alert[data-board=\"40\"]')")
    assert browser.eval(f"!{chip}")
    # the arbiter enters the result: the flag alert is over for every screen
    put(hall, state(31, sent_ms=3000, running=None, red__flag=True, red__flag_at_ms=60000,
                    result={"score": "1/2-1/2", "reason": "no-win", "winner": None, "at_ms": 90000}))
    browser.wait("document.getElementById('acked').textContent === ''")


@pytest.mark.slow  # Chromium
def test_alerts_first_and_a_beep_for_a_new_one(hall, browser):
    browser.on_new_document("""
        window.beeps = 0;
        const make = AudioContext.prototype.createOscillator;
        AudioContext.prototype.createOscillator = function () { window.beeps++; return make.call(this); };""")
    browser.eval("location.reload(); true")
    fifty(hall)
    browser.wait("document.querySelectorAll('.tile').length === 50")
    browser.eval("document.getElementById('sort').click(); document.getElementById('sound').click()")
    put(hall, state(44, sent_ms=2000, running=None, paused=True,
                    notice="power restored; clocks paused: check the times, then resume"))
    text = browser.wait("(a => a && a.textContent)(document.querySelector('#alerts .alert'))")
    assert text.startswith("Board 44: power restored, clocks paused: check the times and resume")
    browser.wait("window.beeps === 1")
    first = browser.eval("""[...document.querySelectorAll('.tile')].sort((a, b) =>
        a.getBoundingClientRect().top - b.getBoundingClientRect().top ||
        a.getBoundingClientRect().left - b.getBoundingClientRect().left)[0].dataset.board""")
    assert first == "44"
    put(hall, state(45, sent_ms=2000, black__fouls=2))
    browser.wait("document.querySelectorAll('#alerts .alert').length === 2")
    browser.wait("window.beeps === 2")


@pytest.mark.slow  # Chromium
def test_times_read_as_the_clock_shows_them(hall, browser):
    values = [0, 1, 99, 100, 101, 9950, 19900, 19901, 20000, 59001, 600000, 3599001, 3600000, 3600001, 36000000]
    assert browser.eval(f"{json.dumps(values)}.map(clockText)") == [shown(v) for v in values]
    byoyomi = state(1, running="black", red__byoyomi_periods=3, red__period=2,
                    shown={"red": {"ms": 95000, "quota": 0, "block": None},
                           "black": {"ms": 1800000, "quota": 40, "block": None}})
    put(hall, byoyomi)
    put(hall, state(2, running="red", black__period=3,
                    shown={"red": {"ms": 9000, "quota": 0, "block": None},
                           "black": {"ms": 300000, "quota": 0, "block": [3, 10]}}))
    browser.wait("document.querySelectorAll('.tile').length === 2")
    info = browser.eval("[...document.querySelectorAll('#board-1 .info.red, #board-1 .info.black, "
                        "#board-2 .info.black')].map(e => e.textContent)")
    assert info == ["P2 · 10 moves · B3", "P1 · 10/40", "P3 · 10 moves · OT 3/10"]
    assert browser.eval("document.querySelector('#board-1 .side.red .time').textContent") == "1:35"  # not running
    low = browser.wait("(t => t.startsWith('8.') && t)(document.querySelector('#board-2 .side.red .time').textContent)")
    assert low and browser.eval("document.querySelector('#board-2 .side.red').classList.contains('low')")
    browser.wait("!!document.querySelector('#alerts .alert.low')")  # under 10 s: an alert (the hall counts down)


def test_the_server_answers_head_and_a_browser_leaving_early_is_no_traceback(hall, capsys):
    import socket
    import struct
    import threading
    from support.hall_tier import until
    for path in ("/", "/boards.json", "/events", "/hall.js"):
        with urllib.request.urlopen(urllib.request.Request(hall.url.rstrip("/") + path, method="HEAD"),
                                    timeout=5) as r:
            assert r.status == 200 and r.read() == b""
    fifty(hall)
    port = int(hall.url.rsplit(":", 1)[1].strip("/"))
    threads = threading.active_count()
    for request in (b"GET /boards.json HTTP/1.1\r\nHost: x\r\n\r\n", b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n"):
        s = socket.create_connection(("127.0.0.1", port))
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        s.sendall(request)
        s.close()  # gone before the answer: a reset, not a goodbye
    def ended():  # the stream notices when it next writes
        put(hall, state(1, sent_ms=hall.runs["%016x" % 1][1] + 1))
        return threading.active_count() <= threads
    until(ended, 15, "the requests of the browser that left, ended")
    with urllib.request.urlopen(hall.url + "boards.json", timeout=5) as r:
        assert len(json.loads(r.read())["boards"]) == 50
    assert "Traceback" not in capsys.readouterr().err
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(urllib.request.Request(hall.url + "boards.json", data=b"{}", method="POST"),
                               timeout=5)
    assert refused.value.code == 405
    with pytest.raises(urllib.error.HTTPError) as unknown:
        urllib.request.urlopen(urllib.request.Request(hall.url + "identify?board=99", data=b"", method="POST"),
                               timeout=5)
    assert unknown.value.code == 404


# -- issue 29: the timing methods on the page ------------------------------------------------

METHOD_GAMES = {  # board -> a scenario; its state is what that clock would send
    21: "clock 10s;upcount\nat 0 start\nat 1s press red\nend 1m15s\n",  # Black: 1:04 counted, running
    22: "clock 1m;ing 3x1m 2pt\nat 0 start\nend 2m30s\n",  # Red in Ing period 2, 4 points
    23: "clock 5m;hourglass\nat 0 start\nat 10s press red\nend 20s\n",  # Black runs; Red gains
}


@pytest.mark.slow  # Chromium
def test_the_page_shows_an_upcount_ing_points_an_hourglass_and_the_tenths_setting(hall, browser):
    from host_tools import scenario
    for board, text in METHOD_GAMES.items():
        played = json.loads(scenario.play(scenario.parse(text)))
        put(hall, dict(state(board), **{k: played[k] for k in ("time_ms", "running", "red", "black", "hourglass")}))
    put(hall, state(24, running="red", tenths=30000,
                    shown={"red": {"ms": 25000, "quota": 0, "block": None},
                           "black": {"ms": 300000, "quota": 0, "block": None}}))
    browser.wait("document.querySelectorAll('.tile').length === 4")
    tile = "document.getElementById('board-%d')"
    up = browser.eval((tile % 21) + ".querySelector('.side.black .time').textContent")
    assert up.startswith("+1:0"), up  # counting up from 1:04, and on as the page ticks
    assert "counting up" in browser.eval((tile % 21) + ".querySelector('.info.black').textContent")
    assert not browser.eval((tile % 21) + ".querySelector('.side.black').classList.contains('low')")
    ing = browser.eval((tile % 22) + ".querySelector('.info.red').textContent")
    assert "Ing 2 · −4 pt" in ing, ing
    first = browser.eval((tile % 23) + ".querySelector('.side.red .time').textContent")
    later = browser.wait("(t => t !== %s && t)(%s.querySelector('.side.red .time').textContent)"
                         % (json.dumps(first), tile % 23), 30)
    assert first >= "5:00" and later > first, (first, later)  # the waiting side's time rises on the page
    tenths = browser.eval((tile % 24) + ".querySelector('.side.red .time').textContent")
    assert "." in tenths, tenths  # this clock shows tenths under 30 s
    browser.eval("document.getElementById('lang').click()")
    assert "罚4点" in browser.eval((tile % 22) + ".querySelector('.info.red').textContent")
