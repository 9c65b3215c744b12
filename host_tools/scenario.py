"""Scenario files (docs/SCENARIOS.md): parse, then play through the firmware.

Parsing happens here, on the host, so that every mistake is reported as
`LINE: message`. What comes out is the game's setup and its events as plain
integers; `mpy/scripts/playback.py` feeds them to the firmware's own clock core, on
CPython in this process or on the MicroPython VM in a subprocess.
"""
import tempfile
from pathlib import Path

from host_tools import firmware_path
from host_tools import unixport
from host_tools.mpy.sim.timeline import LineError, Timeline
from host_tools.mpy.scripts import playback
from clock import events as ev
from clock import timecontrol
from clock.durations import parse_ms, digits
from clock.limits import COUNT, clip
from clock.game import RED, BLACK, DRAW, R_ENTERED, DRAW_REASONS, may_enter
from clock.names import REASONS
from device import settings as cfg

SIDES = {"red": RED, "black": BLACK}
WINNERS = {"red": RED, "black": BLACK, "draw": DRAW}
ENTERED = REASONS[R_ENTERED:]  # the clock decides the others itself
SIDE_ACTIONS = {"arrive": ev.ARRIVE, "foul": ev.FOUL, "warn": ev.WARN,
                "false-claim": ev.FALSE_CLAIM, "offer": ev.OFFER}
# Actions of a game in play: before the round starts there is no clock to
# pause or correct, no move to claim about or offer a draw after.
IN_PLAY_ONLY = (ev.PAUSE, ev.RESUME, ev.ADJUST, ev.FOUL, ev.FALSE_CLAIM, ev.OFFER)


class ScenarioError(ValueError):
    def __init__(self, line, message):
        super().__init__(f"{line}: {message}")
        self.line = line


class Scenario:
    """A parsed scenario: `setup(dir)` is what playback.play() takes."""

    def __init__(self):
        self.clock = None  # the journal header's control: timecontrol.played
        self.forfeit = -1  # ms; -1: late arrival not handled
        self.fouls = 3
        self.absent = [0, 0]
        self.events = []  # [t, kind, side, value]
        self.end = None
        self.power_off = False
        self.started = False  # a 'start' action has come

    def settings(self):
        assert self.clock is not None, "parse() makes a scenario without a clock line an error"
        return dict(self.clock, forfeit=self.forfeit, fouls=self.fouls, absent=self.absent)

    def setup(self, journal_dir):
        return {"settings": self.settings(), "events": self.events, "end": self.end,
                "journal": str(journal_dir)}


def _duration(text, what):
    try:
        return parse_ms(text)
    except ValueError as e:
        raise ValueError(f"{what}: {e}") from None


def _side(word, action):
    if word not in SIDES:
        raise ValueError(f"'{action}' needs a side, red or black, not '{word}'")
    return SIDES[word]


def _words(args, n, usage):
    if len(args) != n:
        raise ValueError(f"write it as '{usage}'")
    return args


def _clock(rest):
    """The text after 'clock': one SPEC, or red=SPEC black=SPEC. Specs may hold
    spaces ('1m;delay 5s'), so this reads the line, not its words."""
    rest = rest.strip()
    if not rest:
        raise ValueError("write 'clock SPEC' or 'clock red=SPEC black=SPEC'")
    timecontrol.parse_any(rest)  # names the side and the part at fault
    both = timecontrol.sides(rest)
    return timecontrol.played(rest) if both is None else timecontrol.played(*both)


def _action(t, words):
    """One timed action -> [t, kind, side, value]."""
    verb, args = words[0], words[1:]
    if verb in ("start", "pause", "resume"):
        _words(args, 0, verb)
        kind = {"start": ev.START, "pause": ev.PAUSE, "resume": ev.RESUME}[verb]
        return [t, kind, 0, 0]
    if verb == "press":
        (side,) = _words(args, 1, "press red|black")
        return [t, ev.PRESS, _side(side, verb), 0]
    if verb in ("penalty", "bonus"):
        side, amount = _words(args, 2, f"{verb} red|black DURATION")
        ms = _duration(amount, verb)
        return [t, ev.ADJUST, _side(side, verb), -ms if verb == "penalty" else ms]
    if verb == "moves":
        side, n = _words(args, 2, "moves red|black N")
        if not digits(n) or int(n) > COUNT:
            raise ValueError(f"moves: '{clip(n)}' is not a move count (0 to {COUNT})")
        return [t, ev.MOVES, _side(side, verb), int(n)]
    if verb == "result":
        winner, reason = _words(args, 2, "result red|black|draw REASON")
        if winner not in WINNERS:
            raise ValueError(f"result: the winner is red, black or draw, not '{winner}'")
        if reason not in ENTERED:
            raise ValueError(f"result: unknown reason '{reason}' (one of {', '.join(ENTERED)})")
        value = REASONS.index(reason)
        if not may_enter(WINNERS[winner], value):
            if value in DRAW_REASONS:
                raise ValueError(f"result: '{reason}' ends in a draw, not a win for {winner}")
            raise ValueError(f"result: '{reason}' decides a winner, it cannot be a draw")
        return [t, ev.RESULT, WINNERS[winner], value]
    if verb in SIDE_ACTIONS:
        (side,) = _words(args, 1, f"{verb} red|black")
        return [t, SIDE_ACTIONS[verb], _side(side, verb), 0]
    if verb in ("power-cut", "power-on"):
        _words(args, 0, verb)
        return [t, playback.POWER_CUT if verb == "power-cut" else playback.POWER_ON, 0, 0]
    raise ValueError(f"unknown action '{verb}'")


