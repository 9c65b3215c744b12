"""`xqclock hall`: every clock of the event live on one page."""


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
    h.add_argument("--mqtt-port", type=int, default=1883, metavar="PORT",
                   help="the embedded broker's port (default 1883)")
    h.add_argument("--usb", action="store_true",
                   help="also read the clocks on USB that report over their cable (config push --broker usb) "
                        "and publish for them; a game in progress goes on untouched")


def hall(args):
    from host_tools.hall.run import main
    return main(args)
