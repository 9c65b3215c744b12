"""The benchmarks of `python3 tasks.py bench` (host_tools/bench.py), each run
as the bench runs it on the MicroPython VM, in its quick configuration: it
ends (a run that hangs fails here after HANG_S, as the FRAM capacity run once
hung unnoticed) and prints every figure it promises, each with a number, and
nothing else."""
import re
import subprocess

import pytest

from host_tools import bench

HANG_S = 120  # a few seconds each on an idle host
FIGURE = re.compile(r"([a-zA-Z0-9_]+) -?\d+(?:\.\d+)? \S.*")

# A script's figures, in the order it prints them: a script joins with its line.
PROMISED = {
    "bench_core.py": ["press_event_median_us", "state_query_alloc", "eight_hour_error"],
    "bench_journal.py": ["journal_bytes_per_press", "restore_1000_events", "append_blocks_unix",
                         "littlefs_per_1000_appends", "littlefs_flash_stall", "ring_per_1000_appends",
                         "ring_flash_stall", "fram_bytes_per_append", "fram_worst_append",
                         "fram_bytes_per_append_128b_blocks", "fram_capacity"],
    "press_stamp.py": ["press_error_during_append_ms"],
    "bench_device.py": ["heap_after_boot", "heap_after_300_moves", "alloc_per_idle_loop_step",
                        "i2c_bytes_per_second", "qstr_names_at_boot", "heap_modules_by_module"],
    "bench_loop.py": ["running_alloc_bytes_per_s", "press_alloc_bytes", "press_to_display_ms_oled",
                      "press_to_both_displays_ms_oled", "press_to_display_ms_oled242",
                      "press_to_both_displays_ms_oled242", "press_to_display_ms_segment7",
                      "press_to_both_displays_ms_segment7"],
    "bench_hall.py": ["hall_tag_us", "hall_tag_alloc", "hall_publish_us"],
    "bench_romfs.py": ["heap_modules_from_romfs"],
    "bench_power.py": [f"{name}_{build}" for build in bench.POWER_BUILDS
                       for name in ("battery_hours_3xAA", "current_ma_running", "current_ma_paused",
                                    "current_ma_off", "hours_after_low_battery")],
    "ruling": ["ruling_300_plies", "ruling_classify_per_move"],
}


HOST_READ_NAMES = 39  # what a host's first request adds on the emulated Pico (device/hostreads.py)


def test_the_boot_and_a_host_read_leave_the_picos_qstr_pools_short_of_their_step():
    """The names a boot interns stay for good, in pools that grow by doubling: on
    the emulated Pico (docs/DEVELOPER.md) the sixth pool, which the boot fills,
    ends near bench.PICO_POOL_STEP names, and one more would take 8 KB for good."""
    out = bench.figures("bench_device.py", timeout=HANG_S, quick=True)
    names = int(re.search(r"^qstr_names_at_boot (\d+)", out, re.M).group(1))
    assert names + bench.PICO_EXTRA_NAMES + HOST_READ_NAMES <= bench.PICO_POOL_STEP, out


@pytest.mark.parametrize("script", PROMISED)
def test_a_bench_script_ends_and_prints_each_figure_it_promises(script):
    try:
        out = bench.figures(script, timeout=HANG_S, quick=True)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{script} did not end within {HANG_S} s")
    lines = out.splitlines()
    for line in lines:
        assert FIGURE.fullmatch(line), f"{script}: not 'name number unit': {line!r}"
    assert [FIGURE.fullmatch(line).group(1) for line in lines] == PROMISED[script], out
