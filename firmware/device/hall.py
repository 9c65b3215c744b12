# The clock's reports to the hall (`xqclock hall`): its state as one JSON
# object, retained, on xqclock/EVENT/BOARD/state over MQTT, on every event and
# every few seconds while a clock runs; "1" on .../online, with "0" as the
# last will. The client is micropython-lib's umqtt.simple, installed with the
# firmware by `xqclock flash`.
#
# The network never holds up a press or the display: presses are stamped by
# their IRQ, every socket has a short timeout (a connect, its CONNACK or a
# write waits at most timeout_ms), a failure drops the connection and it is
# tried again later, backing off to RETRY_MAX_MS; meanwhile `down` puts a
# small mark on the screens. A step allocates nothing, one that publishes too:
# the message is written into one buffer made with the Reporter (clock/outbuf.py),
# framed there as an MQTT PUBLISH packet (or a USB line) and written to the
# socket at once; umqtt.simple only connects, subscribes and reads. A state
# too long for the buffer is not sent, and counted as a failure.
# The settings are /network.json on the board (`xqclock config push --wifi
# ... --broker ...`); a clock without it does not report.
#
# Each state ends with its tag (TAG): an HMAC-SHA256 over the topic, "\n" and
# the state before it, with the key `config push` gave this clock, so the hall
# takes a state only from the clock it names. "boot" (random at power-on) and
# "sent_ms" let the hall refuse an old state sent again.

import binascii
import hashlib
import select

from clock import jsonfile, snapshot
from clock.game import UNSET
from clock.limits import (ACCOUNT_BYTES, EVENT_BYTES, EVENT_NOT, HOST_CHARS, NAME_BYTES, WIFI_BYTES, WIFI_PASSWORD,
                          unprintable, utf8_bytes)
from clock.outbuf import Out
from clock.spaces import normalize
from clock.utf8 import dumps, joined

NETWORK = "/network.json"
USB = "usb"  # as the broker: report over the USB cable to `xqclock hall --usb`
USB_LINE = "\x00xq-state %s %s\n"  # topic, state: one console line per message
TOPIC = "xqclock/%s/%s/%s"  # event, board, "state" | "online"
ONLINE = b"1"
OFFLINE = b"0"  # the last will
TAG = ', "tag": "%s"}'  # the state's last field (64 hex digits)
TAGGED = len(TAG) - 2 + 64  # the tag's length in a message
_USB_HEAD, _USB_SEP, _USB_TAIL = (part.encode() for part in USB_LINE.split("%s"))
# The buffer a message is written in: its frame's head (an MQTT PUBLISH's
# fixed header, 3 bytes at most here, and the topic's length; or USB_LINE's
# start), the topic (a clock id of up to 32 hex digits as its BOARD), the
# longest state (clock/snapshot.py's, a notice of up to NOTICE_BYTES, the
# hall's fields with the longest names) and its tag; and a USB line's end.
NOTICE_BYTES = 256  # a restored game's notice is about 100 (a longer one is not sent)
HALL_BYTES = 469 + 2 * NAME_BYTES  # the hall's fields at their longest (names of that many bytes of UTF-8)
MESSAGE_BYTES = (max(5, len(_USB_HEAD) + len(_USB_SEP)) + len(TOPIC % ("", "", "state")) + EVENT_BYTES + 32
                 + snapshot.BYTES + NOTICE_BYTES + HALL_BYTES + TAGGED - 1 + len(_USB_TAIL))
DEFAULTS = {
    "wifi": "",  # Wi-Fi name (Pico W); "" = the network is already there (the virtual board)
    "wifi_password": "",
    "broker": "",  # the broker's address (an IP address: a name costs a DNS wait), or USB
    "port": 0,  # 0: 1883, or 8883 with tls
    "user": "",
    "password": "",
    "tls": False,
    "ca": "",  # with tls: the certificate the broker's must be or be signed by (DER, base64); "": none
    "event": "event",
    "key": "",  # this clock's key for the tags, 64 hex digits ("": untagged, which the hall refuses)
    "timeout_ms": 150,  # the longest a socket operation may hold up the loop
}
RUNNING_EVERY_MS = 5000  # while a clock runs, at least this often
IDLE_EVERY_MS = 20000  # otherwise (well inside the keep-alive: no false will)
KEEPALIVE_S = 60
RETRY_FIRST_MS = 2000
RETRY_MAX_MS = 30000
LOOK_MS = 250  # how often a connected clock looks for a request from the hall (identify)


