"""The embedded broker (amqtt), so one laptop runs the whole hall with one command.

It listens only where it is told (--mqtt HOST:PORT), takes only the accounts
of the events whose secrets are on this machine (keys.py), each allowed its
own topics only, and sends a retained message only to the subscriptions that
match it (amqtt 0.12 also sends one to every client that connects, matching
or not: Broker below stops that)."""
import asyncio
import hmac
import logging
import threading

from amqtt.broker import Broker as _AmqttBroker
from amqtt.contexts import Action
from amqtt.plugins.base import BaseAuthPlugin, BaseTopicPlugin

from host_tools.hall import keys
from host_tools.hall.broker import DEFAULT_PORT, within


class EventAccounts(BaseAuthPlugin, BaseTopicPlugin):
    """amqtt plugin: the accounts of the events on this machine (keys.every()),
    read again at each connection, so an event made later is let in too."""

    def __init__(self, context):
        super().__init__(context)
        self.accounts = {}

    async def authenticate(self, *, session):
        self.accounts = {}
        for event in keys.every():
            self.accounts.update(event.accounts())
        account = self.accounts.get(session.username or "")
        if account is None or not hmac.compare_digest((session.password or "").encode(), account[0].encode()):
            return False
        # the will is published for the client later, unchecked: check its topic now
        return not session.will_flag or self._may(session.username, session.will_topic or "", "write")

    def _may(self, user, topic, access):
        account = self.accounts.get(user or "")
        return account is not None and any(kind == access and within(topic, allowed)
                                           for allowed, kind in account[1])

    async def topic_filtering(self, *, session=None, topic=None, action=None):
        user = session.username if session else None
        return self._may(user, topic or "", "write" if action == Action.PUBLISH else "read")


class Broker(_AmqttBroker):
    async def _publish_retained_messages_for_subscription(self, subscription, session):
        # amqtt calls this for every filter any client holds when a client connects (meant for
        # the filters of a session it resumes): only a filter this session holds counts
        if any(s.client_id == session.client_id for s, _ in self._subscriptions.get(subscription[0], ())):
            await super()._publish_retained_messages_for_subscription(subscription, session)


class EmbeddedBroker:
    """The embedded broker on its own thread and event loop, on bind:port (TLS with cert and key)."""

    def __init__(self, bind="127.0.0.1", port=DEFAULT_PORT, tls=None):
        self.bind = bind
        self.port = port
        self.tls = tls  # (certificate file, key file) or None
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
        listener: dict = {"type": "tcp", "bind": f"{self.bind}:{self.port}"}
        if self.tls:
            listener.update(ssl=True, certfile=self.tls[0], keyfile=self.tls[1])
        config = {"listeners": {"default": listener},
                  "plugins": {f"{__name__}.EventAccounts": {}}}
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
