"""`xqclock config`: time-control presets and specs in words; push the event's
settings to boards and read them back.

Settings live in /settings.json on the board (device/settings.py). A push
merges the given fields into what the board holds, checks the result with
the firmware's own settings.check on the host before any board is touched,
writes it through a temporary file and a rename, reads it back and compares.
The board reads its settings at power-on, so each board is restarted after.

A board restores the game in its journal (game.xqj on its flash or FRAM, as
its firmware's device/storage.py says) at power-on, with that game's own time
control. When a push changes the time control, forfeit or foul limit, the
journal is settled so the next game uses them: an unstarted game is dropped
(the board starts a new one), a finished game is archived by the board's own
firmware (as the arbiter's "new game" does); a game in progress is left alone
unless --new-game says to end it the same way.
"""
import json
import tempfile
from pathlib import Path

import host_tools.firmware_path
from clock import jsonfile, timecontrol
from clock.durations import parse_ms, words, digits
from clock.limits import clip
from clock.spaces import normalize
from clock.utf8 import dumps
from device import settings as cfg

from host_tools.board import BoardError
from host_tools.board.link import Link
from host_tools.network import SECRETS, clock_network, network_shown

GAME_KEYS = ("clock", "clock_black", "forfeit", "fouls", "board", "red_name", "black_name")
# Other words config push takes for the words of the firmware's settings.WORDS
# (a field's value as a digit, 0 or 1, is taken too)
SYNONYMS = {"sound": {"yes": "on", "true": "on", "no": "off", "false": "off"},
            "language": {"english": "en", "chinese": "zh", "中文": "zh"}, "red_side": {}}


# -- time controls in words ------------------------------------------------------------

def explain(spec):
    """A spec string or preset in words; ValueError naming the part at fault."""
    return timecontrol.describe(timecontrol.parse_any(spec))


def presets():
    """[(name, spec, description)] for every preset."""
    rows = []
    for name, spec in timecontrol.PRESETS.items():
        if spec is None:
            rows.append((name, f"{name}:AMOUNT", ("whole-game time given as an amount, e.g. "
                                                  f"{name}:20m ({explain(name + ':20m')})")))
        else:
            shown = spec if isinstance(spec, str) else f"Red {spec[0]}, Black {spec[1]}"
            rows.append((name, shown, explain(name)))
    return rows


# -- settings from the command line ------------------------------------------------------

def _choice(value, field, option):
    """A field's value from its word (settings.WORDS, or a synonym), or its digit."""
    words = cfg.WORDS[field]
    key = str(value).strip().lower()
    key = SYNONYMS[field].get(key, key)
    if key in words:
        i = words.index(key)
    elif key in ("0", "1"):
        i = int(key)
    else:
        raise ValueError(f"{option} {value}: give one of {', '.join((*words, *SYNONYMS[field]))}")
    return bool(i) if field == "sound" else i


def forfeit_ms(text):
    """'off' -> -1; '15' -> 15 minutes; '15m', '0', '90s', '1:00:00' -> ms."""
    t = str(text).strip().lower()
    if t in ("off", "none", "-1"):
        return -1
    if digits(t):
        return int(t) * 60000
    try:
        return parse_ms(t)
    except ValueError:
        raise ValueError(f"--forfeit {text}: give minutes, a duration like 15m or 1h30m, or off") from None


def tenths_ms(text):
    """--tenths: whole seconds (20, 20s) or off -> the setting's ms."""
    t = str(text).strip().lower()
    if t in ("off", "none", "0"):
        return 0
    t = t[:-1] if t.endswith("s") else t
    if not digits(t) or not 1 <= int(t) <= 60:
        raise ValueError(f"--tenths {text}: give whole seconds from 1 to 60 (e.g. 20), or off")
    return int(t) * 1000