def check(values):
    """Fill defaults and check each field; raises ValueError naming the field."""
    if not isinstance(values, dict):  # a file of 5 or null: said, not a TypeError at power-on
        raise ValueError("network: not a JSON object")
    out = dict(DEFAULTS)
    for key in values:
        if key not in DEFAULTS:
            raise ValueError("network: unknown field %r" % key)
        out[key] = values[key]
    for key in ("wifi", "wifi_password", "broker", "user", "password", "event", "key", "ca"):
        if not isinstance(out[key], str):
            raise ValueError("network: %s must be text" % key)
        try:
            out[key] = joined(out[key])
        except ValueError as e:  # half a UTF-16 pair: no text
            raise ValueError("network: %s: %s" % (key, e))
    if not out["broker"]:
        raise ValueError("network: broker is missing (the broker's address)")
    _limits(out)
    if type(out["port"]) is not int or not 0 <= out["port"] <= 65535:  # true is no port (bool is an int)
        raise ValueError("network: port must be 0 (the default) to 65535")
    if not isinstance(out["tls"], bool):
        raise ValueError("network: tls must be true or false")
    try:
        if len(binascii.unhexlify(str(out["key"]))) not in (0, 32):
            raise ValueError
    except ValueError:
        raise ValueError("network: key must be 64 hex digits")
    try:
        binascii.a2b_base64(str(out["ca"]))
    except ValueError:
        raise ValueError("network: ca must be a certificate in base64 (DER)")
    t = out["timeout_ms"]
    if type(t) is not int or not 10 <= t <= 2000:
        raise ValueError("network: timeout_ms must be 10 to 2000")
    return out


def _limits(out):
    """The text fields within clock/limits.py: ValueError naming the field."""
    event = out["event"]
    # any white space (a full-width one too): Mosquitto's files take a name as one word
    if not event or unprintable(event) or " " in normalize(event) or [c for c in EVENT_NOT if c in event]:
        raise ValueError("network: event must be a name without spaces, control characters or %s"
                         % " ".join(EVENT_NOT))
    if utf8_bytes(event) > EVENT_BYTES:
        raise ValueError("network: event must be at most %d bytes of UTF-8, not %d" % (EVENT_BYTES, utf8_bytes(event)))
    wifi = out["wifi"]
    if unprintable(wifi) or utf8_bytes(wifi) > WIFI_BYTES:
        raise ValueError("network: wifi must be a network's name of at most %d bytes, without control characters"
                         % WIFI_BYTES)
    password = out["wifi_password"]
    lo, hi = WIFI_PASSWORD
    if password and not (lo <= len(password) <= hi and _ascii(password, 32)) and not (
            len(password) == 64 and _hex(password)):
        raise ValueError("network: wifi_password must be %d to %d printable ASCII characters (or 64 hex digits)"
                         % (lo, hi))
    if out["broker"] != USB:
        check_host(out["broker"])
    for key in ("user", "password"):
        if unprintable(out[key]) or utf8_bytes(out[key]) > ACCOUNT_BYTES:
            raise ValueError("network: %s must be at most %d bytes, without control characters" % (key, ACCOUNT_BYTES))


def check_host(host):
    """The broker's address: ValueError unless an IP address or an ASCII host name."""
    if len(host) > HOST_CHARS or [c for c in host if not (
            "a" <= c <= "z" or "A" <= c <= "Z" or "0" <= c <= "9" or c in ".-:")]:
        raise ValueError("network: broker must be an IP address or a host name (ASCII letters, digits, . - :) "
                         "of at most %d characters" % HOST_CHARS)


def _ascii(text, lowest):
    for ch in text:
        if not lowest <= ord(ch) < 127:
            return False
    return True


def _hex(text):
    for ch in text:
        if ch not in "0123456789abcdefABCDEF":
            return False
    return True


def load(path=NETWORK):
    """(values or None, problem): None when the clock has no network settings."""
    try:
        return check(jsonfile.loads(jsonfile.read(path))), None  # bytes: UTF-8 on both VMs
    except OSError:
        return None, None
    except ValueError as e:
        return None, str(e)


