"""`python3 tasks.py bench`: the firmware's figures, measured on the MicroPython VM."""
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from host_tools import power
from host_tools.firmware_path import FIRMWARE
from host_tools.ruling import bench as ruling_bench
from host_tools.unixport import SCRIPTS, SIM_PATH, output

WITH_SIM = (*SIM_PATH, FIRMWARE)
PROFILES = FIRMWARE.parent / "hardware" / "profiles"
PROFILE = PROFILES / "oled.json"
POWER_BUILDS = ("oled", "segment7", "lcd")
SAMPLE_MIN = 10  # minutes of each phase played (bench_power.py: the currents are steady within one)
GAME_MIX = {"first_control": 90, "faster": 210}  # minutes of a 5-hour game: 40 moves in 90 min, then faster


def _romfs(timeout, quick):
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "firmware"
        shutil.copytree(FIRMWARE, source, ignore=shutil.ignore_patterns("__pycache__"))
        image = Path(tmp) / "firmware.romfs"
        subprocess.run([sys.executable, "-m", "mpremote", "romfs", "-o", str(image), "build", str(source)],
                       check=True, capture_output=True, timeout=timeout)
        return output(SCRIPTS / "bench_romfs.py", image, path=WITH_SIM, timeout=timeout)


def press_stamp(profile, path, trials=200, timeout=None):
    """press_error_during_append_ms: how late a lever edge that comes during a
    journal write is stamped, with the ring and with the littlefs file."""
    got = {}
    for kind in ("ring", "file"):
        with tempfile.TemporaryDirectory() as tmp:
            got[kind] = json.loads(output(SCRIPTS / "press_stamp.py", profile, tmp, kind, str(trials),
                                          path=path, timeout=timeout).strip().splitlines()[-1])
    ring, file = got["ring"], got["file"]
    return ("press_error_during_append_ms %d max, %.2f mean with the ring (edge during a page program, "
            "%d of %d stamped over 1 ms late); littlefs file: %d max, %.2f mean (edge during an erase, "
            "%d of %d over 1 ms late)\n" % (ring["max_ms"], ring["mean_ms"], ring["late"], ring["trials"],
                                            file["max_ms"], file["mean_ms"], file["late"], file["trials"]))


def power_figures(timeout=None, quick=False, builds=POWER_BUILDS):
    """The battery figures of each build: its game played on the VM with the
    stand-in counting (bench_power.py), priced with hardware/power.json."""
    table = power.table()
    lines = []
    for build in builds:
        with tempfile.TemporaryDirectory() as tmp:
            got = json.loads(output(SCRIPTS / "bench_power.py", PROFILES / f"{build}.json", tmp,
                                    1 if quick else SAMPLE_MIN, path=WITH_SIM,
                                    timeout=timeout).strip().splitlines()[-1])
        ma = {name: power.currents(t, got["kind"], table)["battery"] for name, t in got["phases"].items()}
        running = power.mixed(ma, GAME_MIX)
        lines.append("battery_hours_3xAA_%s %.0f h of play (3 alkaline AA, %.0f mAh at %.1f mA; model)"
                     % (build, power.hours(running, table), power.capacity_mah(running, table), running))
        lines.append("current_ma_running_%s %.2f mA from the cells (a clock runs: 90 min at a move every "
                     "67.5 s, 210 min at one every 30 s)" % (build, running))
        lines.append("current_ma_paused_%s %.2f mA" % (build, ma["paused"]))
        lines.append("current_ma_off_%s %.2f mA (between rounds: asleep %d min after a result; %.2f mA set up "
                     "for the next round, dimmed after 2 min)"
                     % (build, ma["asleep"], got["sleep_ms"] // 60000, ma["between_rounds"]))
        lines.append(after_warning(build, got, running, table))
    return "".join(line + "\n" for line in lines)


def after_warning(build, got, running, table):
    """hours_after_low_battery: what the cells still hold at the voltage the
    firmware warned at (its discharge curve), at the running current."""
    from device.battery import CELLS, CURVES, left_permille
    bat = json.loads((PROFILES / f"{build}.json").read_text(encoding="utf-8"))["battery"]
    chemistry, mv = bat["chemistry"], got["warn_mv"]
    cells = bat.get("cells", CELLS[chemistry])
    left = left_permille(CURVES[chemistry], mv // cells) / 1000 * power.capacity_mah(running, table, chemistry)
    return ("hours_after_low_battery_%s %.1f h (warned at %d mV, %.0f mAh left at %.2f mA; profile drain_ma %s)"
            % (build, left / running, mv, left, running, bat.get("drain_ma")))


# Each script in host_tools/mpy/scripts, in the order printed, and how it runs:
# f(timeout, quick) -> its output; quick: a small configuration, for the smoke test.
RUNS = {
    "bench_core.py": lambda timeout, quick: output(SCRIPTS / "bench_core.py", timeout=timeout),
    "bench_journal.py": lambda timeout, quick: output(SCRIPTS / "bench_journal.py", timeout=timeout),
    "press_stamp.py": lambda timeout, quick: press_stamp(PROFILE, WITH_SIM, 10 if quick else 200, timeout),
    "bench_device.py": lambda timeout, quick: output(SCRIPTS / "bench_device.py", PROFILE, path=WITH_SIM,
                                                     timeout=timeout),
    "bench_hall.py": lambda timeout, quick: output(SCRIPTS / "bench_hall.py", timeout=timeout),
    "bench_romfs.py": _romfs,
    "bench_power.py": lambda timeout, quick: power_figures(timeout, quick),
    # not a VM script: the ruling runs on the organiser's computer (CPython)
    "ruling": lambda timeout, quick: ruling_bench.figures(quick),
}


def figures(script, timeout=None, quick=False):
    """What one bench script prints ("name value unit" lines), run as the bench
    runs it (quick: in a small configuration); subprocess.TimeoutExpired past
    `timeout` s, for a run that hangs."""
    return RUNS[script](timeout, quick)


def main():
    print("Benchmarks on the MicroPython unix port (host CPU, not a Pico), then xqclock ruling on CPython:")
    for script in RUNS:
        sys.stdout.write(figures(script))
    return 0


if __name__ == "__main__":
    sys.exit(main())
