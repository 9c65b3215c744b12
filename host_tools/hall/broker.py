"""Where the clocks' messages go: the event's broker (--broker URL), or the
embedded one (embedded.py); what an account may do with a topic filter."""
from urllib.parse import unquote, urlsplit

DEFAULT_PORT = 1883
TLS_PORT = 8883


def parse_url(url):
    """mqtt://[USER:PASSWORD@]HOST[:PORT] or mqtts://... (TLS) -> dict; ValueError naming the part."""
    parts = urlsplit(url if "://" in url else "mqtt://" + url)
    if parts.scheme not in ("mqtt", "mqtts"):
        raise ValueError(f"--broker {url}: the scheme is mqtt:// or mqtts:// (TLS)")
    if not parts.hostname:
        raise ValueError(f"--broker {url}: no host")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"--broker {url}: the port is not a number from 1 to 65535") from None
    tls = parts.scheme == "mqtts"
    return {"host": parts.hostname, "port": port or (TLS_PORT if tls else DEFAULT_PORT), "tls": tls,
            "user": unquote(parts.username) if parts.username else None,
            "password": unquote(parts.password) if parts.password else None}


def within(wanted, allowed):
    """Whether every topic the filter `wanted` matches is matched by the filter `allowed`."""
    w, a = wanted.split("/"), allowed.split("/")
    if a[-1] == "#":
        return len(w) >= len(a) - 1 and all(x == "+" or x == y for x, y in zip(a[:-1], w))
    return len(w) == len(a) and all(x == y or x == "+" and y != "#" for x, y in zip(a, w))
