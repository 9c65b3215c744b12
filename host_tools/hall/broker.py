"""Where the clocks' messages go: the event's broker (--broker URL) or an
embedded one (amqtt), so one laptop runs the whole hall with one command."""
import asyncio
import logging
import threading
from urllib.parse import unquote, urlsplit

DEFAULT_PORT = 1883
TLS_PORT = 8883


def parse_url(url):
    """mqtt://[USER:PASSWORD@]HOST[:PORT] or mqtts://... (TLS) -> dict; ValueError naming the part."""
    parts = urlsplit(url if "://" in url else "mqtt://" + url)
    if parts.scheme not in ("mqtt", "mqtts"):
        raise ValueError(f"--broker {url}: the scheme is mqtt:// or mqtts:// (TLS)")
    if not parts.hostname:
        raise ValueError(f"--broker {url}: no host")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"--broker {url}: the port is not a number from 1 to 65535") from None
    tls = parts.scheme == "mqtts"
    return {"host": parts.hostname, "port": port or (TLS_PORT if tls else DEFAULT_PORT), "tls": tls,
            "user": unquote(parts.username) if parts.username else None,
            "password": unquote(parts.password) if parts.password else None}


class EmbeddedBroker:
    """amqtt's broker on its own thread and event loop, anonymous, on bind:port."""

    def __init__(self, port=DEFAULT_PORT, bind="0.0.0.0"):
        self.port = port
        self.bind = bind
        self._loop = None
        self._broker = None
        self._thread = None
        self._ready = threading.Event()
        self._error = None

    def start(self, timeout=15):
        for name in ("amqtt", "transitions"):
            logging.getLogger(name).setLevel(logging.CRITICAL)  # its own chatter is not the organiser's
        self._thread = threading.Thread(target=self._run, name="mqtt broker", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError(f"the embedded MQTT broker did not start within {timeout} s")
        if self._error:
            raise RuntimeError(f"the embedded MQTT broker cannot listen on {self.bind}:{self.port}: {self._error}")
        return self

    def _run(self):
        from amqtt.broker import Broker
        config = {"listeners": {"default": {"type": "tcp", "bind": f"{self.bind}:{self.port}"}},
                  "plugins": {"amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True}}}
        loop = self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            self._broker = Broker(config, loop=loop)
            loop.run_until_complete(self._broker.start())
        except Exception as e:  # the port is taken, most often
            self._error = e
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.run_until_complete(self._broker.shutdown())
        loop.close()

    def stop(self):
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
