"""`xqclock broker-config DIR --event E ...`: Mosquitto, the production broker,
set up for the events: no anonymous clients, each event's two accounts
(keys.py) with their passwords hashed as Mosquitto 2 hashes them (PBKDF2-
SHA512, its "$7$" lines), an ACL giving each account its own topics only, and
one listener where it is told, with TLS when a certificate is given.
Run it with `mosquitto -c DIR/mosquitto.conf`."""
import base64
import getpass
import hashlib
import os
from pathlib import Path

from host_tools.hall import keys

ITERATIONS = 101  # what mosquitto_passwd uses


def password_line(user, password, salt=None):
    salt = salt or os.urandom(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, ITERATIONS)
    b64 = base64.b64encode
    return f"{user}:$7${ITERATIONS}${b64(salt).decode()}${b64(digest).decode()}"


def _fit(event):
    """Mosquitto's files are line-based, a field per word: a name must be one word."""
    if not event or any(c.isspace() for c in event) or ":" in event:
        raise ValueError(f"--event {event!r}: for Mosquitto, an event's name has no spaces and no ':'")
    return event


def write(folder, events, host="127.0.0.1", port=1883, tls=None, persistence=False):
    """Write mosquitto.conf, passwords and acl into folder for the keys.Event list;
    returns the config's path. tls: (certificate file, key file) or None."""
    folder = Path(folder).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    passwords, acl = [], []
    for event in events:
        _fit(event.name)
        for user, (password, rights) in event.accounts().items():
            passwords.append(password_line(user, password))
            acl.append(f"user {user}")
            acl += [f"topic {access} {topic}" for topic, access in rights]
            acl.append("")
    _secret(folder / "passwords", "\n".join(passwords) + "\n")
    _secret(folder / "acl", "\n".join(acl))
    lines = ["# Written by xqclock broker-config: the events' accounts and what each may do.",
             "# Run: mosquitto -c " + str(folder / "mosquitto.conf"),
             f"user {getpass.getuser()}",  # started as root, it runs as the owner of its secrets
             "per_listener_settings false",
             "allow_anonymous false",
             f"password_file {folder / 'passwords'}",
             f"acl_file {folder / 'acl'}",
             f"persistence {'true' if persistence else 'false'}",
             f"persistence_location {folder}/",
             f"listener {port} {host}"]
    if tls:
        lines += [f"certfile {Path(tls[0]).resolve()}", f"keyfile {Path(tls[1]).resolve()}"]
    conf = folder / "mosquitto.conf"
    conf.write_text("\n".join(lines) + "\n")
    return conf


def _secret(path, text):
    """A file only its owner reads (mosquitto.conf's `user`)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(path, 0o600)


def main(args):
    """The command: ValueError names a bad option (exit 2)."""
    from host_tools.hall.run import host_port
    host, port = host_port(args.listen, "--listen")
    if bool(args.tls_cert) != bool(args.tls_key):
        raise ValueError("--tls-cert and --tls-key go together")
    if args.tls_cert:
        from host_tools.inputs import read_certificate
        read_certificate(args.tls_cert, "--tls-cert")
    from device.hall import check
    from host_tools.inputs import out_dir
    for e in args.event:  # all checked before any event's secrets are made
        check({"broker": "x", "event": _fit(e)})
    out_dir(args.dir, "DIR", make=False)
    events = [keys.load(e) for e in args.event]
    conf = write(args.dir, events, host, port, (args.tls_cert, args.tls_key) if args.tls_cert else None,
                 persistence=True)
    print(f"wrote {conf}, its passwords and acl for {', '.join(e.name for e in events)}; "
          f"run: mosquitto -c {conf}")
    for e in events:
        print(f"  event {e.name}: its secrets are in {e.path}")
    return 0
