"""The position of the ruling, drawn: the board as it stands when the cycle
starts (the repeated position), each move of the last cycle as a numbered
arrow (red: check, purple: mate threat, orange: chase, grey: idle), each
chased piece ringed. SVG writes text as text; the PNG draws Chinese
characters from Unifont bitmaps (glyphs.py), so it needs no font installed."""
from host_tools.ruling import notation, report, rules
from host_tools.ruling.board import BLACK, EMPTY, RED

CELL = 56
MARGIN = 52
TOP = 72   # room for the title
W = MARGIN * 2 + CELL * 8
H = TOP + MARGIN + CELL * 9 + 40
LEGEND_SIZE = 14
LEGEND_GAP = 16
COLOUR = {rules.CHECK: "#d62728", rules.MATE_THREAT: "#9467bd", rules.CHASE: "#ff7f0e", rules.IDLE: "#8c8c8c"}
PIECE_COLOUR = {RED: "#c00000", BLACK: "#111111"}
BOARD = "#f3d9a4"
LINE = "#5a3a1a"
# every character the picture can draw (tests check glyphs.py holds them all)
CHARS = "车马相仕帅炮兵象士将卒一二三四五六七八九楚河汉界红黑方判负和必须变着将杀捉闲"


def _xy(sq):
    """Centre of a point, Red at the bottom."""
    return MARGIN + (sq % 9) * CELL, TOP + (9 - sq // 9) * CELL


def scene(record, result, lang):
    """What to draw: {'pieces': [(sq, piece)], 'arrows': [(frm, to, kind, n)], 'rings': [(sq, kind)],
    'title': str, 'legend': [(kind, label)]}."""
    rep = result["repetition"]
    positions = result["positions"]
    if rep is None:
        pos = positions[-1]
        arrows = []
        if record.moves[:result["moves"]]:
            last = record.moves[result["moves"] - 1].move
            arrows.append((last[0], last[1], rules.IDLE, result["moves"]))
        title = "no pending position (§24)" if lang == "en" else "未构成待判局面（§24）"
        rings: list[tuple[int, str]] = []
    else:
        first = rep.rulings[-rep.cycle][0]
        pos = positions[first]
        arrows, rings = [], []
        for k, (i, side, ruling) in enumerate(rep.last_cycle(), 1):
            kind = ruling.kind
            threats = ruling.threats
            if rep.mutual_pawns and kind == rules.IDLE and ruling.pawn_threats:
                kind, threats = rules.CHASE, ruling.pawn_threats
            frm, to = record.moves[i].move
            arrows.append((frm, to, kind, k))
            for th in threats:
                rings.append((th.target, kind))
            if kind == rules.CHECK:
                rings.append((positions[i + 1].kings[1 - side], kind))
        title = report.verdict_line(rep, lang) + " " + " ".join(report.article(a) for a in rep.articles[:2])
    pieces = [(sq, p) for sq, p in enumerate(pos.board) if p != EMPTY]
    legend = [(k, report.KIND[lang][k]) for k in (rules.CHECK, rules.MATE_THREAT, rules.CHASE, rules.IDLE)]
    return {"pieces": pieces, "arrows": arrows, "rings": rings, "title": title, "legend": legend}


def _char(piece):
    return notation.piece_name(piece, "zh")


def _file_labels(lang):
    """(x, y, text) of the file numbers: Red's 九..一 below, Black's 1..9 above."""
    out = []
    for f in range(9):
        x = MARGIN + f * CELL
        out.append((x, TOP - 32, str(f + 1)))
        out.append((x, TOP + CELL * 9 + 42, notation.NUM_ZH[8 - f]))
    return out


def _grid():
    """Board lines as ((x1, y1), (x2, y2))."""
    lines = []
    for r in range(10):
        y = TOP + r * CELL
        lines.append(((MARGIN, y), (MARGIN + 8 * CELL, y)))
    for f in range(9):
        x = MARGIN + f * CELL
        if f in (0, 8):
            lines.append(((x, TOP), (x, TOP + 9 * CELL)))
        else:
            lines.append(((x, TOP), (x, TOP + 4 * CELL)))
            lines.append(((x, TOP + 5 * CELL), (x, TOP + 9 * CELL)))
    for r0 in (0, 7):
        y0, y2 = TOP + r0 * CELL, TOP + (r0 + 2) * CELL
        lines.append(((MARGIN + 3 * CELL, y0), (MARGIN + 5 * CELL, y2)))
        lines.append(((MARGIN + 5 * CELL, y0), (MARGIN + 3 * CELL, y2)))
    return lines


def svg(record, result, lang="en"):
    s = scene(record, result, lang)
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
            'font-family="Noto Serif CJK SC, Source Han Serif SC, SimSun, Songti SC, serif">'),
           '<defs>']
    for kind, colour in COLOUR.items():
        out.append(f'<marker id="head-{kind}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
                   f'markerHeight="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>')
    out.append('</defs>')
    out.append(f'<rect width="{W}" height="{H}" fill="{BOARD}"/>')
    out.append(f'<text x="{W / 2}" y="28" font-size="20" text-anchor="middle" fill="#000">{_esc(s["title"])}</text>')
    for (x1, y1), (x2, y2) in _grid():
        out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{LINE}" stroke-width="1.5"/>')
    river_y = TOP + 4.5 * CELL + 8
    out.append(f'<text x="{MARGIN + 2 * CELL}" y="{river_y}" font-size="24" text-anchor="middle" '
               f'fill="{LINE}">楚河</text>')
    out.append(f'<text x="{MARGIN + 6 * CELL}" y="{river_y}" font-size="24" text-anchor="middle" '
               f'fill="{LINE}">汉界</text>')
    for x, y, label in _file_labels(lang):
        out.append(f'<text x="{x}" y="{y}" font-size="15" text-anchor="middle" fill="{LINE}">{label}</text>')
    for sq, p in s["pieces"]:
        x, y = _xy(sq)
        colour = PIECE_COLOUR[RED if p.isupper() else BLACK]
        out.append(f'<circle cx="{x}" cy="{y}" r="{CELL * 0.42}" fill="#fff8e8" stroke="{colour}" stroke-width="2.5"/>')
        out.append(f'<text x="{x}" y="{y + 9}" font-size="26" text-anchor="middle" fill="{colour}">{_char(p)}</text>')
    for sq, kind in s["rings"]:
        x, y = _xy(sq)
        out.append(f'<circle cx="{x}" cy="{y}" r="{CELL * 0.5}" fill="none" stroke="{COLOUR[kind]}" '
                   'stroke-width="4" stroke-dasharray="6 3"/>')
    for frm, to, kind, n in s["arrows"]:
        (x1, y1), (x2, y2), (mx, my) = _arrow(frm, to, s["arrows"])
        dash = ' stroke-dasharray="5 4"' if kind == rules.IDLE else ""
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{COLOUR[kind]}" '
                   f'stroke-width="4"{dash} marker-end="url(#head-{kind})" opacity="0.85"/>')
        out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="10" fill="{COLOUR[kind]}"/>')
        out.append(f'<text x="{mx:.1f}" y="{my + 5:.1f}" font-size="13" text-anchor="middle" '
                   f'fill="#fff" font-family="sans-serif">{n}</text>')
    for x, kind, label, _ in _legend(s["legend"]):
        y = H - 14
        out.append(f'<rect x="{x:.1f}" y="{y - 11}" width="14" height="14" fill="{COLOUR[kind]}"/>')
        out.append(f'<text x="{x + 20:.1f}" y="{y + 1}" font-size="{LEGEND_SIZE}" fill="#000">{_esc(label)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text_width(label, size):
    """Width of a line of text: a Chinese character is a square, a Latin one about 0.6 of it."""
    return sum(size if ord(ch) > 0x2E7F else size * 0.6 for ch in label)


def _legend(legend):
    """(x, kind, label, text width) of each legend entry: a swatch, its label and a gap,
    each as wide as its label, the row centred under the board."""
    widths = [_text_width(label, LEGEND_SIZE) for _, label in legend]
    x = (W - sum(20 + w + LEGEND_GAP for w in widths) + LEGEND_GAP) / 2
    placed = []
    for (kind, label), w in zip(legend, widths):
        placed.append((x, kind, label, w))
        x += 20 + w + LEGEND_GAP
    return placed


def _arrow(frm, to, arrows):
    """Ends of an arrow between two points, kept off the pieces, and moved
    aside when the same points carry an arrow the other way (a piece going
    back and forth); and where its number goes (beside a one-point step,
    which it would hide)."""
    (x1, y1), (x2, y2) = _xy(frm), _xy(to)
    dx, dy = x2 - x1, y2 - y1
    d = (dx * dx + dy * dy) ** 0.5 or 1
    ux, uy = dx / d, dy / d
    short = d <= CELL * 1.5
    by = CELL * (0.15 if short else 0.3)
    side = 8 if any(a[0] == to and a[1] == frm for a in arrows) else 0
    ox, oy = -uy * side, ux * side
    a = (x1 + ux * by + ox, y1 + uy * by + oy)
    b = (x2 - ux * by + ox, y2 - uy * by + oy)
    away = 2.6 if short else 1
    label = ((a[0] + b[0]) / 2 + ox * away, (a[1] + b[1]) / 2 + oy * away) if short else \
        (a[0] + (b[0] - a[0]) * 0.35 + ox, a[1] + (b[1] - a[1]) * 0.35 + oy)
    if short and not side:
        label = (label[0] - uy * 20, label[1] + ux * 20)
    return a, b, label


def _esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_svg(path, record, result, lang="en"):
    with open(path, "w", encoding="utf-8") as f:
        f.write(svg(record, result, lang))


def _glyph(ch):
    """A 16x16 list of rows of 0/1 for a Chinese character, from glyphs.py."""
    from host_tools.ruling import glyphs
    i = glyphs.CHARS.index(ch)
    data = glyphs.BITMAPS[32 * i:32 * i + 32]
    return [[(data[2 * r + c // 8] >> (7 - c % 8)) & 1 for c in range(16)] for r in range(16)]


def write_png(path, record, result, lang="en"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import to_rgba
    from matplotlib.patches import Circle, FancyArrowPatch, Rectangle

    s = scene(record, result, lang)
    dpi = 100
    fig = plt.figure(figsize=(W / dpi, H / dpi), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, W)
    ax.set_ylim(H, 0)
    ax.axis("off")
    ax.add_patch(Rectangle((0, 0), W, H, color=BOARD, zorder=0))

    def text(x, y, string, size, colour, z=5):
        """Latin through matplotlib's font, Chinese through the Unifont bitmaps."""
        width = _text_width(string, size)
        cx = x - width / 2
        for ch in string:
            if ord(ch) > 0x2E7F:
                rows = _glyph(ch)
                rgba = [[to_rgba(colour, 1.0) if px else (0, 0, 0, 0) for px in row] for row in rows]
                ax.imshow(rgba, extent=(cx, cx + size, y + size / 2, y - size / 2), zorder=z,
                          interpolation="nearest")
                cx += size
            else:
                ax.text(cx + size * 0.3, y, ch, fontsize=size * 0.72, color=colour, ha="center", va="center",
                        zorder=z)
                cx += size * 0.6

    for (x1, y1), (x2, y2) in _grid():
        ax.plot([x1, x2], [y1, y2], color=LINE, lw=1.5, zorder=1)
    text(MARGIN + 2 * CELL, TOP + 4.5 * CELL, "楚河", 26, LINE, 1)
    text(MARGIN + 6 * CELL, TOP + 4.5 * CELL, "汉界", 26, LINE, 1)
    for x, y, label in _file_labels(lang):
        text(x, y - 5, label, 16, LINE, 1)
    for sq, p in s["pieces"]:
        x, y = _xy(sq)
        colour = PIECE_COLOUR[RED if p.isupper() else BLACK]
        ax.add_patch(Circle((x, y), CELL * 0.42, facecolor="#fff8e8", edgecolor=colour, lw=2.5, zorder=2))
        text(x, y, _char(p), 32, colour, 3)
    for sq, kind in s["rings"]:
        ax.add_patch(Circle(_xy(sq), CELL * 0.5, fill=False, edgecolor=COLOUR[kind], lw=4, ls="--", zorder=4))
    for frm, to, kind, n in s["arrows"]:
        a, b, (mx, my) = _arrow(frm, to, s["arrows"])
        ax.add_patch(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=22, color=COLOUR[kind], lw=4,
                                     ls="--" if kind == rules.IDLE else "-", alpha=0.85, zorder=6))
        ax.add_patch(Circle((mx, my), 10, color=COLOUR[kind], zorder=7))
        ax.text(mx, my, str(n), fontsize=9, color="white", ha="center", va="center", zorder=8)
    text(W / 2, 22, s["title"], 20, "#000000")
    for x, kind, label, width in _legend(s["legend"]):
        ax.add_patch(Rectangle((x, H - 26), 14, 14, color=COLOUR[kind], zorder=2))
        text(x + 20 + width / 2, H - 19, label, LEGEND_SIZE, "#000000")
    fig.savefig(path, dpi=dpi)
    plt.close(fig)
