# The arbiter's menus: during a game, the events only an arbiter enters
# (pause, time, moves, fouls, arrivals, the result); between games, the time
# control (a preset or one built step by step), the settings and a new game.
# They read the clock through its state (device/clockstate.py) and act on it
# through what an arbiter does: record an event, and the App's actions
# (device/actions.py): change settings, set up a new game, mark a player
# absent, start the self-test. Menus may allocate (they are not the
# game loop).

from clock import events as ev
from clock.game import RED, BLACK, REASON_COUNT, R_ENTERED, may_enter
from device import lang, menuwords
from device.menu import Choice, Number, Code, DONE

_NUMBER = 0  # values: (first, step, lo, hi); a first of -1 is the first stage's time
_PICK = 1  # values: the choices, 0 shown as "none"
_NAMED = 2  # values: menuwords.MENU keys (or words shown as they are); the answer is the index

# The custom control's steps, in order: (key, title in menuwords.MENU, how, values,
# unit, what must hold for the step to be asked). The last is space-separated
# conditions on earlier answers, all of which must hold: "key" (not 0),
# "-key" (0 or not asked: e.g. no overtime after a stage that repeats for
# ever, which would never start; an hourglass only where nothing adds time),
# "key=N" (the answer N).
CUSTOM_STEPS = (  # type: tuple
    ("t1", "time", _NUMBER, (60, 5, 5, 300), " min", ""),
    ("n1", "quota", _NUMBER, (0, 5, 0, 100), "", ""),
    ("t2", "time", _NUMBER, (15, 5, 5, 180), " min", "n1"),
    ("n2", "quota", _NUMBER, (10, 5, 0, 100), "", "n1"),
    ("inc", "increment", _PICK, (0, 2, 3, 5, 10, 15, 20, 30, 60), " s", ""),
    # a Bronstein delay only without an increment: both give time back per move (refused together)
    ("kind", "delay", _NAMED, ("none", "delay", "BRONSTEIN"), "", "-inc"),
    ("kind", "delay", _NAMED, ("none", "delay"), "", "inc"),
    ("delay", "delay", _PICK, (2, 3, 5, 10, 15, 30), " s", "kind"),
    ("over", "overtime", _NAMED, ("none", "byoyomi", "ing", "upcount"), "", "-n2"),
    ("byo", "byoyomi", _NUMBER, (5, 1, 1, 10), "x", "over=1"),
    ("byo_s", "byoyomi", _PICK, (10, 20, 30, 40, 60), " s", "over=1"),
    ("ing", "ing", _NUMBER, (3, 1, 1, 5), "x", "over=2"),
    ("ing_m", "ing", _PICK, (10, 15, 20, 30, 35, 60), " min", "over=2"),
    ("ing_p", "ing_points", _PICK, (1, 2, 3, 4, 5), " pt", "over=2"),
    ("glass", "hourglass", _NAMED, ("off", "on"), "", "-n1 -inc -kind -over"),
    ("permove", "permove", _PICK, (0, 30, 60, 90, 120, 180, 300), " s", ""),
    ("black", "handicap", _NUMBER, (-1, 1, 1, 300), " min", ""),
)


def asked(need, chosen):
    """Whether a custom step that needs `need` (CUSTOM_STEPS) is asked, given
    the answers so far."""
    for cond in need.split():
        key, eq, value = cond.partition("=")
        if eq:
            if chosen.get(key) != int(value):
                return False
        elif key[:1] == "-":
            if chosen.get(key[1:]):
                return False
        elif not chosen.get(key):
            return False
    return True


