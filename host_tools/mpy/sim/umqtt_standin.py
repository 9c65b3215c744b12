# umqtt.simple as the hall's Reporter uses it (device/hall.py), for the scripts
# on the MicroPython VM that play a reporting clock: a connection is made at
# once, and what the Reporter writes beneath the client (a PUBLISH packet a
# write) is counted and dropped. MicroPython-compatible, allocates nothing.


class Socket:
    packets = 0

    def write(self, buf, off, n):
        self.packets += 1
        return n

    def close(self):
        pass


class Client:
    def __init__(self, sock):
        self.sock = sock

    def set_last_will(self, *args):
        pass

    def connect(self):
        pass

    def publish(self, topic, msg, retain=False):
        pass


class Mqtt:
    """The umqtt.simple module: its clients write to `sock`."""
    socket = None

    def __init__(self, sock=None):
        self.sock = sock or Socket()

    def MQTTClient(self, *args):
        return Client(self.sock)
