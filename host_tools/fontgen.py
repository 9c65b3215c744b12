"""Generate firmware/device/glyphs.py and glyphs.bin: the 16x16 GNU Unifont
glyphs of exactly the Chinese characters the screens use (chinese_characters()):
the characters in glyphs.py, their bitmaps in glyphs.bin (which the board
reads in place from its flash: device/glyphfile.py).

    python -m host_tools.fontgen            # rewrite firmware/device/glyphs.py and glyphs.bin
    python -m host_tools.fontgen --check    # exit 1 if the committed files are stale
    python -m host_tools.fontgen --hex PATH # use another unifont.hex(.gz)
    python -m host_tools.fontgen --ruling   # host_tools/ruling/glyphs.py (the ruling's picture)

GNU Unifont is not on PyPI; on Debian/Ubuntu install the package `unifont`
(its .hex files are under /usr/share/unifont). The generated files are committed,
so nothing else (tests, the firmware) needs the font.

A Unifont .hex line is `CODEPOINT:BITMAP`, the bitmap in hex, 16 rows top to
bottom; a 16-pixel-wide glyph has 4 hex digits (2 bytes) per row, most
significant bit = leftmost pixel. That is exactly framebuf's MONO_HLSB layout
for a 16x16 image, so the bytes are copied as they are.
"""
import argparse
import gzip
import hashlib
import re
import subprocess
import sys
from pathlib import Path

from host_tools import firmware_path

GLYPH_BYTES = 32  # 16 rows x 2 bytes
SEARCH_DIRS = (Path("/usr/share/unifont"), Path("/usr/local/share/unifont"))
HEX_NAMES = ("unifont.hex", "unifont.hex.gz")
TARGET = firmware_path.FIRMWARE / "device" / "glyphs.py"

# The font's own licence statement (the `license` name entry of Unifont's
# OTF/TTF files since 13.0.04; checked in Debian's 15.0.01 unifont.otf).
# Debian's /usr/share/doc/unifont/copyright lists the glyphs as GPL-2+ only.
LICENCE = (
    "Dual licence: SIL Open Font License 1.1, or GNU GPL version 2 or later with\n"
    "# the GNU Font Embedding Exception (since Unifont 13.0.04; Debian's copyright\n"
    "# file for the package lists GPL-2+). This file is a subset of the font, so it\n"
    "# stays under the font's licence, not the project's MIT licence."
)
COPYRIGHT = ("Copyright 1998-2022 Roman Czyborra, Paul Hardy, Qianqian Fang, Andrew Miller,\n"
             "# Johnnie Weaver, David Corbett, Nils Moskopp, Rebecca Bettencourt, et al.")


class FontError(Exception):
    """The font is missing or lacks a usable glyph."""


def find_unifont(explicit=None):
    """The path of unifont.hex (or .hex.gz); FontError with install advice if absent."""
    if explicit is not None:
        path = Path(explicit)
        if not path.is_file():
            raise FontError(f"{path}: no such file")
        return path
    for folder in SEARCH_DIRS:
        for name in HEX_NAMES:
            path = folder / name
            if path.is_file():
                return path
    looked = ", ".join(str(d / n) for d in SEARCH_DIRS for n in HEX_NAMES)
    raise FontError("GNU Unifont not found (looked for " + looked + "): install the Debian "
                    "package unifont (`apt-get install unifont`), or pass --hex PATH")


def read_hex(path):
    """The .hex file's bytes, decompressed if it is gzipped."""
    data = Path(path).read_bytes()
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    return data


def font_version(path):
    """Unifont's version: from the file name (upstream ships unifont-15.0.01.hex),
    else from the Debian package that owns /usr/share/unifont, else 'unknown'."""
    m = re.search(r"unifont-(\d+(?:\.\d+)+)", Path(path).name)
    if m:
        return m.group(1)
    if str(Path(path).resolve()).startswith("/usr/share/unifont/"):
        try:
            out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "unifont"],
                                 capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            out = None
        if out is not None and out.returncode == 0 and out.stdout.strip():
            deb = out.stdout.strip()  # e.g. 1:15.0.01-2
            upstream = deb.split(":", 1)[-1].rsplit("-", 1)[0]
            return f"{upstream} (Debian package unifont {deb})"
    return "unknown version"


def load_glyphs(data, chars):
    """{char: 32 bytes} for each of chars, from the .hex text; FontError if one
    is missing or is not 16x16 (Unifont draws some characters 8 pixels wide)."""
    wanted = {f"{ord(ch):04X}": ch for ch in chars}
    found = {}
    for line in data.decode("ascii").splitlines():
        code, sep, bitmap = line.partition(":")
        ch = wanted.get(code.strip().upper())
        if ch is None or not sep:
            continue
        bitmap = bitmap.strip()
        if len(bitmap) != 2 * GLYPH_BYTES:
            width = len(bitmap) * 4 // 16
            raise FontError(f"U+{ord(ch):04X} {ch!r} is {width} pixels wide in Unifont; "
                            "the screens draw only 16x16 glyphs")
        found[ch] = bytes.fromhex(bitmap)
    missing = [f"U+{ord(ch):04X} {ch}" for ch in chars if ch not in found]
    if missing:
        raise FontError("not in the font: " + ", ".join(missing))
    return found


def _bytes_literal(data):
    """b"..." with printable ASCII kept (except quote and backslash), the rest as \\xNN:
    compact, deterministic, and read the same by CPython and MicroPython."""
    out = []
    for b in data:
        if 0x20 <= b < 0x7F and b not in (0x22, 0x5C):
            out.append(chr(b))
        else:
            out.append(f"\\x{b:02x}")
    return 'b"' + "".join(out) + '"'


