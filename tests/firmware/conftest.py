import pytest

from support import firmware


@pytest.fixture(autouse=True)
def as_on_cpython(tmp_path, monkeypatch):
    """support.firmware.scratch() files go in the test's own folder, and a test
    with nothing to check here is reported skipped (mprun.py does both on
    MicroPython)."""
    monkeypatch.setattr(firmware, "FOLDER", str(tmp_path))
    monkeypatch.setattr(firmware, "Skip", pytest.skip.Exception)
