"""The brokers an event runs on, the embedded one (amqtt, as `xqclock hall`
starts it) and Mosquitto (as `xqclock broker-config` sets it up): two events
on one broker stay apart, a retained message goes only to the subscriptions
it matches, no client gets in without an event's account, and each account
does only its own job (clocks write, halls read, each its own event)."""
import threading
import uuid

import paho.mqtt.client as mqtt
import pytest

from support.hall_tier import Mosquitto, free_port, until
from host_tools.hall import keys
from host_tools.hall.broker import within

EVENTS = ("open", "许银川杯")  # a name outside ASCII, as Chinese events have


@pytest.fixture
def secrets(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return {e: keys.load(e) for e in EVENTS}


@pytest.fixture(params=["embedded", "mosquitto"])
def port(request, secrets):
    if request.param == "mosquitto":
        broker = Mosquitto(EVENTS)
        yield broker.port
        broker.stop()
    else:
        from host_tools.hall.embedded import EmbeddedBroker
        broker = EmbeddedBroker("127.0.0.1", free_port()).start()
        yield broker.port
        broker.stop()


class Client:
    """A paho client, connected (or refused, or cut off) before the constructor returns."""

    def __init__(self, port, user=None, password=None, will=None, ca=None):
        self.got = []
        self.granted = []
        self.reason = None  # the CONNACK's, None if the broker closed the connection without one
        self.answer = threading.Event()
        self.subscribed = threading.Event()
        self.c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="t-" + uuid.uuid4().hex[:8])
        self.c.on_connect = self._connected
        self.c.on_disconnect = lambda *args: self.answer.set()
        self.c.on_message = lambda c, u, m: self.got.append((m.topic, m.payload))
        self.c.on_subscribe = self._subscribed
        if user:
            self.c.username_pw_set(user, password)
        if will:
            self.c.will_set(will, b"0", retain=True)
        if ca:
            self.c.tls_set(ca_certs=ca)
        self.c.connect("127.0.0.1", port, keepalive=30)
        self.c.loop_start()
        assert self.answer.wait(15), "no CONNACK"

    def _connected(self, c, userdata, flags, reason, properties=None):
        self.reason = reason
        self.answer.set()

    def _subscribed(self, c, userdata, mid, reasons, properties=None):
        self.granted = [not r.is_failure for r in reasons]
        self.subscribed.set()

    @property
    def refused(self):
        return self.reason is None or self.reason.is_failure

    def subscribe(self, topic):
        self.subscribed.clear()
        self.c.subscribe(topic, 1)
        assert self.subscribed.wait(15), "no SUBACK"
        return self.granted[0]

    def publish(self, topic, payload, retain=True):
        self.c.publish(topic, payload, qos=1, retain=retain).wait_for_publish(15)

    def close(self):
        self.c.loop_stop()
        self.c.disconnect()


def as_clock(port, event, **kw):
    return Client(port, event.clock_user, event.clock_password, **kw)


def as_hall(port, event):
    return Client(port, event.hall_user, event.hall_password)


def test_a_filter_within_another():
    assert within("xqclock/open/+/state", "xqclock/open/+/state")
    assert within("xqclock/open/7/state", "xqclock/open/+/state")
    assert not within("xqclock/open/#", "xqclock/open/+/state")
    assert not within("xqclock/+/+/state", "xqclock/open/+/state")
    assert not within("#", "xqclock/open/+/state")
    assert not within("xqclock/open/7/state/x", "xqclock/open/+/state")
    assert within("a/b/c", "a/#") and within("a/#", "a/#") and not within("b", "a/#")


