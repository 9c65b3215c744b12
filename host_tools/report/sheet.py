"""A game record as a sheet to print and sign (text), JSON, or CSV (one row per event)."""
import csv
import io
import json
import textwrap

from host_tools import firmware_path
from clock.game import RED, BLACK
from host_tools.report.record import TITLES, fmt_points, hms, left, think
from host_tools.wording import plural

CSV_FIELDS = ("journal", "id", "record", "t_ms", "time", "event", "side", "move", "think_ms",
              "value", "red_remaining_ms", "black_remaining_ms", "red_used_ms", "black_used_ms",
              "text")

LISTED = ("start", "pause", "resume", "moves", "bonus", "penalty", "result", "arrive", "foul",
          "warning", "false-claim", "offer", "power-on", "code-lockout", "moved", "flag", "period",
          "overtime", "ing-period", "press")


def text_sheet(rec):
    """The sheet to print and sign: §10.1's result, used times, fouls, and the rest."""
    d = rec.to_dict()
    g = rec.game
    out: list[str] = []
    w = out.append
    w("XIANGQI GAME RECORD (§10.1)")
    w("=" * 78)
    shown = "%s/%s" % (rec.path.parent.name, rec.path.name) if rec.path.name == "game.xqj" else rec.path.name
    w("Journal       %s   (game id %s)" % (shown, d["id"] or "-"))
    w("Time control  %s" % d["control"]["text"])
    w("              [%s]" % d["control"]["spec"])
    w("Late arrival  %s;  foul limit %d" % (d["late_arrival"], d["foul_limit"]))
    w("")
    board, red, black = rec.players
    if board is not None:
        w("Board         %d" % board)
    w("Red (红)   %-28s    Black (黑)  %s" % (red or "_" * 28, black or "_" * 28))
    w("")
    res = d["result"]
    if res:
        w("RESULT        %s" % res["text"])
        w("              at %s game time;  points: Red %s, Black %s"
          % (res["time"], fmt_points(res["points"]["red"]), fmt_points(res["points"]["black"])))
    else:
        running = g.running()
        w("RESULT        none yet: %s%s (last record at %s)"
          % ("the game is in progress" if g.started else "the game has not started", ", paused" if d["paused"] else
             ", %s's clock running" % TITLES[running] if running in (RED, BLACK) else "",
             rec.clock_time(d["last_record_ms"])))
    w("")
    rows = (("Moves", lambda s: "%d" % s["moves"]),
            ("Time used", lambda s: s["used"]),
            ("Time left", lambda s: ("counting up, +%s" % hms(s["upcount_ms"]) if s["overtime"] and
                                     s["upcount_ms"] is not None else
                                     s["remaining"] + (" (overtime)" if s["overtime"] else ""))),
            ("Ing points", lambda s: "-" if s["ing_points"] is None else "%d" % s["ing_points"]),
            ("Period", lambda s: "%d" % s["period"]),
            ("Fouls", lambda s: "%d of %d" % (s["fouls"], d["foul_limit"])),
            ("Warnings", lambda s: "%d" % s["warnings"]),
            ("Draw offers", lambda s: "%d" % s["offers"] + (" (%d repeated)" % s["repeat_offers"]
                                                              if s["repeat_offers"] else "")),
            ("Flag fell at", lambda s: rec.clock_time(s["flag_at_ms"]) if s["flag_at_ms"] is not None else "-"),
            ("Arrived at", lambda s: rec.clock_time(s["arrived_at_ms"]) if s["arrived_at_ms"] is not None
             else ("absent" if not s["present"] else "-")))
    w("%-14s %-22s %-22s" % ("", "Red", "Black"))
    for label, f in rows:
        w("%-14s %-22s %-22s" % (label, f(d["red"]), f(d["black"])))
    w("")
    w("Times left read as the clock showed them (rounded up: 0:00 only once the flag fell; tenths under")
    w("20 s); times used and game times (from the start) are rounded down to the second.")
    w("")
    w("EVENTS (game time H:MM:SS from the start)")
    listed = [e for e in d["events"] if e["event"] in LISTED]
    if not listed:
        w("  none")
    for e in listed:
        lines = textwrap.wrap(e["text"], 56) or [""]
        w("  %8s  %-11s %s" % (e["time"], e["event"], lines[0]))
        for more in lines[1:]:
            w("%23s %s" % ("", more))
    if d["player_pauses"]:
        w("  NOTE: %d pause(s) made by a player, not the arbiter (§9.1.2)." % d["player_pauses"])
    w("")
    up = rec.counts_up()  # an up-count shows the time used, not left
    w("MOVES (time each move took; %s after it)" % ("time used" if up else "clock left"))
    red, black = rec.moves
    n = max(len(red), len(black))
    if not n:
        w("  none")
    else:
        col = "used" if up else "left"
        w("  %5s   %-9s %-9s  %-9s %-9s" % ("", "Red", col, "Black", col))
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
            w("  %5d   %s  %s" % (num, cells[0], cells[1]))
    w("")
    chk = d["journal_check"]
    if chk["intact"]:
        w("Journal: %s, intact. Chain hash %s" % (plural(chk["records"], "record"), chk["chain_hash"]))
    else:
        w("JOURNAL DAMAGED: %s; this record stops after record %d (%d bytes dropped)."
          % (chk["problem"], chk["records"], chk["dropped_bytes"]))
        w("Chain hash of the intact part: %s   (xqclock report --verify says more)" % chk["chain_hash"])
    w("")
    w("Signatures    Red ________________   Black ________________   Arbiter ________________")
    return "".join(line.rstrip() + "\n" for line in out)


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


def render(records, fmt):
    """All the games in one text, in format fmt (one JSON object, or an array for several)."""
    if fmt == "json":
        data = [r.to_dict() for r in records]
        return json.dumps(data[0] if len(data) == 1 else data, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        write_csv(records, buf)
        return buf.getvalue()
    return "\f\n".join(text_sheet(r) for r in records)
