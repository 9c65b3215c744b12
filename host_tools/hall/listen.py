"""The hall's MQTT side (paho-mqtt): subscribe to the event's topics and
feed each message to the Hall."""
import sys
import uuid

import paho.mqtt.client as mqtt

import host_tools.firmware_path
from device.hall import TOPIC
from host_tools.hall.state import BadMessage


def client(broker, name, on_connect=None):
    """A paho client for the broker dict of broker.parse_url (user, password, TLS)."""
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"{name}-{uuid.uuid4().hex[:8]}")
    if broker.get("user"):
        c.username_pw_set(broker["user"], broker.get("password"))
    if broker.get("tls"):
        c.tls_set()
    if on_connect:
        c.on_connect = on_connect
    return c


class Listener:
    """Subscribes to xqclock/EVENT/+/state and .../online; reconnects by itself."""

    def __init__(self, hall, broker, log=None):
        self.hall = hall
        self.broker = broker
        self.log = log or (lambda text: print(f"xqclock hall: {text}", file=sys.stderr, flush=True))
        self.connected = False
        self.client = client(broker, "xqclock-hall", self._connected)
        self.client.on_message = self._message
        self.client.on_disconnect = self._disconnected

    def start(self):
        self.client.connect_async(self.broker["host"], self.broker["port"], keepalive=30)
        self.client.loop_start()
        return self

    def stop(self):
        self.connected = False  # a disconnect asked for is not news
        self.client.disconnect()
        self.client.loop_stop()

    def _connected(self, c, userdata, flags, reason, properties=None):
        if reason.is_failure:
            self.log(f"the broker refused the connection: {reason}")
            return
        self.connected = True
        event = self.hall.event
        c.subscribe([(TOPIC % (event, "+", "state"), 0), (TOPIC % (event, "+", "online"), 0)])

    def _disconnected(self, c, userdata, flags, reason, properties=None):
        if self.connected:
            self.log(f"lost the broker ({reason}); reconnecting")
        self.connected = False

    def _message(self, c, userdata, msg):
        parts = msg.topic.split("/")
        if len(parts) != 4:
            return
        board, kind = parts[2], parts[3]
        try:
            if kind == "state":
                self.hall.state(board, msg.payload)
            elif kind == "online":
                self.hall.online(board, msg.payload)
        except BadMessage as e:
            self.hall.rejected += 1
            self.log(f"{msg.topic}: {e}")
