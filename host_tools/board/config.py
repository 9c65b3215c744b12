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
from clock import timecontrol
from clock.durations import parse_ms, words, digits
from clock.spaces import normalize
from device import settings as cfg

from host_tools.board import BoardError
from host_tools.board.link import Link
from host_tools.network import clock_network, network_shown

GAME_KEYS = ("clock", "clock_black", "forfeit", "fouls", "board", "red_name", "black_name")
# Other words config push takes for the words of the firmware's settings.WORDS
# (a field's value as a digit, 0 or 1, is taken too)
SYNONYMS = {"sound": {"yes": "on", "true": "on", "no": "off", "false": "off"},
            "language": {"english": "en", "chinese": "zh", "中文": "zh"}, "red_side": {}}


# -- time controls in words ------------------------------------------------------------

def explain(spec):
    """A spec string or preset in words; ValueError naming the part at fault."""
    return timecontrol.parse_any(spec).describe()


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
            raise ValueError(f"--clock {clock}: {e}") from None
        out["clock"] = normalize(clock).strip()  # what the board stores: its own white space
    if clock_black is not None:
        spec = normalize(clock_black).strip()
        if spec.lower() in ("", "same", "none"):
            spec = ""
        else:
            try:
                timecontrol.parse_side(spec)
            except ValueError as e:
                raise ValueError(f"--clock-black {clock_black}: {e}") from None
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
    if len(name) > cfg.NAME_MAX:
        raise ValueError(f"{option} {name}: a name has at most {cfg.NAME_MAX} characters")
    return name


def read_pairings(path):
    """A pairings CSV, rows board,red,black (a first row that is not a board number
    is a header) -> {board: (red, black)}; ValueError naming the row at fault."""
    import csv
    import io
    from host_tools.inputs import read_text
    text = read_text(path, "--pairings")
    rows = [r for r in csv.reader(io.StringIO(text)) if r and any(c.strip() for c in r)]
    if rows and not rows[0][0].strip().isdigit():
        rows = rows[1:]
    pairings = {}
    for i, r in enumerate(rows, 1):
        r = [c.strip() for c in r]
        if len(r) != 3 or not r[0].isdigit() or not 1 <= int(r[0]) <= 999:
            raise ValueError(f"--pairings {path}: row {i}: write board,red,black (a board number 1 to 999)")
        board = int(r[0])
        if board in pairings:
            raise ValueError(f"--pairings {path}: row {i}: board {board} is paired twice")
        pairings[board] = (_name("--pairings", r[1]), _name("--pairings", r[2]))
    if not pairings:
        raise ValueError(f"--pairings {path}: no pairings in it")
    return pairings


def describe(values):
    """[(label, text)] of a settings dict, for people."""
    try:
        if values.get("clock_black"):
            control = timecontrol.handicap(values["clock"], values["clock_black"])
            clock = f"Red {values['clock']}, Black {values['clock_black']}: {control.describe()}"
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
        raw = json.loads(text)
    except ValueError:
        raw = None
    values, problems = cfg.accept(raw)  # what the board itself makes of the file
    if problems:
        return values, (f"Its settings file held what the clock refuses ({'; '.join(problems)}), "
                        "so it used the defaults for those.")
    return values, ""


def game_state(data):
    """(started, over, id) of a journal's bytes, replayed on the host; None if unreadable."""
    from clock.journal import Loaded, JournalError
    from clock.table import replay
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
    try:
        raw = json.loads(text) if text else {}
        return raw if isinstance(raw, dict) else {}
    except ValueError:
        return {}


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


