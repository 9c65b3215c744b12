# The clock's reports to the hall (device/hall.py) against a stand-in for
# umqtt.simple that records what would go out, or fails as a broker that is
# down does: what is published and when, the last will, retries that back
# off, a lost connection, the bytes of every state as the code before issue
# 31 wrote them, and no allocation in a step, one that publishes too.
import json

from support.firmware import (PicoClock, PERIOD, can_lock_heap, needs_heap_lock, without_allocating, raises,
                              scratch)
from clock import events as ev
from clock import snapshot
from clock.game import UNSET
from clock.names import REASONS, SIDE_NAMES, score
from clock import utf8
from clock import tablestart
from device import hall
from device import settings as cfg
from device.screens import available_ms, quota


def _wire(s):
    """The bytes a socket's write sends for s (a str goes out as UTF-8)."""
    return s.encode() if isinstance(s, str) else bytes(s)


def packet(p):
    """(topic, payload, retain) of an MQTT PUBLISH packet of QoS 0 (bytes), checked whole."""
    assert p[0] & 0xF6 == 0x30, p[:4]  # PUBLISH, QoS 0, not a duplicate
    n = shift = 0
    i = 1
    while True:  # the remaining length
        n |= (p[i] & 0x7F) << shift
        shift += 7
        i += 1
        if not p[i - 1] & 0x80:
            break
    assert i == 2 or n >= 1 << (7 * (i - 2)), "a longer remaining length than it needs"
    assert len(p) == i + n, (len(p), i, n)
    k = (p[i] << 8) | p[i + 1]
    return p[i + 2:i + 2 + k], p[i + 2 + k:], bool(p[0] & 1)


class Socket:
    """The socket beneath umqtt's client: what a write gets goes out, a packet
    at once (MicroPython's write(buf, off, n)); while `slots` are given, into
    them without allocating (their length: the buffer's), else decoded to sent."""

    def __init__(self, mqtt):
        self.mqtt = mqtt

    def write(self, buf, off=0, n=-1):
        m = self.mqtt
        if m.broken:
            raise OSError(110)  # ETIMEDOUT: the write did not go out in time
        if n < 0:
            n = len(buf) - off
        if m.slots is None:
            m.sent.append(packet(bytes(buf[off:off + n])))
        elif m.kept < len(m.slots):
            m.slots[m.kept][0:len(buf)] = buf
            m.spans[2 * m.kept] = off
            m.spans[2 * m.kept + 1] = n
            m.kept += 1
        return n

    def close(self):
        self.mqtt.closed += 1


class Client:
    """umqtt.simple's MQTTClient: like it, publish announces 2 + len(topic) +
    len(msg) bytes, then writes topic and msg; a str's len() counts characters,
    not the bytes that go out, so a name like 许银川 would cut the message short
    (the Reporter publishes this way only its .../online; its states it writes
    to the socket)."""

    def __init__(self, mqtt, client_id, server, port, user, password, keepalive, ssl, ssl_params):
        self.mqtt = mqtt
        self.args = (client_id, server, port, user, password, keepalive, ssl, ssl_params)
        self.sock = None
        self.will = None

    def set_last_will(self, topic, msg, retain=False, qos=0):
        self.will = (topic, msg, retain)

    def connect(self):
        self.mqtt.connects += 1
        if self.mqtt.down:
            raise OSError(111)  # ECONNREFUSED
        self.sock = Socket(self.mqtt)
        self.mqtt.clients.append(self)

    def publish(self, topic, msg, retain=False, qos=0):
        if self.mqtt.broken:
            raise OSError(110)  # ETIMEDOUT: the write did not go out in time
        if 2 + len(topic) + len(msg) != 2 + len(_wire(topic)) + len(_wire(msg)):
            self.mqtt.miscounted.append((topic, msg))
        self.mqtt.sent.append((_wire(topic), _wire(msg), retain))


