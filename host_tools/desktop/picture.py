"""A display's frame bytes (see frames.py) as rows of 0/1 pixels: the
display alone (pixels), or, for PNG screenshots, under a strip with the
running-side LED beside it (picture: a filled square when lit, its outline
when not)."""
from host_tools.desktop import segments

LED_ROWS = 10


def pixels(kind, frame):
    """Frame bytes -> rows of 0/1 pixels of that display."""
    if kind == "ssd1306":
        return [[(frame[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]
    return segments.render(frame)


def led_lit(kind, frame):
    return frame[-1] == 1  # after the pixels or the digits


def picture(kind, frame):
    """The display's pixels under a strip that shows its LED."""
    rows = pixels(kind, frame)
    width = len(rows[0])
    strip = [[0] * width for _ in range(LED_ROWS)]
    lit = led_lit(kind, frame)
    x0 = width // 2 - 3
    for y in range(2, 8):
        for x in range(x0, x0 + 6):
            if lit or y in (2, 7) or x in (x0, x0 + 5):
                strip[y][x] = 1
    return strip + rows
