"""The board commands of `xqclock` (flash, config, pull, virtual-board): the
argument handling and output; host_tools/cli.py defines their options."""
import json
import sys
from pathlib import Path

from host_tools.board import BoardError
from host_tools.wording import plural


def _fail(message, status=1):
    print(f"xqclock: {message}", file=sys.stderr)
    return status


def _ports(args):
    from host_tools.board.ports import choose
    return choose(args.port or [], args.all)


def _run(ports, work):
    """Run work(port, progress) on each port (in parallel); (results, errors)."""
    from host_tools.board.progress import Progress, run_parallel
    live = sys.stderr.isatty()
    progress = Progress(ports, live=live, quiet=len(ports) == 1 and not live)
    results = run_parallel(ports, work, progress)
    ok = {p: r for p, r in results.items() if not isinstance(r, BoardError)}
    errors = [str(r) for r in results.values() if isinstance(r, BoardError)]
    return ok, errors


def _finish(ports, errors):
    for e in errors:
        print(f"xqclock: {e}", file=sys.stderr)
    if errors and len(ports) > 1:
        print(f"xqclock: {len(errors)} of {len(ports)} boards failed", file=sys.stderr)
    return 1 if errors else 0


# -- flash -------------------------------------------------------------------------------

def flash(args):
    from host_tools.board.flash import Builds, flash_one, profile_bytes
    from host_tools.board.progress import table
    from host_tools.inputs import UsageError
    if args.firmware and not (Path(args.firmware) / "main.py").is_file():
        raise UsageError(f"--firmware {args.firmware}: not a firmware folder (no main.py in it)")
    try:
        profile = profile_bytes(args.profile) if args.profile else None
    except BoardError as e:
        raise UsageError(f"--profile: {e}") from None
    try:
        ports = _ports(args)
        builds = Builds(args.firmware)
    except BoardError as e:
        return _fail(e)
    ok, errors = _run(ports, lambda port, cb: flash_one(port, builds, profile, args.force, args.timeout, cb))
    rows = []
    for port in ports:
        r = ok.get(port)
        if r is None:
            rows.append([port, "-", "FAILED", "-", "-", "-"])
            continue
        sent = f"{plural(r['files'], 'file')}, {r['bytes'] / 1024:.1f} KB" if r["files"] else "nothing"
        rows.append([port, r["board"], r["outcome"], sent, f"{r['seconds']:.1f} s", r["version"]])
        if r.get("note"):
            print(f"xqclock: warning: {port}: {r['note']}", file=sys.stderr)
    if len(ports) > 1 or ok:
        table(rows, ["PORT", "BOARD", "RESULT", "SENT", "TIME", "FIRMWARE"])
    return _finish(ports, errors)


# -- config ------------------------------------------------------------------------------

def config(args):
    from host_tools.board import config as cf
    if args.action == "presets":
        from host_tools.board.progress import table
        table(cf.presets(), ["PRESET", "SPEC", "IN WORDS"])
        return 0
    if args.action == "explain":
        try:
            print(cf.explain(args.spec))
        except ValueError as e:
            return _fail(f"bad time control '{args.spec}': {e}", 2)
        return 0
    if args.action == "push":
        try:
            changes = cf.changes_from(args.clock, args.forfeit, args.fouls, args.sound, args.language,
                                      args.red_side, args.code, args.clock_black, args.board, args.red,
                                      args.black, args.tenths)
            pairings = cf.read_pairings(args.pairings) if args.pairings else None
        except ValueError as e:
            return _fail(e, 2)
        try:
            network = cf.network_from(args.broker, args.event, args.wifi, args.wifi_password, args.ca)
        except ValueError as e:
            return _fail(e, 2)
        if not changes and not args.new_game and not network and not pairings:
            return _fail("nothing to push: give --clock, --clock-black, --forfeit, --fouls, --tenths, --sound, "
                         "--language, --red-side, --code, --board, --red, --black, --pairings, "
                         "or the hall's --broker, --event, --wifi", 2)
        one = [o for o, v in (("--board", args.board), ("--red", args.red), ("--black", args.black)) if v is not None]
        if pairings and (args.red is not None or args.black is not None):
            return _fail("--red/--black and --pairings both name the players: give one of them", 2)
        if one and (args.all or len(args.port or []) > 1):
            return _fail(f"{one[0]} is for one clock: give one --port (or --pairings CSV with --all)", 2)
        try:
            ports = _ports(args)
        except BoardError as e:
            return _fail(e)
        if one and len(ports) > 1:
            return _fail(f"{one[0]} is for one clock, and {len(ports)} are attached: give --port P", 2)
        if network:
            ok, errors = _run(ports, lambda port, cb: cf.push_network_one(port, network, args.timeout, cb))
            for port in ports:
                if port in ok:
                    print(f"{port}: network written and read back; {ok[port]['note']}")
            if errors or not (changes or args.new_game or pairings):
                return _finish(ports, errors)
        ok, errors = _run(ports, lambda port, cb: cf.push_one(port, changes, args.new_game, args.timeout, cb,
                                                                pairings))
        for port in ports:
            r = ok.get(port)
            if r:
                print(f"{port}: settings saved and checked." + (f" {r['note']}" if r["note"] else ""))
        return _finish(ports, errors)
    # show
    try:
        ports = _ports(args)
    except BoardError as e:
        return _fail(e)
    ok, errors = _run(ports, lambda port, cb: cf.show_one(port, args.timeout, cb))
    if args.json:
        print(json.dumps([ok[p] for p in ports if p in ok], indent=1, ensure_ascii=False))
    else:
        for port in ports:
            r = ok.get(port)
            if not r:
                continue
            fw = r["firmware"]
            print(f"{port}  board {r['board'] or '-'}  "
                  f"{'xqclock ' + str(fw['version']) + ' (' + str(fw['build']) + ')' if fw else 'no xqclock firmware'}"
                  f"  profile {r['profile'] or '-'}")
            for label, text in cf.describe(r["settings"]):
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
            net = r.get("network")
            if net:
                print(f"  {'hall':<9} " + ("over USB" if net.get("broker") == "usb" else
                                          f"{net.get('broker')}:{net.get('port') or 1883}, user {net.get('user') or '-'}")
                      + f", event {net.get('event')}, key {net.get('key', 'none')}")
            if r["note"]:
                print(f"  note: {r['note']}")
    return _finish(ports, errors)


