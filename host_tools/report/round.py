"""`xqclock report --round`: a round's journals -> its results table.

Board numbers come from file names (board-07.xqj, board_7.xqj, Board7.xqj),
or from a CSV (`--boards`: board,journal[,red,black] with the journal as a
path, file name, stem or game id), or else from the order given. Scores as
the clock wrote them: 1-0, 0-1, 1/2-1/2, and + / - for forfeits (§21.4);
points per §14.1 (win 1, draw 0.5, loss 0; forfeit 1/0; double forfeit 0/0).
"""
from typing import Any
import csv
import io
import json
import re
import sys
from pathlib import Path

from host_tools.report import verify
from host_tools.report.record import GameRecord, ReportError, fmt_points

BOARD_RE = re.compile(r"board[-_ ]?0*(\d+)$", re.IGNORECASE)
FIELDS = ("board", "red", "black", "result", "red_points", "black_points", "reason", "status",
          "at", "journal", "id", "journal_check", "chain_hash")


def board_from_name(path):
    """board-07.xqj, or board-07/game.xqj (a folder `xqclock pull` made) -> 7."""
    p = Path(path)
    m = BOARD_RE.search(p.stem) or (BOARD_RE.search(p.parent.name) if p.name == "game.xqj" else None)
    return int(m.group(1)) if m else None


def shown_name(path):
    """How a journal is named in a table: its file name, with its folder when every
    clock's file has the same name (board-07/game.xqj)."""
    p = Path(path)
    return "%s/%s" % (p.parent.name, p.name) if p.name == "game.xqj" else p.name


def _header(rec):
    """(board, red, black) as the clock's journal header has them (config push)."""
    return (None, "", "") if rec is None else rec.players


def once_each(games):
    """A game moved to another clock (§22.4) has the same id on both: count it once,
    keeping the journal that goes on (the longer), and say so on stderr."""
    by_id: dict[str, list] = {}
    for g in games:
        gid = g[1].settings.get("id") if g[1] is not None else None
        if gid:
            by_id.setdefault(gid, []).append(g)
    dropped = set()
    for gid, same in by_id.items():
        if len(same) > 1:
            keep = max(same, key=lambda g: (not g[1].moved, g[1].records))
            for g in same:
                if g is not keep:
                    dropped.add(id(g))
            print("xqclock: game %s is in %s: counted once, from %s" % (
                gid, " and ".join(str(g[0]) for g in same), keep[0]), file=sys.stderr)
    return [g for g in games if id(g) not in dropped]


def read_mapping(csv_path):
    """--boards CSV: rows board,journal[,red,black]; a first row that is not a
    board number is a header."""
    from host_tools.inputs import csv_rows, read_text
    text = read_text(csv_path, "--boards")
    rows = [(line, r) for line, r in csv_rows(text, f"--boards {csv_path}") if r and any(c.strip() for c in r)]
    if rows and not rows[0][1][0].strip().isdigit():
        rows = rows[1:]
    mapping = []
    for line, r in rows:
        r = [c.strip() for c in r]
        if len(r) < 2 or not r[0].isdigit():
            raise ReportError("%s: line %d: write board,journal[,red,black]" % (csv_path, line))
        mapping.append({"board": int(r[0]), "journal": r[1],
                        "red": r[2] if len(r) > 2 else "", "black": r[3] if len(r) > 3 else ""})
    return mapping


def _matches(key, path, rec):
    p = Path(path)
    return key in (str(path), p.name, p.stem, str(p.resolve())) or \
        (rec is not None and key == rec.settings.get("id"))


def rows(paths, boards_csv=None):
    games: list[tuple[object, GameRecord | None, str | None]] = []
    for p in paths:
        try:
            games.append((p, GameRecord(p), None))
        except ReportError as e:
            games.append((p, None, str(e)))
    games = once_each(games)
    if boards_csv:
        mapping = read_mapping(boards_csv)
        placed = []
        for m in mapping:
            found = [g for g in games if _matches(m["journal"], g[0], g[1])]
            placed.append((m, found[0] if found else None))
        used = {id(g) for _, g in placed if g}
        extra = [g for g in games if id(g) not in used]
        for g in extra:
            print("xqclock: %s is not in %s: listed without a board number" % (g[0], boards_csv),
                  file=sys.stderr)
        items = placed + [({"board": None, "red": "", "black": ""}, g) for g in extra]
    else:
        headers = [_header(g[1]) for g in games]
        named = [h[0] or board_from_name(g[0]) for h, g in zip(headers, games)]
        if all(n is not None for n in named):
            numbers = named
        else:
            numbers = list(range(1, len(games) + 1))
        items = [({"board": n, "red": h[1], "black": h[2]}, g) for n, h, g in zip(numbers, headers, games)]
        seen: dict[int, object] = {}
        for n, g in zip(numbers, games):
            if n in seen:
                print("xqclock: board %d twice: %s and %s" % (n, seen[n], g[0]), file=sys.stderr)
            seen[n] = g[0]
    out = []
    for m, placed_game in items:
        out.append(_row(m, placed_game))
    out.sort(key=lambda r: (r["board"] is None, r["board"] or 0))
    return out