def render(chars, data, version, bitmaps_file=True):
    """(text of glyphs.py, bytes of glyphs.bin) for chars (any order; stored
    sorted) from .hex bytes; with bitmaps_file False, the bitmaps are BITMAPS
    in glyphs.py itself (the host's own copy, for the ruling's picture) and the
    bytes are None."""
    from device import glyphfile
    chars = "".join(sorted(set(chars)))
    if any(ord(ch) < 128 for ch in chars):
        raise FontError("ASCII is drawn with framebuf's 8x8 font, not from glyphs.py")
    glyphs = load_glyphs(data, chars)
    digest = hashlib.sha256(data).hexdigest()
    bitmaps = b"".join(glyphs[ch] for ch in chars)
    lines = [
        "# Generated by host_tools/fontgen.py from GNU Unifont " + version + ": do not edit.",
        "# Regenerate with `python -m host_tools.fontgen` after changing the words in",
        "# device/lang.py.",
        "# Source: unifont.hex, sha256 " + digest,
        "#",
        "# Glyphs from GNU Unifont, https://unifoundry.com/unifont/",
        "# " + COPYRIGHT,
        "# " + LICENCE,
        "#",
    ]
    if not bitmaps_file:
        lines += [
            f"# {len(chars)} glyphs. BITMAPS holds {GLYPH_BYTES} bytes per character of CHARS, in",
            "# order: a 16x16 MONO_HLSB bitmap, 2 bytes per row, top row first, MSB = leftmost",
            "# pixel.",
            "",
            f'CHARS = "{chars}"',
            "",
            "BITMAPS = (",
        ]
        for ch in chars:
            lines.append(f"    {_bytes_literal(glyphs[ch])}  # {ch} U+{ord(ch):04X}")
        lines.append(")")
        return "\n".join(lines) + "\n", None
    sha = hashlib.sha256(bitmaps).digest()
    lines += [
        f"# {len(chars)} glyphs. glyphs.bin holds, after its {glyphfile.HEADER}-byte header, {GLYPH_BYTES} bytes per",
        "# character of CHARS, in order: a 16x16 MONO_HLSB bitmap, 2 bytes per row, top row",
        "# first, MSB = leftmost pixel (device/glyphfile.py reads them). DIGEST: the start",
        "# of the bitmaps' sha256, as the header holds it.",
        "",
        f'CHARS = "{chars}"',
        f'DIGEST = "{sha[:8].hex()}"',
    ]
    return "\n".join(lines) + "\n", glyphfile.header(len(chars), sha) + bitmaps


RULING_TARGET = Path(__file__).resolve().parent / "ruling" / "glyphs.py"


def generate(hex_path=None, ruling=False):
    """(path of the font, characters, text of glyphs.py, bytes of glyphs.bin)
    for the characters lang.py uses, or (ruling) those the ruling's picture
    draws (host_tools/ruling/picture.py: no .bin, the host keeps them in RAM)."""
    path = find_unifont(hex_path)
    if ruling:
        from host_tools.ruling import picture
        chars = "".join(ch for ch in picture.CHARS if ord(ch) >= 128)
        text, _ = render(chars, read_hex(path), font_version(path), bitmaps_file=False)
        text = text.replace("# device/lang.py.", "# host_tools/ruling/picture.py (CHARS), with --ruling.")
        return path, chars, text, None
    chars = chinese_characters()
    return (path, chars, *render(chars, read_hex(path), font_version(path)))


def chinese_characters():
    """Every Chinese character the screens can show: device/lang_zh.py's words
    and the menus' (device/menuwords.py)."""
    from device import lang, lang_zh
    from device.menuwords import MENU, MENU_KEYS
    words = [pair[lang.ZH] for pair in (*MENU.values(), MENU_KEYS)]
    for name, value in vars(lang_zh).items():
        if name.isupper():
            words.extend(value if isinstance(value, list) else [value])
    return "".join(sorted({ch for word in words for ch in word if ord(ch) > 127}))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.fontgen",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--hex",
                        help="unifont.hex or unifont.hex.gz (default: the Debian package's)")
    parser.add_argument("--out", help=f"where to write (default: {TARGET}, or {RULING_TARGET} with --ruling)")
    parser.add_argument("--ruling", action="store_true",
                        help="the glyphs of the ruling's picture (xqclock ruling --png) instead of the screens'")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if --out differs from what would be generated")
    args = parser.parse_args(argv)
    try:
        path, chars, text, bitmaps = generate(args.hex, args.ruling)
    except FontError as e:
        print(f"fontgen: {e}", file=sys.stderr)
        return 2
    out = Path(args.out or (RULING_TARGET if args.ruling else TARGET))
    files = {out: text.encode("utf-8")}
    if bitmaps is not None:
        files[out.with_suffix(".bin")] = bitmaps
    if args.check:
        stale = [str(p) for p, data in files.items() if not (p.is_file() and p.read_bytes() == data)]
        if not stale:
            print(f"{' and '.join(map(str, files))} up to date")
            return 0
        print(f"{' and '.join(stale)} stale: run python -m host_tools.fontgen", file=sys.stderr)
        return 1
    for p, data in files.items():
        p.write_bytes(data)
    n = len(set(chars))
    print(f"wrote {' and '.join(map(str, files))}: {n} glyphs, {n * GLYPH_BYTES} bytes of bitmaps, from {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
