"""Each board's latest state, and the alerts an arbiter acts on.

A board is known by the BOARD of its topics (its number, or its clock's id).
Every change gets a sequence number, so the page's stream sends each client
what changed since it last looked, however many messages came in between.
Nothing here goes back to a clock: the hall is read-only.
"""
import json
import threading
import time

import host_tools.firmware_path  # noqa: F401  (clock.*)
from clock.utf8 import joined_all

LATE_WARN_MS = 5 * 60000  # a late player this close to the forfeit limit
STALE_MS = 15000  # a running clock silent this long counts as offline (it sends every 5 s)
LOW_BATTERY = 20  # percent
SIDES = ("red", "black")


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
        state = joined_all(json.loads(payload))
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
    return state


def alerts(state, online, age_ms):
    """[{kind, side?, value?}] for one board: flag, late, fouls, battery, fault, offline."""
    out: list[dict] = []
    over = state.get("result") is not None
    for side in SIDES:
        s = state[side]
        if s.get("flag"):
            out.append({"kind": "flag", "side": side})
        forfeit_at = state.get("forfeit_at_ms")
        if not over and s.get("present") is False and isinstance(forfeit_at, int):
            left = forfeit_at - state["time_ms"]
            if left <= LATE_WARN_MS:
                out.append({"kind": "late", "side": side, "value": max(0, left)})
        limit = state.get("foul_limit")
        fouls = s.get("fouls", 0)
        if not over and isinstance(limit, int) and isinstance(fouls, int) and fouls > 0 and fouls >= limit - 1:
            out.append({"kind": "fouls", "side": side, "value": fouls, "limit": limit})
    battery = state.get("battery")
    if isinstance(battery, int) and battery <= LOW_BATTERY:
        out.append({"kind": "battery", "value": battery})
    fault = state.get("fault")
    if fault:
        out.append({"kind": "fault", "value": fault})
    if not online or (state.get("running") is not None and age_ms > STALE_MS):
        out.append({"kind": "offline"})
    return out


def _order(name):
    return (0, int(name), "") if name.isdigit() else (1, 0, name)


class Hall:
    """The event's boards; thread-safe (MQTT thread in, web threads out)."""

    def __init__(self, event, clock=time.time):
        self.event = event
        self.clock = clock  # seconds (epoch): received_ms is wall-clock, for people
        self.boards = {}  # BOARD -> entry
        self.seq = 0
        self.rejected = 0
        self.messages = 0
        self.changed = threading.Condition()

    def now_ms(self):
        return int(self.clock() * 1000)

    def _touch(self, entry, now):
        alerts_now = alerts(entry["state"], entry["online"], now - entry["received_ms"]) \
            if entry["state"] else ([] if entry["online"] else [{"kind": "offline"}])
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
        """A state message for BOARD; BadMessage if it cannot be shown (the old state stays)."""
        state = parse_state(payload)
        with self.changed:
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

    def sweep(self):
        """Re-check the alerts that time alone raises (a running clock gone silent)."""
        with self.changed:
            now = self.now_ms()
            for entry in self.boards.values():
                if entry["state"] is None:
                    continue
                fresh = alerts(entry["state"], entry["online"], now - entry["received_ms"])
                if fresh != entry["alerts"]:
                    self._touch(entry, now)

    def since(self, seq, timeout):
        """(latest seq, [entries changed after seq]), waiting up to timeout s for one."""
        with self.changed:
            if self.seq <= seq:
                self.changed.wait(timeout)
            return self.seq, [dict(e) for e in self.boards.values() if e["seq"] > seq]

    def snapshot(self):
        """What /boards.json serves: every board's latest state, in board order."""
        with self.changed:
            boards = [dict(self.boards[b]) for b in sorted(self.boards, key=_order)]
            return {"event": self.event, "now_ms": self.now_ms(), "seq": self.seq, "boards": boards}