def board_name(header, clock_id):
    """The BOARD of the topics: the board number of the game on the clock (its
    journal's header: settings staged for the next game do not move this one),
    else the clock's id."""
    n = header.get("board")
    return "%d" % n if isinstance(n, int) and n > 0 else clock_id


def tls_params(values):
    """umqtt's ssl_params: the broker's name, and its certificate checked when a CA is given
    (MicroPython's ssl checks a certificate only with CERT_REQUIRED)."""
    if not values["tls"]:
        return {}
    if not values["ca"]:
        return {"server_hostname": values["broker"]}
    import ssl
    return {"server_hostname": values["broker"], "cert_reqs": ssl.CERT_REQUIRED,
            "cadata": binascii.a2b_base64(values["ca"])}  # DER: a Pico's mbedTLS may not read PEM


def key_pads(key):
    """HMAC-SHA256's inner and outer key blocks for a key of 64 hex digits; None for no key."""
    if not key:
        return None
    k = binascii.unhexlify(key)
    return bytes(b ^ 0x36 for b in k) + b"\x36" * 32, bytes(b ^ 0x5C for b in k) + b"\x5c" * 32


def tagged(pads, topic, state):
    """The state (a JSON object's UTF-8 bytes) with its tag as the last field (the
    hall's identify requests are tagged the same way); topic as bytes too."""
    inner = hashlib.sha256(pads[0])
    inner.update(topic)
    inner.update(b"\n")
    inner.update(state)
    outer = hashlib.sha256(pads[1])
    outer.update(inner.digest())
    return state[:-1] + (TAG % binascii.hexlify(outer.digest()).decode()).encode()


class _Sockets:
    """umqtt.simple's `socket` module, with a timeout on every socket it makes."""

    def __init__(self, timeout_s):
        self.timeout = timeout_s
        self.made = None  # the last socket made (under TLS, the one beneath the SSL socket)

    def socket(self, *args):
        import socket  # type: ignore[import-not-found]  # not in the Pico stubs (nor on a Pico without radio)
        s = self.made = socket.socket(*args)
        s.settimeout(self.timeout)
        return s

    def again(self):
        """The short timeout back on the socket (umqtt's reads leave it blocking for good)."""
        if self.made is not None:
            self.made.settimeout(self.timeout)

    def getaddrinfo(self, *args):
        import socket
        return socket.getaddrinfo(*args)


def _mqtt_client():
    from umqtt import simple  # type: ignore[import-not-found]  # installed by xqclock flash
    return simple


class _UsbLine:
    """The client of a clock that reports over its USB cable (broker "usb") to
    `xqclock hall --usb`: each state is one line on the console, USB_LINE, and
    only when the output has room (a host that does not read never holds up
    the clock: the message waits for the next try, and the mark shows)."""

    sock = None

    def __init__(self, *args):
        import sys
        self.out = sys.stdout
        poll = select.poll()
        poll.register(self.out, select.POLLOUT)
        self._ready = getattr(poll, "ipoll", poll.poll)  # ipoll (MicroPython) allocates nothing

    def set_last_will(self, topic, msg, retain=False):
        pass

    def connect(self):
        pass

    def publish(self, topic, msg, retain=False):
        pass  # only .../online: the host says when a clock's cable goes

    def write(self, buf, off, n):
        """A line, buf[off:off + n], as MicroPython's streams take it."""
        for _ in self._ready(0):
            return self.out.write(buf, off, n)  # type: ignore[call-overload]  # MicroPython's stream write
        raise OSError(11)  # EAGAIN


class _Usb:
    """In place of umqtt.simple for a clock that reports over USB."""
    MQTTClient = _UsbLine
    socket = None


def _names(header):
    names = header.get("names")
    if isinstance(names, list) and len(names) == 2 and isinstance(names[0], str) and isinstance(names[1], str):
        return names
    return ("", "")


def _text(s):
    return dumps(s if isinstance(s, str) else "").encode()


# The hall's fields after the state's (each side's "block" after its head)
_FIELDS = (b', "board": %s, "names": {"red": %s, "black": %s}, "battery": %n, "fault": %d, '
           b'"shown": {"red": {"ms": %d, "quota": %d, "block": ')
