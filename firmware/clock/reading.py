# How a clock reads a time: the digits its display shows for a number of
# milliseconds, rounded as players expect (up: a clock never shows 0:00 while
# time is left). The screens' only need of time lengths while a game runs;
# parsing them from a time control's text is clock/durations.py.

TENTHS_MS = 20000  # tenths show below this (a setting on the board: 0 for never, up to 60 s)


def time_text(ms, out, tenths_below=TENTHS_MS):
    """Write the clock's reading of ms into out (a bytearray of 8); returns
    its length. Below tenths_below ms it reads S.t or SS.t (rounded up)."""
    if ms <= 0:
        out[0:4] = b"0:00"
        return 4
    tenths = (ms + 99) // 100
    if tenths * 100 < tenths_below:
        n = 0
        if tenths >= 100:
            out[0] = 48 + tenths // 100
            n = 1
        out[n] = 48 + tenths // 10 % 10
        out[n + 1] = 46  # '.'
        out[n + 2] = 48 + tenths % 10
        return n + 3
    s = (ms + 999) // 1000
    n = 0
    if s >= 3600:
        h = s // 3600
        if h >= 10:
            out[0] = 48 + h // 10 % 10
            n = 1
        out[n] = 48 + h % 10
        out[n + 1] = 58  # ':'
        n += 2
        m = s // 60 % 60
        out[n] = 48 + m // 10
        n += 1
    else:
        m = s // 60
        if m >= 10:
            out[n] = 48 + m // 10
            n += 1
    out[n] = 48 + m % 10
    out[n + 1] = 58
    out[n + 2] = 48 + s % 60 // 10
    out[n + 3] = 48 + s % 10
    return n + 4


def shown(ms, tenths_below=TENTHS_MS):
    """What a clock's display reads for ms (time_text, as a str): for the host's
    reports and demo, so they round exactly as the clock does."""
    out = bytearray(8)
    return bytes(out[:time_text(ms, out, tenths_below)]).decode()
