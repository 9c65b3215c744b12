"""Where the firmware and the board profiles are, and the firmware's modules
(clock.*, device.*) importable on the host.

In a checkout they are firmware/ and hardware/profiles/ beside host_tools/; an
installed wheel carries them inside the package (host_tools/firmware,
host_tools/profiles: see pyproject.toml). Host tools import the firmware, never
the reverse; on the board these modules sit at the top of the filesystem, so
here firmware/ goes on sys.path.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_CHECKOUT = HERE.parent

if (HERE / "firmware" / "clock").is_dir():
    FIRMWARE = HERE / "firmware"
    PROFILES = HERE / "profiles"
else:
    FIRMWARE = _CHECKOUT / "firmware"
    PROFILES = _CHECKOUT / "hardware" / "profiles"

if str(FIRMWARE) not in sys.path:
    sys.path.insert(0, str(FIRMWARE))


def profile(name):
    """A board profile: a name in PROFILES (oled, segment7, lcd) or a .json file's
    path. ValueError (one line, naming the choices) if there is none."""
    path = Path(name)
    if not path.suffix:
        path = PROFILES / f"{name}.json"
    if not path.is_file():
        names = ", ".join(sorted(p.stem for p in PROFILES.glob("*.json")))
        raise ValueError(f"no board profile {name!r} (profiles: {names}, or a .json file)")
    return path


def checked_profile(name):
    """A board profile the organiser named: a file, or a name in PROFILES;
    its path, once read and passed by the firmware's own check
    (device.board.check). ValueError, one line naming it and what is wrong."""
    from clock import jsonfile
    from clock.limits import JSON_BYTES
    from device.board import ProfileError, check
    path = Path(name)
    if path.suffix or not path.is_file():
        path = profile(name)
    try:
        with open(path, "rb") as f:
            data = jsonfile.loads(f.read(JSON_BYTES + 1))  # a clock reads no more (clock/limits.py)
    except OSError as e:
        raise ValueError(f"{name}: cannot read it ({e.strerror})") from None
    except ValueError as e:
        raise ValueError(f"{name}: not a board profile ({e})") from None
    try:
        check(data)
    except (ProfileError, KeyError, TypeError, AttributeError) as e:
        raise ValueError(f"{name}: not a usable board profile ({e})") from None
    return path
