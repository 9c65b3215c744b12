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
    """A board profile: a name in PROFILES (oled, segment7) or a .json file's
    path. ValueError (one line, naming the choices) if there is none."""
    path = Path(name)
    if not path.suffix:
        path = PROFILES / f"{name}.json"
    if not path.is_file():
        names = ", ".join(sorted(p.stem for p in PROFILES.glob("*.json")))
        raise ValueError(f"no board profile {name!r} (profiles: {names}, or a .json file)")
    return path
