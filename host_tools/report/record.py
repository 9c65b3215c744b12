"""A game's record (§10.1), read from a clock's journal.

The journal is replayed through the firmware's own clock core (clock.table.
build_game + clock.events.apply), event by event, exactly as the board
replays it at power-on; nothing here models the rules a second time. What
the report says about each event (a flag, a new period, a forfeit, the time
a move took) is read off the firmware's Game before and after that event.
The journal is only read, never written (Table.restore would append to it).

"""
import sys
from pathlib import Path

from host_tools import firmware_path
from clock import events as ev
from clock import timecontrol
from clock.durations import words
from clock.reading import shown
from clock.game import RED, BLACK, DRAW, NOBODY, DRAW_REASONS
from clock import names
from clock.names import REASONS
from clock.journal import JournalError
from clock.journalread import Loaded
from clock.sideclock import STOPPED, UNSET
from clock.tablestart import build_game
from host_tools.wording import plural

SIDES = ("red", "black")
TITLES = ("Red", "Black")
ZH_SIDES = ("红方", "黑方")

# Each reason in words, with its article; `draw` for the reasons that may be
# either (repetition is a loss under §4.1.7 and a draw under §4.2.3).
REASON_TEXT = {
    "time": "loss on time (§4.1.4, §22)",
    "move-time": "per-move time limit exceeded",
    "forfeit": "forfeit: absent past the late-arrival limit (§4.1.5, §21)",
    "fouls": "fouls (§4.1.8)",
    "mate": "checkmate (§4.1.1)",
    "flying-general": "flying general (§4.1.2)",
    "stalemate": "stalemate, a loss in Xiangqi (§4.1.3)",
    "illegal": "illegal move (§4.1.6)",
    "repetition": "forbidden repetition (§4.1.7)",
    "resign": "resignation (§4.1.9)",
    "discipline": "discipline (§4.1.10)",
    "agreed": "agreed draw (§4.2.2)",
    "move-limit": "natural move limit (§4.2.4)",
    "no-win": "no winning chances (§4.2.1)",
    "arbiter": "the arbiter's decision",
    "perpetual-check": "perpetual check (长将, §24.1, §26.1)",
    "perpetual-chase": "perpetual chase or another forbidden cycle not changed (长捉, §24.3, §26.4, §4.1.7)",
}
DRAW_REASON_TEXT = {"repetition": "repetition (§4.2.3)"}
# The same in Chinese, as the rules word them: what the loser did, or why it is a draw.
REASON_ZH = {
    "time": "超时", "move-time": "每步限时超时", "forfeit": "迟到判负", "fouls": "犯规",
    "mate": "被将死", "flying-general": "帅将对面", "stalemate": "被困毙", "illegal": "违反行棋规定",
    "repetition": "违反禁例", "resign": "认输", "discipline": "违纪", "agreed": "议和",
    "move-limit": "自然限着", "no-win": "双方均无胜机", "arbiter": "裁判判定",
    "perpetual-check": "长将（§24.1）", "perpetual-chase": "长捉不变（§24.3）",
}
DRAW_REASON_ZH = {"repetition": "循环不变作和"}

# Points per §14.1 for each score notation (forfeits §21.4: + is 1, - is 0).
POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "0-0": (0.0, 0.0),
          "+/-": (1.0, 0.0), "-/+": (0.0, 1.0), "-/-": (0.0, 0.0)}

class ReportError(Exception):
    """A journal that cannot be reported (missing, not a journal, unplayable)."""


# -- times -----------------------------------------------------------------------

def hms(ms):
    """Game time or a used time as H:MM:SS (whole seconds, as the clock counted them)."""
    if ms is None or ms < 0:
        return "-"
    s = ms // 1000
    return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)


def left(ms):
    """Time left as the clock shows it: the firmware's own reading (rounded up, so
    0:00 only when the flag fell; tenths under 20 s), as H:MM:SS from an hour."""
    return shown(ms)


