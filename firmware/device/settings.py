# The organiser's settings, kept in /settings.json on the board. Saved only
# from menus, never while a clock runs (a flash write stalls the board), and
# through a temporary file and a rename so a power cut leaves the old file.

import json
import os

from clock import timecontrol

DEFAULTS = {
    "clock": "xq-60+30",  # time control: preset or spec string
    "clock_black": "",  # Black's own control when it differs (handicap); "" = the same
    "forfeit": -1,  # late-arrival forfeit limit in ms; -1 = not handled
    "fouls": 3,  # the foul that loses (§4.1.8)
    "sound": False,  # silent by default, as FIDE expects
    "language": 0,  # 0 English, 1 Chinese
    "red_side": 0,  # 0: Red sits at the left lever, 1: at the right
    "code": "",  # arbiter code; empty = none
}
NO_CODE = "0000"  # the code editor's "none": entered on the clock or pushed, it means no code


def check(values):
    """Fill defaults and check each field; raises ValueError naming the field."""
    out = dict(DEFAULTS)
    for key in values:
        if key not in DEFAULTS:
            raise ValueError("settings: unknown field %r" % key)
        out[key] = values[key]
    try:
        if out["clock_black"]:
            timecontrol.handicap(out["clock"], out["clock_black"])
        else:
            timecontrol.parse(out["clock"])
    except ValueError as e:
        raise ValueError("settings: clock: %s" % e)
    if not isinstance(out["forfeit"], int) or out["forfeit"] < -1:
        raise ValueError("settings: forfeit must be -1 (off) or a number of ms")
    if not isinstance(out["fouls"], int) or not 1 <= out["fouls"] <= 9:
        raise ValueError("settings: fouls must be 1 to 9")
    if out["language"] not in (0, 1) or out["red_side"] not in (0, 1):
        raise ValueError("settings: language and red_side are 0 or 1")
    code = out["code"]
    if not isinstance(code, str) or (code and (len(code) != 4 or not code.isdigit())):
        raise ValueError("settings: code is empty or four digits")
    if code == NO_CODE:
        out["code"] = ""
    return out


def load(path="/settings.json"):
    """The settings on the board; the defaults if there are none. A damaged
    file gives the defaults and a message, never a dead clock."""
    try:
        with open(path) as f:
            return check(json.loads(f.read())), None
    except OSError:
        return dict(DEFAULTS), None
    except ValueError as e:
        return dict(DEFAULTS), str(e)


def save(values, path="/settings.json"):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(values))
    os.rename(tmp, path)


def game_settings(values, absent=(0, 0)):
    """What a new game's journal header holds."""
    game = {"forfeit": values["forfeit"], "fouls": values["fouls"], "absent": [absent[0], absent[1]]}
    if values["clock_black"]:
        game["red"] = values["clock"]
        game["black"] = values["clock_black"]
    else:
        game["clock"] = values["clock"]
    return game