def changes_from(clock=None, forfeit=None, fouls=None, sound=None, language=None, red_side=None, code=None,
                 clock_black=None, board=None, red=None, black=None, tenths=None):
    """The fields an organiser gave, as settings values; ValueError naming the option at fault."""
    out = {}
    if clock is not None:
        try:
            timecontrol.parse(clock)
        except ValueError as e:
            raise ValueError(f"--clock {clip(clock)}: {e}") from None
        out["clock"] = normalize(clock).strip()  # what the board stores: its own white space
    if clock_black is not None:
        spec = normalize(clock_black).strip()
        if spec.lower() in ("", "same", "none"):
            spec = ""
        else:
            try:
                timecontrol.parse_side(spec)
            except ValueError as e:
                raise ValueError(f"--clock-black {clip(clock_black)}: {e}") from None
        if "clock_black" not in cfg.DEFAULTS:
            raise ValueError("--clock-black: this firmware has no separate clock for Black")
        out["clock_black"] = spec
    if forfeit is not None:
        out["forfeit"] = forfeit_ms(forfeit)
    if fouls is not None:
        lo, hi = cfg.FOULS
        if not digits(str(fouls)) or not lo <= int(fouls) <= hi:
            raise ValueError(f"--fouls {fouls}: give a number from {lo} to {hi}")
        out["fouls"] = int(fouls)
    if tenths is not None:
        out["tenths"] = tenths_ms(tenths)
    for field, given, option in (("sound", sound, "--sound"), ("language", language, "--language"),
                                 ("red_side", red_side, "--red-side")):
        if given is not None:
            out[field] = _choice(given, field, option)
    if code is not None:
        c = str(code).strip().lower()
        out["code"] = "" if c in ("", "none", "off") else str(code).strip()
        if out["code"] and not (len(out["code"]) == 4 and out["code"].isdigit()):
            raise ValueError(f"--code {code}: give four digits, or none")
    if board is not None:
        if not digits(str(board).strip()) or not 0 <= int(board) <= cfg.BOARD_MAX:
            raise ValueError(f"--board {board}: give the board number, 1 to {cfg.BOARD_MAX} (0: none)")
        out["board"] = int(board)
    for option, key, name in (("--red", "red_name", red), ("--black", "black_name", black)):
        if name is not None:
            out[key] = _name(option, name)
    checked = cfg.check(out)  # the firmware's own rules (raises ValueError naming the field)
    return {key: checked[key] for key in out}  # as the firmware means them: 0000 is no code


def _name(option, name):
    name = " ".join(str(name).split())
    try:
        return cfg.player_name(name)
    except ValueError as e:
        raise ValueError(f"{option} {clip(name)}: {e}") from None


def read_pairings(path, round_number=None):
    """The players of each board in a round, from a pairing program's TRF or a CSV
    (host_tools/pairings): {board: (red, black)}, the round's number."""
    from host_tools import pairings
    event = pairings.read(path, round_number)
    number = round_number or event.latest()
    names = event.board_names(number)
    for board, sides in sorted(names.items()):  # what a clock takes, checked before any clock is asked
        for side, name in zip(("Red's", "Black's"), sides):
            try:
                cfg.player_name(name)
            except ValueError as e:
                raise ValueError(f"{path}: board {board}: {side} name {clip(name)!r}: {e}") from None
    return names, number


def hall_words(net):
    """Where a clock reports (its /network.json, passwords left out), in words."""
    if not net:
        return "does not report (no broker set)"
    from device import hall
    if net["broker"] == hall.USB:
        return "over its USB cable (to xqclock hall --usb)"
    port = net.get("port") or (8883 if net.get("tls") else 1883)
    return (f"{'mqtts' if net.get('tls') else 'mqtt'}://{net['broker']}:{port}"
            f", event {net['event']}" + (f", over Wi-Fi {net['wifi']}" if net.get("wifi") else "")
            + (f", as user {net['user']}" if net.get("user") else "") + f", key {net.get('key', 'none')}")


def masked(result):
    """A show_one result to print as JSON: the arbiter's code as set or not, never the digits."""
    settings = dict(result["settings"], code="set" if result["settings"]["code"] else "")
    return dict(result, settings=settings)


