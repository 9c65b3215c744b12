"""`xqclock config`: time-control presets and specs in words; settings pushed
to boards and read back. One function per action."""
import json
import sys

from host_tools import inputs
from host_tools.commands.boards import board_options, chosen, fail, finish, run
from host_tools.wording import plural


def config_arguments(c):
    c.description = ("presets: list them. explain SPEC: a time control in words. push: write "
                     "the event's settings to boards (checked first; read back after). show: "
                     "what boards hold.")
    csub = c.add_subparsers(dest="action", required=True, metavar="ACTION")
    csub.add_parser("presets", help="list the time-control presets")
    ce = csub.add_parser("explain", help="a time control in words; a bad one is named")
    ce.add_argument("spec", metavar="SPEC", help="a preset or spec string, e.g. '90m/40,30m+30s'")
    cp = csub.add_parser("push", help="write settings to boards")
    board_options(cp)
    cp.add_argument("--clock", metavar="SPEC", help="time control: preset or spec string")
    cp.add_argument("--clock-black", metavar="SPEC|same",
                    help="Black's own time control (handicap), or same (default: as --clock)")
    cp.add_argument("--forfeit", metavar="D", help="late-arrival forfeit: minutes, a duration (15m) or off")
    cp.add_argument("--fouls", metavar="N", help="the foul that loses (1-9)")
    cp.add_argument("--tenths", metavar="S|off", help="tenths of a second show under S seconds left (1-60; "
                    "default 20), or off")
    cp.add_argument("--sound", metavar="on|off", help="buzzer")
    cp.add_argument("--language", metavar="en|zh", help="screen language")
    cp.add_argument("--red-side", metavar="left|right", help="the lever Red sits at")
    cp.add_argument("--code", metavar="NNNN|none", help="arbiter code (four digits) or none")
    cp.add_argument("--broker", metavar="URL|none",
                    help="the hall's MQTT broker the clock reports to: mqtt://[USER:PASSWORD@]HOST[:PORT] "
                         "(mqtts:// for TLS; give an IP address), usb (over the USB cable, to xqclock hall "
                         "--usb), or none to stop reporting")
    cp.add_argument("--event", metavar="NAME", help="the event's name in the clock's topics (default event): "
                    "one word of up to 64 bytes, no / + # : (docs/LIMITS.md)")
    cp.add_argument("--wifi", metavar="NAME", help="the Wi-Fi network a Pico W joins to reach the broker")
    cp.add_argument("--wifi-password", metavar="PASSWORD", help="its password")
    cp.add_argument("--ca", metavar="PEM", help="with an mqtts:// broker: the certificate the broker's is checked "
                                                "against (its own, or its CA's); without it the link is encrypted "
                                                "but the broker not checked")
    cp.add_argument("--board", metavar="N", help="this clock's board number (one clock; 0: none)")
    cp.add_argument("--red", metavar="NAME", help="Red's name on this clock (one clock)")
    cp.add_argument("--black", metavar="NAME", help="Black's name on this clock (one clock)")
    cp.add_argument("--pairings", metavar="FILE",
                    help="the round's players, from the pairing program's TRF or a CSV (board,red,black, or "
                         "board,red_no,red,black_no,black): each clock takes its own board's; a clock whose "
                         "board has no game this round is cleared")
    cp.add_argument("--round", type=inputs.count, metavar="N",
                    help="with --pairings: the round to push (default: a TRF's round still to play; a CSV's own)")
    cp.add_argument("--new-game", action="store_true",
                    help="end a game in progress (its journal kept in /games) so the next uses these settings")
    cp.add_argument("--preview", action="store_true",
                    help="write nothing: show what each clock's screens would show its players before the start "
                         "(board, names, characters the clock has no glyph for)")
    cs = csub.add_parser("show", help="read back what boards hold")
    board_options(cs)
    cs.add_argument("--json", action="store_true", help="as JSON")


def config(args):
    return ACTIONS[args.action](args)


def presets(args):
    from host_tools.board import config as cf
    from host_tools.board.progress import table
    table(cf.presets(), ["PRESET", "SPEC", "IN WORDS"])
    return 0


def explain(args):
    from host_tools.board import config as cf
    try:
        print(cf.explain(args.spec))
    except ValueError as e:
        from clock.limits import clip
        return fail(f"bad time control '{clip(args.spec)}': {e}", 2)
    return 0


def _push_refusal(args, changes, network, pairings):
    """Why the push is refused before any board is asked (a line), or None."""
    if not changes and not args.new_game and not network and not pairings:
        return ("nothing to push: give --clock, --clock-black, --forfeit, --fouls, --tenths, "
                "--sound, --language, --red-side, --code, --board, --red, --black, --pairings, "
                "or the hall's --broker, --event, --wifi")
    one = _for_one_clock(args)
    if pairings and (args.red is not None or args.black is not None):
        return "--red/--black and --pairings both name the players: give one of them"
    if one and (args.all or len(args.port or []) > 1):
        return f"{one[0]} is for one clock: give one --port (or --pairings CSV with --all)"
    return None


