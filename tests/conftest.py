import os
import sys

import pytest

import host_tools.firmware_path  # noqa: F401  (firmware/ importable as on the board)


def pytest_terminal_summary(terminalreporter):
    """Say how many cases the fuzzers ran (the figure goes in the closing note)."""
    fuzz = sys.modules.get("test_fuzz")
    if fuzz is not None and any(fuzz.CASES.values()):
        counts = ", ".join(f"{n} {what}" for what, n in fuzz.CASES.items())
        terminalreporter.write_line(f"fuzz cases run: {counts}")