@pytest.mark.slow  # real brokers
def test_two_events_on_one_broker_stay_apart_retained_messages_too(port, secrets):
    open_, other = secrets["open"], secrets[EVENTS[1]]
    hall_a = as_hall(port, open_)
    assert not hall_a.refused and hall_a.subscribe("xqclock/open/+/state")
    clock = as_clock(port, open_)
    clock.publish("xqclock/open/7/state", b"A's board 7")
    until(lambda: hall_a.got, 15, "hall A hears its board")
    # the other event's hall connects after: the retained message of A's board is not for it
    hall_b = as_hall(port, other)
    assert hall_b.subscribe(f"xqclock/{other.name}/+/state")
    clock_b = as_clock(port, other)
    clock_b.publish(f"xqclock/{other.name}/1/state", "B's board 1".encode())
    until(lambda: hall_b.got, 15, "hall B hears its board")
    assert hall_b.got == [(f"xqclock/{other.name}/1/state", "B's board 1".encode())]
    assert hall_a.got == [("xqclock/open/7/state", b"A's board 7")]
    # a subscription to nothing gets nothing, retained or not
    nothing = as_hall(port, open_)
    assert nothing.subscribe("xqclock/open/+/online")
    clock.publish("xqclock/open/7/online", b"1")
    until(lambda: nothing.got, 15, "the sentinel")
    assert nothing.got == [("xqclock/open/7/online", b"1")]
    for c in (hall_a, clock, hall_b, clock_b, nothing):
        c.close()


@pytest.mark.slow  # real brokers
def test_no_client_gets_in_without_an_event_s_account(port, secrets):
    event = secrets["open"]
    assert Client(port).refused  # a plain MQTT client, as anyone on the Wi-Fi has
    assert Client(port, event.clock_user, "guess").refused
    assert Client(port, "clock.nothing", event.clock_password).refused
    assert not as_clock(port, event).refused


@pytest.mark.slow  # real brokers
def test_each_account_does_its_own_job_only(port, secrets):
    open_, other = secrets["open"], secrets[EVENTS[1]]
    hall = as_hall(port, open_)
    assert hall.subscribe("xqclock/open/+/state")
    spy = as_clock(port, open_)  # a clock's password, read off a clock
    spy.subscribe("xqclock/#")  # granted or not, nothing may come of it
    stranger = as_clock(port, other)
    stranger.publish("xqclock/open/5/state", b"forged by another event's clock")
    hall.publish("xqclock/open/6/state", b"forged by a hall")
    spy.publish("xqclock/open/4/state", b"a clock's own")
    until(lambda: hall.got, 15, "the clock's state")
    assert hall.got == [("xqclock/open/4/state", b"a clock's own")]
    assert spy.got == []
    outsider = as_hall(port, other)
    outsider.subscribe("xqclock/open/+/state")  # refused (or granted and empty): either way, nothing
    outsider.subscribe(f"xqclock/{other.name}/+/state")
    stranger.publish(f"xqclock/{other.name}/1/state", b"sentinel")
    until(lambda: outsider.got, 15, "the sentinel")
    assert outsider.got == [(f"xqclock/{other.name}/1/state", b"sentinel")]  # not the retained states of open
    # a will is a publish too, made by the broker for the client later: on another event's topic it never
    # comes (the embedded broker refuses the client, Mosquitto drops the will)
    watcher = as_hall(port, open_)
    watcher.subscribe("xqclock/open/+/online")
    sly = as_clock(port, other, will="xqclock/open/4/online")
    if not sly.refused:
        sly.c.loop_stop()
        sly.c.socket().close()  # gone without a DISCONNECT: the broker sends the will now
    spy.publish("xqclock/open/9/online", b"1")
    until(lambda: watcher.got, 15, "the sentinel")
    assert watcher.got == [("xqclock/open/9/online", b"1")]


@pytest.mark.slow  # real brokers
@pytest.mark.parametrize("kind", ["embedded", "mosquitto"])
def test_tls_where_the_broker_offers_it(kind, secrets, tmp_path):
    from support.hall_tier import certificate
    cert, key = certificate(tmp_path)
    if kind == "mosquitto":
        broker = Mosquitto(EVENTS, tls=(cert, key))
    else:
        from host_tools.hall.embedded import EmbeddedBroker
        broker = EmbeddedBroker("127.0.0.1", free_port(), (cert, key)).start()
    try:
        event = secrets["open"]
        plain = as_clock(broker.port, event)  # no TLS: the broker closes the connection
        assert plain.reason is None
        hall = Client(broker.port, event.hall_user, event.hall_password, ca=cert)
        assert not hall.refused and hall.subscribe("xqclock/open/+/state")
        clock = Client(broker.port, event.clock_user, event.clock_password, ca=cert)
        clock.publish("xqclock/open/3/state", b"over TLS", retain=False)
        until(lambda: hall.got, 15, "the state over TLS")
        assert hall.got == [("xqclock/open/3/state", b"over TLS")]
        for c in (hall, clock, plain):
            c.close()
    finally:
        broker.stop()
