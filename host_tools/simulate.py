"""`xqclock simulate`: the whole clock on the desktop, at the bus level.

The unmodified firmware runs on a stand-in for the Pico's `machine` module;
its I2C bytes and TM1637 pin wiggles reach models of the chips, which decode
them into the pixels and segments shown here.
"""
import sys
import tempfile
from pathlib import Path

from host_tools import firmware_path, unixport
from host_tools.inputs import UsageError, file_name


def install():
    """Make the firmware's bare `import machine` and `import framebuf` find the
    stand-ins, host_tools.mpy.sim.machine and .framebuf themselves: one module
    each under two names, one virtual clock."""
    from host_tools.mpy.sim import framebuf, machine
    sys.modules["machine"] = machine
    sys.modules["framebuf"] = framebuf


def profile_path(name):
    """The board profile --profile names, checked (firmware_path.checked_profile)."""
    try:
        return firmware_path.checked_profile(name)
    except ValueError as e:
        raise UsageError(f"--profile: {e}") from None


def headless(profile, script_text, vm="cpython", directory=None, settings=None):
    """Play a script; returns [(snapshot name, display index, frame bytes)].
    `settings` (clock, language, sound: the command line's) win over the
    script's own. The board's flash (journal, settings) is kept in `directory`
    if given. A script that sets flash-free plays on the MicroPython VM
    whatever `vm` says: its board's filesystem is littlefs, which CPython does
    not have."""
    settings = settings or {}
    if directory is None:
        with tempfile.TemporaryDirectory(prefix="xqclock-sim-") as tmp:
            return headless(profile, script_text, vm, tmp, settings)
    install()
    from host_tools.mpy.sim import script
    if script.parse(script_text)[3]["flash_free"] is not None:
        vm = "micropython"
    frames = []
    flash = str(Path(directory).resolve())
    if vm == "cpython":
        from host_tools.mpy.sim import headless as runner
        runner.run(str(profile_path(profile)), script_text, flash,
                   lambda name, i, b: frames.append((name, i, bytes(b))), settings)
        return frames
    with tempfile.TemporaryDirectory(prefix="xqclock-script-") as tmp:
        script_file = Path(tmp) / "script.txt"
        script_file.write_text(script_text, encoding="utf-8")
        import json
        proc = unixport.run(unixport.SCRIPTS / "headless.py", profile_path(profile), script_file, flash,
                            json.dumps(settings),
                            path=(*unixport.SIM_PATH, firmware_path.FIRMWARE))
    for line in proc.stdout.splitlines():
        if line.startswith("ERROR "):
            raise ValueError(line[6:])
        if line.startswith("SNAP "):
            _, name, i, hexdata = line.split()
            frames.append((name, int(i), bytes.fromhex(hexdata)))
    if proc.returncode:
        raise RuntimeError(f"the MicroPython VM failed:\n{proc.stderr or proc.stdout}")
    return frames


def write_pngs(profile, frames, directory):
    """The frames of headless() as PNG pictures of the profile's displays."""
    from device.board import load_profile
    from host_tools.desktop import png
    from host_tools.desktop.picture import picture
    kind = load_profile(str(profile_path(profile)))["display"]["kind"]
    Path(directory).mkdir(parents=True, exist_ok=True)
    written = []
    for name, i, frame in frames:
        path = Path(directory) / f"{file_name(name, 'snapshot')}-{'left' if i == 0 else 'right'}.png"
        png.write(path, picture(kind, frame))
        written.append(path)
    return written


def interactive(profile, values, directory, terminal=False, seconds=None):
    """The clock in a window (or the terminal), running in real time."""
    install()
    from device.board import load_profile
    from host_tools.mpy.sim.rig import Rig
    rig = Rig(load_profile(str(profile_path(profile))), values, str(directory))
    from host_tools.desktop import window
    if not terminal and window.has_display():
        try:
            window.Window(rig, sound=values["sound"]).loop(seconds=seconds)
            return
        except ImportError:
            print("xqclock: pygame is not installed; drawing in the terminal", file=sys.stderr)
    if not sys.stdin.isatty():
        raise SystemExit("xqclock: no display and no terminal to draw in; "
                         "use --headless --script FILE --png DIR")
    from host_tools.desktop import terminal as term
    term.loop(rig)