def _row(m, g):
    row = {"board": m["board"], "red": m["red"], "black": m["black"], "result": "",
           "red_points": None, "black_points": None, "reason": "", "status": "", "at": "",
           "journal": "", "id": "", "journal_check": "", "chain_hash": "",
           "fouls": (0, 0), "warnings": (0, 0)}
    if g is None:
        row.update(status="no journal", result="?", journal=m.get("journal", ""))
        return row
    path, rec, error = g
    row["journal"] = str(path)
    v = verify.check(path)
    row["journal_check"] = "intact" if v["intact"] else "NOT INTACT: %s" % v["verdict"]
    row["chain_hash"] = v["chain_hash"] or ""
    if rec is None:
        row.update(status="unreadable", result="?", reason=error)
        return row
    row["id"] = rec.settings.get("id") or ""
    if not row["red"] and not row["black"]:  # a --boards CSV without names: the clock's own
        row["red"], row["black"] = rec.players[1:]
    res = rec.result()
    row["status"] = rec.status()
    row["fouls"] = tuple(rec.game.fouls)
    row["warnings"] = tuple(rec.game.warnings)
    if res is None:
        row["result"] = rec.status()
        return row
    row.update(result=res["score"], red_points=res["points"]["red"],
               black_points=res["points"]["black"], reason=rec.short_reason(), reason_zh=rec.short_reason("zh"),
               at=res["time"])
    return row


def totals(table):
    done = [r for r in table if r["red_points"] is not None]
    red = sum(r["red_points"] for r in done)
    black = sum(r["black_points"] for r in done)
    return {"games": len(table), "finished": len(done), "red_points": red, "black_points": black,
            "points": red + black}


WORDS: dict[str, dict[str, Any]] = {
    "en": {"title": "ROUND RESULTS (win 1, draw 0.5, loss 0; forfeits + and -, §14.1, §21.4)",
           "head": ("Board", "Red", "Black", "Result", "R pts", "B pts", "Reason"),
           "status": {}, "no journal": "no journal found for %s", "journal": "journal",
           "totals": "Points (§14.1): %d game%s, %d finished, %d in progress or without a result. "
                     "Red %s, Black %s (total %s).",
           "sign": "Arbiter ________________________   Date ____________"},
    "zh": {"title": "本轮成绩（胜1分，和0.5分，负0分；弃权记+和-，§14.1，§21.4）",
           "head": ("台次", "红方", "黑方", "结果", "红分", "黑分", "原因"),
           "status": {"in progress": "进行中", "not started": "未开始", "moved to another clock": "已移至另一台棋钟",
                      "no journal": "无记录", "unreadable": "无法读取", "finished": "已结束"},
           "no journal": "未找到 %s 的记录", "journal": "记录",
           "totals": "积分（§14.1）：%d局%s，%d局已结束，%d局进行中或无结果。红方%s分，黑方%s分（共%s分）。",
           "sign": "裁判长 ________________________   日期 ____________"},
}


def text_table(table, language="en"):
    from host_tools.wording import columns, cut, width
    w = WORDS[language]
    t = totals(table)
    named = any(r["red"] or r["black"] for r in table)
    head = list(w["head"]) if named else [w["head"][0]] + list(w["head"][3:])
    rows = [head]
    for r in table:
        board = "-" if r["board"] is None else "%d" % r["board"]
        rp = "" if r["red_points"] is None else fmt_points(r["red_points"])
        bp = "" if r["black_points"] is None else fmt_points(r["black_points"])
        reason = r["reason_zh"] if language == "zh" and r.get("reason_zh") else (r["reason"] or "")
        if r["journal_check"] and r["journal_check"] != "intact":
            reason = (reason + "; " if reason else "") + w["journal"] + " " + r["journal_check"]
        if r["status"] == "no journal":
            reason = w["no journal"] % r["journal"]
        elif r["journal"] and (not named or r["board"] is None):
            reason = (reason + "  " if reason else "") + "[%s]" % shown_name(r["journal"])
        result = r["result"] if r["red_points"] is not None else w["status"].get(r["result"], r["result"])
        cells = [board] + ([cut(r["red"], 24), cut(r["black"], 24)] if named else []) + [result, rp, bp, reason]
        rows.append(cells)
    lines = columns(rows, "r" + ("ll" if named else "") + "lrrl")
    out = [w["title"], "", lines[0], "-" * max(width(lines[0]), 72)] + lines[1:]
    out.append("")
    out.append(w["totals"] % (t["games"], "" if t["games"] == 1 or language == "zh" else "s", t["finished"],
                              t["games"] - t["finished"], fmt_points(t["red_points"]), fmt_points(t["black_points"]),
                              fmt_points(t["points"])))
    out.append("")
    out.append(w["sign"])
    return "\n".join(out) + "\n"


def _pts(p):
    return None if p is None else fmt_points(p)


def csv_table(table):
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
    w.writeheader()
    for r in table:
        row = dict(r, red_points=_pts(r["red_points"]), black_points=_pts(r["black_points"]))
        w.writerow({k: "" if row[k] is None else row[k] for k in FIELDS})
    return buf.getvalue()


def render(table, fmt, language="en"):
    if fmt == "csv":
        return csv_table(table)
    if fmt == "json":
        return json.dumps({"boards": table, "totals": totals(table)}, indent=2, ensure_ascii=False) + "\n"
    return text_table(table, language)


def out_stem(items):
    """The name a round's table is written under: its folder's (round-2), so rounds
    written to one place never overwrite each other; "round" for loose files."""
    folders = {Path(p).resolve() for p in items}
    if len(folders) == 1 and all(Path(p).is_dir() for p in items):
        return re.sub(r"[^\w.-]", "_", folders.pop().name) or "round"
    return "round"


def main(paths, args):
    from host_tools.report.spreadsheet import write_csv
    table = rows(paths, args.boards)
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        stem = out_stem(args.journals)
        (out / (stem + ".txt")).write_text(text_table(table, args.language), encoding="utf-8")
        write_csv(out / (stem + ".csv"), csv_table(table), args.csv_encoding)
        print("%s\n%s" % (out / (stem + ".txt"), out / (stem + ".csv")), file=sys.stderr)
    sys.stdout.write(render(table, args.format, args.language))
    return 0
