"""The firmware tests of tests/firmware/, run again on the MicroPython VM."""
import os
import subprocess
from pathlib import Path

import pytest

from host_tools import firmware_path
from host_tools.scenario import micropython_binary

HERE = Path(__file__).parent / "firmware"
MODULES = sorted(p.stem for p in HERE.glob("test_*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_module_passes_on_micropython(module, tmp_path):
    env = dict(os.environ, MICROPYPATH=f"{HERE}:{firmware_path.FIRMWARE}:.frozen", XQCLOCK_TEST_TMP=str(tmp_path))
    proc = subprocess.run([micropython_binary(), str(HERE / "mprun.py"), module],
                          capture_output=True, text=True, env=env, timeout=300)
    lines = proc.stdout.splitlines()
    failures = [line for line in lines if not line.startswith("PASS ")]
    assert proc.returncode == 0 and not failures, "\n".join(failures) + proc.stderr
    assert lines, f"no test ran in {module}"
