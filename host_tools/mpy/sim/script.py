# Scripts of button actions for the simulated clock (`xqclock simulate
# --headless --script FILE`). MicroPython-compatible: the same script plays on
# CPython and on the unix port, and the frames must come out identical.
#
#   # comment
#   clock xq-15+10           settings before the first action: clock SPEC,
#   language zh              language en|zh, sound on|off, red-side left|right,
#   code 1234                code NNNN (arbiter code), forfeit DURATION, fouls N,
#   tenths 30s               tenths DURATION|off (tenths of a second below it)
#   at 0 press start         a tap: the key goes down, and up 80 ms later
#   at 5s press left-lever   keys: left-lever right-lever start minus plus ok
#   at 9s hold ok 2s         held down for the duration, then released
#   at 12s down plus         down / up: one edge each, for anything else
#   at 20s snapshot running  both displays as they are now, named "running"
#   at 21s glitch left-lever 2ms   the switch closes for 2 ms (a bounce, interference;
#                                  a bare number is milliseconds too: glitch left-lever 2)
#   at 22s unplug right-display    off its wires (at 0: absent at power-on)
#   at 25s plug right-display      back, the chip in its power-on state
#   at 26s power-cut         the power goes: the loop stops, the displays go dark
#   at 28s power-on          ... and comes back: the firmware boots, restores the game
#   end 30s                  the last instant played
#
# A board setting, before the first action too:
#   flash-free 65536         the board's filesystem starts with only that much
#                            room (bytes, or 64K / 1M; whole 4 KiB blocks); on
#                            littlefs, so only the MicroPython VM plays it
#
# Times are from the start of the script, in the forms of SCENARIOS.md; the
# board's first power-on takes no script time (on a flash with its timing,
# making a new game's journal takes about a second of the board's).

from clock import timecontrol
from clock.durations import parse_ms, digits
from device.settings import DEFAULTS, WORDS, check
from .timeline import LineError, Timeline

KEY_NAMES = ("left-lever", "right-lever", "start", "minus", "plus", "ok")
DISPLAY_NAMES = ("left-display", "right-display")
TAP_MS = 80
DOWN = 0
UP = 1
SNAPSHOT = 2
GLITCH = 3  # the step's name is the glitch's length in ms
UNPLUG = 4  # the step's key is the display
PLUG = 5
POWER_CUT = 6
POWER_ON = 7
POWER = {"power-cut": POWER_CUT, "power-on": POWER_ON}


class ScriptError(ValueError):
    pass


def _key(word, line):
    if word not in KEY_NAMES:
        raise ScriptError("%d: unknown key '%s' (keys: %s)" % (line, word, " ".join(KEY_NAMES)))
    return KEY_NAMES.index(word)


def _display(word, line):
    if word not in DISPLAY_NAMES:
        raise ScriptError("%d: unknown display '%s' (displays: %s)" % (line, word, " ".join(DISPLAY_NAMES)))
    return DISPLAY_NAMES.index(word)


def _setting(values, word, arg, line):
    if word == "clock":  # one SPEC for both sides, or red=SPEC black=SPEC
        timecontrol.parse_any(arg)
        both = timecontrol.sides(arg)
        values["clock"], values["clock_black"] = (arg, "") if both is None else both
    elif word in ("language", "sound", "red-side") and arg in WORDS[word.replace("-", "_")]:
        field = word.replace("-", "_")
        i = WORDS[field].index(arg)
        values[field] = bool(i) if field == "sound" else i
    elif word == "code":
        values["code"] = arg
    elif word == "forfeit":
        values["forfeit"] = parse_ms(arg)
    elif word == "fouls" and digits(arg):
        values["fouls"] = int(arg)
    elif word == "tenths":
        values["tenths"] = 0 if arg == "off" else parse_ms(arg)
    else:
        raise ScriptError("%d: unknown setting '%s %s'" % (line, word, arg))


def _bytes(word, line):
    scale = {"K": 1024, "M": 1024 * 1024}.get(word[-1:].upper(), 1)
    count = word[:-1] if scale > 1 else word
    if not digits(count):
        raise ScriptError("%d: flash-free takes a number of bytes (e.g. 65536 or 64K), not '%s'" % (line, word))
    return int(count) * scale


