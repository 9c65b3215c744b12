"""package.json for mip: `mpremote mip install --target / github:OWNER/xqclock`.

The firmware's files as source (.py; the board compiles them at import) and
its data (.bin: the glyphs' bitmaps), the boot step as /boot.py, and both
board profiles under /profiles/ (copy the right one to /profile.json).
Relative URLs: mip takes them from the same repository and branch as
package.json. Regenerate with
`python -m host_tools.board.mip` after adding or removing a firmware file
(tests/board/test_boards.py checks that it is current).
"""
import json
import sys
from pathlib import Path

from host_tools.board import FIRMWARE, PROFILES, version

ROOT = Path(__file__).resolve().parents[2]  # the checkout whose files package.json names


def package():
    urls = []
    for path in sorted([*FIRMWARE.rglob("*.py"), *FIRMWARE.rglob("*.bin")]):
        rel = path.relative_to(FIRMWARE).as_posix()
        if "__pycache__" not in rel:
            urls.append([rel, f"firmware/{rel}"])
    if not (FIRMWARE / "boot.py").exists():
        urls.append(["boot.py", "host_tools/mpy/board/boot.py"])
    for path in sorted(PROFILES.glob("*.json")):
        urls.append([f"profiles/{path.name}", f"hardware/profiles/{path.name}"])
    return {"version": version(), "urls": urls, "deps": []}


def text():
    """package.json's text: one URL pair a line."""
    pkg = package()
    urls = ",\n".join(f"    {json.dumps(pair)}" for pair in pkg["urls"])
    return (f'{{\n  "version": {json.dumps(pkg["version"])},\n  "urls": [\n{urls}\n  ],\n'
            f'  "deps": {json.dumps(pkg["deps"])}\n}}\n')


if __name__ == "__main__":
    out = ROOT / "package.json"
    out.write_text(text())
    print(f"wrote {out}", file=sys.stderr)
