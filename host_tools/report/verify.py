"""`xqclock report --verify`: is a journal the one the clock wrote?

The firmware's reader (clock.journal.Loaded) checks the header's hash and
each record's mark and chained hash, and stops at the first record that does
not fit. This adds what an arbiter needs to know about that record: altered in
place (the records after it still chain from its stored hash), its hash
altered, the chain broken for good (records removed, inserted or spliced), or
the file cut short (a torn last record: where). The final chain hash is
printed so it can be written on the paper sheet: a chain recomputed by a
forger, or a journal cut at a record boundary, ends on a different hash.
"""
import csv
import io
import json
import sys

from host_tools import firmware_path
from clock import events as ev
from clock import journal as jn
from clock import journalread as jr
from clock.names import EVENTS, REASONS, SIDE_NAMES
from clock.journal import JournalError
from clock.journalread import Loaded
from host_tools.report.record import hms
from host_tools.wording import plural

FIELDS = ("journal", "intact", "verdict", "records", "chain_hash", "record", "record_time_ms",
          "offset", "message")


def _records(path, start):
    """The raw 16-byte records from byte `start` on, and the bytes left over."""
    with open(path, "rb") as f:
        f.seek(start)
        data = f.read()
    n = len(data) // jn.RECORD
    return [data[i * jn.RECORD:(i + 1) * jn.RECORD] for i in range(n)], len(data) % jn.RECORD


def check(path):
    """Verify one journal; returns a dict (see FIELDS) with a message in words."""
    path = str(path)
    v = {"journal": path, "intact": False, "verdict": None, "records": 0, "chain_hash": None,
         "record": None, "record_time_ms": None, "offset": None, "message": None}
    try:
        loaded = Loaded(path)
    except OSError as e:
        v.update(verdict="unreadable", message="cannot read it: %s" % (e.strerror or e))
        return v
    except JournalError as e:
        v.update(verdict="header", offset=0,
                 message="the header (settings and game id) is missing or altered: %s" % e)
        return v
    last_t = None
    for t, _, _, _ in loaded.records():
        last_t = t
    count = loaded.count
    v["records"] = count
    v["chain_hash"] = loaded.last_hash.hex()
    if loaded.problem is None and not loaded.dropped:
        past = ""
        if loaded.written_past:  # a journal ring's slot torn by a power cut: the clock wrote past it
            past = "; %s torn by a power cut mid-write (never acknowledged) skipped" % plural(
                loaded.written_past, "slot")
        v.update(intact=True, verdict="intact",
                 message="intact: header and %s fit the hash chain%s" % (plural(count, "record"), past))
        return v
    if loaded.ring is not None:
        return _ring_verdict(v, loaded)
    start = loaded.valid_size
    raw, tail = _records(path, start)
    size = start + len(raw) * jn.RECORD + tail
    k = count + 1  # the first record that does not fit (1-based)
    v["record"] = k
    v["offset"] = start
    good = "the %d record%s before it are intact" % (count, "" if count == 1 else "s")
    if not raw:  # only a partial record after the last good one
        v.update(verdict="cut", offset=size,
                 message="cut short: the file ends at byte %d, %d bytes into record %d "
                         "(a torn write or an incomplete copy); %s" % (size, tail, k, good))
        return v
    bad = raw[0]
    prev = loaded.last_hash
    nxt = raw[1] if len(raw) > 1 else None
    when = _readable_time(bad, last_t, nxt)
    v["record_time_ms"] = when
    at = ("its game time reads %s" % hms(when)) if when is not None else "its game time is unreadable"
    what = _reads(bad)
    if what:
        at = "it reads: %s; %s" % (what, at)
    if jr.fits(prev, bad):  # the hash fits but the firmware knows no such event
        v.update(verdict="unknown-event",
                 message="record %d (byte %d) fits the chain but is no event this firmware knows "
                         "(%s); %s" % (k, start, at, good))
        return v
    rest = _chain_after(bad[12:16], raw[1:])
    if nxt is not None and rest == len(raw) - 1 and tail == 0:
        v.update(verdict="altered",
                 message="record %d (byte %d) was altered: its contents no longer match its hash "
                         "(or a record just before it was removed), while every record after it "
                         "still fits the chain (%s); %s"
                 % (k, start, at, good))
        return v
    fixed = jr.record_hash(prev, bad)
    if nxt is not None and _chain_after(fixed, raw[1:]) == len(raw) - 1 and tail == 0:
        v.update(verdict="altered",
                 message="record %d (byte %d) was altered: its stored hash was changed, its event "
                         "and every record after it fit the chain (%s); %s" % (k, start, at, good))
        return v
    if nxt is None and tail == 0:
        v.update(verdict="altered",
                 message="the last record, %d (byte %d), was altered or replaced: it does not match "
                         "its hash (%s); %s" % (k, start, at, good))
        return v
    if rest == len(raw) - 1 and tail:
        v.update(verdict="altered",
                 message="record %d (byte %d) was altered (%s), and the file is cut short at byte %d, "
                         "%d bytes into record %d; %s" % (k, start, at, size, tail, k + len(raw), good))
        return v
    v.update(verdict="broken",
             message="the chain breaks at record %d (byte %d; %s): from there on the records do not "
                     "follow the ones before (records altered, removed, inserted, or taken from "
                     "another game); %s" % (k, start, at, good))
    return v


