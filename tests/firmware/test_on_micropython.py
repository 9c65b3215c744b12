"""The firmware tests of tests/firmware/, run again on the MicroPython VM."""
from pathlib import Path

import pytest

from host_tools import firmware_path, unixport

HERE = Path(__file__).parent / "firmware"
MODULES = sorted(p.stem for p in HERE.glob("test_*.py"))


@pytest.mark.parametrize("module", MODULES)
def test_module_passes_on_micropython(module, tmp_path):
    proc = unixport.run(HERE / "mprun.py", module, path=(HERE, firmware_path.FIRMWARE),
                        variables={"XQCLOCK_TEST_TMP": str(tmp_path)}, timeout=300)
    lines = proc.stdout.splitlines()
    failures = [line for line in lines if not line.startswith("PASS ")]
    assert proc.returncode == 0 and not failures, "\n".join(failures) + proc.stderr
    assert lines, f"no test ran in {module}"