class Mqtt:
    """The umqtt.simple module as the Reporter uses it."""

    def __init__(self):
        self.down = False
        self.broken = False
        self.connects = 0
        self.closed = 0
        self.clients = []
        self.sent = []
        self.miscounted = []  # messages whose announced length was not what went out
        self.socket = None
        self.slots = None  # preallocated buffers for what the socket gets (see Socket)
        self.spans = None
        self.kept = 0

    def MQTTClient(self, *args):
        return Client(self, *args)

    def keep(self, n, size):
        """From now on the socket stores up to n writes of a buffer of size bytes, allocating nothing."""
        from array import array
        self.slots = [bytearray(size) for _ in range(n)]
        self.spans = array("i", [0] * (2 * n))
        self.kept = 0

    def take(self):
        """The writes stored since keep() or the last take(): decoded, in sent too."""
        out = []
        for i in range(self.kept):
            off = self.spans[2 * i]
            out.append(packet(bytes(self.slots[i][off:off + self.spans[2 * i + 1]])))
        self.sent.extend(out)
        self.kept = 0
        return out

    def states(self):
        return [json.loads(untagged(m)[0]) for t, m, r in self.sent if t.endswith(b"/state")]


class App:
    """What the Reporter reads of the clock: a device.clockstate.ClockState."""

    def __init__(self, name, absent=(0, 0)):
        self.values = cfg.check({"clock": "10m", "forfeit": 600000, "fouls": 3})
        self.table = tablestart.new(cfg.game_settings(self.values, absent), scratch(name))
        self.battery = None
        self.fault_kinds = 0


KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
NET = hall.check({"broker": "10.0.0.2", "event": "open", "key": KEY})


def setup(name, t=0):
    clock = PicoClock(t)
    mqtt = Mqtt()
    app = App(name)
    return hall.Reporter(NET, "e661a4d41b2d3c2f", clock, None, mqtt, 4242), mqtt, app, clock


def untagged(msg):
    """The state a tagged message signs (and its tag), both bytes as they went out."""
    head, tag = msg.rsplit(b', "tag": "', 1)
    return head + b"}", tag[:-2]


def run(rep, app, clock, ms, step=10):
    end = clock.t + ms
    while clock.ticks_diff(end, clock.t) > 0:
        clock.advance(step)
        app.table.tick(app.table.game.now + step)
        rep.step(app, clock.t)


# -- the code before issue 31: the bytes every state must still have ---------

def _ms(v):
    return "null" if v == UNSET else "%d" % v


def _bool(v):
    return "true" if v else "false"


def _old_side(game, s):
    c = game.sides[s]
    tc = c.tc
    return ('{"remaining_ms": %d, "moves": %d, "flag": %s, "flag_at_ms": %s, '
            '"fouls": %d, "warnings": %d, "present": %s, '
            '"arrived_at_ms": %s, "exempt": %s, "offers": %d, "repeat_offers": %d, '
            '"used_ms": %d, "period": %d, "overtime": %s, "byoyomi_periods": %s, '
            '"block_moves": %s, "upcount_ms": %s, "ing_period": %s, "ing_points": %s}') % (
        c.remaining, c.moves, _bool(c.flag_at != UNSET), _ms(c.flag_at),
        game.fouls[s], game.warnings[s], _bool(game.present[s]),
        _ms(game.arrived_at[s]), _bool(game.exempt(s)), game.offers[s], game.repeat_offers[s],
        c.used, c.period + 1, _bool(c.overtime),
        _ms(c.periods_left if c.overtime and tc.byoyomi_periods else UNSET),
        _ms(c.block_moves if c.overtime and tc.canadian_moves else UNSET),
        _ms(c.counted if tc.upcount else UNSET),
        _ms(tc.ing_periods - c.periods_left + 1 if c.overtime and tc.ing_periods else UNSET),
        _ms(c.ing_points() if tc.ing_periods else UNSET))


def _old_result(game):
    if not game.over():
        return "null"
    winner = "null" if game.winner > 1 else '"%s"' % SIDE_NAMES[game.winner]
    return '{"winner": %s, "reason": "%s", "score": "%s", "at_ms": %d}' % (
        winner, REASONS[game.reason], score(game), game.result_at)


def _old_snapshot(game, notice):
    running = game.running()
    return ('{"time_ms": %d, "running": %s, "paused": %s, "red": %s, "black": %s, '
            '"result": %s, "hourglass": %s, "notice": %s}') % (
        game.now, "null" if running == UNSET else '"%s"' % SIDE_NAMES[running],
        _bool(game.paused), _old_side(game, 0), _old_side(game, 1), _old_result(game),
        _bool(game.control.sides[0].hourglass), "null" if notice is None else json.dumps(notice))


def _old_shown(c):
    tc = c.tc
    return '{"ms": %d, "quota": %d, "block": %s}' % (
        available_ms(c), quota(c),
        "[%d, %d]" % (tc.canadian_moves - c.block_moves, tc.canadian_moves) if c.overtime and tc.canadian_moves
        else "null")


