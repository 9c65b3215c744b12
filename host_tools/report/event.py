"""`xqclock report --event ROUND...`: the cross-table of an event, from the
rounds' folders (as `xqclock pull` writes them), in round order.

Each round is read as `--round` reads it (round.rows: board numbers and
names from the journals' headers, a game moved to another clock counted
once). A player is their name, as the clocks were given it (`config push
--red/--black` or a pairings CSV), or "board N Red/Black" where there is
none. Points per §14.1; the table is sorted by total points, then name.
"""
import csv
import io
import json

from host_tools.report import round as round_table
from host_tools.report.record import fmt_points

FIELDS_PER_ROUND = ("points", "colour", "board", "opponent", "result")


def player(row, side):
    name = row[side]
    if name:
        return name
    return "board %s %s" % ("-" if row["board"] is None else row["board"], side.title())


def build(rounds):
    """rounds: [[journal path, ...] per round] -> {"rounds": n, "players": [...]}, sorted."""
    players: dict[str, dict] = {}
    for i, paths in enumerate(rounds):
        for row in round_table.rows(paths):
            if row["status"] in ("no journal", "unreadable"):
                continue
            for side, other in (("red", "black"), ("black", "red")):
                name = player(row, side)
                p = players.setdefault(name, {"player": name, "total": 0.0, "rounds": [None] * len(rounds)})
                points = row["%s_points" % side]
                p["rounds"][i] = {"points": points, "colour": side, "board": row["board"],
                                  "opponent": player(row, other), "result": row["result"]}
                p["total"] += points or 0.0
    table = sorted(players.values(), key=lambda p: (-p["total"], p["player"].lower()))
    rank = 0
    for n, p in enumerate(table):
        if n == 0 or p["total"] != table[n - 1]["total"]:
            rank = n + 1
        p["rank"] = rank
    return {"rounds": len(rounds), "players": table}


def _cell(r):
    if r is None:
        return "-"
    points = fmt_points(r["points"]) if r["points"] is not None else "..."
    return "%s %s%s" % (points, r["colour"][0], "" if r["board"] is None else r["board"])


def text_table(event):
    n = event["rounds"]
    width = max([len(p["player"]) for p in event["players"]] + [6])
    out = ["EVENT CROSS-TABLE: %d round%s (win 1, draw 0.5, loss 0, §14.1; r/b: Red or Black, "
           "then the board; ...: no result yet)" % (n, "" if n == 1 else "s"), ""]
    head = "%4s  %-*s  %s  %6s" % ("Rank", width, "Player", "  ".join("%-8s" % ("R%d" % (i + 1)) for i in range(n)),
                                   "Total")
    out += [head, "-" * len(head)]
    for p in event["players"]:
        cells = "  ".join("%-8s" % _cell(r) for r in p["rounds"])
        out.append("%4d  %-*s  %s  %6s" % (p["rank"], width, p["player"], cells, fmt_points(p["total"])))
    out += ["", "Arbiter ________________________   Date ____________"]
    return "\n".join(out) + "\n"


def csv_table(event):
    buf = io.StringIO()
    fields = ["rank", "player"] + ["r%d_%s" % (i + 1, f) for i in range(event["rounds"]) for f in FIELDS_PER_ROUND] \
        + ["total"]
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(fields)
    for p in event["players"]:
        row = [p["rank"], p["player"]]
        for r in p["rounds"]:
            if r is None:
                row += [""] * len(FIELDS_PER_ROUND)
            else:
                row += ["" if r["points"] is None else fmt_points(r["points"]), r["colour"],
                        "" if r["board"] is None else r["board"], r["opponent"], r["result"]]
        w.writerow(row + [fmt_points(p["total"])])
    return buf.getvalue()


def render(event, fmt):
    if fmt == "csv":
        return csv_table(event)
    if fmt == "json":
        return json.dumps(event, indent=2, ensure_ascii=False) + "\n"
    return text_table(event)
