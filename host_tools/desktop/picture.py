"""A display's frame bytes (see frames.py) as rows of 0/1 pixels, for PNG
screenshots and the terminal."""
from host_tools.desktop import segments


def pixels(kind, frame):
    """Frame bytes -> rows of 0/1 pixels for a picture of that display."""
    if kind == "ssd1306":
        return [[(frame[(y >> 3) * 128 + x] >> (y & 7)) & 1 for x in range(128)] for y in range(64)]
    return segments.render(frame)
