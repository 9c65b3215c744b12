# Text is UTF-8 wherever it leaves the clock (the journal, the settings, the
# hall's messages, the USB console), byte for byte the same on both VMs.
#
# Two traps, both met with a name outside the Basic Multilingual Plane
# (𠮷, CJK Extension B): JSON may write such a character as a pair of UTF-16
# escapes ("\ud842\udfb7", as CPython's json.dumps does by default), and
# MicroPython's json.loads turns each escape into a character of its own, so
# the pair becomes two lone surrogates, six bytes of CESU-8 (ed a1 82 ed be
# b7) instead of the character's four (f0 a0 ae b7); and CPython's json.dumps
# writes escapes where MicroPython's writes the characters themselves.

import json

_ESCAPES = "\\" in json.dumps("\u00e9")  # CPython's json does; MicroPython's never does


def dumps(value):
    """JSON text with every character as itself (not escaped): the same text on both VMs."""
    if _ESCAPES:
        return json.dumps(value, ensure_ascii=False)  # type: ignore[call-overload]  # CPython only
    return json.dumps(value)


def joined(s):
    """s with each surrogate pair made the one character it encodes; ValueError
    for a surrogate without its other half (not text)."""
    for ch in s:
        if 0xD800 <= ord(ch) <= 0xDFFF:
            break
    else:
        return s  # the usual case: nothing to join, nothing allocated
    parts = []
    high = 0
    for ch in s:
        c = ord(ch)
        if 0xDC00 <= c <= 0xDFFF and high:
            parts.append(chr(0x10000 + ((high - 0xD800) << 10) + (c - 0xDC00)))
            high = 0
        elif high or 0xDC00 <= c <= 0xDFFF:
            raise ValueError("half a character (a lone UTF-16 surrogate)")
        elif c >= 0xD800 and c <= 0xDBFF:
            high = c
        else:
            parts.append(ch)
    if high:
        raise ValueError("half a character (a lone UTF-16 surrogate)")
    return "".join(parts)


def joined_all(value):
    """A JSON value with joined() applied to every string in it (keys too)."""
    if isinstance(value, str):
        return joined(value)
    if isinstance(value, list):
        return [joined_all(v) for v in value]
    if isinstance(value, dict):
        return {joined_all(k): joined_all(v) for k, v in value.items()}
    return value
