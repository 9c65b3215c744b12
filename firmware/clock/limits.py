# Every limit on what the clock takes from outside, declared once. The
# firmware checks against this table on both VMs (the time-control parser,
# device/settings.py, device/hall.py, the JSON files it reads), so what a
# Pico cannot hold is refused in the same words on the host, in the
# simulation and on the board, before it can reach a MemoryError. The host
# tools word their messages from it; docs/LIMITS.md lists it (a test keeps
# the two the same).

SPEC_CHARS = 120  # a time control: one side's spec, or a preset with its amount (and written out: a journal's)
STAGES = 8  # stages of one side's control (CXA's longest has 2, FIDE's 3)
COUNT = 10000  # a count in a time control (moves of a stage, overtime periods, points) and a set move count
BOARD_MAX = 999  # the highest board number
NAME_CHARS = 40  # a player's name ...
NAME_BYTES = 120  # ... and its UTF-8 (40 Chinese characters; fewer outside the BMP)
EVENT_BYTES = 64  # the event's name (UTF-8): in every topic, and a file name on the host
WIFI_BYTES = 32  # a Wi-Fi network's name (802.11's SSID)
WIFI_PASSWORD = (8, 63)  # a WPA2 password's characters (ASCII), or 64 hex digits; "" for an open network
HOST_CHARS = 253  # the broker's address: an IP address or an ASCII host name
ACCOUNT_BYTES = 100  # the broker account's user name and password
JSON_BYTES = 16384  # a JSON file the clock reads (settings, network, board profile)
JSON_DEPTH = 8  # its nesting: [ and { inside each other
TEXT_BYTES = 4000000  # a scenario, button script or pairings file
LINES = 100000  # the lines of a scenario or button script
QUOTE_CHARS = 32  # of a long value, what an error message quotes

EVENT_NOT = "/+#:"  # the event's name: MQTT's topic separators and wildcards, the broker's account separator


def clip(value):
    """A value for an error message: as it is if short, else its start, '...' and its length."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) <= QUOTE_CHARS:
        return text
    return "%s... (%d characters)" % (text[:QUOTE_CHARS - 8], len(text))


def unprintable(text):
    """The first character of text that is no printed character (a control
    character, a lone surrogate), as U+XXXX; None if there is none."""
    for ch in text:
        c = ord(ch)
        if c < 32 or 127 <= c < 160 or 0xD800 <= c <= 0xDFFF:
            return "U+%04X" % c
    return None


def utf8_bytes(text):
    """How many bytes text takes in UTF-8 (what the journal, a topic and the hall's messages carry)."""
    n = 0
    for ch in text:
        c = ord(ch)
        n += 1 if c < 0x80 else 2 if c < 0x800 else 3 if c < 0x10000 else 4
    return n
