"""`python3 tasks.py bench`: the firmware's figures, measured on the MicroPython VM."""
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from host_tools.firmware_path import FIRMWARE
from host_tools.unixport import SCRIPTS, SIM, SIM_PATH, output


def main():
    with_sim = (*SIM_PATH, FIRMWARE)
    print("Benchmarks on the MicroPython unix port (host CPU, not a Pico):")
    sys.stdout.write(output(SCRIPTS / "bench_core.py", path=(SIM, FIRMWARE)))
    sys.stdout.write(output(SCRIPTS / "bench_journal.py"))
    profile = FIRMWARE.parent / "hardware" / "profiles" / "oled.json"
    sys.stdout.write(output(SCRIPTS / "bench_device.py", profile, path=with_sim))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "firmware"
        shutil.copytree(FIRMWARE, source, ignore=shutil.ignore_patterns("__pycache__"))
        image = Path(tmp) / "firmware.romfs"
        subprocess.run([sys.executable, "-m", "mpremote", "romfs", "-o", str(image), "build", str(source)],
                       check=True, capture_output=True)
        sys.stdout.write(output(SCRIPTS / "bench_romfs.py", image, path=with_sim))
    return 0


if __name__ == "__main__":
    sys.exit(main())
