#!/usr/bin/env python3
"""Developer tasks that set themselves up: `python3 tasks.py run|test|quick|bench`.

Only the standard library is used here, so this works on a machine that has
nothing but Python. The first run creates `.venv` and installs the project with
its development tools; later runs reuse it (reinstalling when pyproject.toml
changes).
"""
import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".installed"


def venv():
    """Create .venv and install the project (dev extra) unless it is current."""
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    if not (BIN / "python").exists():
        print("Setting up .venv (first run only)...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(BIN / "python"), "-m", "pip", "install", "-q", "-e", ".[dev]"],
                   cwd=ROOT, check=True)
    STAMP.write_text(wanted)


def run(*cmd):
    return subprocess.call([str(BIN / cmd[0]), *cmd[1:]], cwd=ROOT)


def main(argv):
    task, rest = (argv[0], argv[1:]) if argv else ("help", [])
    if task == "run":
        venv()
        return run("xqclock", "simulate", *rest)
    if task == "test":
        venv()
        return run("python", "-m", "pytest", *rest)
    if task == "quick":
        venv()
        return run("python", "-m", "pytest", "-m", "not slow", *rest)
    if task == "demo":
        venv()
        return run("xqclock", "demo", *rest)
    if task == "bench":
        venv()
        return run("python", "-m", "host_tools.bench", *rest)
    if task == "bench-hall":
        venv()
        return run("python", "-m", "host_tools.hall.bench", *rest)
    print(__doc__.strip())
    print("\ntasks: run (the clock, simulated), test (every test, both VMs; what CI runs),"
          "\n       quick (the tests not marked slow: no virtual boards, emulated Pico, power cuts or wheel),"
          "\n       bench (figures on MicroPython), bench-hall (500 clocks through Mosquitto to the hall page),"
          "\n       demo (an example game printed move by move)")
    return 0 if task == "help" else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
