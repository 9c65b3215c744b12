"""`xqclock hall`: the broker (embedded unless --broker), the subscriber, the
page, and with --usb the clocks on USB; until Ctrl-C."""
import signal
import sys
import threading

import host_tools.firmware_path
from host_tools.hall.broker import EmbeddedBroker, parse_url
from host_tools.hall.state import Hall


def _host_port(text, what):
    host, sep, port = text.rpartition(":")
    if not sep or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"{what} {text}: give HOST:PORT, e.g. 127.0.0.1:8080")
    return host or "127.0.0.1", int(port)


def start(event, broker_url=None, http="127.0.0.1:8080", mqtt_port=1883):
    """Start everything; returns (hall, broker dict, [parts with stop()], page URL).
    ValueError names a bad option; RuntimeError says what could not start."""
    from device.hall import check
    check({"broker": "x", "event": event})  # the clocks' rule for event names
    host, port = _host_port(http, "--http")
    if not 0 < mqtt_port < 65536:
        raise ValueError(f"--mqtt-port {mqtt_port}: not a port number")
    parts = []
    if broker_url:
        broker = parse_url(broker_url)
    else:
        parts.append(EmbeddedBroker(mqtt_port).start())
        broker = {"host": "127.0.0.1", "port": mqtt_port, "tls": False, "user": None, "password": None}
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
    parts.insert(0, Listener(hall, broker).start())
    return hall, broker, parts, f"http://{host}:{server.server_address[1]}/"


def main(args):
    try:
        hall, broker, parts, url = start(args.event, args.broker, args.http, args.mqtt_port)
    except (ValueError, RuntimeError) as e:
        message = str(e)
        print(f"xqclock: {message.replace('network: ', '--event: ', 1)}", file=sys.stderr)
        return 2 if isinstance(e, ValueError) else 1
    where = f"{broker['host']}:{broker['port']}" if args.broker else f"the embedded broker on port {args.mqtt_port}"
    print(f"xqclock hall: event {args.event!r}, clocks publish to {where}; the page: {url}", flush=True)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    if args.usb:
        from host_tools.hall.usb import UsbReporter
        parts.insert(0, UsbReporter(broker, args.event).start())
        print("xqclock hall: reading the clocks on USB (those set with `config push --broker usb`)", flush=True)
    while not stop.wait(0.5):
        pass
    for part in parts:
        part.stop()
    return 0
