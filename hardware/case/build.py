#!/usr/bin/env python3
"""Every printable part of every build's case as STL, and a picture of each
assembled case, from hardware/case/case.scad with OpenSCAD (Debian's
`openscad`; the pictures need a display, or `xvfb-run` from Debian's `xvfb`).

    python3 hardware/case/build.py            # into hardware/case/stl/ and hardware/case/*.png
    python3 hardware/case/build.py --stl-only # no pictures (no display needed)

The STLs (binary, so they stay small) and the pictures are committed: a
maker prints without OpenSCAD, and hardware/README.md shows the pictures.
case.scad stays the source: run this after changing it."""
import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCAD = HERE / "case.scad"
BUILDS = ("oled", "oled242", "segment7")
PARTS = ("base", "top", "door")  # per build; the lever is the same for all
CAMERA = "--camera=-120,-260,230,100,50,35"  # front left, above: both panes and the lever


def openscad(out, build="oled", part="assembly", picture=False):
    """Render one part (or the assembly's picture) to `out`; OpenSCAD's messages."""
    cmd = ["openscad", "-o", str(out), "-D", f'build="{build}"', "-D", f'part="{part}"']
    if picture:
        cmd += ["--imgsize=1000,700", CAMERA, "--colorscheme=Tomorrow"]
        if not os.environ.get("DISPLAY") and shutil.which("xvfb-run"):
            cmd = ["xvfb-run", "-a"] + cmd
    proc = subprocess.run(cmd + [str(SCAD)], capture_output=True, text=True)
    if proc.returncode != 0 or "WARNING" in proc.stderr or "ERROR" in proc.stderr:
        raise RuntimeError(f"openscad {build} {part}: " + proc.stderr.strip().splitlines()[-1])
    return proc.stderr


def binary_stl(text):
    """An ASCII STL (OpenSCAD 2021 writes no other) as binary STL: 50 bytes a facet."""
    number = r"(\S+)"
    facets = re.findall(r"facet normal %s %s %s\s+outer loop\s+vertex %s %s %s\s+vertex %s %s %s\s+vertex %s %s %s"
                        % ((number,) * 12), text)
    out = [b"xqclock case, from hardware/case/case.scad".ljust(80, b" "), struct.pack("<I", len(facets))]
    for f in facets:
        out.append(struct.pack("<12fH", *map(float, f), 0))
    return b"".join(out)


def triangles(stl_bytes):
    """The facet count of a binary STL."""
    return struct.unpack_from("<I", stl_bytes, 80)[0]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--stl-only", action="store_true", help="make the STLs only")
    args = p.parse_args(argv)
    if not shutil.which("openscad"):
        print("build.py: OpenSCAD is not installed (Debian: apt-get install openscad)", file=sys.stderr)
        return 2
    stl = HERE / "stl"
    stl.mkdir(exist_ok=True)
    jobs = [(b, part) for b in BUILDS for part in PARTS] + [("oled", "lever")]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            for b, part in jobs:
                name = f"{b}-{part}.stl" if part != "lever" else "lever.stl"
                ascii_stl = Path(tmp) / name
                openscad(ascii_stl, b, part)
                (stl / name).write_bytes(binary_stl(ascii_stl.read_text()))
                print(f"wrote {stl / name}")
        if not args.stl_only:
            for b in BUILDS:
                openscad(HERE / f"{b}.png", b, picture=True)
                print(f"wrote {HERE / (b + '.png')}")
    except RuntimeError as e:
        print(f"build.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