def parse(text):
    """Script text -> (settings, [(t, kind, key or display, snapshot name or glitch ms)], end,
    board) where board = {"flash_free": bytes or None}."""
    values = dict(DEFAULTS)
    board = {"flash_free": None}
    steps = []
    end = None
    try:
        lines = Timeline(text)
    except LineError as e:
        raise ScriptError("%d: %s" % (e.line, e))
    for number, words, body in lines:
        try:
            if words[0] == "end" and len(words) == 2:
                end = parse_ms(words[1])
            elif words[0] == "at" and len(words) >= 3:
                t = lines.at(parse_ms(words[1]), words[1])
                what = words[2]
                if what in POWER and len(words) == 3:
                    steps.append((t, POWER[what], -1, ""))
                elif what == "snapshot" and len(words) == 4:
                    steps.append((t, SNAPSHOT, -1, words[3]))
                elif what == "press" and len(words) == 4:
                    k = _key(words[3], number)
                    steps.append((t, DOWN, k, ""))
                    steps.append((t + TAP_MS, UP, k, ""))
                elif what == "hold" and len(words) == 5:
                    k = _key(words[3], number)
                    steps.append((t, DOWN, k, ""))
                    steps.append((t + parse_ms(words[4]), UP, k, ""))
                elif what in ("down", "up") and len(words) == 4:
                    steps.append((t, DOWN if what == "down" else UP, _key(words[3], number), ""))
                elif what == "glitch" and len(words) == 5:
                    ms = parse_ms(words[4] + "ms" if digits(words[4]) else words[4])  # a bare number: ms
                    if ms <= 0:
                        raise ScriptError("%d: a glitch lasts at least 1ms" % number)
                    steps.append((t, GLITCH, _key(words[3], number), ms))
                elif what in ("unplug", "plug") and len(words) == 4:
                    steps.append((t, UNPLUG if what == "unplug" else PLUG, _display(words[3], number), ""))
                else:
                    raise ScriptError("%d: write 'at TIME press|hold|down|up|glitch|unplug|plug|snapshot ...'"
                                      " or 'at TIME power-cut|power-on'" % number)
            elif words[0] == "flash-free" and len(words) == 2 and not steps:
                board["flash_free"] = _bytes(words[1], number)
            elif len(words) == 2 and not steps:
                _setting(values, words[0], words[1], number)
            elif words[0] == "clock" and not steps:  # a spec with modifiers has spaces
                _setting(values, "clock", " ".join(words[1:]), number)
            else:
                raise ScriptError("%d: unknown line '%s'" % (number, body.strip()))
        except ScriptError:
            raise
        except ValueError as e:
            raise ScriptError("%d: %s" % (number, e))
    if end is None:
        raise ScriptError("%d: the script has no 'end TIME' line" % lines.count)
    try:
        values = check(values)
    except ValueError as e:
        raise ScriptError("settings: %s" % e)
    # a tap's release may fall after later actions: play in time order, stably
    order = sorted(range(len(steps)), key=lambda i: (steps[i][0], i))
    return values, [steps[i] for i in order], end, board


def play(rig, steps, end, on_snapshot):
    """Drive the rig (built unpowered) through the steps; on_snapshot(name,
    rig) at each snapshot. The board powers on once the displays unplugged
    at time 0 are off their wires; after that, only power-on brings it back
    from a power-cut."""
    booted = rig.powered
    origin = rig.clock.now  # the script's time 0 on the board's clock: once it has booted
    for t, kind, key, name in steps:
        if t > end:
            break
        if not booted and (t > 0 or kind not in (UNPLUG, PLUG)):
            rig.boot()
            booted = True
            origin = rig.clock.now  # it booted at 0 (only plugging comes before)
        t += origin
        if t > rig.clock.now:
            rig.run(t - rig.clock.now)
        if kind == DOWN:
            rig.down(key)
        elif kind == UP:
            rig.up(key)
        elif kind == GLITCH:
            rig.glitch(key, name)
        elif kind == UNPLUG:
            rig.unplug(key)
        elif kind == PLUG:
            rig.plug(key)
        elif kind == POWER_CUT:
            rig.power_cut()
        elif kind == POWER_ON:
            rig.power_on()
        else:
            if rig.powered:
                rig.app.step()
            on_snapshot(name, rig)
    if not booted:
        rig.boot()
    if end + origin > rig.clock.now:
        rig.run(end + origin - rig.clock.now)
