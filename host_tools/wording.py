"""Words for people: counts ("1 move", "2 moves") and text in columns.

Printed tables line up by display width: a character the terminal draws two
columns wide (Chinese, Japanese, Korean: Unicode's East Asian Wide and
Fullwidth) counts two, so 许银川 takes the room of six Latin letters."""
import unicodedata


def plural(n, one, many=None):
    """'1 file', '3 files'; irregular words give their plural: plural(n, 'match', 'matches')."""
    return "%s %s" % (n, one if n == 1 else (many or one + "s"))


def width(s):
    """Columns s takes on a terminal (or in a monospaced font)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in str(s))


def cut(s, columns):
    """s cut to at most `columns` display columns."""
    s = str(s)
    out, used = [], 0
    for ch in s:
        w = width(ch)
        if used + w > columns:
            break
        out.append(ch)
        used += w
    return "".join(out)


def left(s, columns):
    """s padded on the right to `columns` display columns (never cut)."""
    s = str(s)
    return s + " " * max(0, columns - width(s))


def right(s, columns):
    """s padded on the left to `columns` display columns (never cut)."""
    s = str(s)
    return " " * max(0, columns - width(s)) + s


def columns(rows, align=None, gap="  "):
    """Rows of cells as lines, each column as wide as its widest cell (display
    width); `align` a string of l/r per column (default all l); no trailing spaces."""
    rows = [[str(c) for c in r] for r in rows]
    n = max((len(r) for r in rows), default=0)
    widths = [max((width(r[i]) for r in rows if i < len(r)), default=0) for i in range(n)]
    align = (align or "").ljust(n, "l")
    out = []
    for r in rows:
        cells = [(right if align[i] == "r" else left)(c, widths[i]) for i, c in enumerate(r)]
        out.append(gap.join(cells).rstrip())
    return out