def _old_text(s):
    return utf8.dumps(s if isinstance(s, str) else "")


def old_message(state, clock_id, sent_ms, boot=0):
    """device/hall.py's message() before issue 31, as it was."""
    table = state.table
    game = table.game
    header = table.settings
    bat = state.battery
    n = header.get("board")
    names = header.get("names")
    if not (isinstance(names, list) and len(names) == 2 and isinstance(names[0], str)
            and isinstance(names[1], str)):
        names = ("", "")
    return _old_snapshot(game, table.notice)[:-1] + (
        ', "board": %s, "names": {"red": %s, "black": %s}, "battery": %s, "fault": %d, '
        '"shown": {"red": %s, "black": %s}, "game": %s, '
        '"clock_id": "%s", "boot": %d, "sent_ms": %d, "forfeit_at_ms": %s, "foul_limit": %d, "tenths": %d}') % (
        "%d" % n if isinstance(n, int) and n > 0 else "null",
        _old_text(names[0]), _old_text(names[1]),
        "null" if bat is None else "%d" % bat.percent(),
        state.fault_kinds, _old_shown(game.sides[0]), _old_shown(game.sides[1]), _old_text(table.settings.get("id")),
        clock_id, boot, sent_ms,
        "null" if game.forfeit_at == UNSET else "%d" % game.forfeit_at, game.foul_limit, state.values["tenths"])


def as_before(rep, app, sent, tick):
    """The state sent (topic, payload, retain) is the one the code before issue 31 sent at tick, tag and all."""
    topic, payload, retain = sent
    assert topic == rep.topic and retain
    want = old_message(app, rep.clock_id, tick, rep.boot).encode()
    if rep.pads is not None:
        want = hall.tagged(rep.pads, topic, want)
        try:
            import hmac
            from hashlib import sha256
        except ImportError:  # MicroPython: hall.tagged is hashlib's HMAC (checked against CPython's above)
            pass
        else:
            state, tag = untagged(payload)
            assert hmac.new(bytes.fromhex(rep.values["key"]), topic + b"\n" + state, sha256).hexdigest().encode() == tag
    assert payload == want, (payload, want)


def locked(work):
    """work() with the heap locked where the VM can lock it: 1 if it allocated nothing."""
    if can_lock_heap():
        return without_allocating(work)
    work()
    return 1


def test_connects_with_a_will_then_publishes_the_state_retained():
    rep, mqtt, app, clock = setup("hall-connect.xqj")
    assert rep.down
    rep.step(app, clock.t)
    assert not rep.down and mqtt.connects == 1
    client = mqtt.clients[0]
    assert client.will == (b"xqclock/open/e661a4d41b2d3c2f/online", b"0", True)
    assert client.args[1:] == ("10.0.0.2", 0, None, None, hall.KEEPALIVE_S, False, {})
    assert mqtt.socket.timeout == 0.15  # every socket umqtt makes has the short timeout
    assert mqtt.sent[0] == (b"xqclock/open/e661a4d41b2d3c2f/online", b"1", True)
    topic, msg, retain = mqtt.sent[1]
    assert topic == b"xqclock/open/e661a4d41b2d3c2f/state" and retain
    state = json.loads(msg)
    scenario = json.loads(snapshot.to_json(app.table.game, app.table.notice))
    for key in scenario:
        assert state[key] == scenario[key], key
    assert state["board"] is None and state["names"] == {"red": "", "black": ""}
    assert state["battery"] is None and state["fault"] == 0
    assert state["clock_id"] == "e661a4d41b2d3c2f" and state["sent_ms"] == clock.t and state["boot"] == 4242
    assert state["foul_limit"] == 3 and state["forfeit_at_ms"] is None
    assert state["game"] == app.table.settings["id"]
    assert state["shown"]["red"] == {"ms": 600000, "quota": 0, "block": None}


def test_a_tag_is_the_hmac_sha256_of_topic_and_state():
    """The vector is CPython's hmac.new(key, topic + b"\\n" + state, sha256); names outside
    ASCII are signed as their UTF-8 bytes."""
    out = hall.tagged(hall.key_pads(KEY), b"xqclock/open/7/state", '{"a": "许银川"}'.encode())
    assert out == '{"a": "许银川", "tag": "20aff29e24b9be7eae47abf750dee89a8057b9c938f07f10ab0ed7ef9dee041c"}'.encode()
    assert hall.key_pads("") is None


