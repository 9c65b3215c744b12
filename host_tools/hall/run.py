"""`xqclock hall`: the broker (embedded unless --broker), the subscriber, the
page, and with --usb the clocks on USB; until Ctrl-C."""
import signal
import sys
import threading

import host_tools.firmware_path
from host_tools.hall import keys
from host_tools.network import parse_url
from host_tools.hall.state import Hall


def host_port(text, what):
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{what} {text}: give HOST:PORT, e.g. 127.0.0.1:8080")
    return host.strip("[]") or "127.0.0.1", int(port)


def start(event, broker_url=None, http="127.0.0.1:8080", mqtt="127.0.0.1:1883", tls=None, ca=None):
    """Start everything; returns (hall, broker dict, the same as a clock, [parts with stop()], page URL).
    ValueError names a bad option; RuntimeError says what could not start."""
    from device.hall import check
    check({"broker": "x", "event": event})  # the clocks' rule for event names
    host, port = host_port(http, "--http")
    broker = dict(parse_url(broker_url), ca=ca) if broker_url else None  # checked before the secrets are made
    event_keys = keys.load(event)
    parts = []
    if not broker:
        from host_tools.hall.embedded import EmbeddedBroker
        bind, mqtt_port = host_port(mqtt, "--mqtt")
        parts.append(EmbeddedBroker(bind, mqtt_port, tls).start())
        broker = {"host": "127.0.0.1" if bind in ("0.0.0.0", "::") else bind, "port": mqtt_port,
                  "tls": bool(tls), "ca": tls and tls[0], "user": None, "password": None}
    as_clock = dict(broker)
    if not broker["user"]:  # the event's own accounts (those of an organiser's broker are in the URL)
        broker.update(user=event_keys.hall_user, password=event_keys.hall_password)
        as_clock.update(user=event_keys.clock_user, password=event_keys.clock_password)
    from host_tools.hall.listen import Listener
    from host_tools.hall.server import Server
    hall = Hall(event)
    try:
        server = Server(hall, host, port)
    except OSError as e:
        for p in parts:
            p.stop()
        raise RuntimeError(f"the page cannot listen on {host}:{port}: {e.strerror}") from None
    parts.insert(0, server.start())
    listener = Listener(hall, broker, event_keys)
    hall.ask = listener.identify
    parts.insert(0, listener.start())
    return hall, broker, as_clock, parts, f"http://{host}:{server.server_address[1]}/"


def main(args):
    if bool(args.tls_cert) != bool(args.tls_key):
        print("xqclock: --tls-cert and --tls-key go together", file=sys.stderr)
        return 2
    tls = (args.tls_cert, args.tls_key) if args.tls_cert else None
    from host_tools.inputs import read_certificate, said
    for option, path in (("--ca", args.ca), ("--tls-cert", args.tls_cert)):
        if path:
            read_certificate(path, option)  # a bad file: one line, before anything starts
    try:
        hall, broker, as_clock, parts, url = start(args.event, args.broker, args.http, args.mqtt, tls, args.ca)
    except (ValueError, RuntimeError) as e:
        message = str(e)
        print(f"xqclock: {said(message.replace('network: event', '--event', 1))}", file=sys.stderr)
        return 2 if isinstance(e, ValueError) else 1
    where = f"{broker['host']}:{broker['port']}" if args.broker else f"the embedded broker on {args.mqtt}"
    print(f"xqclock hall: event {args.event!r}, clocks publish to {where}; the page: {url}", flush=True)
    print(f"xqclock hall: the event's accounts and keys: {keys.path_of(args.event)}", flush=True)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    if args.usb:
        from host_tools.hall.usb import UsbReporter
        parts.insert(0, UsbReporter(as_clock, args.event).start())
        print("xqclock hall: reading the clocks on USB (those set with `config push --broker usb`)", flush=True)
    while not stop.wait(0.5):
        pass
    for part in parts:
        part.stop()
    return 0
