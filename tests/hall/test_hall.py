"""What the hall makes of the messages it gets: the alerts an arbiter acts on,
bad input named, a state taken only with its clock's tag and only if newer
than the last, another event's topics never shown, refusals in the log with
the board named; and the clock's small mark for a lost connection. The real
brokers, virtual boards and Chromium: test_hall_live.py, test_hall_page.py."""
import json

import pytest

from host_tools.hall.state import BadMessage, Hall, alerts, STALE_MS


def state(**changes):
    s = {"time_ms": 60000, "running": "red", "paused": False, "result": None,
         "red": {"remaining_ms": 500000, "moves": 10, "flag": False, "fouls": 0, "present": True, "period": 1},
         "black": {"remaining_ms": 400000, "moves": 10, "flag": False, "fouls": 0, "present": True, "period": 1},
         "battery": 80, "fault": 0, "foul_limit": 3, "forfeit_at_ms": None, "board": 7, "game": "g1",
         "clock_id": "e661a4d41b2d3c2f", "boot": 1, "sent_ms": 1000}
    for key, value in changes.items():
        side, _, field = key.partition("__")
        if field:
            s[side] = dict(s[side], **{field: value})
        else:
            s[key] = value
    return s


def kinds(state_, online=True, age=0):
    return [(a["kind"], a.get("side")) for a in alerts(state_, online, age)]


@pytest.fixture
def event(tmp_path, monkeypatch):
    """The event "open"'s secrets, in this test's own config folder."""
    from host_tools.hall import keys
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return keys.load("open")


def signed(event_keys, s, topic=None):
    """A state as its clock sends it: its JSON, tagged with the clock's key (device/hall.py)."""
    from device.hall import key_pads, tagged
    topic = topic or f"xqclock/{event_keys.name}/{s.get('board') or s['clock_id']}/state"
    pads = key_pads(event_keys.clock_key(s["clock_id"]).hex())
    return topic, tagged(pads, topic.encode(), json.dumps(s, ensure_ascii=False).encode())


class Msg:
    def __init__(self, topic, payload):
        self.topic, self.payload = topic, payload


def listener(event_keys, lines=None):
    """A hall and its Listener (not connected: messages handed to it as paho would)."""
    from host_tools.hall.listen import Listener
    hall = Hall(event_keys.name, log=(lines if lines is not None else []).append)
    return hall, Listener(hall, {"host": "127.0.0.1", "port": 1, "user": "u", "password": "p"}, event_keys)


# -- what the hall makes of a message ------------------------------------------------------

def test_alerts_an_arbiter_acts_on():
    assert kinds(state()) == []
    by_clock = {"score": "1-0", "reason": "time", "winner": "red", "at_ms": 60000}
    assert kinds(state(black__flag=True, result=by_clock)) == [("flag", "black")]
    entered = dict(by_clock, reason="no-win", score="1/2-1/2", winner=None)  # the arbiter's result (§22.5)
    assert kinds(state(black__flag=True, result=entered)) == [], "the flag alert outlived the result"
    late = state(black__present=False, forfeit_at_ms=60000 + 5 * 60000)
    assert kinds(late) == [("late", "black")]
    assert alerts(late, True, 0)[0]["value"] == 300000
    assert kinds(state(black__present=False, forfeit_at_ms=60000 + 5 * 60000 + 1)) == []  # not near yet
    assert kinds(state(red__fouls=1)) == []
    assert kinds(state(red__fouls=2)) == [("fouls", "red")]  # the next foul loses
    assert kinds(state(black__repeat_offers=1)) == [("offer", "black")]  # §9.1.3
    assert kinds(state(battery=20)) == [("battery", None)]
    assert kinds(state(battery=None)) == []
    assert kinds(state(fault=2)) == [("fault", None)]
    restored = state(running=None, paused=True, notice="power restored; clocks paused: check the times, then resume")
    assert kinds(restored) == [("restored", None)]
    assert kinds(state(running=None, notice="power restored")) == []  # a game not started: nothing to check
    assert kinds(state(), online=False) == [("offline", None)]  # its last will
    assert kinds(state(), age=STALE_MS + 1) == [("offline", None)]  # running, yet silent
    assert kinds(state(running=None, paused=True), age=10 * STALE_MS) == []  # paused: it has nothing to say


