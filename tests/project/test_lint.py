"""The linter passes over the whole tree with the project's settings
(pyproject.toml's [tool.ruff]: pycodestyle, pyflakes and a few flake8 checks,
MicroPython's own ignores where MicroPython runs the code, and no `noqa` the
linter does not need)."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_passes():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