_BLACK = b', "black": {"ms": %d, "quota": %d, "block": '
_LAST = (b'}, "game": %s, "clock_id": "%s", "boot": %d, "sent_ms": %d, "forfeit_at_ms": %n, "foul_limit": %d, '
         b'"tenths": %d}')


def _deaf(timeout_ms):
    """In place of a poll while the clock listens to nothing from the hall."""
    return ()


class Reporter:
    """Publishes one clock's state; `step` is called by the app's loop with
    the clock's state (device.clockstate.ClockState: it only reads it)."""

    def __init__(self, values, clock_id, clock, wlan=None, mqtt=None, boot=0):
        self.values = values
        self.clock_id = clock_id
        self.boot = boot  # random at power-on: a state of an earlier run is not this run's
        self.pads = key_pads(values["key"])
        self.clock = clock  # ticks_ms/ticks_diff/ticks_add: the hardware boundary
        self.wlan = wlan
        self.mqtt = mqtt or _mqtt_client()
        self.mqtt.socket = _Sockets(values["timeout_ms"] / 1000)
        self.client = None
        self.down = True  # no connection: the screens show a mark
        self.topic = b""
        self.board = ""  # the BOARD of the topics while connected
        self.backoff = RETRY_FIRST_MS
        self.next_try = clock.ticks_ms()
        self.next_send = self.next_try
        self._table: object = None  # the table and its record count last published
        self._records = -1
        self.sent = 0
        self.failures = 0
        self.asked = False  # the hall asked this clock to identify itself (the app acts on it)
        self._ready = _deaf  # the socket's poll (ipoll) while connected and listening
        self.next_look = self.next_try
        self.usb = isinstance(self.mqtt, _Usb)
        # imported here: host tools read this module's topics and checks without the displays
        from device.screens import available_ms, quota
        from device.buffers import copy
        from device.hmac_sha256 import Hmac
        self._available_ms = available_ms
        self._quota = quota
        self.hmac = None if self.pads is None else Hmac(self.pads)
        self.out = Out(MESSAGE_BYTES, copy)
        self._nums = [0] * 5  # a template's numbers and texts, filled in place
        self._texts = [b""] * 3
        self.at = 0  # where the state starts in out.buf, after its frame's head
        self._clock_id = clock_id.encode()
        self._notice = None  # the table's notice, and its JSON
        self._notice_json = b"null"
        self._header(None)

    def step(self, state, tick):
        table = state.table
        changed = table.records != self._records or table is not self._table
        if self.client is None:
            if self.clock.ticks_diff(tick, self.next_try) >= 0:
                self._connect(state, tick)
            return
        if changed or self.clock.ticks_diff(tick, self.next_send) >= 0:
            self._publish(state, tick, self.client)
        elif self._ready is not _deaf and self.clock.ticks_diff(tick, self.next_look) >= 0:
            self.next_look = self.clock.ticks_add(tick, LOOK_MS)
            self._look(self.client)

    def _look(self, client):
        """Take what the broker sent (an identify request, or the connection's end)."""
        for _ in self._ready(0):
            try:
                client.check_msg()  # calls _heard
                self.mqtt.socket.again()
            except Exception as e:
                self._drop(client, e)
            return

    def _heard(self, topic, msg):
        """umqtt's callback: an identify request, taken if the hall tagged it with this clock's key."""
        try:
            if tagged(self.pads, topic, msg[:-TAGGED] + b"}") == msg:
                self.asked = True
        except Exception:  # not one of the hall's: nothing to do
            pass

    def _connect(self, state, tick):
        self.next_try = self.clock.ticks_add(tick, self.backoff)
        self.backoff = min(self.backoff * 2, RETRY_MAX_MS)
        if self.wlan is not None and not self.wlan.isconnected():
            return  # the radio is still joining (wlan.connect does not block)
        v = self.values
        board = board_name(state.table.settings, self.clock_id)
        # umqtt.simple counts len() of what it is given as the bytes it sends: so every
        # text goes to it as UTF-8 bytes (a str's len() is in characters: 许银川 is 9 bytes)
        online = (TOPIC % (v["event"], board, "online")).encode()
        client = None
        try:
            client = self.mqtt.MQTTClient("xqclock-" + self.clock_id, v["broker"], v["port"],
                                          v["user"].encode() or None, v["password"].encode() or None,
                                          KEEPALIVE_S, v["tls"], tls_params(v))
            client.set_last_will(online, OFFLINE, True)
            self._frame((TOPIC % (v["event"], board, "state")).encode())
            client.connect()
            client.publish(online, ONLINE, True)
            if self.pads is not None and hasattr(client, "subscribe"):  # (a clock on USB hears nothing back)
                self._listen(client, (TOPIC % (v["event"], board, "identify")).encode())
        except Exception as e:  # refused, timed out, unreachable: a retry later
            self._drop(client, e)
            return
        self.client = client
        self.board = board
        self.down = False
        self.backoff = RETRY_FIRST_MS
        self._publish(state, tick, client)

    def _listen(self, client, topic):
        """Subscribe to the hall's identify requests; a broker that refuses is no failure."""
        client.set_callback(self._heard)
        try:
            client.subscribe(topic)
        except OSError:
            raise
        except Exception:  # umqtt's MQTTException: this broker's account may not read it
            return
        finally:
            self.mqtt.socket.again()
        poll = select.poll()
        poll.register(client.sock, select.POLLIN)
        self._ready = getattr(poll, "ipoll", poll.poll)  # ipoll (MicroPython) allocates nothing

    def _publish(self, state, tick, client):
        table = state.table
        if table is not self._table:
            self._header(table)
        self._table = table
        self._records = table.records
        running = table.game.running() != UNSET and not table.game.over()
        self.next_send = self.clock.ticks_add(tick, RUNNING_EVERY_MS if running else IDLE_EVERY_MS)
        if self._board != self.board:
            self._drop(client, None)  # a new game on a new board number: a new topic and will
            return
        if not self._message(state, tick):
            self.failures += 1  # too long to send: the hall keeps the state before
            return
        try:
            self._send(client)
            self.sent += 1
        except Exception as e:
            self._drop(client, e)

    def _header(self, table):
        """The fields of the game's journal header, as they go out: made once a game."""
        header = {} if table is None else table.settings
        n = header.get("board")
        self._board_json = ("%d" % n).encode() if isinstance(n, int) and n > 0 else b"null"
        self._board = board_name(header, self.clock_id)
        names = _names(header)
        self._names = (_text(names[0]), _text(names[1]))
        self._game_json = _text(header.get("id"))

    def _frame(self, topic):
        """The head of every message's frame for this connection's topic (bytes),
        up to where the state starts: a PUBLISH packet's after its first 3 bytes
        (the fixed header, written with each message), or a USB line's."""
        self.topic = topic
        out = self.out
        if self.usb:
            out.reset(0)
            out.put(_USB_HEAD)
            out.put(topic)
            out.put(_USB_SEP)
        else:
            out.reset(3)
            out.put(b"\x00\x00")
            out.buf[3] = len(topic) >> 8
            out.buf[4] = len(topic) & 0xFF
            out.put(topic)
        if out.over:
            raise ValueError("the topic is too long")
        self.at = out.n

    def _message(self, state, tick):
        """Into the buffer after the frame's head: the state object of SCENARIOS.md
        plus what the hall shows and alerts on, from the clock's state (device.app.
        ClockState): the board and players of the game on the clock (its journal's
        header), not settings staged for the next; then the tag. False if it does not fit."""
        out = self.out
        out.reset(self.at)
        table = state.table
        game = table.game
        if table.notice is not self._notice:  # a power cut's, until the arbiter resumes
            self._notice = table.notice
            self._notice_json = snapshot.notice_json(table.notice)
        snapshot.write(out, game, self._notice_json)
        out.n -= 1  # its "}": the hall's fields follow
        v = self._nums
        t = self._texts
        bat = state.battery
        t[0] = self._board_json
        t[1] = self._names[0]
        t[2] = self._names[1]
        v[0] = UNSET if bat is None else bat.percent()
        v[1] = state.fault_kinds
        self._shown(game.sides[0], _FIELDS, 2)
        self._shown(game.sides[1], _BLACK, 0)
        t[0] = self._game_json
        t[1] = self._clock_id
        v[0] = self.boot
        v[1] = tick
        v[2] = game.forfeit_at
        v[3] = game.foul_limit
        v[4] = state.values["tenths"]
        out.form(_LAST, v, t)
        hmac = self.hmac
        if hmac is not None and out.room(TAGGED - 1):
            self._tag(hmac)
        if self.usb:
            out.put(_USB_TAIL)
        return not out.over

    def _shown(self, c, head, at):
        """The head (its holes from _nums and _texts, the side's from nums[at]), then what
        a side's display shows of its time: the ms it promises, the moves/quota of its
        period (0: none), and in Canadian overtime [moves made, of] the block."""
        out = self.out
        v = self._nums
        v[at] = self._available_ms(c)
        v[at + 1] = self._quota(c)
        out.form(head, v, self._texts)
        tc = c.tc
        if c.overtime and tc.canadian_moves:
            v[0] = tc.canadian_moves - c.block_moves
            v[1] = tc.canadian_moves
            out.form(b"[%d, %d]}", v)
        else:
            out.put(b"null}")

    def _tag(self, h):
        """The state written (a JSON object) ends with its tag: see tagged()."""
        out = self.out
        h.start()
        h.update(self.topic, 0, len(self.topic))
        h.update(b"\n", 0, 1)
        h.update(out.buf, self.at, out.n - self.at)
        out.n -= 1
        out.put(b', "tag": "')
        h.hex_into(out.buf, out.n)
        out.n += 64
        out.put(b'"}')

    def _send(self, client):
        """The message in the buffer, framed, written at once."""
        buf = self.out.buf
        end = self.out.n
        if self.usb:
            client.write(buf, 0, end)
            return
        n = end - 3  # the remaining length: the topic's length and the topic, then the state
        start = 1 if n < 128 else 0
        buf[start] = 0x31  # PUBLISH, QoS 0, retained
        if n < 128:
            buf[2] = n
        else:  # (MESSAGE_BYTES < 16384: two bytes at most)
            buf[1] = (n & 0x7F) | 0x80
            buf[2] = n >> 7
        if client.sock.write(buf, start, end - start) != end - start:  # MicroPython's write(buf, off, n)
            raise OSError(110)  # ETIMEDOUT: cut short

    def close(self):
        """Stop reporting (new network settings take over): the connection goes."""
        self._drop(self.client, None)

    def shown(self):
        """Where it reports, for the host (no passwords, no key)."""
        v = self.values
        return {"broker": v["broker"], "port": v["port"], "tls": v["tls"], "event": v["event"],
                "wifi": v["wifi"], "user": v["user"]}

    def _drop(self, client, error):
        self.client = None
        self._ready = _deaf
        self.down = True
        if error is not None:
            self.failures += 1
        try:
            if client is not None and client.sock is not None:
                client.sock.close()
        except Exception:
            pass