def custom_spec(chosen):
    """The control the custom steps chose ({key: value}, as CUSTOM_STEPS asks
    them; answers to steps that would not be asked are not read) -> (Red's
    spec, Black's spec or "" when it is the same)."""
    live = {}  # type: dict
    for step in CUSTOM_STEPS:
        if step[0] in chosen and asked(step[5], live):
            live[step[0]] = chosen[step[0]]
    t1 = "%dm" % live["t1"]
    stages = t1
    if live.get("n1"):
        stages += "/%d,%dm" % (live["n1"], live["t2"]) + ("/%d*" % live["n2"] if live["n2"] else "")
    tail = "+%ds" % live["inc"] if live.get("inc") else ""
    if live.get("kind"):
        tail += ";%s %ds" % (("delay", "bronstein")[live["kind"] - 1], live["delay"])
    over = live.get("over", 0)
    if over == 1:
        tail += ";byoyomi %dx%ds" % (live["byo"], live["byo_s"])
    elif over == 2:
        tail += ";ing %dx%dm %dpt" % (live["ing"], live["ing_m"], live["ing_p"])
    elif over == 3:
        tail += ";upcount"
    if live.get("glass"):
        tail += ";hourglass"
    if live.get("permove"):
        tail += ";permove %ds" % live["permove"]
    black = live["black"]
    if black == live["t1"]:  # the same main time as Red's: no handicap
        return stages + tail, ""
    return stages + tail, "%dm" % black + stages[len(t1):] + tail


