# Runs the firmware tests on the MicroPython unix port: each module named on
# the command line, each of its test_* functions; prints one line per test,
# "PASS name", "SKIP name: reason" or "FAIL name: error", and exits 1 if any
# failed. Each test gets a folder of its own for scratch files
# (support.firmware.FOLDER) under XQCLOCK_TEST_TMP.
import os
import sys

from support import firmware


def run(module_name):
    failed = 0
    module = __import__(module_name)
    for name in sorted(dir(module)):
        if not name.startswith("test_"):
            continue
        firmware.FOLDER = "%s/%s.%s" % (os.getenv("XQCLOCK_TEST_TMP"), module_name, name)
        os.mkdir(firmware.FOLDER)
        try:
            getattr(module, name)()
            print("PASS %s.%s" % (module_name, name))
        except firmware.Skip as e:
            print("SKIP %s.%s: %s" % (module_name, name, e))
        except Exception as e:  # report every test, keep going
            failed += 1
            print("FAIL %s.%s: %s %s" % (module_name, name, type(e).__name__, e))
    return failed


failures = 0
for arg in sys.argv[1:]:
    failures += run(arg)
sys.exit(1 if failures else 0)