def describe(values):
    """[(label, text)] of a settings dict, for people."""
    try:
        if values.get("clock_black"):
            control = timecontrol.handicap(values["clock"], values["clock_black"])
            clock = f"Red {values['clock']}, Black {values['clock_black']}: {timecontrol.describe(control)}"
        else:
            clock = f"{values['clock']}: {explain(values['clock'])}"
    except ValueError as e:
        clock = f"{values['clock']} (not valid: {e})"
    forfeit = values["forfeit"]
    return [
        ("clock", clock),
        ("forfeit", "off" if forfeit < 0 else ("at once" if forfeit == 0 else f"after {words(forfeit)} late")),
        ("fouls", f"the foul that loses: {values['fouls']}"),
        ("tenths", f"under {values['tenths'] // 1000} s left" if values.get("tenths") else "never"),
        ("sound", "on" if values["sound"] else "off"),
        ("language", ("English", "Chinese")[values["language"]]),
        ("red side", ("left", "right")[values["red_side"]]),
        ("code", "set" if values["code"] else "none (holding ok opens the arbiter's menu)"),
        ("board", str(values.get("board") or "none")),
        ("players", f"Red {values.get('red_name') or '-'}, Black {values.get('black_name') or '-'}"),
    ]


# -- on the boards -----------------------------------------------------------------------

def _board_settings(port, text):
    """(values, note) from the text of /settings.json (None = no file)."""
    if text is None:
        return dict(cfg.DEFAULTS), "It had no settings of its own (it ran on the defaults)."
    try:
        raw = jsonfile.loads(text)  # as the board reads it: bounded
    except ValueError:
        raw = None
    values, problems = cfg.accept(raw)  # what the board itself makes of the file
    if problems:
        return values, (f"Its settings file held what the clock refuses ({'; '.join(problems)}), "
                        "so it used the defaults for those.")
    return values, ""


def game_state(data):
    """(started, over, id) of a journal's bytes, replayed on the host; None if unreadable."""
    from clock.journal import JournalError
    from clock.journalread import Loaded
    from clock.tablestart import replay
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.xqj"
        path.write_bytes(data)
        try:
            loaded = Loaded(str(path))
            game = replay(loaded)[0]
        except (JournalError, ValueError, KeyError, OSError):
            return None
        return game.started, game.over(), loaded.settings.get("id")


def settle_journal(link, new_game):
    """Make the board's next game use its new settings; a note for the organiser."""
    journal = link.places()["journal"]
    try:
        data = link.read_file(journal)
    except BoardError:
        return ""  # no journal: the board starts a new game anyway
    state = game_state(data)
    if state is None:
        return "Its game record could not be read: the clock sets it aside and starts a new game."
    started, over, game_id = state
    if not started:
        link.remove([journal])
        return "A new game starts with these settings."
    if over or new_game:
        name = link.keep_journal()
        return (f"Its {'finished' if over else 'unfinished'} game is kept as {name}; "
                "a new game starts with these settings.")
    return ("A game is in progress: it keeps its own settings, and these start with the next game "
            f"(--new-game ends this one, keeping its record in {link.places()['archive']}).")


def _raw(text):
    return _object(text) or {}


MANIFEST_BYTES = 1 << 20  # /xqclock.json names every firmware file: larger than a clock's settings


def _object(text, most=jsonfile.JSON_BYTES):
    """A JSON object a board holds, or None (no file, not JSON, not an object, beyond the limits)."""
    try:
        raw = jsonfile.loads(text, most) if text else None
    except ValueError:
        return None
    return raw if isinstance(raw, dict) else None


def _board_accepts(link):
    """The board's own firmware reads /settings.json: None if it takes it, else
    its message; "" when the board has no xqclock firmware to ask."""
    try:
        out = link.exec("import json\ntry:\n from device import settings as _xq_s\n"
                        "except ImportError:\n print(json.dumps(''))\nelse:\n"
                        " print(json.dumps(_xq_s.load()[1]))\n del _xq_s", what="checking the settings")
        return json.loads(out.strip().splitlines()[-1])
    except (BoardError, ValueError, IndexError):
        return None