# -- pull --------------------------------------------------------------------------------

def pull(args):
    from host_tools.board.pull import pull_one
    from host_tools.board.progress import table
    from host_tools.inputs import out_dir
    out_dir(args.dir, "DIR", make=False)
    try:
        ports = _ports(args)
    except BoardError as e:
        return _fail(e)
    ok, errors = _run(ports, lambda port, cb: pull_one(port, args.dir, args.timeout, cb, args.clear))
    rows = [[p, ok[p]["board"], ok[p]["journals"], ok[p]["fetched"]] + ([ok[p]["cleared"]] if args.clear else [])
            + ["while running" if ok[p]["read"] == "running" else "stopped (a game comes back paused)",
               ok[p]["folder"]] for p in ports if p in ok]
    if rows:
        table(rows, ["PORT", "BOARD", "JOURNALS", "NEW"] + (["CLEARED"] if args.clear else []) + ["READ", "FOLDER"])
    folders: dict[str, list[str]] = {}
    for p in ports:
        if p in ok:
            folders.setdefault(ok[p]["folder"], []).append(p)
    for folder, same in folders.items():
        if len(same) > 1:
            errors.append(f"{' and '.join(same)} share the folder {folder} (the same board number?): "
                          "give each clock its own number (config push --port P --board N) and pull again")
    return _finish(ports, errors)


# -- virtual-board -------------------------------------------------------------------------

def virtual_board(args):
    from host_tools import inputs
    from host_tools.board import virtual
    checks = (("--profile", virtual.hardware_profile, args.profile),
              ("--uid", virtual.check_uid, args.uid), ("--heapsize", virtual.check_heapsize, args.heapsize))
    for name, check, value in checks:
        try:
            if value is not None:
                check(value)
        except ValueError as e:
            raise inputs.UsageError(f"{name}: {e}") from None
    if args.uid and args.count > 1:
        raise inputs.UsageError("--uid names one board; it does not go with --count")
    script = None
    if args.script:
        script = inputs.read_text(args.script, "--script")
        try:
            virtual.key_script(script)
        except ValueError as e:
            return _fail(f"{args.script}:{e}", 2)
    if args.dir:
        inputs.out_dir(args.dir, "--dir")
    return virtual.run(args.dir, args.profile, args.count, args.uid, args.heapsize, args.verbose, script=script)


# -- identify ----------------------------------------------------------------------------

def identify(args):
    from host_tools.board.live import LiveClock, NotServing
    try:
        ports = _ports(args)
    except BoardError as e:
        return _fail(e)
    failed = 0
    for port in ports:
        try:
            with LiveClock(port, args.timeout) as clock:
                board = clock.info()["settings"].get("board")
                done = clock.identify()
        except NotServing as e:
            print(f"xqclock: {e}: flash it (xqclock flash)", file=sys.stderr)
            failed += 1
            continue
        except BoardError as e:
            print(f"xqclock: {e}", file=sys.stderr)
            failed += 1
            continue
        if done:
            print(f"{port}: beeps and shows " + (f"board {board}" if board else "#- (no board number set)"))
        else:
            print(f"{port}: its game's clock is running: not disturbed (pause it first)")
            failed += 1
    return 1 if failed else 0