def _setting(sc, head, args, rest):
    if sc.events:
        raise ValueError("settings come before the timed actions")
    if head == "clock":
        if sc.clock is not None:
            raise ValueError("the clock is already set")
        sc.clock = _clock(rest)
    elif head == "forfeit":
        (limit,) = _words(args, 1, "forfeit DURATION")
        sc.forfeit = _duration(limit, "forfeit")
    elif head == "absent":
        (side,) = _words(args, 1, "absent red|black")
        sc.absent[_side(side, head)] = 1
    elif head == "fouls":
        (n,) = _words(args, 1, "fouls N")
        lo, hi = cfg.FOULS
        if not digits(n) or not lo <= int(n) <= hi:
            raise ValueError(f"fouls: '{n}' is not a foul limit ({lo} to {hi})")
        sc.fouls = int(n)
    else:
        raise ValueError(f"unknown statement '{head}'")


def _power(sc, kind):
    """A power-on needs the power off, and a power-cut needs it on."""
    if kind == playback.POWER_ON and not sc.power_off:
        raise ValueError("power-on needs a power-cut before it")
    if kind == playback.POWER_CUT and sc.power_off:
        raise ValueError("the power is already off")
    if kind in (playback.POWER_CUT, playback.POWER_ON):
        sc.power_off = kind == playback.POWER_CUT


def parse(text):
    """Scenario text -> Scenario; raises ScenarioError naming the line at fault."""
    sc = Scenario()
    try:
        lines = Timeline(text)
    except LineError as e:
        raise ScenarioError(e.line, str(e)) from None
    end_line = None
    for number, words, body in lines:
        try:
            if end_line is not None:
                raise ValueError(f"nothing may follow 'end' (line {end_line})")
            head = words[0]
            if head == "at":
                if len(words) < 3:
                    raise ValueError("write 'at TIME ACTION'")
                t = lines.at(_duration(words[1], "time"), words[1])
                if sc.clock is None:
                    raise ValueError("no 'clock' line before the first action")
                action = _action(t, words[2:])
                _power(sc, action[1])
                if action[1] == ev.START and sc.power_off:
                    raise ValueError("'start' while the power is off (no 'power-on' since the 'power-cut')")
                if action[1] in IN_PLAY_ONLY and not sc.started:
                    raise ValueError(f"'{words[2]}' makes no sense before the start (no 'at TIME start' yet)")
                sc.started = sc.started or action[1] == ev.START
                sc.events.append(action)
            elif head == "end":
                (when,) = _words(words[1:], 1, "end TIME")
                sc.end = _duration(when, "end")
                if sc.end < lines.last:
                    raise ValueError(f"end {when} is before the last action")
                end_line = number
            else:
                _setting(sc, head, words[1:], body.strip()[len(head):])
        except ValueError as e:
            raise ScenarioError(number, str(e)) from None
    if end_line is None:
        raise ScenarioError(lines.count if text.strip() else 1, "the scenario has no 'end TIME' line")
    if sc.clock is None:
        raise ScenarioError(end_line, "no 'clock' line: say which time control, e.g. 'clock xq-60+30'")
    return sc


def play(sc, vm="cpython", journal_dir=None):
    """Play a parsed scenario on the chosen VM; returns the JSON text. The
    journal is written in journal_dir (kept), or in a temporary directory."""
    if journal_dir is None:
        with tempfile.TemporaryDirectory(prefix="xqclock-") as tmp:
            return play(sc, vm, tmp)
    Path(journal_dir).mkdir(parents=True, exist_ok=True)
    setup = sc.setup(Path(journal_dir).resolve())
    if vm == "cpython":
        return playback.play(setup)
    return unixport.output(playback.__file__, input=playback.lines(setup)).rstrip("\n")