def _with_pairings(port, changes, board, pairings):
    """(changes with this board's players from the pairings, a note): a board the
    pairings leave out has no game this round, so last round's names go."""
    if pairings is None:
        return changes, ""
    if not board:
        raise BoardError(f"{port} has no board number: give it one first "
                         "(xqclock config push --port P --board N)")
    if board not in pairings:
        return (dict(changes, red_name="", black_name=""),
                f"Board {board} is not in the pairings: no game on it this round (its names are cleared).")
    return dict(changes, red_name=pairings[board][0], black_name=pairings[board][1]), ""


def push_one(port, changes, new_game=False, timeout=5.0, progress=None, pairings=None, network=None):
    """Merge `changes` (and `network`, the /network.json fields) into what a clock
    holds, as one change: all of it or nothing. A running clock takes it while it
    runs (device/app.py's stage: a game in progress goes on untouched, and what
    is for the game starts with the next); a clock without that firmware is
    stopped for it, as before. With `pairings` ({board: (red, black)}), the
    players of this clock's own board number."""
    from host_tools.board.live import NotServing
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    try:
        return _push_live(port, changes, new_game, timeout, progress, pairings, network)
    except NotServing:
        pass
    return _push_stopped(port, changes, new_game, timeout, progress, pairings, network)


def _push_live(port, changes, new_game, timeout, progress, pairings, network):
    from host_tools.board.live import LiveClock, NotServing
    with LiveClock(port, timeout) as clock:
        info = clock.info()
        game = info.get("game") or {}
        if not info.get("stage"):
            if game.get("started") and not game.get("over") and not new_game:
                raise BoardError(f"{port}: its firmware is too old to take settings while it runs, and a game is "
                                 "in progress: push after the game (or with --new-game), or flash it between "
                                 "rounds (xqclock flash)")
            raise NotServing(f"{port} takes no pushes while it runs")  # nothing runs that a stop would harm
        before = cfg.check(dict(info["settings"]))
        changes, pairing_note = _with_pairings(port, changes, changes.get("board", before["board"]), pairings)
        values = cfg.check(dict(before, **changes))
        if network:
            network = with_secrets(port, network, info.get("network"), info.get("uid"))
        progress("write")
        answer = clock.stage({"settings": changes, "network": network or None, "new_game": new_game})
        if not answer.get("ok"):
            raise BoardError(f"{port}: its firmware rejects these settings ({answer.get('problem')}); "
                             "nothing was changed")
        back = clock.info()
    if cfg.check(dict(back["settings"])) != values:
        raise BoardError(f"{port}: the settings read back differ from those written")
    notes = [pairing_note] if pairing_note else []
    if answer["when"] == "next game":
        notes.append("A game is in progress: it goes on untouched, and these settings start with the next game "
                     f"(--new-game ends this one, keeping its record in {info.get('archive') or '/games'}).")
    elif answer.get("kept"):
        notes.append(f"Its {'finished' if game.get('over') else 'unfinished'} game is kept as {answer['kept']}; "
                     "a new game starts with these settings.")
    elif any(before.get(k) != values.get(k) for k in GAME_KEYS) or new_game:
        notes.append("A new game starts with these settings.")
    if not answer.get("saved"):
        notes.append("The clock keeps them in memory until its clocks stop, then on its flash.")
    if network:
        notes.append(_network_note(back.get("network")))
    return {"port": port, "board": info.get("uid") or "-", "settings": values, "note": " ".join(notes),
            "read": "running", "when": answer["when"]}


def _network_note(net):
    if not net:
        return "It no longer reports to the hall."
    from device import hall
    if net["broker"] == hall.USB:
        return "It reports over its USB cable (to xqclock hall --usb)."
    return (f"It reports to {net['broker']}:{net['port'] or 1883}, event {net['event']}"
            + (f", over Wi-Fi {net['wifi']}" if net["wifi"] else "") + ".")