def reporter_for(clock, path=NETWORK):
    """The board's Reporter, or None without network settings (or without umqtt)."""
    net, problem = load(path)
    if problem:
        print(problem, "- the clock does not report to the hall")
    if net is None:
        return None
    return reporter_from(net, clock)


def reporter_from(net, clock):
    """A Reporter for checked network settings (check()), or None without umqtt."""
    import machine
    import os
    clock_id = binascii.hexlify(machine.unique_id()).decode()
    boot = int.from_bytes(os.urandom(3), "big")
    if net["broker"] == USB:
        return Reporter(net, clock_id, clock, None, _Usb(), boot)
    if net["tls"]:  # umqtt.simple 1.3.4 imports ussl, which MicroPython now calls ssl
        import ssl
        import sys
        sys.modules.setdefault("ussl", ssl)
    wlan = None
    if net["wifi"]:
        try:
            import network  # type: ignore[import-not-found]  # Pico W only
        except ImportError:
            network = None
        if network is not None:
            wlan = network.WLAN(network.STA_IF)
            wlan.active(True)
            wlan.connect(net["wifi"], net["wifi_password"])  # returns at once; joins in the background
    try:
        mqtt = _mqtt_client()
    except ImportError:
        print("umqtt is not installed (xqclock flash installs it) - the clock does not report to the hall")
        return None
    return Reporter(net, clock_id, clock, wlan, mqtt, boot)
