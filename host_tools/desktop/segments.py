"""Draw a TM1637 frame (on, brightness, four digit registers) as pixels:
four 7-segment digits with the colon; or an HT1621 frame (on, 0, six digit
registers): six digits with their points; for screenshots, the terminal and the window."""

W, H, T = 12, 22, 2  # digit size and segment thickness, in pixels


def render(frame):
    if len(frame) == 9:
        return _render_lcd(frame)
    on, digits = frame[0], frame[2:6]
    width = 4 * (W + 4) + 8
    rows = [[0] * width for _ in range(H + 4)]

    def box(x, y, w, h):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                rows[yy][xx] = 1

    if not on:
        return rows
    for d in range(4):
        bits = digits[d]
        x = 2 + d * (W + 4) + (8 if d >= 2 else 0)
        y = 2
        half = H // 2
        parts = ((T, 0, W - 2 * T, T), (W - T, T, T, half - T), (W - T, half, T, half - T),
                 (T, H - T, W - 2 * T, T), (0, half, T, half - T), (0, T, T, half - T),
                 (T, half - 1, W - 2 * T, T))
        for seg in range(7):
            if bits & (1 << seg):
                sx, sy, sw, sh = parts[seg]
                box(x + sx, y + sy, sw, sh)
    if digits[1] & 0x80:  # the colon
        cx = 2 + 2 * (W + 4) + 1
        box(cx, 2 + 6, 3, 3)
        box(cx, 2 + H - 9, 3, 3)
    return rows


def _render_lcd(frame):
    on, digits = frame[0], frame[2:8]
    width = 6 * (W + 6) + 4
    rows = [[0] * width for _ in range(H + 4)]
    if not on:
        return rows
    half = H // 2
    parts = ((T, 0, W - 2 * T, T), (W - T, T, T, half - T), (W - T, half, T, half - T),
             (T, H - T, W - 2 * T, T), (0, half, T, half - T), (0, T, T, half - T),
             (T, half - 1, W - 2 * T, T), (W + 1, H - T, T, T))  # the last: the point
    for d in range(6):
        x = 2 + d * (W + 6)
        for seg in range(8):
            if digits[d] & (1 << seg):
                sx, sy, sw, sh = parts[seg]
                for yy in range(2 + sy, 2 + sy + sh):
                    for xx in range(x + sx, x + sx + sw):
                        rows[yy][xx] = 1
    return rows
