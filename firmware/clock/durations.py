# Durations as integer milliseconds: parsing the forms organisers write
# ("1h30m", "90m", "2.5s", "1:30:00", "2:03.5") and wording them back. Read
# at power-on and between games (the board forgets it after); the clock's own
# reading of a remaining time is clock/reading.py.

_UNITS = ("h", "m", "s", "ms")  # in the order they must be written
_UNIT_MS = (3600000, 60000, 1000, 1)
LIMIT_MS = (1 << 30) - 1  # about 12.4 days: the Pico's small integers


def digits(text):
    """Whether text is one or more ASCII digits (str.isdigit also takes others)."""
    if not text:
        return False
    for c in text:
        if not "0" <= c <= "9":
            return False
    return True


def _number_ms(text, unit_ms, whole):
    # "2.5" in units of unit_ms -> ms, exactly (integers only, no floats)
    ipart, dot, frac = text.partition(".")
    if not digits(ipart) or (dot and not digits(frac)):
        raise ValueError("bad duration '%s'" % whole)
    ms = int(ipart) * unit_ms
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
    if not digits(minutes):
        raise ValueError("bad duration '%s'" % text)
    if len(parts) == 3:
        if not digits(parts[0]) or len(minutes) != 2 or int(minutes) >= 60:
            raise ValueError("bad duration '%s'" % text)
        ms += int(parts[0]) * 3600000
    return ms + int(minutes) * 60000


def _units_ms(text):
    ms = 0
    i = 0
    n = len(text)
    last = -1  # units come largest first, each at most once
    while i < n:
        j = i
        while j < n and ("0" <= text[j] <= "9" or text[j] == "."):
            j += 1
        k = j
        while k < n and "a" <= text[k] <= "z":
            k += 1
        unit = text[j:k]
        u = _UNITS.index(unit) if unit in _UNITS else -1
        if j == i or u <= last:
            raise ValueError("bad duration '%s' (use a unit, e.g. 90m, 1h30m, 2.5s, 1:30:00)" % text)
        ms += _number_ms(text[i:j], _UNIT_MS[u], text)
        last = u
        i = k
    return ms


def parse_ms(text):
    """'1h2m3.25s' or 'H:MM:SS[.fff]' / 'M:SS[.fff]' -> integer milliseconds."""
    if not text:
        raise ValueError("missing duration")
    if text.strip("0") == "":  # a bare zero needs no unit
        return 0
    ms = _colon_ms(text) if ":" in text else _units_ms(text)
    if ms > LIMIT_MS:
        raise ValueError("'%s' is too long (the clock counts up to 12 days)" % text)
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