def _ring_verdict(v, loaded):
    """A journal ring (the Pico's flash) that is not intact: its slots are
    not in file order with nothing between, so it is judged by what its
    reader found, not byte by byte."""
    count = loaded.count
    torn = "torn" in loaded.problem
    v.update(verdict="cut" if torn else "broken", record=count + 1, offset=loaded.valid_size,
             message="%s after record %d (byte %d): %s; the %d records before it are intact"
             % ("a write torn by a power cut" if torn else "the chain breaks", count, loaded.valid_size,
                loaded.problem, count))
    return v


def _chain_after(prev, recs):
    """How many of recs, in order, fit the chain starting from hash prev."""
    n = 0
    for rec in recs:
        if not jr.fits(prev, rec):
            break
        prev = rec[12:16]
        n += 1
    return n


def _reads(rec):
    """The record's event in words, if it is one this firmware knows."""
    event = jr.unpack(rec)
    if event is None or not jr.valid(*event[1:]):
        return None
    _, kind, side, value = event
    if kind == ev.RESULT:
        return "result %s, %s" % (("red", "black", "draw")[side], REASONS[value])
    if kind in (ev.START, ev.PAUSE, ev.RESUME, ev.CHECKPOINT, ev.POWER_ON):
        return EVENTS[kind]
    if kind == ev.CODE_LOCKOUT:
        return "%s %d ms" % (EVENTS[kind], value)
    if kind == ev.LOW_BATTERY:
        return "%s %d mV" % (EVENTS[kind], value)
    if kind in (ev.ADJUST, ev.MOVES):
        return "%s %s %d" % (EVENTS[kind], SIDE_NAMES[side], value)
    return "%s %s" % (EVENTS[kind], SIDE_NAMES[side])


def _readable_time(rec, before, nxt):
    """The record's game time, if it is plausible: not before the last good
    record's, not after the next record's."""
    event = jr.unpack(rec)
    if event is None:
        return None
    t = event[0]
    after = jr.unpack(nxt) if nxt is not None else None
    if before is not None and t < before:
        return None
    if after is not None and t > after[0]:
        return None
    return t


def line(v):
    name = v["journal"]
    if v["intact"]:
        return "%s: INTACT, %s; chain hash %s" % (name, plural(v["records"], "record"), v["chain_hash"])
    text = "%s: NOT INTACT (%s): %s" % (name, v["verdict"], v["message"])
    if v["chain_hash"]:
        text += ". Chain hash of the intact part: %s (after record %d)" % (v["chain_hash"], v["records"])
    return text


def render(results, fmt):
    if fmt == "json":
        return json.dumps(results[0] if len(results) == 1 else results, indent=2) + "\n"
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for v in results:
            w.writerow({k: "" if v[k] is None else v[k] for k in FIELDS})
        return buf.getvalue()
    return "".join(line(v) + "\n" for v in results)


def main(paths, fmt="text"):
    results = [check(p) for p in paths]
    sys.stdout.write(render(results, fmt))
    return 0 if all(v["intact"] for v in results) else 1