def test_every_state_carries_its_tag_and_a_clock_without_a_key_sends_none():
    rep, mqtt, app, clock = setup("hall-tag.xqj")
    rep.step(app, clock.t)
    topic, msg, retain = mqtt.sent[1]
    state, tag = untagged(msg)
    assert hall.tagged(hall.key_pads(KEY), topic, state) == msg and len(tag) == 64
    keyless = hall.Reporter(hall.check({"broker": "10.0.0.2"}), "e661a4d41b2d3c2f", clock, None, mqtt)
    keyless.step(app, clock.t)
    assert b'"tag"' not in mqtt.sent[-1][1]


def test_a_late_player_s_forfeit_time_goes_out():
    rep, mqtt, app, clock = setup("hall-late.xqj")
    app.table = tablestart.new(cfg.game_settings(app.values, (0, 1)), scratch("hall-late-2.xqj"))
    app.table.event(0, ev.START, 0, 0)
    rep.step(app, clock.t)
    state = mqtt.states()[-1]
    assert state["forfeit_at_ms"] == 600001 and state["black"]["present"] is False


def test_every_event_and_every_5_s_while_a_clock_runs_else_every_20_s():
    rep, mqtt, app, clock = setup("hall-cadence.xqj")
    rep.step(app, clock.t)
    assert len(mqtt.states()) == 1
    run(rep, app, clock, hall.IDLE_EVERY_MS - 20)
    assert len(mqtt.states()) == 1  # nothing happens: nothing to say until the heartbeat
    run(rep, app, clock, 20)
    assert len(mqtt.states()) == 2
    app.table.event(app.table.game.now, ev.START, 0, 0)
    rep.step(app, clock.t)
    assert len(mqtt.states()) == 3 and mqtt.states()[-1]["running"] == "red"
    run(rep, app, clock, 1000)
    app.table.event(app.table.game.now, ev.PRESS, 0, 0)
    rep.step(app, clock.t)
    states = mqtt.states()
    assert len(states) == 4 and states[-1]["running"] == "black" and states[-1]["red"]["moves"] == 1
    run(rep, app, clock, 4990)
    assert len(mqtt.states()) == 4
    run(rep, app, clock, 10)
    assert len(mqtt.states()) == 5  # 5 s after the last message, while Black's clock runs


def test_a_game_that_goes_on_in_memory_is_still_published_at_every_event():
    """A full flash: the table has no journal any more (issue 11.1); the hall
    still hears each event, and the step does not fail."""
    rep, mqtt, app, clock = setup("hall-memory.xqj")
    app.table = tablestart.unrecorded(cfg.game_settings(app.values), OSError(28))
    rep.step(app, clock.t)
    app.table.event(0, ev.START, 0, 0)
    rep.step(app, clock.t)
    app.table.event(1000, ev.PRESS, 0, 0)
    rep.step(app, clock.t)
    states = mqtt.states()
    assert len(states) == 3 and states[-1]["red"]["moves"] == 1


def test_a_broker_that_is_down_costs_a_retry_later_backing_off():
    rep, mqtt, app, clock = setup("hall-down.xqj")
    mqtt.down = True
    tries = []
    for _ in range(12000):  # 120 s of 10 ms steps
        before = mqtt.connects
        rep.step(app, clock.t)
        if mqtt.connects != before:
            tries.append(clock.t)
        clock.advance(10)
    gaps = [b - a for a, b in zip(tries, tries[1:])]
    assert gaps[:4] == [2000, 4000, 8000, 16000], gaps
    assert max(gaps) == hall.RETRY_MAX_MS
    assert rep.down and rep.failures == len(tries) and not mqtt.sent
    mqtt.down = False
    run(rep, app, clock, hall.RETRY_MAX_MS)
    assert not rep.down and mqtt.states()


def test_a_lost_connection_is_marked_and_made_again():
    rep, mqtt, app, clock = setup("hall-lost.xqj")
    rep.step(app, clock.t)
    mqtt.broken = True
    app.table.event(app.table.game.now, ev.START, 0, 0)
    rep.step(app, clock.t)
    assert rep.down and mqtt.closed == 1
    mqtt.broken = False
    run(rep, app, clock, hall.RETRY_FIRST_MS)
    assert not rep.down and mqtt.connects == 2
    assert mqtt.states()[-1]["running"] == "red"  # the missed event goes out on reconnecting


