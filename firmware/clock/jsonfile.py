# JSON from outside (settings, network settings, board profiles, a journal's
# header), read within the limits of clock/limits.py: its size first, then
# its nesting, so that neither VM's parser is given what would exhaust it
# (CPython's json recursion ends in RecursionError, MicroPython's in
# MemoryError on a Pico).

import json
import os

from clock.limits import JSON_BYTES, JSON_DEPTH

NOT_JSON = "not JSON text"


def depth(data):
    """How deep the brackets of JSON bytes or text nest (those inside strings not counted)."""
    deepest = level = 0
    text = escaped = False
    for b in data:
        if not isinstance(b, int):
            b = ord(b)
        if text:
            if escaped:
                escaped = False
            elif b == 92:  # backslash
                escaped = True
            elif b == 34:  # quote
                text = False
        elif b == 34:
            text = True
        elif b == 91 or b == 123:  # [ {
            level += 1
            if level > deepest:
                deepest = level
        elif b == 93 or b == 125:
            level -= 1
    return deepest


def read(path, max_bytes=JSON_BYTES):
    """A file's bytes, at most max_bytes + 1 of them (enough for loads to say it is
    larger): a file too big for a Pico's heap is never read whole. OSError if none.
    The read asks for no more than the file holds: read(n) takes n bytes in one
    block at first, and a Pico's heap after boot may have no 16 KB block free."""
    size = os.stat(path)[6]
    with open(path, "rb") as f:
        return f.read((size if size < max_bytes else max_bytes) + 1)


def loads(data, max_bytes=JSON_BYTES, max_depth=JSON_DEPTH):
    """The value of JSON bytes (or text: then its characters are counted); ValueError saying why not: not JSON,
    more than max_bytes, or nested deeper than max_depth."""
    if len(data) > max_bytes:
        raise ValueError("larger than the %d bytes a clock reads" % max_bytes)
    if depth(data) > max_depth:
        raise ValueError("nested more than %d deep" % max_depth)
    try:
        return json.loads(data)
    except ValueError:  # UnicodeDecodeError too (CPython)
        raise ValueError(NOT_JSON)
