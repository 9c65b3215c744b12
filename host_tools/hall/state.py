"""Each board's latest state, and the alerts an arbiter acts on.

A board is known by the BOARD of its topics (its number, or its clock's id).
Every change gets a sequence number, so the page's stream sends each client
what changed since it last looked, however many messages came in between.
A state is taken only as its clock's own (listen.py checks the tag) and only
if it is newer than the last one of that clock's run ("boot", "sent_ms"):
anything else is refused, counted, and said in the hall's log with its board.
Nothing here goes back to a clock.
"""
import sys
import threading
import time

import host_tools.firmware_path
from clock import jsonfile
from clock.game import R_ENTERED
from clock.names import REASONS
from clock.utf8 import joined_all

LATE_WARN_MS = 5 * 60000  # a late player this close to the forfeit limit
STALE_MS = 15000  # a running clock silent this long counts as offline (it sends every 5 s)
LOW_BATTERY = 20  # percent
LOW_TIME_MS = 10000  # a running clock showing less than this
SIDES = ("red", "black")
CLOCK_RESULTS = REASONS[:R_ENTERED]  # results the clock reaches itself (flag, forfeit, fouls)
TICKS_PERIOD = 1 << 30  # MicroPython's ticks_ms wraps here: sent_ms is one
LOG_EVERY_S = 30  # one line per board and reason this often at most (a flood is not a log)


class BadMessage(ValueError):
    """A state message the hall cannot show; the text names the field."""


def _need(obj, key, kind, where=""):
    if not isinstance(obj, dict) or key not in obj:
        raise BadMessage(f"{where}{key} is missing")
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise BadMessage(f"{where}{key} = {value!r} is not {getattr(kind, '__name__', kind)}")
    return value


def parse_state(payload):
    """The state object of a message (bytes); BadMessage naming the field at fault."""
    try:  # joined: a clock with older firmware sent a name outside the BMP in CESU-8 (clock/utf8.py)
        state = joined_all(jsonfile.loads(payload))  # bounded, as check_tag reads it
    except (ValueError, UnicodeDecodeError) as e:
        raise BadMessage(f"not JSON ({e})") from None
    if not isinstance(state, dict):
        raise BadMessage("not a JSON object")
    _need(state, "time_ms", int)
    if state.get("running") not in (None, "red", "black"):
        raise BadMessage(f"running = {state['running']!r} is not red, black or null")
    for side in SIDES:
        _need(state, side, dict)
        for key in ("remaining_ms", "moves"):
            _need(state[side], key, int, f"{side}.")
    result = state.get("result")
    if result is not None:
        _need(state, "result", dict)
        _need(result, "score", str, "result.")
    names = state.get("names")
    if names is not None and not isinstance(names, dict):
        raise BadMessage("names is not an object")
    shown = state.get("shown")
    if shown is not None:
        for side in SIDES:
            _need(_need(state, "shown", dict), side, dict, "shown.")
            _need(shown[side], "ms", int, f"shown.{side}.")
    _need(state, "clock_id", str)
    return state


def shown_ms(state, side):
    """The time the clock's display promises (shown.SIDE.ms), or its remaining time."""
    shown = state.get("shown")
    return shown[side]["ms"] if shown else state[side]["remaining_ms"]


def alerts(state, online, age_ms):
    """[{kind, side?, value?, id}] for one board; `id` tells one alert from the next of its kind
    (the page remembers which ones the arbiter acknowledged)."""
    out: list[dict] = []
    game = state.get("game") or ""
    result = state.get("result")
    over = result is not None
    entered = over and result.get("reason") not in CLOCK_RESULTS  # the arbiter entered it (§22.5)

    def add(kind, side=None, value=None, key="", **more):
        a = {"kind": kind, "id": f"{game}:{kind}:{side or ''}:{key}", **more}
        if side is not None:
            a["side"] = side
        if value is not None:
            a["value"] = value
        out.append(a)
    for side in SIDES:
        s = state[side]
        if s.get("flag") and not entered:  # until the arbiter enters the result
            add("flag", side, key=s.get("flag_at_ms"))
        forfeit_at = state.get("forfeit_at_ms")
        if not over and s.get("present") is False and isinstance(forfeit_at, int):
            left = forfeit_at - state["time_ms"]
            if left <= LATE_WARN_MS:
                add("late", side, max(0, left))
        limit = state.get("foul_limit")
        fouls = s.get("fouls", 0)
        if not over and isinstance(limit, int) and isinstance(fouls, int) and fouls > 0 and fouls >= limit - 1:
            add("fouls", side, fouls, key=fouls, limit=limit)
        again = s.get("repeat_offers", 0)
        if not over and isinstance(again, int) and again > 0:  # §9.1.3: offering a draw again is a foul
            add("offer", side, again, key=again)
        if not over and state.get("running") == side and not state.get("paused"):
            left = shown_ms(state, side) - age_ms
            if left < LOW_TIME_MS:
                add("low", side, max(0, left), key=s.get("period", 1))
    notice = state.get("notice")
    if not over and isinstance(notice, str) and notice.startswith("power restored") and "paused" in notice:
        add("restored", key=state["time_ms"])
    battery = state.get("battery")
    if isinstance(battery, int) and battery <= LOW_BATTERY:
        add("battery", value=battery)
    fault = state.get("fault")
    if fault:
        add("fault", value=fault, key=fault)
    if not online or (state.get("running") is not None and not over and age_ms > STALE_MS):
        add("offline")
    return out


def _order(name):
    return (0, int(name), "") if name.isdigit() else (1, 0, name)


