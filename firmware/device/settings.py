# The organiser's settings, kept in /settings.json on the board. Saved only
# from menus, never while a clock runs (a flash write stalls the board), and
# through a temporary file and a rename so a power cut leaves the old file.

import os

from clock import timecontrol
from clock import jsonfile
from clock.durations import LIMIT_MS, digits
from clock.limits import BOARD_MAX, NAME_BYTES, NAME_CHARS, clip, unprintable, utf8_bytes
from clock.utf8 import dumps, joined

DEFAULTS = {
    "clock": "xq-60+30",  # time control: preset or spec string
    "clock_black": "",  # Black's own control when it differs (handicap); "" = the same
    "forfeit": -1,  # late-arrival forfeit limit in ms; -1 = not handled
    "fouls": 3,  # the foul that loses (§4.1.8)
    "tenths": 20000,  # tenths of a second show below this many ms left (0: never; at most 60 s)
    "sound": False,  # silent by default, as FIDE expects
    "language": 0,  # 0 English, 1 Chinese
    "red_side": 0,  # 0: Red sits at the left lever, 1: at the right
    "code": "",  # arbiter code; empty = none
    "board": 0,  # the board (table) number in the event; 0 = none
    "red_name": "",  # the players: on the screens, in the journal's header, in the reports
    "black_name": "",
}
FOULS = (1, 9)  # the foul that loses: the lowest and the highest limit the clock takes
# The words of the fields that are a choice, as people give them to the host
# tools (config push, button scripts, simulate): a word's place is its value
# (for sound: off False, on True). The board itself keeps only the values.
WORDS = {"sound": ("off", "on"), "language": ("en", "zh"), "red_side": ("left", "right")}
NO_CODE = "0000"  # the code editor's "none": entered on the clock or pushed, it means no code


# A code the board could not read: no code entered on the clock matches it,
# so the menu stays locked until settings are pushed again over USB.
UNREADABLE = "????"


def _clock(v):
    if not isinstance(v, str):
        raise ValueError("%s is not a time control" % clip(v))
    timecontrol.parse(v)
    return v


def _clock_black(v):
    if not isinstance(v, str):
        raise ValueError("%s is not a time control" % clip(v))
    if v:
        timecontrol.parse_side(v)
    return v


def _forfeit(v):
    if type(v) is not int or not -1 <= v <= LIMIT_MS:
        raise ValueError("%r is not -1 (off) or a number of ms" % (v,))
    return v


def _tenths(v):
    if type(v) is not int or not 0 <= v <= 60000 or v % 1000:
        raise ValueError("%r is not 0 (never) or whole seconds in ms up to 60000" % (v,))
    return v


def _fouls(v):
    if type(v) is not int or not FOULS[0] <= v <= FOULS[1]:
        raise ValueError("%r is not %d to %d" % (v, FOULS[0], FOULS[1]))
    return v


def _switch(v):
    if type(v) is not bool:
        raise ValueError("%r is not true or false" % (v,))
    return v


def _zero_one(v):
    if type(v) is not int or v not in (0, 1):
        raise ValueError("%r is not 0 or 1" % (v,))
    return v


def _code(v):
    if v == UNREADABLE:
        raise ValueError("the board could not read its code: set one again")
    if not isinstance(v, str) or (v and not (len(v) == 4 and digits(v))):
        raise ValueError("%r is not empty or four digits" % (v,))
    return "" if v == NO_CODE else v


def _board(v):
    if type(v) is not int or not 0 <= v <= BOARD_MAX:
        raise ValueError("%r is not a board number from 1 to %d, or 0 for none" % (v, BOARD_MAX))
    return v


def player_name(v):
    """A player's name as a clock keeps it; ValueError saying why no clock takes it (the one rule
    for a push, pairings and a journal's header)."""
    if not isinstance(v, str):
        raise ValueError("%s is not a name (text)" % clip(v))
    v = joined(v)  # "\ud842\udfb7" in the file is the one character 𠮷 (clock/utf8.py)
    if len(v) > NAME_CHARS:
        raise ValueError("%d characters: a name has at most %d" % (len(v), NAME_CHARS))
    if utf8_bytes(v) > NAME_BYTES:
        raise ValueError("%d bytes of UTF-8: a name has at most %d (characters outside the BMP take 4 each)"
                         % (utf8_bytes(v), NAME_BYTES))
    bad = unprintable(v)
    if bad:
        raise ValueError("a control character (%s) in the name" % bad)
    return v


# Each field's check: the value to keep, or ValueError saying what is wrong.
# A new field is a DEFAULTS entry and a line here.
CHECKS = {"clock": _clock, "clock_black": _clock_black, "forfeit": _forfeit, "fouls": _fouls, "tenths": _tenths,
          "sound": _switch, "language": _zero_one, "red_side": _zero_one, "code": _code,
          "board": _board, "red_name": player_name, "black_name": player_name}


def accept(values):
    """(settings, problems): every field checked on its own. A bad or unknown
    field keeps its default and is named in `problems`; the rest are kept. A
    code that cannot be read, or a file that is no object (it may have held a
    code), locks the menu (UNREADABLE): the lock is never dropped."""
    out = dict(DEFAULTS)
    if not isinstance(values, dict):
        out["code"] = UNREADABLE
        return out, ["settings: not a JSON object: the defaults, menu locked until settings are pushed"]
    problems = []
    for key in values:
        try:
            if key not in CHECKS:
                raise ValueError("unknown field")
            out[key] = CHECKS[key](values[key])
        except ValueError as e:
            problems.append("settings: %s: %s" % (key, e))
            if key == "code":
                out["code"] = UNREADABLE
    if out["clock_black"]:
        try:
            timecontrol.handicap(out["clock"], out["clock_black"])
        except ValueError as e:
            problems.append("settings: clock_black: %s" % e)
            out["clock_black"] = ""
    return out, problems


def check(values):
    """Fill defaults and check each field; raises ValueError naming the first
    bad one (for settings about to be saved or pushed)."""
    out, problems = accept(values)
    if problems:
        raise ValueError(problems[0])
    return out


def load(path="/settings.json"):
    """(settings, problem) at power-on; never raises. No file: the defaults.
    A bad field is refused on its own (problem names it, None if all were
    accepted), so the clock always boots, locked if it was."""
    try:
        text = jsonfile.read(path)  # bytes: UTF-8 on both VMs, whatever CPython's locale says
    except OSError:
        return dict(DEFAULTS), None
    try:
        values = jsonfile.loads(text)
    except ValueError:
        values = None  # unreadable (or more than a clock reads): treated as no object
    out, problems = accept(values)
    return out, "; ".join(problems) if problems else None


def save(values, path="/settings.json"):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(dumps(values).encode())
    os.rename(tmp, path)


def game_settings(values, absent=(0, 0)):
    """What a new game's journal header holds: its control as timecontrol.played
    gives it (the specs, not only a preset's name), the rest as set."""
    game = timecontrol.played(values["clock"], values["clock_black"])
    game.update({"forfeit": values["forfeit"], "fouls": values["fouls"], "absent": [absent[0], absent[1]]})
    game["red_side"] = values["red_side"]  # the game's own: a later push cannot swap its levers
    if values["board"]:
        game["board"] = values["board"]
    if values["red_name"] or values["black_name"]:
        game["names"] = [values["red_name"], values["black_name"]]
    return game
