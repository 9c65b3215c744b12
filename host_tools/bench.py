"""`python3 tasks.py bench`: the firmware's figures, measured on the MicroPython VM."""
import json
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
    sys.stdout.write(output(SCRIPTS / "bench_journal.py", path=(SIM, FIRMWARE)))
    profile = FIRMWARE.parent / "hardware" / "profiles" / "oled.json"
    sys.stdout.write(press_stamp(profile, with_sim))
    sys.stdout.write(output(SCRIPTS / "bench_device.py", profile, path=with_sim))
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "firmware"
        shutil.copytree(FIRMWARE, source, ignore=shutil.ignore_patterns("__pycache__"))
        image = Path(tmp) / "firmware.romfs"
        subprocess.run([sys.executable, "-m", "mpremote", "romfs", "-o", str(image), "build", str(source)],
                       check=True, capture_output=True)
        sys.stdout.write(output(SCRIPTS / "bench_romfs.py", image, path=with_sim))
    return 0


def press_stamp(profile, path, trials=200):
    """press_error_during_append_ms: how late a lever edge that comes during a
    journal write is stamped, with the ring and with the littlefs file."""
    got = {}
    for kind in ("ring", "file"):
        with tempfile.TemporaryDirectory() as tmp:
            got[kind] = json.loads(output(SCRIPTS / "press_stamp.py", profile, tmp, kind, str(trials),
                                          path=path).strip().splitlines()[-1])
    ring, file = got["ring"], got["file"]
    return ("press_error_during_append_ms %d max, %.2f mean with the ring (edge during a page program, "
            "%d of %d stamped over 1 ms late); littlefs file: %d max, %.2f mean (edge during an erase, "
            "%d of %d over 1 ms late)\n" % (ring["max_ms"], ring["mean_ms"], ring["late"], ring["trials"],
                                            file["max_ms"], file["mean_ms"], file["late"], file["trials"]))


if __name__ == "__main__":
    sys.exit(main())