def _push_stopped(port, changes, new_game, timeout, progress, pairings, network):
    """push_one through the raw REPL: the clock stops for it (older firmware, or none running)."""
    link = Link(port, timeout)
    try:
        info = link.info()
        text = info.get("settings")
        before, note = _board_settings(port, text)
        changes, pairing_note = _with_pairings(port, changes, changes.get("board", before.get("board")), pairings)
        values = cfg.check(dict(before, **changes))
        # write the fields the board had or was given: the firmware fills in the rest, and one
        # older than this copy is not handed a field it does not know
        kept = _raw(text) if not note.startswith("Its settings file") else values  # all the board accepted
        written = {k: values[k] for k in values if k in kept or k in changes}
        progress("write")
        link.write_atomic("/settings.json", dumps(written).encode())  # UTF-8 on the wire: no \\u escapes
        back = _raw(link.info().get("settings"))
        if back != written:
            raise BoardError(f"{port}: the settings read back differ from those written")
        problem = _board_accepts(link)
        if problem:
            if text is None:
                link.remove(["/settings.json"])
            else:
                link.write_atomic("/settings.json", text.encode())
            raise BoardError(f"{port}: its firmware rejects these settings ({problem}); the old ones are "
                             f"back: flash it (xqclock flash) and push again")
        net_note = _write_network(link, port, network) if network else ""
        notes = [n for n in (note, pairing_note) if n]
        if problem == "":
            notes.append("It has no xqclock firmware to check them yet: run xqclock flash.")
        if any(before.get(k) != values.get(k) for k in GAME_KEYS) or new_game:
            progress("journal")
            journal = settle_journal(link, new_game)
            if journal:
                notes.append(journal)
        if net_note:
            notes.append(net_note)
        link.finish()
        return {"port": port, "board": info.get("uid") or "-", "settings": values, "note": " ".join(notes),
                "read": "stopped", "when": "now"}
    except BoardError:
        link.finish()
        raise


def glyph_warnings(values):
    """What the clock cannot draw of the names it was given, in words: one line per name."""
    from device.fontcover import missing
    board = values.get("board")
    where = f"board {board}" if board else "this clock"
    out = []
    for side, key in (("Red", "red_name"), ("Black", "black_name")):
        gone = missing(values.get(key) or "")
        if gone:
            out.append(f"{where}: the clock has no glyph for {' '.join(gone)} ({side} {values[key]}): its screen "
                       "shows the board number without the name (the journal, the hall and the reports have it)")
    return out


def shown_before_start(values):
    """[(side, name, what that side's OLED shows before the start, characters it cannot draw)]."""
    from host_tools import simulate
    simulate.install()  # device.screens draws on framebuf: the host's stand-in
    from device import screens
    from device.fontcover import missing
    header = cfg.game_settings(values)
    return [(side, values[key], screens.caption(header, i), missing(values[key]))
            for i, (side, key) in enumerate((("Red", "red_name"), ("Black", "black_name")))]


def preview_one(port, changes, pairings, timeout=5.0, progress=None):
    """What a push would show on a clock, read while it runs; nothing is written."""
    from host_tools.board.live import LiveClock, NotServing
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    try:
        with LiveClock(port, timeout) as clock:
            info = clock.info()
    except NotServing:
        raise BoardError(f"{port} does not answer reads while it runs, so nothing can be previewed "
                         "without stopping it: flash it first (xqclock flash)") from None
    before = cfg.check(dict(info["settings"]))
    changes, note = _with_pairings(port, changes, changes.get("board", before["board"]), pairings)
    values = cfg.check(dict(before, **changes))
    return {"port": port, "board": values["board"], "note": note, "sides": shown_before_start(values)}


