"""A game record as a sheet to print and sign (text), JSON, or CSV (one row per event)."""
from typing import Any
import csv
import io
import json
import textwrap

from host_tools import firmware_path
from clock.game import RED, BLACK
from host_tools.report.record import TITLES, fmt_points, hms, left, think, words_zh
from host_tools.wording import plural

CSV_FIELDS = ("journal", "id", "record", "t_ms", "time", "event", "side", "move", "think_ms",
              "value", "red_remaining_ms", "black_remaining_ms", "red_used_ms", "black_used_ms",
              "text")

LISTED = ("start", "pause", "resume", "moves", "bonus", "penalty", "result", "arrive", "foul",
          "warning", "false-claim", "offer", "power-on", "code-lockout", "low-battery", "moved", "flag", "period",
          "overtime", "ing-period", "press")


WORDS: dict[str, dict[str, Any]] = {
    "en": {"title": "XIANGQI GAME RECORD (§10.1)", "journal": "Journal", "game id": "game id",
           "control": "Time control", "late": "Late arrival", "foul limit": "foul limit", "board": "Board",
           "red": "Red (红)", "black": "Black (黑)", "result": "RESULT",
           "at": "at %s game time;  points: Red %s, Black %s",
           "none yet": "none yet: %s%s (last record at %s)", "in progress": "the game is in progress",
           "not started": "the game has not started", "paused": ", paused", "running": ", %s's clock running",
           "rows": ("Moves", "Time used", "Time left", "Ing points", "Period", "Fouls", "Warnings", "Draw offers",
                    "Flag fell at", "Arrived at"),
           "counting up": "counting up, +%s",
           "of": "%d of %d", "repeated": " (%d repeated)", "overtime": " (overtime)", "absent": "absent",
           "cols": ("Red", "Black"),
           "times": ["Times left read as the clock showed them (rounded up: 0:00 only once the flag fell; tenths under",
                     "20 s); times used and game times (from the start) are rounded down to the second."],
           "events": "EVENTS (game time H:MM:SS from the start)", "none": "  none",
           "player pauses": "  NOTE: %d pause(s) made by a player, not the arbiter (§9.1.2).",
           "moves": "MOVES (time each move took; %s after it)", "left": "left", "used": "used",
           "after": ("clock left", "time used"),
           "intact": "Journal: %s, intact. Chain hash %s",
           "damaged": "JOURNAL DAMAGED: %s; this record stops after record %d (%d bytes dropped).",
           "damaged hash": "Chain hash of the intact part: %s   (xqclock report --verify says more)",
           "sign": "Signatures    Red ________________   Black ________________   Arbiter ________________"},
    "zh": {"title": "象棋对局记录（§10.1）", "journal": "记录文件", "game id": "对局编号",
           "control": "比赛时限", "late": "迟到判负", "foul limit": "犯规判负次数", "board": "台次",
           "red": "红方", "black": "黑方", "result": "结果", "at": "对局时间%s；积分：红方%s，黑方%s",
           "none yet": "尚无结果：%s%s（最后记录于%s）", "in progress": "对局进行中", "not started": "对局尚未开始",
           "paused": "，暂停中", "running": "，%s计时中",
           "rows": ("着数", "用时", "剩余时间", "应氏扣点", "时限阶段", "犯规", "警告", "提和", "落旗时间", "到场时间"),
           "counting up": "正计时，+%s",
           "of": "%d（%d次判负）", "repeated": "（其中%d次连续提和）", "overtime": "（读秒）", "absent": "缺席",
           "cols": ("红方", "黑方"),
           "times": ["剩余时间按棋钟显示读取（向上取整：落旗后才显示0:00；20秒以下显示十分之一秒）；",
                     "用时和对局时间（从开钟算起）向下取整到秒。"],
           "events": "事件（对局时间 时:分:秒，从开钟算起）", "none": "  无",
           "player pauses": "  注意：有%d次停钟由棋手而非裁判所为（§9.1.2）。",
           "moves": "着法用时（每着用时；走后%s）", "left": "剩余", "used": "已用",
           "after": ("剩余", "已用"),
           "intact": "记录：%s，完整。链式校验值 %s",
           "damaged": "记录损坏：%s；本记录止于第%d条（丢弃%d字节）。",
           "damaged hash": "完整部分的链式校验值：%s   （xqclock report --verify 可查详情）",
           "sign": "签名    红方 ________________   黑方 ________________   裁判 ________________"},
}
ZH_EVENTS = {"start": "开钟", "pause": "暂停", "resume": "继续", "moves": "着数更正", "bonus": "加时",
             "penalty": "扣时", "result": "结果", "arrive": "到场", "foul": "犯规", "warning": "警告",
             "false-claim": "提和不实", "offer": "提和", "power-on": "断电恢复", "code-lockout": "密码锁定",
             "low-battery": "电量低", "moved": "移钟", "flag": "落旗", "period": "时限阶段", "overtime": "读秒",
             "ing-period": "应氏读秒",
             "press": "按钟"}


