"""`python3 tasks.py bench`: the firmware's figures, measured on the MicroPython VM."""
import sys
from pathlib import Path

from host_tools.scenario import run_on_micropython

SCRIPTS = ["bench_core.py", "bench_journal.py"]


def main():
    here = Path(__file__).parent
    print("Benchmarks on the MicroPython unix port (host CPU, not a Pico):")
    for script in SCRIPTS:
        sys.stdout.write(run_on_micropython(here / script, ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
