"""The firmware tests of tests/firmware/, run again on the MicroPython VM
(mprun.py), each reported here as its own test: passed, failed, or skipped
with the reason the VM gave."""
import ast
from pathlib import Path

import pytest

from host_tools import firmware_path, unixport

HERE = Path(__file__).parent
MODULES = sorted(p.stem for p in HERE.glob("test_*.py") if p.stem != Path(__file__).stem)


def _tests(module):
    tree = ast.parse((HERE / f"{module}.py").read_text(encoding="utf-8"))
    return sorted(node.name for node in tree.body
                  if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"))


CASES = [(module, name) for module in MODULES for name in _tests(module)]
_RUNS = {}  # module -> {test name: (outcome, message)}, one VM run per module


def _run(module, tmp_path_factory):
    if module not in _RUNS:
        # the firmware before tests/, whose folder device/ (its tests) would shadow the firmware's package
        proc = unixport.run(HERE / "mprun.py", module, path=(HERE, firmware_path.FIRMWARE, HERE.parent),
                            variables={"XQCLOCK_TEST_TMP": str(tmp_path_factory.mktemp(module))},
                            timeout=300)
        seen = {}
        for line in proc.stdout.splitlines():
            outcome, _, rest = line.partition(" ")
            name, _, message = rest.partition(": ")
            if outcome in ("PASS", "SKIP", "FAIL"):
                seen[name.removeprefix(module + ".")] = (outcome, message)
        assert seen or proc.returncode == 0, f"{module} did not run on MicroPython:\n{proc.stdout}{proc.stderr}"
        _RUNS[module] = seen
    return _RUNS[module]


@pytest.mark.parametrize("module,name", CASES, ids=[f"{m}.{n}" for m, n in CASES])
def test_on_micropython(module, name, tmp_path_factory):
    outcome, message = _run(module, tmp_path_factory).get(name, ("MISSING", "the VM did not run it"))
    if outcome == "SKIP":
        pytest.skip(f"on MicroPython: {message}")
    assert outcome == "PASS", f"{module}.{name} on MicroPython: {message}"


def test_the_vm_ran_exactly_the_tests_pytest_sees(tmp_path_factory):
    """mprun.py runs what dir() lists; every one of them is a case above."""
    for module in MODULES:
        assert set(_run(module, tmp_path_factory)) == set(_tests(module)), module
