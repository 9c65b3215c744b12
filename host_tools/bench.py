"""`python3 tasks.py bench`: the firmware's figures, measured on the MicroPython VM."""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from host_tools.firmware_path import FIRMWARE

from host_tools.scenario import run_on_micropython

def main():
    here = Path(__file__).parent
    sim = here / "sim"
    print("Benchmarks on the MicroPython unix port (host CPU, not a Pico):")
    sys.stdout.write(run_on_micropython(here / "bench_core.py", "", [sim]))
    sys.stdout.write(run_on_micropython(here / "bench_journal.py", ""))
    profile = here.parent / "hardware" / "profiles" / "oled.json"
    sys.stdout.write(run_on_micropython(here / "bench_device.py", "", [sim / "mpy", sim], [str(profile)]))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "firmware"
        shutil.copytree(FIRMWARE, source, ignore=shutil.ignore_patterns("__pycache__"))
        image = Path(tmp) / "firmware.romfs"
        subprocess.run([sys.executable, "-m", "mpremote", "romfs", "-o", str(image), "build", str(source)],
                       check=True, capture_output=True)
        sys.stdout.write(run_on_micropython(here / "bench_romfs.py", "", [sim / "mpy", sim], [str(image)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
