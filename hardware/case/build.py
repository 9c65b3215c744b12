#!/usr/bin/env python3
"""Every printable part of every build's case as STL, and a picture of each
assembled case, from hardware/case/case.scad with OpenSCAD (Debian's
`openscad`; the pictures need a display, or `xvfb-run` from Debian's `xvfb`).

    python3 hardware/case/build.py            # into hardware/case/stl/ and hardware/case/*.png
    python3 hardware/case/build.py --stl-only # no pictures (no display needed)

The STLs are not committed (several MB, made in about a minute); the
pictures are, for hardware/README.md."""
import argparse
import os
import shutil
import subprocess
import sys
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
        for b, part in jobs:
            name = f"{b}-{part}.stl" if part != "lever" else "lever.stl"
            openscad(stl / name, b, part)
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
