"""How hard the random tests try: the full count in the whole suite (what CI
runs), a fifth in the fast tier (`python3 tasks.py quick`, i.e.
`pytest -m "not slow"`: conftest.py sets XQCLOCK_QUICK)."""
import os


def examples(n):
    return max(10, n // 5) if os.environ.get("XQCLOCK_QUICK") else n