def test_ticks_wrap():
    rep, mqtt, app, clock = setup("hall-wrap.xqj", PERIOD - 3000)
    rep.step(app, clock.t)
    app.table.event(app.table.game.now, ev.START, 0, 0)
    rep.step(app, clock.t)
    run(rep, app, clock, 2 * hall.RUNNING_EVERY_MS)
    assert len(mqtt.states()) == 4


def test_a_step_that_publishes_nothing_allocates_nothing():
    needs_heap_lock()
    rep, mqtt, app, clock = setup("hall-heap.xqj")
    rep.step(app, clock.t)
    app.table.event(app.table.game.now, ev.START, 0, 0)
    rep.step(app, clock.t)
    sent = len(mqtt.sent)

    def steps():
        for _ in range(100):
            clock.advance(10)
            rep.step(app, clock.t)
    assert without_allocating(steps) == 1, "a connected step allocated"
    assert len(mqtt.sent) == sent
    mqtt.down = True
    rep._drop(rep.client, None)
    rep.next_try = clock.ticks_add(clock.t, 60000)
    assert without_allocating(steps) == 1, "a step waiting to retry allocated"


def test_network_settings_are_checked_field_by_field():
    assert "broker is missing" in str(raises(ValueError, hall.check, {"event": "open"}))
    assert "event" in str(raises(ValueError, hall.check, {"broker": "h", "event": "a/b"}))
    assert "port" in str(raises(ValueError, hall.check, {"broker": "h", "port": 70000}))
    assert "unknown field 'ssid'" in str(raises(ValueError, hall.check, {"broker": "h", "ssid": "x"}))
    assert "timeout_ms" in str(raises(ValueError, hall.check, {"broker": "h", "timeout_ms": 5000}))
    for key in ("00ff", "zz" * 32, 7):
        assert "key" in str(raises(ValueError, hall.check, {"broker": "h", "key": key}))
    path = scratch("network.json")
    with open(path, "w") as f:
        f.write('{"broker": "h", "tls": "yes"}')
    values, problem = hall.load(path)
    assert values is None and "tls" in problem
    assert hall.load(scratch("no-network.json")) == (None, None)


def test_chinese_names_and_event_go_out_whole_as_utf8_bytes():
    """许银川 is 3 characters and 9 bytes, 𠮷川 2 and 7: what umqtt.simple announces
    must be what it sends, or the hall gets a cut message and the broker the rest."""
    clock = PicoClock(0)
    mqtt = Mqtt()
    app = App("hall-zh.xqj")
    app.values = cfg.check(dict(app.values, board=7, red_name="许银川", black_name="\U00020bb7川"))
    app.table = tablestart.new(cfg.game_settings(app.values), scratch("hall-zh-2.xqj"))
    rep = hall.Reporter(hall.check({"broker": "10.0.0.2", "event": "象棋公开赛", "user": "裁判",
                                    "password": "密码"}), "e661a4d41b2d3c2f", clock, None, mqtt)
    rep.step(app, clock.t)
    app.table.event(0, ev.START, 0, 0)
    rep.step(app, clock.t)
    assert mqtt.miscounted == [] and len(mqtt.sent) == 3
    topic, msg, retain = mqtt.sent[-1]
    assert topic == "xqclock/象棋公开赛/7/state".encode()
    assert json.loads(msg)["names"] == {"red": "许银川", "black": "\U00020bb7川"}
    assert mqtt.clients[0].args[3:5] == ("裁判".encode(), "密码".encode())


def test_the_message_names_the_game_on_the_clock_not_settings_staged_for_the_next():
    rep, mqtt, app, clock = setup("hall-staged.xqj")
    app.values = cfg.check(dict(app.values, board=3, red_name="王天一", black_name="郑惟桐"))
    app.table = tablestart.new(cfg.game_settings(app.values), scratch("hall-staged-2.xqj"))
    app.table.event(0, ev.START, 0, 0)
    rep.step(app, clock.t)
    app.values = cfg.check(dict(app.values, board=5, red_name="洪智", fouls=5))  # for the next game
    app.table.event(1000, ev.PRESS, 0, 0)
    rep.step(app, clock.t)
    state = mqtt.states()[-1]
    assert state["board"] == 3 and state["names"] == {"red": "王天一", "black": "郑惟桐"}
    assert state["foul_limit"] == 3 and mqtt.sent[-1][0] == b"xqclock/open/3/state"


