"""`xqclock report --chart PNG`: the time each side took per move, as a PNG.

Top: a bar per move and side (the time that move took). Bottom: the clock
left after each move (under an up-count, the time used). Dashed lines mark where a new period (or overtime)
began; a flag marks the move on which a side's time ran out. matplotlib is
needed for this only, and is imported here, on demand, with the Agg backend.
"""
from pathlib import Path

from host_tools.report.record import TITLES, hms

COLOURS = ("#c0392b", "#2c3e50")  # Red, Black
FLAG = "#e67e22"


class ChartError(Exception):
    pass


FORMATS = ("png", "svg", "pdf", "jpg", "jpeg")  # by the file's suffix; none: PNG
# fonts for the players' names, first found first: Chinese ones on Linux, Windows, macOS, then Unifont
NAME_FONTS = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei",
              "Microsoft YaHei", "SimHei", "PingFang SC", "Heiti SC", "Arial Unicode MS", "Unifont")


def targets(chart, stems):
    """Where each chart goes: the file named, for one journal; for several,
    STEM.png in the directory named. ChartError for a suffix it cannot write."""
    path = Path(chart)
    if len(stems) == 1 and not path.is_dir():
        suffix = path.suffix[1:].lower()
        if suffix and suffix not in FORMATS:
            raise ChartError("--chart %s: give a file ending in .%s" % (chart, ", .".join(FORMATS[:-1])))
        return [path]
    path.mkdir(parents=True, exist_ok=True)
    return [path / ("%s.png" % stem) for stem in stems]


def _fonts():
    """The sans-serif list: matplotlib's own first, then the first fonts here that
    draw Chinese (matplotlib falls back glyph by glyph along the list)."""
    from matplotlib import font_manager
    have = {f.name for f in font_manager.fontManager.ttflist}
    return ["DejaVu Sans"] + [name for name in NAME_FONTS if name in have]


def title(rec):
    """Board and players, as the sheet has them: "Board 7: Red 许银川 v Black 王天一"."""
    board, red, black = rec.players
    players = "Red %s v Black %s" % (red or "-", black or "-")
    return ("Board %d: %s" % (board, players)) if board is not None else players


def _unit(ms_values):
    top = max(ms_values or [0])
    return (60000.0, "min") if top >= 180000 else (1000.0, "s")


def chart(rec, target):
    """Draw rec's chart into target (its suffix says the format); a name no installed
    font can draw is said once, as a warning, not glyph by glyph."""
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _draw(rec, target)
    if any("missing from" in str(w.message) for w in caught):
        import sys
        print("xqclock: warning: %s: no installed font draws every character of the names (install a Chinese "
              "font, e.g. Debian's fonts-noto-cjk)" % target, file=sys.stderr)


def _draw(rec, target):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ChartError("--chart needs matplotlib (pip install matplotlib)") from None
    d = rec.to_dict()
    names = ["%s %s" % (TITLES[s], rec.players[1 + s]) if rec.players[1 + s] else TITLES[s] for s in (0, 1)]
    moves = (d["moves"]["red"], d["moves"]["black"])
    flags = d["flags"]
    thinks = [m["think_ms"] for side in moves for m in side] + [f["think_ms"] for f in flags]
    scale, unit = _unit(thinks)
    up = rec.counts_up()  # an up-count: the time used, counted up, instead of the time left
    shown = "used_ms" if up else "remaining_ms"
    lefts = [m[shown] for side in moves for m in side]
    lscale, lunit = _unit(lefts)

    plt.rcParams.update({"font.size": 9, "axes.spines.top": False, "axes.spines.right": False,
                         "font.family": "sans-serif", "font.sans-serif": _fonts()})
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(11, 6.5), sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    width = 0.4
    for s in (0, 1):
        xs = [m["move"] + (s - 0.5) * width for m in moves[s]]  # the sheet's move numbers
        top.bar(xs, [m["think_ms"] / scale for m in moves[s]], width=width, color=COLOURS[s],
                label=names[s], alpha=0.9, linewidth=0)
        bottom.plot(xs, [m[shown] / lscale for m in moves[s]], color=COLOURS[s],
                    label=names[s], linewidth=1.5, marker="o" if len(moves[s]) <= 60 else None,
                    markersize=2.5)
    # period boundaries: after the move that completed the quota
    seen: dict[tuple, list[int]] = {}
    for p in d["periods"]:
        x = p["after_move"] + 0.5
        label = "overtime" if p["overtime"] else "period %d" % p["period"]
        key = (x, label)
        seen.setdefault(key, []).append(0 if p["side"] == "red" else 1)
    for i, ((x, label), sides) in enumerate(sorted(seen.items())):
        colour = "#7f8c8d" if len(sides) == 2 else COLOURS[sides[0]]
        for ax in (top, bottom):
            ax.axvline(x, color=colour, linestyle="--", linewidth=1)
        who = "" if len(sides) == 2 else "%s " % TITLES[sides[0]]
        top.annotate(who + label, xy=(x, 1), xycoords=("data", "axes fraction"), xytext=(3, -2 - 11 * (i % 2)),
                     textcoords="offset points", va="top", fontsize=8, color=colour)
    # flags: the move on which the time ran out, drawn with what it had taken
    for f in flags:
        s = 0 if f["side"] == "red" else 1
        x = f["move"] + (s - 0.5) * width
        y = f["think_ms"] / scale
        top.bar([x], [y], width=width, color="none", edgecolor=COLOURS[s], hatch="///", linewidth=1)
        top.plot([x], [y], marker="v", markersize=8, color=FLAG, zorder=5, clip_on=False)
        top.annotate("%s flag %s" % (TITLES[s], hms(f["t_ms"])), xy=(x, y), xytext=(0, 16),
                     textcoords="offset points", ha="center", va="bottom", fontsize=8, color=FLAG,
                     fontweight="bold")
        bottom.plot([x], [0], marker="X", markersize=8, color=FLAG, zorder=5, clip_on=False)

    res = d["result"]
    outcome = res["text"] if res else "no result yet (%s)" % d["status"]
    top.set_title("%s\nTime per move: %s\n%s" % (title(rec), d["control"]["text"], outcome), fontsize=10,
                  loc="left")
    top.set_ylabel("time for the move (%s)" % unit)
    bottom.set_ylabel("%s (%s)" % ("time used" if up else "clock left", lunit))
    bottom.set_xlabel("move (each side's count)")
    top.legend(frameon=False, loc="lower right", bbox_to_anchor=(1, 1.0), ncol=2)
    for ax in (top, bottom):
        ax.grid(axis="y", color="#dddddd", linewidth=0.6)
        ax.set_axisbelow(True)
    n = max([m["move"] for side in moves for m in side] + [f["move"] for f in flags] + [1])
    bottom.set_xlim(0.3, n + 0.7)
    bottom.set_ylim(bottom=0)
    top.set_ylim(0, max([t / scale for t in thinks] + [1]) * 1.18)
    from matplotlib.ticker import MaxNLocator
    bottom.xaxis.set_major_locator(MaxNLocator(integer=True))
    fig.text(0.99, 0.005, "%s  id %s" % (rec.path.name, d["id"] or "-"), ha="right", fontsize=7,
             color="#999999")
    fig.tight_layout()
    Path(target).parent.mkdir(parents=True, exist_ok=True)
    fmt = Path(target).suffix[1:].lower() or "png"
    fig.savefig(str(target), dpi=110, format="jpeg" if fmt == "jpg" else fmt)
    plt.close(fig)