def _clock_words(ms):
    s = ms // 1000
    return "%d:%02d" % (s // 60, s % 60)


class Arbiter:
    """The arbiter's menus over `state` (a device.clockstate.ClockState).
    record(kind, side, value) enters an event now; act(name, *args) is the
    App's (device/actions.py): act("update", changes) saves settings,
    act("new_game") sets up a new game, act("mark_absent", side) marks a
    player absent (or present again) before the round, each answering what
    the menu does next; act("start_selftest") starts the board's self-test,
    between games."""

    def __init__(self, state, record, act):
        self.state = state
        self.record = record
        self.act = act

    def _event(self, kind, side=0, value=0):
        self.record(kind, side, value)
        return DONE

    def _side(self, title, then):
        return Choice(title, lang.pair("SIDE"), then)

    def main(self):
        game = self.state.game
        m = menuwords.MENU
        items = []  # type: list  # (label, action): a label is a pair of words, a tuple or lang's list
        if game.started and not game.over():
            items.append((m["resume"] if game.paused else m["pause"], self._pause_resume))
            items.append((m["add"], lambda: self._side(m["add"], lambda s: self._amount(m["add"], s, 1))))
            items.append((m["take"], lambda: self._side(m["take"], lambda s: self._amount(m["take"], s, -1))))
            items.append((m["moves"], lambda: self._side(m["moves"], self._moves)))
            for key, kind in (("foul", ev.FOUL), ("warn", ev.WARN), ("claim", ev.FALSE_CLAIM)):
                items.append((m[key], self._side_event(m[key], kind)))
            if not (game.present[RED] and game.present[BLACK]):
                items.append((m["arrive"], self._side_event(m["arrive"], ev.ARRIVE)))
            items.append((m["result"], self._result))
        else:
            items.append((m["preset"], self._presets))
            items.append((m["custom"], self._custom))
            items.append((m["settings"], self._settings))
            if not game.started:
                late = lang.pair("LATE")
                items.append((late, lambda: self._side(late, lambda s: self.act("mark_absent", s))))
            items.append((m["start"], lambda: self.act("new_game")))
            items.append((m["test"], self._selftest))
        items.append((m["exit"], self._exit))
        return Choice(m["arbiter"], [label for label, _ in items], lambda i: items[i][1]())

    def _pause_resume(self):
        return self._event(ev.RESUME if self.state.game.paused else ev.PAUSE)

    def _side_event(self, title, kind):
        return lambda: self._side(title, lambda s: self._event(kind, s))

    def _amount(self, title, side, sign):
        return Number(title, 60000, 5000, 5000, 3600000,
                      lambda ms: self._event(ev.ADJUST, side, sign * ms), _clock_words)

    def _moves(self, side):
        return Number(menuwords.MENU["moves"], self.state.game.sides[side].moves, 1, 0, 999,
                      lambda n: self._event(ev.MOVES, side, n))

    def _result(self):
        sides = lang.pair("SIDE")
        winners = (sides[RED], sides[BLACK], lang.pair("DRAW"))
        reasons = lang.pair("REASONS")

        def reason(w):
            entered = [r for r in range(R_ENTERED, REASON_COUNT) if may_enter(w, r)]
            return Choice(menuwords.MENU["result"], [reasons[i] for i in entered],
                          lambda i: self._event(ev.RESULT, w, entered[i]))
        return Choice(menuwords.MENU["result"], winners, reason)


    def _presets(self):
        from clock import timecontrol  # not at the top: the app forgets it once the menu closes
        names = [n for n in timecontrol.PRESETS if n != "cxa1999-6.5"] + ["cxa1999-6.5"]
        act = self.act

        def chosen(i):
            if names[i] == "cxa1999-6.5":
                return Number("cxa1999-6.5", 20, 5, 5, 180,
                              lambda mins: act("update", {"clock": "cxa1999-6.5:%dm" % mins, "clock_black": ""}),
                              lambda v: "%d min" % v)
            return act("update", {"clock": names[i], "clock_black": ""})
        return Choice(menuwords.MENU["preset"], names, chosen)

    def _custom(self):
        """Build a control step by step (CUSTOM_STEPS): two stages, increment,
        delay, overtime (byo-yomi, Ing or up-count), hourglass, per-move
        limit, a different main time for Black."""
        chosen = {}  # type: dict

        def step(i):
            while i < len(CUSTOM_STEPS) and not asked(CUSTOM_STEPS[i][5], chosen):
                i += 1
            if i == len(CUSTOM_STEPS):
                red, black = custom_spec(chosen)
                return self.act("update", {"clock": red, "clock_black": black})
            key, name, how, values, unit, _ = CUSTOM_STEPS[i]
            title = menuwords.MENU[name]

            def ok(v):
                chosen[key] = values[v] if how == _PICK else v
                return step(i + 1)
            if how == _NUMBER:
                first = chosen["t1"] if values[0] < 0 else values[0]
                return Number(title, first, values[1], values[2], values[3], ok, lambda v: "%d%s" % (v, unit))
            if how == _PICK:
                labels = [(menuwords.MENU["none"] if v == 0 else "%d%s" % (v, unit)) for v in values]
            else:
                labels = [menuwords.MENU.get(w, w) for w in values]
            return Choice(title, labels, ok)
        return step(0)

    def _settings(self):
        m = menuwords.MENU
        values = self.state.values  # a new menu is built after each change (see device/actions.py's update)
        limits = (-1, 0, 600000, 900000, 1800000, 3600000)
        tenths = (0, 10000, 20000, 30000, 60000)  # tenths of a second below: off, 10 s ... 60 s
        fields = [
            (m["forfeit"], lambda: Choice(m["forfeit"], [m["none"], "0", "10 min", "15 min", "30 min", "60 min"],
                                          lambda i: self._set("forfeit", limits[i]),
                                          limits.index(values["forfeit"]) if values["forfeit"] in limits else 0)),
            (m["foul_limit"], lambda: Number(m["foul_limit"], values["fouls"], 1, 1, 9,
                                             lambda n: self._set("fouls", n))),
            (m["tenths"], lambda: Choice(m["tenths"], [m["off"]] + ["%d s" % (v // 1000) for v in tenths[1:]],
                                         lambda i: self._set("tenths", tenths[i]),
                                         tenths.index(values["tenths"]) if values["tenths"] in tenths else 2)),
            (m["sound"], lambda: Choice(m["sound"], (m["off"], m["on"]), lambda i: self._set("sound", i == 1),
                                        1 if values["sound"] else 0)),
            (m["language"], lambda: Choice(m["language"], ("English", "中文"), lambda i: self._set("language", i),
                                           values["language"])),
            (m["red_side"], lambda: Choice(m["red_side"], (m["left"], m["right"]), lambda i: self._set("red_side", i),
                                           values["red_side"])),
            (m["code"], lambda: Code(m["code"], 4, lambda c: self._set("code", c))),  # 0000: none
        ]
        return Choice(m["settings"], [f[0] for f in fields], lambda i: fields[i][1]())

    def _set(self, key, value):
        return self.act("update", {key: value})

    def _selftest(self):
        self.act("start_selftest")
        return DONE

    def _exit(self):
        return DONE