class Battery:
    def __init__(self, percent):
        self.p = percent

    def percent(self):
        return self.p


def test_publishing_steps_over_a_running_game_allocate_nothing_and_send_the_bytes_as_before():
    """Presses, a period change, a penalty, Canadian overtime, a flag and its
    result, a notice cleared, the battery: each reporter step with the heap
    locked (the MicroPython VM), what it sent the bytes the code before issue
    31 sent (decoded from the packet the socket got)."""
    clock = PicoClock(0)
    mqtt = Mqtt()
    app = App("hall-game.xqj")
    app.values = cfg.check(dict(app.values, clock="1m/2,30s;canadian 3/20s", board=7, red_name="许银川",
                                black_name="\U00020bb7川"))
    app.table = tablestart.new(cfg.game_settings(app.values), scratch("hall-game-2.xqj"))
    app.table.notice = "power restored; clocks paused: check the times, then resume"
    app.battery = Battery(73)
    rep = hall.Reporter(NET, "e661a4d41b2d3c2f", clock, None, mqtt, 4242)
    rep.step(app, clock.t)  # connects (allocating) and publishes
    as_before(rep, app, mqtt.sent[-1], clock.t)
    mqtt.keep(1, hall.MESSAGE_BYTES)
    game = app.table.game
    seen = {"sent": 0, "period": False, "block": False}

    def step():
        rep.step(app, clock.t)

    def play(ms, event=None):
        """ms of 20 ms steps, the event (kind, value) recorded at the first, for the side to move."""
        end = clock.t + ms
        while clock.ticks_diff(end, clock.t) > 0:
            clock.advance(20)
            app.table.tick(game.now + 20)
            if event is not None:
                app.table.event(game.now, event[0], game.turn, event[1])
                event = None
            assert locked(step) == 1, "a reporter step allocated at %d ms" % game.now
            for sent in mqtt.take():
                as_before(rep, app, sent, clock.t)
                seen["sent"] += 1
                seen["period"] = seen["period"] or game.sides[0].period > 0
                seen["block"] = seen["block"] or b'"block": [' in sent[1]
    play(500, (ev.START, 0))
    for _ in range(4):  # two moves each: the 30 s stage
        play(1500, (ev.PRESS, 0))
    app.table.event(game.now, ev.ADJUST, 0, -5000)  # the arbiter's penalty: 5 s off Red's clock
    app.table.notice = None  # (what the arbiter's resume does)
    for _ in range(120):  # Red's main time runs out: Canadian overtime, 3 moves in 20 s
        play(1000)
        if game.sides[0].overtime:
            break
    assert game.sides[0].overtime and not game.over()
    play(25000)  # its block runs out: the flag, Black wins on time
    assert game.over() and game.sides[0].flag_at != UNSET and game.winner == 1
    play(hall.IDLE_EVERY_MS)  # the result, again
    assert seen["period"] and seen["block"] and seen["sent"] >= 20, seen
    assert rep.failures == 0 and not rep.down


def test_a_state_too_long_to_send_is_counted_as_a_failure_and_the_loop_goes_on():
    rep, mqtt, app, clock = setup("hall-long.xqj")
    rep.step(app, clock.t)
    sent = len(mqtt.sent)
    app.table.notice = "x" * hall.MESSAGE_BYTES
    app.table.event(app.table.game.now, ev.START, 0, 0)
    rep.step(app, clock.t)
    assert rep.failures == 1 and len(mqtt.sent) == sent and not rep.down
    app.table.notice = None
    app.table.event(app.table.game.now + 1000, ev.PRESS, 0, 0)
    rep.step(app, clock.t)
    assert rep.failures == 1 and len(mqtt.sent) == sent + 1
    as_before(rep, app, mqtt.sent[-1], clock.t)


W = -1073741824  # the widest small int of a Pico's VM: 11 characters


class _WideClock:
    """A side clock with every field the state shows, each at its widest; in
    the hall's fields the Canadian block (hall_block), or in the state's its moves."""
    def __init__(self, hall_block):
        tc = self.tc = type("TC", (), {})()
        tc.byoyomi_periods = tc.canadian_moves = tc.upcount = 1
        tc.byoyomi_ms = 0
        tc.ing_periods = 2 * W - 1  # its period: ing_periods - periods_left + 1
        tc.stage = lambda k: (0, 1)
        self.remaining = self.moves = self.flag_at = self.used = self.counted = self.next_quota = W
        self.block_moves = W
        if hall_block:
            tc.canadian_moves = W
            self.block_moves = 0
        self.period = W - 1
        self.overtime = True
        self.periods_left = W
        self.since = UNSET

    def ing_points(self):
        return W


