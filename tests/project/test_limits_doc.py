"""docs/LIMITS.md lists every limit of firmware/clock/limits.py with its value,
and nothing that is not one: the table organisers read is the one the firmware
enforces."""
import re
from pathlib import Path

import host_tools.firmware_path  # clock.* importable
from clock import limits

DOC = Path(__file__).resolve().parents[2] / "docs" / "LIMITS.md"


def test_the_doc_lists_each_limit_with_its_value():
    table = dict(re.findall(r"^\| `([A-Z_]+)` \| ([^|]+) \|", DOC.read_text(encoding="utf-8"), re.MULTILINE))
    declared = {name: value for name, value in vars(limits).items()
                if name.isupper() and isinstance(value, (int, tuple))}
    assert set(table) == set(declared)
    for name, value in declared.items():
        assert table[name].strip() == str(value), name


def test_the_guides_point_to_it():
    for guide in ("ORGANISER.md", "DEVELOPER.md"):
        assert "LIMITS.md" in (DOC.parent / guide).read_text(encoding="utf-8"), guide