def text_sheet(rec, language="en"):
    """The sheet to print and sign: §10.1's result, used times, fouls, and the rest."""
    from host_tools.report.record import ZH_SIDES
    from host_tools.wording import left as pad, width
    w = WORDS[language]
    zh = language == "zh"
    d = rec.to_dict()
    g = rec.game
    out: list[str] = []
    add = out.append
    add(w["title"])
    add("=" * 78)
    shown = ("%s/%s" % (rec.path.parent.name, rec.path.name)) if rec.path.name == "game.xqj" else rec.path.name
    label = max(width(w[k]) for k in ("journal", "control", "late", "board", "result")) + 2
    add("%s%s   (%s %s)" % (pad(w["journal"], label), shown, w["game id"], d["id"] or "-"))
    if zh:
        add("%s%s" % (pad(w["control"], label), d["control"]["spec"]))
    else:
        add("%s%s" % (pad(w["control"], label), d["control"]["text"]))
        add("%s[%s]" % (" " * label, d["control"]["spec"]))
    late = d["late_arrival"] if not zh else (
        "不处理" if rec.settings.get("forfeit", -1) < 0 else "迟到即判负" if not rec.settings.get("forfeit") else
        "迟到超过%s判负" % words_zh(rec.settings["forfeit"]))
    add("%s%s;  %s %d" % (pad(w["late"], label), late, w["foul limit"], d["foul_limit"]))
    add("")
    board, red, black = rec.players
    if board is not None:
        add("%s%d" % (pad(w["board"], label), board))
    add("%s  %s    %s  %s" % (w["red"], pad(red or "_" * 28, 28), w["black"], black or "_" * 28))
    add("")
    res = d["result"]
    if res:
        add("%s%s" % (pad(w["result"], label), res["text_zh"] if zh else res["text"]))
        add("%s%s" % (" " * label, w["at"] % (res["time"], fmt_points(res["points"]["red"]),
                                              fmt_points(res["points"]["black"]))))
    else:
        running = g.running()
        sides = ZH_SIDES if zh else TITLES
        add("%s%s" % (pad(w["result"], label), w["none yet"] % (
            w["in progress"] if g.started else w["not started"],
            w["paused"] if d["paused"] else w["running"] % sides[running] if running in (RED, BLACK) else "",
            rec.clock_time(d["last_record_ms"]))))
    add("")
    rows = (lambda s: "%d" % s["moves"],
            lambda s: s["used"],
            lambda s: (w["counting up"] % hms(s["upcount_ms"]) if s["overtime"] and s["upcount_ms"] is not None
                       else s["remaining"] + (w["overtime"] if s["overtime"] else "")),
            lambda s: "-" if s["ing_points"] is None else "%d" % s["ing_points"],
            lambda s: "%d" % s["period"],
            lambda s: w["of"] % (s["fouls"], d["foul_limit"]),
            lambda s: "%d" % s["warnings"],
            lambda s: "%d" % s["offers"] + (w["repeated"] % s["repeat_offers"] if s["repeat_offers"] else ""),
            lambda s: rec.clock_time(s["flag_at_ms"]) if s["flag_at_ms"] is not None else "-",
            lambda s: rec.clock_time(s["arrived_at_ms"]) if s["arrived_at_ms"] is not None
            else (w["absent"] if not s["present"] else "-"))
    add("%s %s %s" % (pad("", 14), pad(w["cols"][0], 22), w["cols"][1]))
    for name, f in zip(w["rows"], rows):
        add("%s %s %s" % (pad(name, 14), pad(f(d["red"]), 22), f(d["black"])))
    add("")
    out.extend(w["times"])
    add("")
    add(w["events"])
    listed = [e for e in d["events"] if e["event"] in LISTED]
    if not listed:
        add(w["none"])
    for e in listed:
        text = e["text_zh"] if zh else e["text"]
        lines = _wrap(text, 56)
        add("  %8s  %s %s" % (e["time"], pad(ZH_EVENTS.get(e["event"], e["event"]) if zh else e["event"], 11),
                              lines[0]))
        for more in lines[1:]:
            add("%23s %s" % ("", more))
    if d["player_pauses"]:
        add(w["player pauses"] % d["player_pauses"])
    add("")
    up = rec.counts_up()  # an up-count shows the time used, not left
    add(w["moves"] % w["after"][1 if up else 0])
    red, black = rec.moves
    n = max(len(red), len(black))
    if not n:
        add(w["none"])
    else:
        col = w["used" if up else "left"]
        add("  %5s   %s %s  %s %s" % ("", pad(w["cols"][0], 9), pad(col, 9), pad(w["cols"][1], 9), pad(col, 9)))
        for i in range(n):
            cells = []
            for side in (red, black):
                if i < len(side):
                    m = side[i]
                    shown = hms(m["used_ms"]) if up else left(m["remaining_ms"])
                    cells.append("%-9s %-9s" % (think(m["think_ms"]), shown))
                else:
                    cells.append("%-9s %-9s" % ("", ""))
            num = red[i]["move"] if i < len(red) else black[i]["move"]
            add("  %5d   %s  %s" % (num, cells[0], cells[1]))
    add("")
    chk = d["journal_check"]
    if chk["intact"]:
        add(w["intact"] % (plural(chk["records"], "record") if not zh else "%d条" % chk["records"], chk["chain_hash"]))
    else:
        add(w["damaged"] % (chk["problem"], chk["records"], chk["dropped_bytes"]))
        add(w["damaged hash"] % chk["chain_hash"])
    add("")
    add(w["sign"])
    return "".join(line.rstrip() + "\n" for line in out)


