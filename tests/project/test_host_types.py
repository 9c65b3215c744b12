"""mypy over host_tools with --check-untyped-defs (settings: pyproject.toml's
[tool.mypy]), as tests/project/test_firmware_checks.py does for the firmware against
the Pico's stubs: a None where a value must be fails here, not on an
organiser's laptop."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def mypy(*args):
    return subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), *args],
                          capture_output=True, text=True, cwd=ROOT)


def test_host_tools_type_check():
    proc = mypy()
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_check_reads_functions_without_annotations(tmp_path):
    probe = tmp_path / "_optional_probe.py"
    probe.write_text("import os\n\n\ndef shout():\n    name = os.environ.get('NAME')\n    return name.upper()\n")
    proc = mypy(str(probe))
    assert proc.returncode == 1 and "_optional_probe.py:6" in proc.stdout and "union-attr" in proc.stdout, proc.stdout
