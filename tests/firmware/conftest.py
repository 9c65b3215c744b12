import pytest

import support


@pytest.fixture(autouse=True)
def scratch_folder(tmp_path, monkeypatch):
    """support.scratch() files go in the test's own folder (mprun.py does the
    same on MicroPython)."""
    monkeypatch.setattr(support, "FOLDER", str(tmp_path))