def _wrap(text, columns):
    """Lines of at most `columns` display columns: at spaces, else anywhere (Chinese has none)."""
    from host_tools.wording import width
    if " " in text:
        lines = textwrap.wrap(text, columns) or [""]
        if all(width(x) <= columns for x in lines):
            return lines
    out, line = [], ""
    for ch in text:
        if width(line + ch) > columns:
            out.append(line)
            line = ""
        line += ch
    return out + [line] if line or not out else out


def csv_rows(rec):
    d = rec.to_dict()
    rows = []
    for e in d["events"]:
        row = {k: e.get(k) for k in CSV_FIELDS}
        row["journal"] = str(rec.path)
        row["id"] = d["id"]
        rows.append(row)
    return rows


def write_csv(records, stream):
    writer = csv.DictWriter(stream, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for rec in records:
        for row in csv_rows(rec):
            writer.writerow({k: "" if v is None else v for k, v in row.items()})


def render(records, fmt, language="en"):
    """All the games in one text, in format fmt (one JSON object, or an array for several)."""
    if fmt == "json":
        data = [r.to_dict() for r in records]
        return json.dumps(data[0] if len(data) == 1 else data, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        write_csv(records, buf)
        return buf.getvalue()
    return "\f\n".join(text_sheet(r, language) for r in records)