def push_one(port, changes, new_game=False, timeout=5.0, progress=None, pairings=None):
    """Merge `changes` into a board's settings, write, read back, let its firmware check them.
    With `pairings` ({board: (red, black)}), the players of this board's own number."""
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    link = Link(port, timeout)
    try:
        info = link.info()
        text = info.get("settings")
        before, note = _board_settings(port, text)
        if pairings is not None:
            board = changes.get("board", before.get("board"))
            if not board:
                raise BoardError(f"{port} has no board number: give it one first "
                                 "(xqclock config push --port P --board N)")
            if board not in pairings:
                raise BoardError(f"{port} is board {board}, which the pairings do not list")
            changes = dict(changes, red_name=pairings[board][0], black_name=pairings[board][1])
        values = cfg.check(dict(before, **changes))
        # write the fields the board had or was given: the firmware fills in the rest, and one
        # older than this copy is not handed a field it does not know
        kept = _raw(text) if not note.startswith("Its settings file") else values  # all the board accepted
        written = {k: values[k] for k in values if k in kept or k in changes}
        progress("write")
        link.write_atomic("/settings.json", json.dumps(written).encode())
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
        notes = [note] if note else []
        if problem == "":
            notes.append("It has no xqclock firmware to check them yet: run xqclock flash.")
        if any(before.get(k) != values.get(k) for k in GAME_KEYS) or new_game:
            progress("journal")
            journal = settle_journal(link, new_game)
            if journal:
                notes.append(journal)
        link.finish()
        return {"port": port, "board": info.get("uid") or "-", "settings": values, "note": " ".join(notes)}
    except BoardError:
        link.finish()
        raise


def _json_or_none(data):
    try:
        return json.loads(data) if data else None
    except ValueError:
        return None


def _show_live(port, timeout):
    """show_one's answer read from the running clock (live.py): nothing stops."""
    from host_tools.board.live import LiveClock
    with LiveClock(port, timeout) as clock:
        info = clock.info()
        archive = (info["journal"].rsplit("/", 1)[0] or "") + "/games"
        games = clock.listdir(archive)
        manifest = _json_or_none(clock.read("/xqclock.json"))
        profile = _json_or_none(clock.read("/profile.json"))
        network = network_shown(clock.read("/network.json"))
    game = info.get("game")
    journal = info["journal"]
    return {"port": port, "board": info.get("uid"), "settings": cfg.check(dict(info["settings"])), "note": "",
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
    manifest = profile = None
    try:
        manifest = json.loads(info.get("manifest") or "null")
    except ValueError:
        pass
    try:
        profile = json.loads(info.get("profile") or "null")
    except ValueError:
        pass
    return {"port": port, "board": info.get("uid"), "settings": values, "note": note,
            "firmware": manifest and {"version": manifest.get("version"), "build": manifest.get("build")},
            "profile": profile and profile.get("name"),
            "game": current and {"started": current[0], "over": current[1], "id": current[2]},
            "journal": places["journal"], "archive": places["archive"],
            "archived_games": len([g for g in games if g.endswith(".xqj")]), "battery": None, "network": network,
            "read": "stopped"}


def push_network_one(port, changes, timeout=5.0, progress=None):
    """Merge `changes` into the board's /network.json, write, read back; the clock restarts and reports."""
    from device import hall
    progress = progress or (lambda *a, **k: None)
    progress("connect")
    link = Link(port, timeout)
    try:
        try:
            before = _raw(link.read_file(hall.NETWORK).decode())
        except BoardError:
            before = {}
        if changes.get("broker") == "":
            link.remove([hall.NETWORK])
            link.finish()
            return {"port": port, "note": "it no longer reports to the hall"}
        values = dict(before, **changes)
        try:
            values = hall.check(values)
            values = clock_network(values, "user" in changes, link.info().get("uid"))
        except ValueError as e:
            raise BoardError(f"{port}: {e}" + (": give --broker" if "broker" in str(e) else "")) from None
        progress("write")
        data = json.dumps(values).encode()
        link.write_atomic(hall.NETWORK, data)
        if link.read_file(hall.NETWORK) != data:
            raise BoardError(f"{port}: {hall.NETWORK} read back differs from what was written")
        link.finish()
        if values["broker"] == hall.USB:
            return {"port": port, "note": "reports over its USB cable (to xqclock hall --usb)"}
        wifi = f", over Wi-Fi {values['wifi']}" if values["wifi"] else ""
        return {"port": port, "note": f"reports to {values['broker']}:{values['port'] or 1883}, "
                                      f"event {values['event']}" + wifi}
    except BoardError:
        link.finish()
        raise
