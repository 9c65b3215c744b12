"""The network settings of a clock that reports to the hall (/network.json; the
firmware's device/hall.py checks them and is their one home): what the
organiser's words make of them (a broker's URL, --event, --wifi, --ca), the
event's secrets added for one clock, and what may be shown of them."""
from urllib.parse import unquote, urlsplit

import host_tools.firmware_path
from clock.limits import clip

DEFAULT_PORT = 1883
TLS_PORT = 8883


def parse_url(url):
    """mqtt://[USER:PASSWORD@]HOST[:PORT] or mqtts://... (TLS) -> dict; ValueError naming the part."""
    try:
        parts = urlsplit(url if "://" in url else "mqtt://" + url)
        host = parts.hostname  # a bracketed part that is no IPv6 address is refused here
    except ValueError as e:  # urllib says what is wrong; the option is named here
        raise ValueError(f"--broker {clip(url)}: {e}") from None
    if parts.scheme not in ("mqtt", "mqtts"):
        raise ValueError(f"--broker {clip(url)}: the scheme is mqtt:// or mqtts:// (TLS)")
    if not host:
        raise ValueError(f"--broker {clip(url)}: no host")
    from device.hall import check_host
    try:
        check_host(host)
    except ValueError as e:
        raise ValueError(f"--broker {clip(url)}: {str(e).replace('network: broker', 'the host')}") from None
    try:
        port = parts.port
        if port == 0 or (port is None and parts.netloc.endswith(":")):  # urllib reads ":0" and ":" as no port
            raise ValueError
    except ValueError:
        raise ValueError(f"--broker {clip(url)}: the port is not a number from 1 to 65535") from None
    tls = parts.scheme == "mqtts"
    return {"host": host, "port": port or (TLS_PORT if tls else DEFAULT_PORT), "tls": tls,
            "user": unquote(parts.username) if parts.username else None,
            "password": unquote(parts.password) if parts.password else None}


def network_from(broker=None, event=None, wifi=None, wifi_password=None, ca=None):
    """The network fields an organiser gave, as /network.json values ({} if none;
    {"broker": ""} for --broker none: stop reporting); ValueError naming the bad one."""
    from device import hall
    out: dict = {}
    if broker is not None:
        if broker.strip().lower() in ("none", "off", ""):
            return {"broker": ""}
        if broker.strip().lower() == hall.USB:
            return {"broker": hall.USB}
        b = parse_url(broker.strip())
        out.update(broker=b["host"], port=b["port"], tls=b["tls"])
        if b["user"]:  # an organiser's own account; else the event's (push_network_one)
            out.update(user=b["user"], password=b["password"] or "")
    if event is not None:
        out["event"] = event
    if wifi is not None:
        out["wifi"] = wifi
    if wifi_password is not None:
        out["wifi_password"] = wifi_password
    if ca is not None:
        import base64
        import ssl
        from host_tools.inputs import read_certificate
        pem = read_certificate(ca, "--ca")
        begin, end = pem.index("-----BEGIN CERTIFICATE-----"), pem.find("-----END CERTIFICATE-----")
        if end < begin:
            raise ValueError(f"--ca {ca}: the certificate has no END line")
        first = pem[begin:end + len("-----END CERTIFICATE-----")]
        out["ca"] = base64.b64encode(ssl.PEM_cert_to_DER_cert(first)).decode()  # one, as DER: what a Pico reads
    try:
        hall.check(dict(out, broker=out.get("broker") or "x"))
    except ValueError as e:
        raise ValueError(str(e).replace("network: ", "--", 1).replace("wifi_password", "wifi-password")) from None
    return out


def clock_network(values, own_account, uid):
    """The network settings with the event's secrets for this clock: its key (the hall
    takes no state without its tag) and, unless an organiser's account was given,
    the event's clock account. ValueError if the event's secrets cannot be read."""
    from host_tools.hall import keys
    event = keys.load(values["event"])
    values = dict(values, key=event.clock_key(uid).hex())
    if not own_account and (not values["user"] or values["user"].startswith("clock.")):
        values.update(user=event.clock_user, password=event.clock_password)
    return values


SECRETS = ("wifi_password", "password", "key")  # of /network.json: never shown, never logged


def network_shown(data):
    """/network.json for people: its secrets (and the long CA certificate) only said to be set or not."""
    from clock import jsonfile
    try:
        raw = jsonfile.loads(data) if data else None  # as the board reads it: bounded
    except ValueError:
        return None
    if not isinstance(raw, dict):
        return None
    return {k: ("set" if v else "none") if k in SECRETS or k == "ca" else v for k, v in raw.items()}