def _for_one_clock(args):
    return [o for o, v in (("--board", args.board), ("--red", args.red), ("--black", args.black)) if v is not None]


def push(args):
    from host_tools.board import BoardError, config as cf
    try:
        changes = cf.changes_from(args.clock, args.forfeit, args.fouls, args.sound, args.language,
                                  args.red_side, args.code, args.clock_black, args.board, args.red,
                                  args.black, args.tenths)
        pairings = number = None
        if args.pairings:
            pairings, number = cf.read_pairings(args.pairings, args.round)
        elif args.round is not None:
            return fail("--round goes with --pairings (the round of the pairings to push)", 2)
    except ValueError as e:
        return fail(e, 2)
    from host_tools.network import network_from
    try:
        network = network_from(args.broker, args.event, args.wifi, args.wifi_password, args.ca)
    except ValueError as e:
        return fail(e, 2)
    refused = _push_refusal(args, changes, network, pairings)
    if refused:
        return fail(refused, 2)
    try:
        ports = chosen(args)
    except BoardError as e:
        return fail(e)
    one = _for_one_clock(args)
    if one and len(ports) > 1:
        return fail(f"{one[0]} is for one clock, and {len(ports)} are attached: give --port P", 2)
    if pairings is not None:
        print(f"{args.pairings}: round {number}, {plural(len(pairings), 'board')}", file=sys.stderr)
    if args.preview:
        return _preview(ports, changes, pairings, args.timeout)
    # settings and network as one change on each clock: all of it or none (board/config.py)
    ok, errors = run(ports, lambda port, cb: cf.push_one(port, changes, args.new_game, args.timeout, cb,
                                                          pairings, network))
    named = pairings is not None or args.red is not None or args.black is not None
    for port in ports:
        r = ok.get(port)
        if r:
            print(f"{port}: settings saved and checked." + (f" {r['note']}" if r["note"] else ""))
            for warning in cf.glyph_warnings(r["settings"]) if named else ():  # said when names are given
                print(f"xqclock: warning: {port}: {warning}", file=sys.stderr)
    return finish(ports, errors)


def _preview(ports, changes, pairings, timeout):
    """What each clock's players would see before the start, if these were pushed:
    nothing is written (the clocks are only read, while they run)."""
    from host_tools.board import config as cf
    ok, errors = run(ports, lambda port, cb: cf.preview_one(port, changes, pairings, timeout, cb))
    for port in ports:
        r = ok.get(port)
        if not r:
            continue
        print(f"{port}: board {r['board'] or '-'}" + (f" ({r['note']})" if r["note"] else ""))
        for side, name, shown, missing in r["sides"]:
            print(f"  {side:<6} {name or '-'}  ->  the screen shows {shown!r}"
                  + (f" (no glyph for {' '.join(missing)}: the name is left out)" if missing else ""))
    return finish(ports, errors)


def show(args):
    from host_tools.board import BoardError, config as cf
    try:
        ports = chosen(args)
    except BoardError as e:
        return fail(e)
    ok, errors = run(ports, lambda port, cb: cf.show_one(port, args.timeout, cb))
    if args.json:
        # a name outside the terminal's encoding (LANG=C) as a JSON escape, never a crash
        utf8 = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
        print(json.dumps([cf.masked(ok[p]) for p in ports if p in ok], indent=1, ensure_ascii=not utf8))
    else:
        for port in ports:
            if port in ok:
                _show_board(port, ok[port], cf)
    return finish(ports, errors)


def _show_board(port, r, cf):
    fw = r["firmware"]
    print(f"{port}  clock id {r['clock_id'] or '-'}  "
          f"{'xqclock ' + str(fw['version']) + ' (' + str(fw['build']) + ')' if fw else 'no xqclock firmware'}"
          f"  profile {r['profile'] or '-'}")
    for label, text in cf.describe(r["settings"]) + [("hall", cf.hall_words(r.get("network")))]:
        print(f"  {label:<9} {text}")
    game = r["game"]
    state = "none" if not game else ("finished" if game["over"] else
                                     "in progress" if game["started"] else "not started")
    print(f"  {'game':<9} {state} ({r['journal']}); {plural(r['archived_games'], 'game')} archived in "
          f"{r['archive']}")
    bat = r.get("battery")
    print(f"  {'battery':<9} " + (f"{bat['percent']}% ({bat['mv'] / 1000:.2f} V)" if bat else
                                  "not measured" if r.get("read") == "running" else
                                  "not read (the clock was stopped to read it)"))
    if r["note"]:
        print(f"  note: {r['note']}")


ACTIONS = {"presets": presets, "explain": explain, "push": push, "show": show}