def newer(sent_ms, before):
    """Whether a clock's ticks_ms stamp comes after another (they wrap at 2**30)."""
    return 0 < (sent_ms - before) % TICKS_PERIOD < TICKS_PERIOD // 2


class Hall:
    """The event's boards; thread-safe (MQTT thread in, web threads out)."""

    def __init__(self, event, clock=time.time, log=None):
        self.event = event
        self.clock = clock  # seconds (epoch): received_ms is wall-clock, for people
        self.log = log or (lambda text: print(f"xqclock hall: {text}", file=sys.stderr, flush=True))
        self.boards = {}  # BOARD -> entry
        self.runs = {}  # clock_id -> (boot, sent_ms, payload) of the last state taken
        self.seq = 0
        self.rejected = 0
        self.messages = 0
        self.broker = {"up": False, "text": "connecting to the broker"}
        self._said = {}  # (board, reason) -> [time said, repeats since]
        self.ask = None  # ask(board, clock_id, now_ms): sends an identify request (listen.py)
        self.changed = threading.Condition()

    def now_ms(self):
        return int(self.clock() * 1000)

    def _touch(self, entry, now):
        alerts_now = alerts(entry["state"], entry["online"], now - entry["received_ms"]) \
            if entry["state"] else ([] if entry["online"] else [{"kind": "offline", "id": "::offline::"}])
        self.seq += 1
        entry["seq"] = self.seq
        entry["alerts"] = alerts_now
        self.changed.notify_all()

    def _entry(self, board):
        entry = self.boards.get(board)
        if entry is None:
            entry = self.boards[board] = {"board": board, "online": True, "received_ms": 0,
                                          "state": None, "alerts": [], "seq": 0}
        return entry

    def state(self, board, payload):
        """A state message for BOARD, its tag checked already; BadMessage if it is not taken
        (the old state stays). A copy of the last one taken (the broker's retained) is no news."""
        state = parse_state(payload)
        number = state.get("board")
        if (str(number) if isinstance(number, int) and number > 0 else state["clock_id"]) != board:
            raise BadMessage(f"the state is board {number or state['clock_id']}'s, sent as board {board}'s")
        with self.changed:
            run = self.runs.get(state["clock_id"])
            boot, sent = state.get("boot"), state.get("sent_ms")
            if run is not None and run[0] == boot and isinstance(sent, int):
                if run[2] == payload:
                    return
                if not newer(sent, run[1]):
                    raise BadMessage(f"an older state of clock {state['clock_id']} sent again (sent_ms {sent})")
            self.runs[state["clock_id"]] = (boot, sent, payload)
            self.messages += 1
            now = self.now_ms()
            entry = self._entry(board)
            entry["state"] = state
            entry["received_ms"] = now
            entry["online"] = True
            self._touch(entry, now)

    def online(self, board, payload):
        """A clock's online flag: b"1", or b"0" (its last will)."""
        with self.changed:
            entry = self._entry(board)
            entry["online"] = payload.strip() != b"0"
            self._touch(entry, self.now_ms())

    def reject(self, board, reason):
        """A message refused: counted, and said in the log (once per LOG_EVERY_S per board and reason)."""
        with self.changed:
            self.rejected += 1
            self.seq += 1  # the page's count of refused messages
            self.changed.notify_all()
            now = self.clock()
            said = self._said.get((board, reason))
            if said is not None and now - said[0] < LOG_EVERY_S:
                said[1] += 1
                return
            more = f" ({said[1]} more like it since)" if said and said[1] else ""
            self._said[(board, reason)] = [now, 0]
        self.log(f"board {board}: refused a state: {reason}{more}")

    def identify(self, board):
        """The page's Identify: ask the board's clock (through `self.ask`, the Listener's
        identify); False if the hall knows no clock on that board."""
        with self.changed:
            entry = self.boards.get(board)
            clock_id = entry and entry["state"] and entry["state"]["clock_id"]
        if not clock_id or self.ask is None:
            return False
        self.ask(board, clock_id, self.now_ms())
        return True

    def set_broker(self, up, text):
        """The broker's connection as the page shows it."""
        with self.changed:
            if self.broker == {"up": up, "text": text}:
                return
            self.broker = {"up": up, "text": text, "since_ms": self.now_ms()}
            self.seq += 1
            self.changed.notify_all()

    def sweep(self):
        """Re-check the alerts that time alone raises (a running clock gone silent, or under 10 s)."""
        with self.changed:
            now = self.now_ms()
            for entry in self.boards.values():
                if entry["state"] is None:
                    continue
                fresh = alerts(entry["state"], entry["online"], now - entry["received_ms"])
                if [a["id"] for a in fresh] != [a["id"] for a in entry["alerts"]]:
                    self._touch(entry, now)

    def _head(self):
        return {"event": self.event, "now_ms": self.now_ms(), "seq": self.seq, "broker": self.broker,
                "rejected": self.rejected}

    def since(self, seq, timeout):
        """(latest seq, what the stream sends: the head and [entries changed after seq]),
        waiting up to timeout s for a change; None for the message if nothing changed."""
        with self.changed:
            if self.seq <= seq:
                self.changed.wait(timeout)
            if self.seq <= seq:
                return seq, None
            return self.seq, dict(self._head(), boards=[dict(e) for e in self.boards.values() if e["seq"] > seq])

    def snapshot(self):
        """What /boards.json serves (and a page's stream begins with): every board, in board order."""
        with self.changed:
            boards = [dict(self.boards[b]) for b in sorted(self.boards, key=_order)]
            return dict(self._head(), boards=boards)