def think(ms):
    """A move's time: M:SS.t (tenths), or H:MM:SS from an hour."""
    if ms >= 3600000:
        return hms(ms)
    return "%d:%02d.%d" % (ms // 60000, ms // 1000 % 60, ms // 100 % 10)


def words_zh(ms):
    """A duration in Chinese: 1小时30分, 15分钟, 30秒, 1分30秒."""
    s = ms // 1000
    h, m, sec = s // 3600, s // 60 % 60, s % 60
    if not h and not sec:
        return "%d分钟" % m
    return "".join(("%d小时" % h if h else "", "%d分" % m if m else "", "%d秒" % sec if sec else "")) or "0秒"


def fmt_points(p):
    return "%g" % p


# -- replay ----------------------------------------------------------------------

def _side_state(game, s):
    c = game.sides[s]
    return {"moves": c.moves, "period": c.period, "overtime": c.overtime, "flag_at": c.flag_at,
            "present": game.present[s], "remaining": c.remaining, "used": c.used,
            "repeat_offers": game.repeat_offers[s], "ing_points": c.ing_points()}


def _state(game):
    return {"sides": (_side_state(game, RED), _side_state(game, BLACK)), "turn": game.turn,
            "reason": game.reason, "winner": game.winner, "result_at": game.result_at}


def header_problems(settings):
    """What a journal's header holds of the board and the players that no clock
    writes (device/settings.py's rules): ["field X: why"], none if all is plausible."""
    from clock.limits import clip
    from device.settings import BOARD_MAX, player_name
    out = []
    board = settings.get("board")
    if board is not None and (type(board) is not int or not 1 <= board <= BOARD_MAX):
        out.append("field board: %s is no board number a clock writes (1 to %d)" % (clip(board), BOARD_MAX))
    names = settings.get("names")
    if names is not None:
        if not (isinstance(names, list) and len(names) == 2):
            out.append("field names: %s is not [Red's name, Black's name]" % clip(names))
        else:
            for side, name in zip(("Red's", "Black's"), names):
                try:
                    player_name(name)
                except ValueError as e:
                    out.append("field names: %s name: %s" % (side, e))
    return out


class GameRecord:
    """What one journal holds, replayed: header facts, events, the final state."""

    def __init__(self, path):
        self.path = Path(path)
        self.events = []
        self.moves: tuple[list[dict], list[dict]] = ([], [])  # per side: dicts of each counted press, in order
        self.periods = []  # {"side", "period" (1-based), "after_press", "after_move", "t_ms"}
        self.flags = []  # {"side", "t_ms", "press", "think_ms"}
        self.start_ms = None
        self.last_ms = 0
        self._replay()

    # -- building ---------------------------------------------------------------

    def _replay(self):
        try:
            loaded = Loaded(str(self.path))
        except OSError as e:
            raise ReportError("cannot read %s: %s" % (self.path, e.strerror or e)) from None
        except JournalError as e:
            raise ReportError(str(e)) from None
        self.settings = loaded.settings
        self.header_problems = header_problems(loaded.settings)
        if self.header_problems:  # reported, not refused: the game itself may be sound
            print("xqclock: warning: %s: %s" % (self.path, "; ".join(self.header_problems)), file=sys.stderr)
        try:
            game = build_game(loaded.settings)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            raise ReportError("%s: the journal's settings cannot be played by this firmware (%s)"
                              % (self.path, e)) from None
        self.game = game
        for n, (t, kind, side, value) in enumerate(loaded.records(), 1):
            before = _state(game)
            game.advance(t)  # what apply does first; done here to see what time alone did
            self._changes(n, t, before, _state(game))
            mid = _state(game)
            think_ms = game.sides[side].move_used if kind == ev.PRESS else None
            done = ev.apply(game, t, kind, side, value)
            after = _state(game)
            self._event(n, t, kind, side, value, done, mid, after, think_ms)
            self._changes(n, t, mid, after, kind)
            self.last_ms = t
        for entry in self.events + self.moves[RED] + self.moves[BLACK]:
            entry["time"] = self.clock_time(entry["t_ms"])  # now that the start is known
        self.records = loaded.count
        self.problem = loaded.problem
        self.dropped = loaded.dropped
        self.chain_hash = loaded.last_hash.hex()

    def _add(self, n, t, kind, side, text, zh=None, **extra):
        g = self.game
        e = {"record": n, "t_ms": t, "time": hms(t), "event": kind,
             "side": SIDES[side] if side in (RED, BLACK) else None, "text": text, "text_zh": zh or text,
             "red_remaining_ms": g.sides[RED].remaining, "black_remaining_ms": g.sides[BLACK].remaining,
             "red_used_ms": g.sides[RED].used, "black_used_ms": g.sides[BLACK].used}
        e.update(extra)
        self.events.append(e)
        return e

    def _event(self, n, t, kind, side, value, done, before, after, think_ms):
        """The record's own event, in words."""
        T = TITLES[side] if side in (RED, BLACK) else ""
        Z = ZH_SIDES[side] if side in (RED, BLACK) else ""
        g = self.game
        note = "" if done else " (it changed nothing)"
        note_zh = "" if done else "（未起作用）"
        if kind == ev.CHECKPOINT:
            return  # the clocks' running time, for power cuts: no event of the game
        if kind == ev.PRESS:
            if not done:
                self._add(n, t, "press", side, "%s pressed out of turn: no move" % T,
                          zh="%s非轮走按钟，不计着" % Z)
                return
            if after["turn"] == before["turn"]:
                return  # no move: the press told the clock a late player is here (see _changes)
            c = after["sides"][side]
            number = len(self.moves[side]) + 1
            m = {"press": number, "move": c["moves"], "t_ms": t, "time": hms(t), "think_ms": think_ms,
                 "remaining_ms": c["remaining"], "used_ms": c["used"], "period": c["period"] + 1}
            self.moves[side].append(m)
            self._add(n, t, "move", side, "%s's move %d took %s; %s left"
                      % (T, c["moves"], think(think_ms), left(c["remaining"])),
                      move=c["moves"], think_ms=think_ms, value=c["moves"],
                      zh="%s第%d着用时%s，剩余%s" % (Z, c["moves"], think(think_ms), left(c["remaining"])))
        elif kind == ev.START:
            self.start_ms = t
            absent = [s for s in (RED, BLACK) if not before["sides"][s]["present"]]
            text = "The arbiter starts the round"
            zh = "裁判开钟"
            if absent:
                text += "; absent: " + " and ".join(TITLES[s] for s in absent)
                zh += "；缺席：" + "、".join(ZH_SIDES[s] for s in absent)
            self._add(n, t, "start", None, text + note, zh=zh + note_zh)
        elif kind == ev.PAUSE:
            if value == ev.BY_PLAYER:
                self._add(n, t, "pause", None, "The clocks were stopped by a player, not the arbiter "
                          "(§9.1.2: a foul ground, for the arbiter to judge)" + note, by="player",
                          value=value, zh="棋手擅停棋钟，非裁判所停（§9.1.2：犯规依据，由裁判判定）" + note_zh)
            else:
                self._add(n, t, "pause", None, "The arbiter pauses the clocks" + note, by="arbiter",
                          value=value, zh="裁判暂停计时" + note_zh)
        elif kind == ev.RESUME:
            self._add(n, t, "resume", None, "The clocks resume" + note, zh="继续计时" + note_zh)
        elif kind == ev.MOVES:
            self._add(n, t, "moves", side, "%s's move count corrected: %d -> %d%s"
                      % (T, before["sides"][side]["moves"], value, note), value=value,
                      zh="%s着数更正：%d -> %d%s" % (Z, before["sides"][side]["moves"], value, note_zh))
        elif kind == ev.ADJUST:
            if value >= 0:
                text = "Bonus: %s added to %s's time" % (words(value), T)
                zh = "%s加时%s" % (Z, words_zh(value))
                what = "bonus"
            else:
                text = "Penalty: %s taken from %s's time" % (words(-value), T)
                zh = "%s扣时%s" % (Z, words_zh(-value))
                what = "penalty"
            self._add(n, t, what, side, text + note, value=value, zh=zh + note_zh)
        elif kind == ev.RESULT:
            reason = REASONS[value]
            self._add(n, t, "result", side if side != DRAW else None,
                      "The arbiter enters the result: %s%s" % (self._result_words(g), note),
                      by="arbiter", reason=reason, score=names.score(g) if g.over() else None,
                      zh="裁判判定结果：%s%s" % (self._result_words_zh(g), note_zh))
        elif kind == ev.ARRIVE:
            self._add(n, t, "arrive", side, "%s arrives%s%s" % (T, self._late(t), note),
                      zh="%s到场%s%s" % (Z, self._late_zh(t), note_zh))
        elif kind == ev.FOUL:
            self._add(n, t, "foul", side, "Foul by %s (%d of %d)%s"
                      % (T, g.fouls[side], g.foul_limit, note), value=g.fouls[side],
                      zh="%s犯规（第%d次，%d次判负）%s" % (Z, g.fouls[side], g.foul_limit, note_zh))
        elif kind == ev.WARN:
            self._add(n, t, "warning", side, "Warning to %s (§18.1; %d so far)%s"
                      % (T, g.warnings[side], note), value=g.warnings[side],
                      zh="%s被警告（§18.1；共%d次）%s" % (Z, g.warnings[side], note_zh))
        elif kind == ev.FALSE_CLAIM:
            self._add(n, t, "false-claim", side, "False claim of the natural move limit by %s (§23.3): "
                      "a foul (%d of %d) and 5 min added to the used time%s"
                      % (T, g.fouls[side], g.foul_limit, note), value=g.fouls[side],
                      zh="%s提出自然限着和棋，经审核不属实（§23.3）：犯规一次（第%d次，%d次判负），用时加5分钟%s"
                      % (Z, g.fouls[side], g.foul_limit, note_zh))
        elif kind == ev.OFFER:
            repeat = after["sides"][side]["repeat_offers"] > before["sides"][side]["repeat_offers"]
            if repeat:
                text = ("%s offers a draw again before %s has offered (§23.1: a possible §9.1.3 foul)"
                        % (T, TITLES[1 - side]))
                zh = "%s在%s提和之前再次提和（§23.1：可能构成§9.1.3犯规）" % (Z, ZH_SIDES[1 - side])
            else:
                text = "%s offers a draw (§23.1)" % T
                zh = "%s提和（§23.1）" % Z
            self._add(n, t, "offer", side, text + note, repeat=repeat, value=g.offers[side], zh=zh + note_zh)
        elif kind == ev.CODE_LOCKOUT:
            self._add(n, t, "code-lockout", None, "Repeated wrong arbiter codes: the clock locked its menu "
                      "for %s" % words(value), value=value, zh="连续输错裁判密码：菜单锁定%s" % words_zh(value))
        elif kind == ev.LOW_BATTERY:
            self._add(n, t, "low-battery", None, "Low battery: at %d mV the cells have about 10 hours of play "
                      "left; change them after this game" % value, value=value,
                      zh="电池电量低：电压%d毫伏，约剩10小时对局；本局后请更换电池" % value)
        elif kind == ev.MOVED:
            self._add(n, t, "moved", None, "The game moved to another clock (§22.4); this clock's "
                      "record of it ends here" + note, zh="对局移至另一台棋钟（§22.4）；本钟的记录到此为止" + note_zh)
        elif kind == ev.POWER_ON:
            self._add(n, t, "power-on", None, "Power lost after the record at %s; the clock restarted "
                      "from its journal with the clocks paused" % self.clock_time(t),
                      zh="%s的记录之后断电；棋钟从记录恢复，计时暂停" % self.clock_time(t))

    def clock_time(self, t):
        """Game time of a journal time t: from the start (the journal counts from when
        the game was set up); before the start, "-" and how long before."""
        if t is None or t < 0:
            return "-"
        if self.start_ms is None:
            return hms(t)
        if t < self.start_ms:
            return "-" + hms(self.start_ms - t)
        return hms(t - self.start_ms)

    def _late(self, t):
        if self.start_ms is None:
            return " (before the start)"
        return ", %s after the start" % hms(t - self.start_ms)

    def _late_zh(self, t):
        if self.start_ms is None:
            return "（开钟前）"
        return "，开钟后%s" % hms(t - self.start_ms)

    def _changes(self, n, t, before, after, kind=None):
        """What happened to the game between two states: arrivals by pressing,
        new periods, overtime, flags, a result the clock decided."""
        g = self.game
        for s in (RED, BLACK):
            b, a = before["sides"][s], after["sides"][s]
            T = TITLES[s]
            Z = ZH_SIDES[s]
            if a["present"] and not b["present"] and kind != ev.ARRIVE:
                self._add(n, t, "arrive", s, "%s arrives (pressed the lever)%s" % (T, self._late(t)),
                          zh="%s到场（按钟）%s" % (Z, self._late_zh(t)))
            if a["overtime"] and not b["overtime"]:
                at = g.sides[s].overtime_at  # the firmware's own instant, as for flags
                tc = g.control.sides[s]
                if tc.byoyomi_periods:
                    what = "byo-yomi (%d periods of %s) begins" % (tc.byoyomi_periods, words(tc.byoyomi_ms))
                    zh = "读秒（%d次，每次%s）开始" % (tc.byoyomi_periods, words_zh(tc.byoyomi_ms))
                elif tc.canadian_moves:
                    what = "Canadian overtime (%d moves in %s) begins" % (tc.canadian_moves, words(tc.canadian_ms))
                    zh = "加拿大式读秒（%s内走%d着）开始" % (words_zh(tc.canadian_ms), tc.canadian_moves)
                elif tc.ing_periods:
                    what = "Ing overtime (up to %d periods of %s) begins" % (tc.ing_periods, words(tc.ing_ms))
                    zh = "应氏读秒（至多%d次，每次%s）开始" % (tc.ing_periods, words_zh(tc.ing_ms))
                else:
                    what = "the clock counts the time used on upwards, with no flag"
                    zh = "正计时：用时向上累计，不落旗"
                self._add(n, at, "overtime", s, "%s's main time is used up: %s" % (T, what),
                          zh="%s基本用时用完：%s" % (Z, zh))
                self.periods.append({"side": SIDES[s], "period": None, "overtime": True, "t_ms": at,
                                     "after_press": len(self.moves[s]), "after_move": a["moves"]})
            if a["ing_points"] > b["ing_points"]:  # Ing periods begun: their points charged
                tc = g.control.sides[s]
                last = a["ing_points"] // tc.ing_points
                for period in range(b["ing_points"] // tc.ing_points + 1, last + 1):
                    # a penalty opens them at once; running, each before the last (whose
                    # start the firmware keeps) lasted a period's time
                    at = t if kind in (ev.ADJUST, ev.FALSE_CLAIM) else g.sides[s].pool_at - (last - period) * tc.ing_ms
                    self._add(n, at, "ing-period", s, "%s's Ing overtime period %d of %d begins: %s charged in all"
                              % (T, period, tc.ing_periods, plural(period * tc.ing_points, "point")),
                              value=period * tc.ing_points,
                              zh="%s应氏读秒第%d次（共%d次）开始：累计扣%d点" % (Z, period, tc.ing_periods,
                                                                      period * tc.ing_points))
            if a["period"] > b["period"]:
                for p in range(b["period"] + 1, a["period"] + 1):
                    stage = g.control.sides[s].stage(p)
                    given = words(stage[0]) if stage else "-"
                    self._add(n, t, "period", s, "%s reaches period %d after move %d: %s added"
                              % (T, p + 1, a["moves"], given), value=p + 1,
                              zh="%s第%d着后进入第%d时限：加%s" % (Z, a["moves"], p + 1,
                                                               words_zh(stage[0]) if stage else "-"))
                    self.periods.append({"side": SIDES[s], "period": p + 1, "overtime": False, "t_ms": t,
                                         "after_press": len(self.moves[s]), "after_move": a["moves"]})
            if a["flag_at"] != STOPPED and b["flag_at"] == STOPPED:
                used = g.sides[s].move_used
                if REASONS[g.reason] == "move-time":
                    text = "%s's per-move time runs out on move %d" % (T, a["moves"] + 1)
                    zh = "%s第%d着每步限时用完" % (Z, a["moves"] + 1)
                else:
                    text = "%s's flag falls: time runs out on move %d" % (T, a["moves"] + 1)
                    zh = "%s落旗：第%d着时限用完" % (Z, a["moves"] + 1)
                self._add(n, a["flag_at"], "flag", s, text, think_ms=used, move=a["moves"] + 1, zh=zh)
                self.flags.append({"side": SIDES[s], "t_ms": a["flag_at"], "press": len(self.moves[s]) + 1,
                                   "move": a["moves"] + 1, "think_ms": used})
        if after["reason"] != STOPPED and kind != ev.RESULT and (
                before["reason"] != after["reason"] or before["result_at"] != after["result_at"]):
            self._add(n, after["result_at"], "result", after["winner"] if after["winner"] < DRAW else None,
                      "Result: %s" % self._result_words(g), by="clock", reason=REASONS[g.reason],
                      score=names.score(g), zh="结果：%s" % self._result_words_zh(g))

    # -- the result -------------------------------------------------------------

    def _result_words(self, g):
        if not g.over():
            return "none"
        reason = REASONS[g.reason]
        score = names.score(g)
        winner = g.winner
        if reason == "forfeit":
            if winner == NOBODY:
                return "%s, both forfeit: neither player arrived in time (§21)" % score
            return "%s, %s wins: %s did not arrive in time, forfeit (§4.1.5, §21)" % (
                score, TITLES[winner], TITLES[1 - winner])
        if winner == NOBODY:
            return "%s, both lose: both flags fell in the same millisecond, neither first (§22.1)" % score
        if winner == DRAW:
            return "%s, draw: %s%s" % (score, DRAW_REASON_TEXT.get(reason, REASON_TEXT[reason]), self._ing_words(g))
        loser = TITLES[1 - winner]
        if reason == "time":
            why = "%s lost on time (§4.1.4, §22)" % loser
        elif reason == "move-time":
            why = "%s exceeded the per-move time limit" % loser
        elif reason == "fouls":
            why = "%s reached %s (§4.1.8)" % (loser, plural(g.foul_limit, "foul"))
        elif g.control.draw_to_black and winner == BLACK and g.reason in DRAW_REASONS:
            why = "%s; a draw counts as a win for Black" % REASON_TEXT[reason]
        else:
            why = REASON_TEXT[reason]
        return "%s, %s wins: %s%s" % (score, TITLES[winner], why, self._ing_words(g))

    @staticmethod
    def _ing_words(g):
        """The points Ing overtime cost, for a result under an Ing control."""
        if not any(tc.ing_periods for tc in g.control.sides):
            return ""
        return "; Ing overtime points charged: Red %d, Black %d" % (g.sides[RED].ing_points(),
                                                                     g.sides[BLACK].ing_points())

    def _result_words_zh(self, g):
        if not g.over():
            return "无"
        reason = REASONS[g.reason]
        score = names.score(g)
        ing = ""
        if any(tc.ing_periods for tc in g.control.sides):
            ing = "；应氏读秒扣点：红方%d，黑方%d" % (g.sides[RED].ing_points(), g.sides[BLACK].ing_points())
        if g.winner == DRAW and reason != "forfeit":
            return "%s，和棋：%s%s" % (score, self._short_reason_zh(g, reason), ing)
        if g.winner in (DRAW, NOBODY):
            return "%s，%s%s" % (score, self._short_reason_zh(g, reason), ing)
        return "%s，%s胜：%s%s" % (score, ZH_SIDES[g.winner], self._short_reason_zh(g, reason), ing)

    def short_reason(self, language="en"):
        """The reason in a few words, for a results table."""
        g = self.game
        if not g.over():
            return ""
        reason = REASONS[g.reason]
        if language == "zh":
            return self._short_reason_zh(g, reason)
        if reason == "forfeit":
            if g.winner == NOBODY:
                return "double forfeit (§21)"
            return "%s absent: forfeit (§21.4)" % TITLES[1 - g.winner]
        if g.winner == NOBODY:
            return "both flags at once: both lose"
        if g.winner == DRAW:
            return DRAW_REASON_TEXT.get(reason, REASON_TEXT[reason])
        loser = TITLES[1 - g.winner]
        if reason == "time":
            return "%s lost on time" % loser
        if reason == "move-time":
            return "%s exceeded the move time" % loser
        if reason == "fouls":
            return "%s: %s (§4.1.8)" % (loser, plural(g.foul_limit, "foul"))
        if g.control.draw_to_black and g.winner == BLACK and g.reason in DRAW_REASONS:
            return "%s, counts as a Black win" % REASON_TEXT[reason]
        return REASON_TEXT[reason]

    @staticmethod
    def _short_reason_zh(g, reason):
        if reason == "forfeit":
            return "双方弃权（§21）" if g.winner in (DRAW, NOBODY) else "%s迟到判负（§21.4）" % ZH_SIDES[1 - g.winner]
        if g.winner == NOBODY:
            return "双方同一毫秒落旗：双方判负（§22.1）"
        if g.winner == DRAW:
            return DRAW_REASON_ZH.get(reason, REASON_ZH[reason] if reason in ("agreed", "arbiter") else
                                      REASON_ZH[reason] + "作和")
        if g.control.draw_to_black and g.winner == BLACK and g.reason in DRAW_REASONS:
            return "%s，和棋算黑方胜" % REASON_ZH[reason]
        return "%s%s" % (ZH_SIDES[1 - g.winner], REASON_ZH[reason])

    @property
    def players(self):
        """(board, Red's name, Black's name) as the clock's journal header has them
        (config push); None and "" where a header has none or not what a clock writes."""
        names = self.settings.get("names")
        if names is None or any(p.startswith("field names") for p in self.header_problems):
            names = ["", ""]
        board = self.settings.get("board")
        bad_board = any(p.startswith("field board") for p in self.header_problems)
        return (None if bad_board or board is None else board), names[0], names[1]

    def counts_up(self):
        """Whether a side's control counts up (up-count): the record then shows
        the time used where it would show the time left."""
        return any(tc.upcount for tc in self.game.control.sides)

    @property
    def moved(self):
        """Whether the game moved to another clock (§22.4), closing this journal."""
        return self.game.moved_at != UNSET

    def status(self):
        g = self.game
        if g.over():
            return "finished"
        if self.moved:
            return "moved to another clock"
        if not g.started:
            return "not started"
        return "in progress"

    def result(self):
        g = self.game
        if not g.over():
            return None
        score = names.score(g)
        red, black = POINTS[score]
        return {"winner": None if g.winner >= DRAW else SIDES[g.winner], "reason": REASONS[g.reason],
                "score": score, "at_ms": g.result_at, "time": self.clock_time(g.result_at),
                "text": self._result_words(g), "text_zh": self._result_words_zh(g),
                "points": {"red": red, "black": black}}

    def control_spec(self):
        """The control as played; a preset's name first, when the header keeps
        it beside the specs (timecontrol.played): "fide-rapid (15m+10s;...)"."""
        s = self.settings
        spec = s["clock"] if "clock" in s else "red=%s black=%s" % (s.get("red"), s.get("black"))
        return "%s (%s)" % (s["preset"], spec) if s.get("preset") else spec

    def forfeit_text(self):
        f = self.settings.get("forfeit", STOPPED)
        if f is None or f < 0:
            return "late arrival not handled"
        if f == 0:
            return "any lateness forfeits"
        return "forfeit when absent more than %s" % words(f)

    # -- output -----------------------------------------------------------------

    def side_summary(self, s):
        g = self.game
        c = g.sides[s]
        tc = c.tc
        return {"moves": c.moves, "used_ms": c.used, "used": hms(c.used), "remaining_ms": c.remaining,
                "upcount_ms": c.counted if tc.upcount else None,
                "ing_points": c.ing_points() if tc.ing_periods else None,
                "remaining": left(c.remaining), "period": c.period + 1, "overtime": c.overtime,
                "flag_at_ms": None if c.flag_at == STOPPED else c.flag_at,
                "fouls": g.fouls[s], "warnings": g.warnings[s], "offers": g.offers[s],
                "repeat_offers": g.repeat_offers[s], "present": g.present[s],
                "arrived_at_ms": None if g.arrived_at[s] == STOPPED else g.arrived_at[s]}

    def to_dict(self):
        g = self.game
        sides = {SIDES[s]: self.side_summary(s) for s in (RED, BLACK)}
        return {
            "journal": str(self.path), "id": self.settings.get("id"),
            "board": self.players[0], "names": {"red": self.players[1], "black": self.players[2]},
            "settings": self.settings,
            "control": {"spec": self.control_spec(), "text": timecontrol.describe(g.control)},
            "foul_limit": g.foul_limit, "late_arrival": self.forfeit_text(),
            "status": self.status(), "paused": g.paused,
            "start_ms": self.start_ms, "last_record_ms": self.last_ms,
            "result": self.result(),
            "red": sides["red"], "black": sides["black"],
            "player_pauses": sum(1 for e in self.events if e["event"] == "pause" and e["by"] == "player"),
            "events": self.events,
            "moves": {"red": self.moves[RED], "black": self.moves[BLACK]},
            "periods": self.periods, "flags": self.flags,
            "journal_check": {"records": self.records, "intact": self.problem is None and not self.dropped,
                              "problem": self.problem, "dropped_bytes": self.dropped,
                              "chain_hash": self.chain_hash},
        }
