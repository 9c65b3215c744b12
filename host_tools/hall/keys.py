"""An event's secrets, on the organiser's computer: the broker accounts of its
clocks and of its halls, and the secret each clock's key comes from.

Kept in one file per event, $XDG_CONFIG_HOME/xqclock/events/EVENT.json
(~/.config/... by default, readable by its owner only), made the first time
`xqclock config push --event E` or `xqclock hall --event E` needs it; copy it to
every machine that pushes to the clocks or runs a hall of the event.

* The clocks' account (clock.EVENT) may publish the event's states and online
  flags and read its identify requests, nothing else; the halls' account
  (hall.EVENT) the other way round. So a password read off one clock lets no
  one read the hall's stream, and no other event's topics are in reach.
* Each clock's key is an HMAC of the event's secret and the clock's id, so the
  hall checks every clock's tag knowing the secret alone, and a key read off
  one clock signs for that clock only.

Nothing here is printed or logged: only the file's path.
"""
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from urllib.parse import quote

import host_tools.firmware_path
from clock import jsonfile
from device.hall import TAG, TOPIC

KEY_LABEL = b"xqclock clock key\n"
TAG_FIELD, TAG_END = (part.encode() for part in TAG.split("%s"))
TAG_LENGTH = len(TAG_FIELD) + 64 + len(TAG_END)


def folder():
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "xqclock" / "events"


def path_of(event):
    return folder() / (quote(event, safe="") + ".json")


def clock_user(event):
    return "clock." + event


def hall_user(event):
    return "hall." + event


class Event:
    def __init__(self, name, clock_password, hall_password, secret, path=None):
        self.name = name
        self.clock_password = clock_password
        self.hall_password = hall_password
        self.secret = secret  # bytes
        self.path = path

    @property
    def clock_user(self):
        return clock_user(self.name)

    @property
    def hall_user(self):
        return hall_user(self.name)

    def clock_key(self, clock_id):
        """The 32-byte key of one clock (the BOARD of its topics is its board number or id)."""
        return hmac.new(self.secret, KEY_LABEL + clock_id.encode(), hashlib.sha256).digest()

    def accounts(self):
        """{user: (password, [(topic filter, "read"|"write")])}: what each account may do."""
        topic = TOPIC % (self.name, "+", "%s")
        return {self.clock_user: (self.clock_password, [(topic % "state", "write"), (topic % "online", "write"),
                                                        (topic % "identify", "read")]),
                self.hall_user: (self.hall_password, [(topic % "state", "read"), (topic % "online", "read"),
                                                      (topic % "identify", "write")])}


def load(event, create=True):
    """The event's secrets (made and saved if none yet and `create`); None if none.
    ValueError naming the file if it cannot be read."""
    path = path_of(event)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return Event(event, str(raw["clock_password"]), str(raw["hall_password"]), bytes.fromhex(raw["secret"]),
                     path)
    except FileNotFoundError:
        if not create:
            return None
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"the event's secrets in {path} cannot be read ({e}): "
                         "copy the file again from the machine that made it") from None
    made = Event(event, secrets.token_urlsafe(18), secrets.token_urlsafe(18), secrets.token_bytes(32), path)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump({"event": event, "clock_password": made.clock_password, "hall_password": made.hall_password,
                   "secret": made.secret.hex()}, f, ensure_ascii=False)
    os.replace(temporary, path)
    return made


def every():
    """Every event whose secrets are on this machine."""
    out = []
    for p in sorted(folder().glob("*.json")):
        try:
            raw = json.loads(p.read_text(encoding="utf-8"))
            out.append(Event(raw["event"], raw["clock_password"], raw["hall_password"], bytes.fromhex(raw["secret"]),
                             p))
        except (OSError, ValueError, KeyError, TypeError):
            continue  # not an event's file: it opens no account
    return out


def check_tag(event, topic, payload):
    """The state of a tagged message (device/hall.py: tagged) as text, checked
    against its clock's key; ValueError saying why it is refused."""
    suffix = payload[-len(TAG_END):] if len(payload) > TAG_LENGTH else b""
    head = payload[-TAG_LENGTH:-TAG_LENGTH + len(TAG_FIELD)] if len(payload) > TAG_LENGTH else b""
    if head != TAG_FIELD or suffix != TAG_END:
        raise ValueError("no tag (the clock has no key: push the event to it with xqclock config push --event)")
    tag = payload[-TAG_LENGTH + len(TAG_FIELD):-len(TAG_END)]
    signed = payload[:-TAG_LENGTH] + b"}"
    try:
        clock_id = jsonfile.loads(signed)["clock_id"]  # bounded: a state is a small, flat object
    except (ValueError, KeyError, TypeError):
        raise ValueError("no clock_id in a tagged state") from None
    if not isinstance(clock_id, str):
        raise ValueError("clock_id is not text")
    want = hmac.new(event.clock_key(clock_id), topic.encode() + b"\n" + signed, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(want.encode(), bytes(tag)):
        raise ValueError(f"the tag is not clock {clock_id}'s (forged, or a key of another event)")
    return signed