def _show_live(port, timeout):
    """show_one's answer read from the running clock (live.py): nothing stops."""
    from host_tools.board.live import LiveClock
    with LiveClock(port, timeout) as clock:
        info = clock.info()
        archive = info.get("archive") or (info["journal"].rsplit("/", 1)[0] or "") + "/games"
        games = clock.listdir(archive)
        manifest = _object(clock.read("/xqclock.json"), MANIFEST_BYTES)
        profile = _object(clock.read("/profile.json"))
        network = network_shown(clock.read("/network.json"))
    if not info.get("saved", True) and info.get("network"):  # pushed during play, not yet on the flash
        network = dict(info["network"], key="set")
    game = info.get("game")
    journal = info["journal"]
    note = "" if info.get("saved", True) else ("It holds settings pushed during play in memory: "
                                               "they are saved on its flash when its clocks stop.")
    return {"port": port, "clock_id": info.get("uid"), "settings": cfg.check(dict(info["settings"])), "note": note,
            "journal": journal, "archive": archive,
            "firmware": manifest and {"version": manifest.get("version"), "build": manifest.get("build")},
            "profile": profile and profile.get("name"),
            "game": game and {k: game.get(k) for k in ("started", "over", "id")},
            "archived_games": len([g for g in games if g.endswith(".xqj")]),
            "battery": info.get("battery"), "network": network, "read": "running"}


def show_one(port, timeout=5.0, progress=None):
    """What a clock holds: read while it runs when its firmware answers live reads,
    else through the raw REPL (the clock stops a moment; a game comes back paused)."""
    from host_tools.board.live import NotServing
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    try:
        return _show_live(port, timeout)
    except NotServing:
        pass
    link = Link(port, timeout)
    try:
        info = link.info()
        values, note = _board_settings(port, info.get("settings"))
        places = link.places()
        games = link.listdir(places["archive"])
        current = network = None
        try:
            current = game_state(link.read_file(places["journal"]))
        except BoardError:
            pass
        try:
            network = network_shown(link.read_file("/network.json"))
        except BoardError:
            pass
    finally:
        link.finish()
    manifest = _object(info.get("manifest"), MANIFEST_BYTES)
    profile = _object(info.get("profile"))
    return {"port": port, "clock_id": info.get("uid"), "settings": values, "note": note,
            "firmware": manifest and {"version": manifest.get("version"), "build": manifest.get("build")},
            "profile": profile and profile.get("name"),
            "game": current and {"started": current[0], "over": current[1], "id": current[2]},
            "journal": places["journal"], "archive": places["archive"],
            "archived_games": len([g for g in games if g.endswith(".xqj")]), "battery": None, "network": network,
            "read": "stopped"}


# -- the hall: where the clock reports (/network.json, device/hall.py) ---------------------

def with_secrets(port, changes, current, uid):
    """Network changes for a running clock, with what clock_network adds (the clock
    merges them with what it has): its key, and the event's clock account unless the
    clock has an organiser's. `current`: where it reports now (no passwords)."""
    from device import hall
    if changes.get("broker") == "":
        return changes
    known = {k: v for k, v in (current or {}).items() if k in hall.DEFAULTS and k not in SECRETS}
    merged = dict(hall.DEFAULTS)
    merged.update(known)  # what the clock has, then what is pushed over it
    merged.update(changes)
    try:
        full = clock_network(hall.check(dict(merged, broker=merged["broker"] or "x")), "user" in changes, uid)
    except ValueError as e:
        raise BoardError(f"{port}: {e}") from None
    extra = {"key": full["key"]}
    if full["user"] != merged["user"]:
        extra.update(user=full["user"], password=full["password"])
    return dict(changes, **extra)


def _write_network(link, port, changes):
    """Merge `changes` into the board's /network.json over the raw REPL; a note."""
    from device import hall
    try:
        before = _raw(link.read_file(hall.NETWORK))  # bytes, as the board reads them: not UTF-8 is no JSON
    except BoardError:
        before = {}
    if changes.get("broker") == "":
        link.remove([hall.NETWORK])
        return _network_note(None)
    try:
        values = hall.check(dict(before, **changes))
        values = clock_network(values, "user" in changes, link.info().get("uid"))
    except ValueError as e:
        raise BoardError(f"{port}: {e}" + (": give --broker" if "broker" in str(e) else "")) from None
    data = dumps(values).encode()
    link.write_atomic(hall.NETWORK, data)
    if link.read_file(hall.NETWORK) != data:
        raise BoardError(f"{port}: {hall.NETWORK} read back differs from what was written")
    return _network_note(values)
