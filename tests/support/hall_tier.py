"""The hall's test tier: real brokers (Mosquitto, the embedded amqtt) and a
real browser (headless Chromium), from host_tools/hall/local.py. A machine
without Debian's chromium or mosquitto skips these tests with a reason that
names the tier and the package (conftest prints every skipped tier at the
end of the run)."""
import pytest

from host_tools.hall import local
from host_tools.hall.local import free_port, until, wait_port  # noqa: F401  (the tests' helpers)

TIER = "hall tier"


def _or_skip(make, *args):
    try:
        return make(*args)
    except local.Missing as e:
        pytest.skip(f"{TIER}: {e}; the hall's end-to-end tests did not run")


def Mosquitto(events=("open",), tls=None):
    return _or_skip(local.Mosquitto, events, tls)


def certificate(folder):
    return _or_skip(local.certificate, folder)


def Chromium(url):
    return _or_skip(local.Chromium, url)