class _WideGame:
    def __init__(self, hall_block=False):
        self.now = self.result_at = self.forfeit_at = self.foul_limit = W
        self.paused = False
        self.sides = [_WideClock(hall_block), _WideClock(hall_block)]
        self.fouls = self.warnings = self.arrived_at = self.offers = self.repeat_offers = [W, W]
        self.present = [False, False]
        self.winner = 2  # a draw: null and "1/2-1/2", wider than "black" and "0-1"
        self.reason = max(range(len(REASONS)), key=lambda i: len(REASONS[i]))
        self.control = type("C", (), {"sides": [type("S", (), {"hourglass": False})()]})()

    def running(self):
        return 1

    def exempt(self, s):
        return False

    def over(self):
        return True


def test_the_longest_state_fits_the_buffer():
    """Every number at 11 characters, names of 120 bytes, the longest event,
    a 32-digit clock id and a notice of NOTICE_BYTES: a message sized from the
    limits; snapshot.BYTES is its state's part at its longest."""
    out = hall.Out(4000)
    snapshot.write(out, _WideGame(), b"null")
    assert out.n == snapshot.BYTES + 4, out.n
    clock = PicoClock(0)
    mqtt = Mqtt()
    event = "e" * hall.EVENT_BYTES
    name = "许" * 40
    longest = 0
    for hall_block in (False, True):
        table = type("T", (), {})()
        table.game = _WideGame(hall_block)
        table.records = 0
        table.notice = "n" * (hall.NOTICE_BYTES - 2)
        table.settings = {"names": [name, name], "id": "ffffffff"}
        app = type("A", (), {"table": table, "battery": None, "fault_kinds": W, "values": {"tenths": W}})()
        for key in (KEY, ""):
            rep = hall.Reporter(hall.check({"broker": "10.0.0.2", "event": event, "key": key}), "f" * 32, clock,
                                None, mqtt, W)
            rep.step(app, W)
            topic, payload, retain = mqtt.sent[-1]
            assert rep.failures == 0 and len(topic) == len("xqclock/%s/%s/state" % (event, "f" * 32))
            want = old_message(app, "f" * 32, W, W).encode()
            assert payload == (hall.tagged(rep.pads, topic, want) if key else want)
            longest = max(longest, rep.out.n)
    # what is left: a USB line's longer head and its end (7), the Canadian block at its
    # widest in the state's fields and the hall's at once (20)
    assert hall.MESSAGE_BYTES - longest == 27, (hall.MESSAGE_BYTES, longest)
    assert hall.MESSAGE_BYTES < 16384  # its PUBLISH's remaining length takes 2 bytes at most


class _Console:
    """sys.stdout as _UsbLine writes to it (MicroPython's stream write(buf, off, n)), into a preallocated buffer."""
    def __init__(self):
        self.buf = bytearray(hall.MESSAGE_BYTES)
        self.n = 0

    def write(self, buf, off, n):
        self.buf[0:len(buf)] = buf
        self.off = off
        self.n = n
        return n


def test_over_usb_a_state_is_one_console_line_as_before_and_allocates_nothing():
    console = _Console()

    class Line(hall._UsbLine):
        def __init__(self, *args):
            self.out = console
            self._ready = lambda timeout_ms: (1,)  # the output has room

    class Usb(hall._Usb):
        MQTTClient = Line

    clock = PicoClock(0)
    app = App("hall-usb.xqj")
    rep = hall.Reporter(hall.check({"broker": "usb", "event": "open", "key": KEY}), "e661a4d41b2d3c2f", clock,
                        None, Usb(), 4242)
    rep.step(app, clock.t)
    app.table.event(0, ev.START, 0, 0)

    def step():
        rep.step(app, clock.t)
    assert locked(step) == 1 and rep.sent == 2
    line = bytes(console.buf[console.off:console.off + console.n])
    topic = b"xqclock/open/e661a4d41b2d3c2f/state"
    want = hall.tagged(rep.pads, topic, old_message(app, "e661a4d41b2d3c2f", clock.t, 4242).encode())
    assert line == (hall.USB_LINE % (topic.decode(), want.decode())).encode()