def test_a_clock_under_10_s_is_an_alert_as_its_display_shows_it():
    byoyomi = state(red__remaining_ms=8000, shown={"red": {"ms": 38000}, "black": {"ms": 400000}})
    assert kinds(byoyomi) == []  # 8 s of this period, and a period of 30 s to come: 38 s shown
    assert kinds(state(red__remaining_ms=10000)) == []
    assert kinds(state(red__remaining_ms=10000), age=1) == [("low", "red")]  # the hall counts down between messages
    assert kinds(state(black__remaining_ms=5000)) == []  # Black's clock is not running
    assert kinds(state(red__remaining_ms=5000, paused=True)) == []


def test_an_alert_s_id_tells_it_from_the_next_of_its_kind():
    first = alerts(state(red__fouls=2), True, 0)[0]["id"]
    assert alerts(state(red__fouls=2), True, 0)[0]["id"] == first
    assert alerts(state(red__fouls=3, foul_limit=4), True, 0)[0]["id"] != first  # a new foul: a new alert
    assert alerts(state(red__fouls=2, game="g2"), True, 0)[0]["id"] != first  # the next game on the board


def test_a_message_the_hall_cannot_show_is_named_and_changes_nothing():
    hall = Hall("open")
    hall.state("7", json.dumps(state()).encode())
    for payload, named in ((b"{", "not JSON"), (b"[1]", "not a JSON object"),
                           (json.dumps(state(red__moves="ten")).encode(), "red.moves = 'ten' is not int"),
                           (json.dumps(state(running="blue")).encode(), "running = 'blue'"),
                           (json.dumps({"time_ms": 1}).encode(), "red is missing"),
                           (json.dumps(state(board=8, sent_ms=2000)).encode(), "board 8's, sent as board 7's")):
        with pytest.raises(BadMessage, match=named):
            hall.state("7", payload)
    assert hall.snapshot()["boards"][0]["state"]["red"]["moves"] == 10


def test_boards_come_in_board_order_and_the_stream_sends_only_what_changed():
    hall = Hall("open")
    for board in ("10", "9", "e661a4d41b2d3c2f", "2"):
        s = state(board=int(board)) if board.isdigit() else state(board=None)
        hall.state(board, json.dumps(dict(s, clock_id=board if not board.isdigit() else "c" + board)).encode())
    assert [b["board"] for b in hall.snapshot()["boards"]] == ["2", "9", "10", "e661a4d41b2d3c2f"]
    seq, message = hall.since(0, 0)
    assert len(message["boards"]) == 4
    hall.online("9", b"0")
    seq2, message = hall.since(seq, 0)
    assert [b["board"] for b in message["boards"]] == ["9"]
    assert [a["kind"] for a in message["boards"][0]["alerts"]] == ["offline"]
    assert hall.since(seq2, 0) == (seq2, None)


def test_only_a_state_with_its_clock_s_tag_reaches_the_page(event):
    lines = []
    hall, listen = listener(event, lines)
    topic, payload = signed(event, state())
    listen._message(None, None, Msg(topic, payload))
    assert hall.snapshot()["boards"][0]["state"]["red"]["moves"] == 10
    forged = state(red__moves=11, sent_ms=2000, result={"score": "0-1", "reason": "resign"})
    for t, p, why in (
            (topic, json.dumps(forged).encode(), "no tag"),
            (topic, payload.replace(b'"moves": 10', b'"moves": 11', 1), "not clock e661a4d41b2d3c2f's"),
            (topic, signed(event, forged)[1][:-3] + b'00"}', "not clock e661a4d41b2d3c2f's"),
            ("xqclock/open/8/state", signed(event, forged)[1], "not clock"),  # moved to another board's topic
            (topic, signed(_other_event(event), forged)[1], "not clock")):  # another event's key
        listen._message(None, None, Msg(t, p))
        assert lines and why in lines[-1], (why, lines)  # (the same reason again: not a new line)
    assert hall.rejected == 5
    assert lines[0].startswith("board 7: refused a state: no tag") and any(x.startswith("board 8:") for x in lines)
    assert hall.snapshot()["boards"][0]["state"]["red"]["moves"] == 10  # nothing forged on the page
    assert [b["board"] for b in hall.snapshot()["boards"]] == ["7"]
    assert all(event.clock_password not in line and event.secret.hex() not in line for line in lines)


def _other_event(event):
    from host_tools.hall import keys
    return keys.Event(event.name, "x", "y", bytes(32))


def test_another_event_s_topics_are_never_shown(event):
    hall, listen = listener(event)
    for topic in ("xqclock/other/7/state", "xqclock/open/7/state/x", "nothing/open/7/state", "xqclock/open/7/onlin"):
        listen._message(None, None, Msg(topic, signed(event, state(), topic)[1]))
    listen._message(None, None, Msg("xqclock/other/7/online", b"0"))
    assert hall.snapshot()["boards"] == [] and hall.rejected == 0


