# Which characters the clock can draw: ASCII in framebuf's 8x8 font, Chinese
# in the 16x16 glyphs of device/glyphs.py (the screens' own words). The host
# asks too, so a name with others is named at push time (xqclock config push).
# The glyphs are imported only for a string with a non-ASCII character.


def missing(s):
    """The characters of s the clock has no glyph for, each once, in order ("" if none)."""
    out = ""
    for ch in s:
        if ord(ch) >= 128:
            from device.glyphs import CHARS
            if CHARS.find(ch) < 0 and out.find(ch) < 0:
                out += ch
    return out
