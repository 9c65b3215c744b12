"""The hall's MQTT side (paho-mqtt): subscribe to the event's topics, take
each state whose tag is its clock's (keys.check_tag) and whose topic is the
event's, and keep the page told whether the broker is reachable."""
import sys
import uuid

import paho.mqtt.client as mqtt

import host_tools.firmware_path
from device.hall import TOPIC, key_pads, tagged
from host_tools.hall.keys import check_tag

KEEPALIVE_S = 2  # a broker gone silent is noticed within two of these (the page: within 5 s)
CONNECT_TIMEOUT_S = 3


def client(broker, name, on_connect=None):
    """A paho client for the broker dict of host_tools.network.parse_url (user, password, TLS)."""
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"{name}-{uuid.uuid4().hex[:8]}")
    if broker.get("user"):
        c.username_pw_set(broker["user"], broker.get("password"))
    if broker.get("tls"):
        c.tls_set(broker.get("ca"))
    c.connect_timeout = CONNECT_TIMEOUT_S
    c.reconnect_delay_set(1, 2)
    if on_connect:
        c.on_connect = on_connect
    return c


class Listener:
    """Subscribes to xqclock/EVENT/+/state and .../online; reconnects by itself."""

    def __init__(self, hall, broker, event_keys):
        self.hall = hall
        self.broker = broker
        self.keys = event_keys  # keys.Event: the clocks' keys
        self.where = f"{broker['host']}:{broker['port']}"
        self.client = client(broker, "xqclock-hall", self._connected)
        self.client.on_message = self._message
        self.client.on_disconnect = self._disconnected
        self.client.on_connect_fail = self._failed
        self.client.on_subscribe = self._subscribed
        hall.set_broker(False, f"connecting to the broker at {self.where}")

    def start(self):
        self.client.connect_async(self.broker["host"], self.broker["port"], keepalive=KEEPALIVE_S)
        self.client.loop_start()
        return self

    def stop(self):
        self.client.on_disconnect = None  # a disconnect asked for is not news
        self.client.disconnect()
        self.client.loop_stop()

    def identify(self, board, clock_id, now_ms):
        """Ask a clock to identify itself (beep, show its board number), tagged with its key."""
        topic = TOPIC % (self.hall.event, board, "identify")
        pads = key_pads(self.keys.clock_key(clock_id).hex())
        self.client.publish(topic, tagged(pads, topic.encode(), b'{"at_ms": %d}' % now_ms))

    def _connected(self, c, userdata, flags, reason, properties=None):
        if reason.is_failure:
            self.hall.set_broker(False, f"the broker at {self.where} refused the hall: {reason}")
            return
        self.hall.set_broker(True, f"connected to the broker at {self.where}")
        event = self.hall.event
        c.subscribe([(TOPIC % (event, "+", "state"), 0), (TOPIC % (event, "+", "online"), 0)])

    def _subscribed(self, c, userdata, mid, reasons, properties=None):
        if any(r.is_failure for r in reasons):
            self.hall.set_broker(False, f"the broker at {self.where} does not let this account read event "
                                        f"{self.hall.event}'s topics")

    def _failed(self, c, userdata):
        text = f"cannot reach the broker at {self.where}; trying again"
        if self.hall.broker.get("text") != text:  # said once on the terminal too, not only on the page
            print(f"xqclock hall: {text}", file=sys.stderr, flush=True)
        self.hall.set_broker(False, text)

    def _disconnected(self, c, userdata, flags, reason, properties=None):
        if self.hall.broker["up"]:
            self.hall.log(f"lost the broker at {self.where} ({reason}); reconnecting")
            self.hall.set_broker(False, f"lost the broker at {self.where} ({reason}); reconnecting")
        elif "refused" not in self.hall.broker["text"]:  # (a refusal says more than the end that follows)
            self.hall.set_broker(False, f"no answer from the broker at {self.where} ({reason}); trying again")

    def _message(self, c, userdata, msg):
        parts = msg.topic.split("/")
        if len(parts) != 4 or TOPIC % (self.hall.event, parts[2], parts[3]) != msg.topic:
            return  # not this event's: never shown (a broker that sends what was not asked for)
        board, kind = parts[2], parts[3]
        try:
            if kind == "state":
                self.hall.state(board, check_tag(self.keys, msg.topic, msg.payload))
            elif kind == "online":
                self.hall.online(board, msg.payload)
        except ValueError as e:  # BadMessage, or a tag that is not the clock's
            self.hall.reject(board, str(e))