def test_an_older_state_sent_again_is_refused_and_a_copy_of_the_last_is_no_news(event):
    lines = []
    hall, listen = listener(event, lines)
    first = signed(event, state(sent_ms=1000))
    later = signed(event, state(sent_ms=6000, red__moves=11))
    for msg in (first, later, later):  # the broker's retained copy comes again on a reconnect
        listen._message(None, None, Msg(*msg))
    assert hall.messages == 2 and hall.rejected == 0
    listen._message(None, None, Msg(*first))  # recorded off the air and sent again
    assert hall.rejected == 1 and "older state" in lines[-1]
    assert hall.snapshot()["boards"][0]["state"]["red"]["moves"] == 11
    listen._message(None, None, Msg(*signed(event, state(boot=2, sent_ms=5))))  # the clock restarted
    assert hall.messages == 3
    listen._message(None, None, Msg(*signed(event, state(boot=3, sent_ms=(1 << 30) - 10))))
    listen._message(None, None, Msg(*signed(event, state(boot=3, sent_ms=20))))  # ticks_ms wraps at 2**30
    assert hall.messages == 5 and hall.rejected == 1, lines


def test_a_flood_of_refused_states_is_a_line_now_and_then_not_a_line_each(event):
    lines = []
    hall, listen = listener(event, lines)
    now = [1000.0]
    hall.clock = lambda: now[0]
    for i in range(500):
        listen._message(None, None, Msg("xqclock/open/7/state", json.dumps(state(sent_ms=i)).encode()))
    assert hall.rejected == 500 and len(lines) == 1
    now[0] += 31
    listen._message(None, None, Msg("xqclock/open/7/state", b"{}"))
    listen._message(None, None, Msg("xqclock/open/7/state", json.dumps(state()).encode()))
    assert len(lines) == 2 and lines[-1].endswith("(499 more like it since)")
    listen._message(None, None, Msg("xqclock/open/8/state", b"{}"))  # another board: its own line
    assert len(lines) == 3


def test_the_clock_marks_a_lost_connection_on_its_screen(tmp_path):
    from support.rigs import rig as make_rig
    from device.clockstate import of
    from device.hall import Reporter, check, RETRY_FIRST_MS

    class Mqtt:  # umqtt.simple, with the broker out of reach until `up`
        socket = None
        up = False

        def MQTTClient(self, *args):
            if not self.up:
                raise OSError(113)  # EHOSTUNREACH
            return Client()

    mqtt = Mqtt()
    rig = make_rig(tmp_path)
    corner = [(x, y) for x in range(124, 127) for y in range(60, 63)]
    rig.run(100)
    assert not any(rig.models[i].pixel(x, y) for i in (0, 1) for x, y in corner)  # no network settings: no mark
    rig.app.hall = Reporter(check({"broker": "10.9.9.9"}), "e661a4d41b2d3c2f", rig.clock, None, mqtt)
    of(rig.app)  # the state it reads, as the power-on makes it
    rig.run(100)
    assert all(rig.models[i].pixel(x, y) for i in (0, 1) for x, y in corner), "no mark for the lost connection"
    assert rig.app.faults == 0
    mqtt.up = True
    rig.run(RETRY_FIRST_MS * 2)
    assert not any(rig.models[i].pixel(x, y) for i in (0, 1) for x, y in corner), "the mark stays"


class Socket:  # beneath umqtt's client: the Reporter writes each state to it, a packet at once
    def write(self, buf, off, n):
        return n

    def close(self):
        pass


class Client:
    sock = Socket()

    def set_last_will(self, *a):
        pass

    def connect(self):
        pass

    def publish(self, *a):
        pass


def test_a_message_nested_beyond_the_limits_is_refused_not_a_crash(event):
    """A state nested 100,000 deep, tagged or not: refused like any bad message
    (json's RecursionError would have ended paho's network loop: no state after it)."""
    from device.hall import TAG
    deep = b"[" * 100000 + b"1" + b"]" * 100000
    lines = []
    hall, listen = listener(event, lines)
    listen._message(None, None, Msg("xqclock/open/7/state", deep + (TAG % ("0" * 64)).encode()))
    assert hall.rejected == 1 and "no clock_id" in lines[-1]
    with pytest.raises(BadMessage, match="not JSON"):
        hall.state("7", deep)
