"""The command line's files, folders and numbers, checked before anything is
done with them. Each problem is a UsageError: one line naming the argument
and what is wrong with it (the CLI prints it and exits with status 2)."""
import argparse
import os
import sys
import tempfile
from pathlib import Path


class UsageError(Exception):
    """A bad argument: the message names it and says what is wrong."""


LONG_RUN = 200  # characters without a space: a value pasted in, not a word or a file's path


def said(message):
    """An error message as printed: one line, and of a long value (a 100,000-character
    name or time control) only its start (clock/limits.py: clip)."""
    return _shown(" ".join(str(message).splitlines()))


def escaped(text):
    """text for the terminal: each control character (a tab aside) as its escape, so
    that a name holding ESC [2J clears no screen."""
    return "".join(ch if ch == "\t" or not (ord(ch) < 32 or 127 <= ord(ch) < 160) else repr(ch)[1:-1]
                   for ch in text)


def _shown(line):
    """A line for the terminal: escaped, and a long run of characters clipped."""
    import re
    import host_tools.firmware_path  # clock.* importable
    from clock.limits import clip
    line = escaped(line)

    def clipped(m):
        run = m.group(0)
        colon = ":" if run.endswith(":") else ""  # the value's, or the message's after it
        return clip(run[:len(run) - len(colon)]) + colon
    return re.sub(r"[^\s'\"]{%d,}" % LONG_RUN, clipped, line)


class SaidStream:
    """Standard error for a command: every line it writes shown as _shown() shows it,
    whichever part of xqclock wrote it."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return self.stream.write("\n".join(_shown(line) for line in text.split("\n")))

    def __getattr__(self, name):
        return getattr(self.stream, name)


def unfiltered(stream):
    """The stream under SaidStream's filter (else the stream itself): for rich's live
    bars, whose escapes the terminal must act on (rich drops the control characters
    of the text it draws, so no name or note reaches the terminal as one)."""
    return stream.stream if isinstance(stream, SaidStream) else stream


def read_bytes(path, what, most=None):
    """A file's bytes; a missing file, a folder, an unreadable one or one of more
    than `most` bytes (read no further) is refused."""
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{what} {path}: is a folder, not a file")
    try:
        with open(p, "rb") as f:
            data = f.read(-1 if most is None else most + 1)
        if most is not None and len(data) > most:
            raise UsageError(f"{what} {path}: larger than the {most} bytes a text file may have")
        return data
    except FileNotFoundError:
        raise UsageError(f"{what} {path}: no such file") from None
    except OSError as e:
        raise UsageError(f"{what} {path}: cannot read it ({e.strerror})") from None


def read_text(path, what):
    """A UTF-8 text file (a byte-order mark is dropped), or standard input for "-"."""
    import host_tools.firmware_path  # clock.* importable
    from clock.limits import TEXT_BYTES
    if str(path) == "-":
        data = sys.stdin.buffer.read(TEXT_BYTES + 1)
        what, path = what, "(standard input)"
    else:
        data = read_bytes(path, what, TEXT_BYTES)
    if len(data) > TEXT_BYTES:
        raise UsageError(f"{what} {path}: larger than the {TEXT_BYTES} bytes a text file may have")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[:e.start].count(b"\n") + 1
        raise UsageError(f"{what} {path}: line {line} is not UTF-8 text (byte 0x{data[e.start]:02x}); "
                         "save it as UTF-8") from None


def out_dir(path, what, make=True):
    """A folder to write into: made if missing (unless make=False: then only checked
    that it could be); a file or an unwritable place is refused."""
    if not str(path):
        raise UsageError(f"{what}: give a folder (an empty name was given)")
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise UsageError(f"{what} {path}: is a file, not a folder")
    if not make:
        first = next(a for a in (p, *p.absolute().parents) if a.exists())
        if not first.is_dir():
            raise UsageError(f"{what} {path}: {first} is a file, not a folder")
        try:  # a folder made and removed: what permissions do not tell (/proc, root) is found now
            os.rmdir(tempfile.mkdtemp(prefix=".xqclock-", dir=first))
        except OSError as e:
            raise UsageError(f"{what} {path}: cannot write there ({e.strerror})") from None
        return p
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"{what} {path}: cannot make the folder ({e.strerror})") from None
    if not os.access(p, os.W_OK | os.X_OK):
        raise UsageError(f"{what} {path}: cannot write there (permission denied)")
    return p


def out_file(path, what):
    """A file to write: not a folder, its folder made, and the file opened once
    for writing (then left as it was), so that what cannot be written is said
    before any work, even where permissions do not tell (/proc, root)."""
    if not str(path):
        raise UsageError(f"{what}: give a file name (an empty name was given)")
    p = Path(path)
    if p.is_dir():
        raise UsageError(f"{what} {path}: is a folder; give a file name")
    out_dir(p.parent, what)
    existed = p.exists()
    try:
        with open(p, "ab"):
            pass
    except OSError as e:
        raise UsageError(f"{what} {path}: cannot write it ({e.strerror})") from None
    if not existed:
        p.unlink()
    return p


def csv_rows(text, what):
    """[(line number, cells)] of CSV text; UsageError naming the line of what no
    CSV writer makes (a field of 128 KB, a NUL)."""
    import csv
    import io
    reader = csv.reader(io.StringIO(text))
    rows = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as e:
        raise UsageError(f"{what}: line {reader.line_num + 1}: not CSV ({e})") from None
    return rows


def file_name(text, default="unnamed"):
    """A name from a script or a journal as one plain file name, never a path: a
    folder separator, a control character or a character Windows refuses becomes
    '_', leading dots go (no '..', no hidden file), and it is kept short."""
    out = "".join("_" if ch in '/\\:*?"<>|' or ord(ch) < 32 or ord(ch) == 127 else ch for ch in str(text))
    return out.lstrip(".")[:100] or default


def count(text):
    """argparse type: a whole number of at least 1."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number of at least 1")
    return n


def seconds(text):
    """argparse type: a number of seconds above 0."""
    try:
        s = float(text)
    except ValueError:
        s = 0.0
    if not 0 < s < 1e6:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds above 0")
    return s



def read_certificate(path, what):
    """A PEM certificate's text (UsageError naming `what` if the file is not one)."""
    text = read_text(path, what)
    if "-----BEGIN CERTIFICATE-----" not in text:
        raise UsageError(f"{what} {path}: not a PEM certificate (no -----BEGIN CERTIFICATE----- line)")
    return text
