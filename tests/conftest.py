import os
import sys

import pytest

from host_tools import simulate

# Every test runs where the firmware's modules import as on the board
# (host_tools.firmware_path puts firmware/ on sys.path) and its bare `machine`
# and `framebuf` are the simulated board's (docs/ARCHITECTURE.md, "Layout").
simulate.install()


def pytest_configure(config):
    """The fast tier (-m "not slow") also tries fewer random cases (tests/support/tiers.py)."""
    if "not slow" in (config.option.markexpr or ""):
        os.environ["XQCLOCK_QUICK"] = "1"


def pytest_terminal_summary(terminalreporter):
    """Say which test tiers were skipped and why (never silently), and how many
    cases the fuzzers ran (the figure goes in the closing note)."""
    tiers = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = str(report.longrepr[2]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ")
        if " tier: " in reason:
            tiers[reason] = tiers.get(reason, 0) + 1
    for reason, n in tiers.items():
        terminalreporter.write_line(f"SKIPPED {n} test{'s' if n > 1 else ''}: {reason}")
    fuzz = sys.modules.get("test_fuzz")
    if fuzz is not None and any(fuzz.CASES.values()):
        counts = ", ".join(f"{n} {what}" for what, n in fuzz.CASES.items())
        terminalreporter.write_line(f"fuzz cases run: {counts}")


# -- virtual boards (host_tools/board/virtual.py), stopped after the test; tests/support/boards.py talks to them

@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("mpy-cache")


@pytest.fixture
def env(tmp_path, cache, monkeypatch):
    """Commands see only this test's virtual boards (no USB) and share the mpy cache."""
    values = {"XQCLOCK_VIRTUAL_BOARDS": str(tmp_path / "boards"), "XQCLOCK_USB": "0",
              "XDG_CACHE_HOME": str(cache)}
    for k, v in values.items():
        monkeypatch.setenv(k, v)
    return dict(os.environ, **values)


@pytest.fixture
def board(tmp_path, env):
    from host_tools.board.virtual import VirtualBoard
    with VirtualBoard(tmp_path / "flash") as b:
        yield b


@pytest.fixture
def two_boards(tmp_path, env):
    from host_tools.board.virtual import VirtualBoard
    with VirtualBoard(tmp_path / "flash-a") as a, VirtualBoard(tmp_path / "flash-b", "segment7") as b:
        yield a, b
