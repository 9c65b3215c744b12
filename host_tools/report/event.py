"""`xqclock report --event ROUND...`: the event's cross-table, from the rounds'
folders (as `xqclock pull` writes them), in round order; standings.py makes
it (players by start number with --pairings, tie-breaks, byes, corrections).

The text is the table to sign, in English or Chinese (--language zh), its
columns aligned by display width; the CSV has a row per player keyed by start
number (UTF-8 with a byte-order mark, so Excel opens it as Unicode, or GBK);
the TRF gives the results back to the pairing program.
"""
from typing import Any
import csv
import io
import json

from host_tools.report import round as round_table
from host_tools.report.record import fmt_points
from host_tools.wording import columns, width

WORDS: dict[str, dict[str, Any]] = {
    "en": {"title": "EVENT CROSS-TABLE", "after": "after round %d of %d", "scoring": "win 1, draw 0.5, loss 0 (§14.1)",
           "system": {True: "round robin (§15.1)", False: "Swiss (§15.2)"}, "tiebreaks": "Tie-breaks",
           "rank": "Rank", "no": "No", "player": "Player", "round": "R%d", "points": "Pts",
           "red": "r", "black": "b", "bye": "bye", "pending": "...",
           "key": "Each round: the opponent's number, r Red or b Black, then 1 win, = draw, 0 loss, + or - by "
                  "forfeit; bye; ... no result yet; * corrected by the arbiter.",
           "shared": "Players level on points and every tie-break share the place (§15).",
           "notes": "Notes", "sign": "Chief arbiter ________________________   Date ____________",
           "rules": "CXA Chinese Xiangqi Competition Rules (1999), docs/standings.md"},
    "zh": {"title": "成绩交叉表", "after": "第%d轮后（共%d轮）", "scoring": "胜1分，和0.5分，负0分（§14.1）",
           "system": {True: "循环制（§15.1）", False: "积分编排制（§15.2）"}, "tiebreaks": "积分相等时依次比较",
           "rank": "名次", "no": "编号", "player": "姓名", "round": "第%d轮", "points": "积分",
           "red": "红", "black": "黑", "bye": "轮空", "pending": "...",
           "key": "每轮：对手编号，红或黑，然后 1 胜、= 和、0 负，+ 或 - 为弃权；轮空；... 尚无结果；* 裁判更正。",
           "shared": "积分和各项比较均相等者名次并列（§15）。",
           "notes": "说明", "sign": "裁判长 ________________________   日期 ____________",
           "rules": "中国象棋竞赛规则（1999年版），见 docs/standings.md"},
}


def _numbers(standings):
    """{player key: its number in the table}: the start number, else its line."""
    numbered = all(p.start is not None for p in standings.players)
    return {p.key: (p.start if numbered else i) for i, p in enumerate(standings.players, 1)}, numbered


def cell_text(c, numbers, w):
    if c is None:
        return "-"
    if c.kind == "bye":
        return w["bye"]
    colour = w["red"] if c.colour == "red" else w["black"]
    mark = w["pending"] if c.result is None else c.mark()
    return "%s%s%s%s" % (numbers.get(c.opponent, "?"), colour, mark, "*" if c.corrected else "")


def text_table(standings, name="", language="en"):
    w = WORDS[language]
    numbers, _ = _numbers(standings)
    n = standings.rounds
    title = w["title"] + (" — " + name if name else "")
    out = [title, "%s; %s; %s" % (w["after"] % (n, n), w["system"][standings.round_robin], w["scoring"]),
           "%s: %s; %s" % (w["tiebreaks"], (", " if language == "en" else "、").join(
               t.words(language) for t in standings.tiebreaks), w["rules"]),
           ""]
    head = [w["rank"], w["no"], w["player"]] + [w["round"] % (r + 1) for r in range(n)] + [w["points"]] + \
        [(t.zh if language == "zh" else t.en) for t in standings.tiebreaks]
    rows = [head]
    for p in standings.players:
        rows.append([p.rank, numbers[p.key], p.name] + [cell_text(c, numbers, w) for c in p.rounds] +
                    [fmt_points(p.total)] + [t.shown(p.tiebreak[t.code]) for t in standings.tiebreaks])
    lines = columns(rows, "rrl" + "l" * n + "r" * (1 + len(standings.tiebreaks)))
    out += [lines[0], "-" * width(lines[0])] + lines[1:]
    out += ["", w["key"], w["shared"]]
    if standings.notes:
        out += ["", w["notes"] + ":"] + ["- " + note[language] for note in standings.notes]
    out += ["", w["sign"]]
    return "\n".join(out) + "\n"


def csv_table(standings):
    """A row per player, keyed by start number (or the table's line without them)."""
    numbers, numbered = _numbers(standings)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")  # as Excel writes it
    n = standings.rounds
    w.writerow(["rank", "no" if numbered else "line", "name"] +
               [f"r{r}_{f}" for r in range(1, n + 1) for f in ("opponent", "colour", "result", "points", "board")] +
               ["points"] + [t.code for t in standings.tiebreaks])
    for p in standings.players:
        row = [p.rank, numbers[p.key], p.name]
        for c in p.rounds:
            if c is None:
                row += ["", "", "", "", ""]
            elif c.kind == "bye":
                row += ["", "", "bye", fmt_points(c.points), ""]
            else:
                row += [numbers.get(c.opponent, ""), c.colour, "" if c.result is None else c.mark() +
                        ("*" if c.corrected else ""), "" if c.points is None else fmt_points(c.points),
                        "" if c.board is None else c.board]
        w.writerow(row + [fmt_points(p.total)] + [t.shown(p.tiebreak[t.code]) for t in standings.tiebreaks])
    return buf.getvalue()


def as_json(standings, name=""):
    numbers, _ = _numbers(standings)
    return {"event": name, "rounds": standings.rounds, "system": "round robin" if standings.round_robin else "swiss",
            "tiebreaks": [t.code for t in standings.tiebreaks], "notes": [n["en"] for n in standings.notes],
            "players": [{"rank": p.rank, "no": numbers[p.key], "start": p.start, "name": p.name,
                         "points": p.total, "tiebreaks": p.tiebreak,
                         "rounds": [None if c is None else
                                    {"kind": c.kind, "opponent": numbers.get(c.opponent), "colour": c.colour,
                                     "result": c.result, "points": c.points, "board": c.board,
                                     "corrected": c.corrected, "bye": c.code or None} for c in p.rounds]}
                        for p in standings.players]}


def render(standings, fmt, name="", language="en"):
    if fmt == "csv":
        return csv_table(standings)
    if fmt == "json":
        return json.dumps(as_json(standings, name), indent=2, ensure_ascii=False) + "\n"
    return text_table(standings, name, language)


def rounds_of(folders, pairings=None):
    """[(rows, the pairings' Round or None)] for each round's folder; pairings:
    (Event, [round number per folder]) or None."""
    out = []
    for i, paths in enumerate(folders):
        rows = round_table.rows(paths)
        rnd = None
        if pairings is not None:
            event, numbers = pairings
            rnd = event.round(numbers[i]) if numbers[i] is not None else None
        out.append((rows, rnd))
    return out
