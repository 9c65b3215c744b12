"""The hall: `xqclock hall` (every clock of the event live on one page) and
`xqclock broker-config` (Mosquitto set up for the events)."""
from host_tools import inputs


def hall_arguments(h):
    h.description = ("Serve the hall page: one tile per board (times, moves, fouls, flags, "
                     "result), updated live, with the alerts an arbiter acts on and the "
                     "round's results, in English and Chinese; /boards.json has every "
                     "board's latest state. Clocks publish to xqclock/EVENT/BOARD/state. "
                     "Without --broker an embedded MQTT broker runs here. Read-only.")
    h.add_argument("--broker", metavar="URL",
                   help="the event's broker: mqtt://[USER:PASSWORD@]HOST[:PORT], or mqtts:// for TLS "
                        "(default: an embedded broker)")
    h.add_argument("--event", default="event", metavar="NAME", help="the event's name in the topics (default event)")
    h.add_argument("--http", default="127.0.0.1:8080", metavar="HOST:PORT",
                   help="where the page is served (default 127.0.0.1:8080; 0.0.0.0:8080 for the whole network)")
    h.add_argument("--mqtt", default="127.0.0.1:1883", metavar="HOST:PORT",
                   help="where the embedded broker listens (default 127.0.0.1:1883, this machine only; "
                        "give the address the clocks reach, e.g. 192.168.1.10:1883)")
    h.add_argument("--ca", metavar="PEM", help="with an mqtts:// --broker: the certificate its own is checked "
                                               "against (default: this machine's trusted CAs)")
    h.add_argument("--tls-cert", metavar="PEM", help="the embedded broker's TLS certificate (with --tls-key)")
    h.add_argument("--tls-key", metavar="PEM", help="its private key")
    h.add_argument("--usb", action="store_true",
                   help="also read the clocks on USB that report over their cable (config push --broker usb) "
                        "and publish for them; a game in progress goes on untouched")


def hall(args):
    from host_tools.hall.run import main
    return main(args)


def broker_config_arguments(b):
    b.description = ("Write DIR/mosquitto.conf, DIR/passwords and DIR/acl: Mosquitto, the "
                     "production broker, with no anonymous clients and, for each event, an "
                     "account for its clocks (they may only publish the event's states) and one "
                     "for its halls (they may only read them). Run: mosquitto -c "
                     "DIR/mosquitto.conf. The accounts are the event's secrets on this machine, "
                     "the same that config push gives the clocks.")
    b.add_argument("dir", metavar="DIR", help="where the files go")
    b.add_argument("--event", action="append", required=True, metavar="NAME", help="an event; repeat for several")
    b.add_argument("--listen", default="127.0.0.1:1883", metavar="HOST:PORT",
                   help="where Mosquitto listens (default 127.0.0.1:1883; the address the clocks reach)")
    b.add_argument("--tls-cert", metavar="PEM", help="TLS certificate (with --tls-key): the listener speaks TLS")
    b.add_argument("--tls-key", metavar="PEM", help="its private key")


def broker_config(args):
    from host_tools.hall import mosquitto
    try:
        return mosquitto.main(args)
    except ValueError as e:
        raise inputs.UsageError(str(e).replace("network: event", "--event", 1)) from None
