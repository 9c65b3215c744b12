# Durations as integer milliseconds: parsing the forms organisers write
# ("1h30m", "90m", "2.5s", "1:30:00", "2:03.5") and wording them back.

_UNIT_MS = {"h": 3600000, "m": 60000, "s": 1000, "ms": 1}


def _number_ms(text, unit_ms, whole):
    # "2.5" in units of unit_ms -> ms, exactly (integers only, no floats)
    if text.count(".") > 1 or text in ("", "."):
        raise ValueError("bad duration '%s'" % whole)
    ipart, _, frac = text.partition(".")
    if not (ipart or frac) or not (ipart + frac).isdigit():
        raise ValueError("bad duration '%s'" % whole)
    ms = int(ipart or "0") * unit_ms
    if frac:
        scale = 10 ** len(frac)
        part = int(frac) * unit_ms
        if part % scale:
            raise ValueError("'%s' is finer than a millisecond" % whole)
        ms += part // scale
    return ms


def _colon_ms(text):
    parts = text.split(":")
    if len(parts) > 3:
        raise ValueError("bad duration '%s'" % text)
    ms = _number_ms(parts[-1], 1000, text)
    if len(parts[-1].partition(".")[0]) != 2:
        raise ValueError("bad duration '%s': seconds need two digits" % text)
    if ms >= 60000:
        raise ValueError("bad duration '%s': seconds must be under 60" % text)
    minutes = parts[-2]
    if not minutes.isdigit():
        raise ValueError("bad duration '%s'" % text)
    if len(parts) == 3:
        if not parts[0].isdigit() or len(minutes) != 2 or int(minutes) >= 60:
            raise ValueError("bad duration '%s'" % text)
        ms += int(parts[0]) * 3600000
    return ms + int(minutes) * 60000


def parse_ms(text):
    """'1h2m3.25s' or 'H:MM:SS[.fff]' / 'M:SS[.fff]' -> integer milliseconds."""
    if not text:
        raise ValueError("missing duration")
    if ":" in text:
        return _colon_ms(text)
    if text.strip("0") in ("", "."):  # a bare zero needs no unit
        return 0
    ms = 0
    i = 0
    n = len(text)
    seen = ""
    while i < n:
        j = i
        while j < n and (text[j].isdigit() or text[j] == "."):
            j += 1
        k = j
        while k < n and text[k].isalpha():
            k += 1
        unit = text[j:k]
        if j == i or unit not in _UNIT_MS or unit in seen.split(","):
            raise ValueError("bad duration '%s' (use a unit, e.g. 90m, 1h30m, 2.5s, 1:30:00)" % text)
        ms += _number_ms(text[i:j], _UNIT_MS[unit], text)
        seen += unit + ","
        i = k
    return ms


def words(ms):
    """Milliseconds in the words of a time-control description: '90 min', '30 s'."""
    if ms % 60000 == 0 and ms:
        return "%d min" % (ms // 60000)
    minutes = ms // 60000
    sec = ms % 60000
    s = "%d" % (sec // 1000)
    if sec % 1000:
        s += (".%03d" % (sec % 1000)).rstrip("0")
    s += " s"
    return ("%d min " % minutes + s) if minutes else s

