# Reads for the host while the clock runs. `xqclock pull`, `config show` and
# `hall --usb` ask over USB without stopping main.py: stopping it would pause
# the game and leave lever presses unseen while the host reads. The journal
# only grows (a file at its end; a ring on the flash slot after slot, its first
# erased slot ending it), so a copy read while it grows is an exact earlier
# state of it.
#
# The host writes one request line on the board's standard input:
#   xq?info                  ->  xq!info {JSON: uid, battery, settings, journal, archive, size, game}
#   xq?ls DIR                ->  xq!ls [JSON list of the files in DIR]
#   xq?read PATH OFFSET      ->  xq!data BASE64 (lines of up to CHUNK bytes), then xq!end SIZE
#                                (xq!end -1: no such file)
#   xq?identify              ->  xq!identify 1 (it beeps and shows its board number), 0 (a game runs)
#   xq?selftest              ->  xq!selftest 1 (the self-test starts: its "selftest: ..." lines
#                                follow, /selftest.json holds the result), 0 (a game runs)
# and, where the app takes pushes (device/staging.py), a push in pieces:
#   xq?put OFFSET BASE64     ->  xq!put END   (the request's bytes so far; the host waits for it,
#                                so nothing overflows the clock's input)
#   xq?stage SIZE SHA256     ->  xq!stage {JSON: the app's answer}   (the SIZE bytes put, whose
#                                sha256 starts with SHA256's hex digits, as one JSON request)
# Anything else is ignored. The answer goes out a chunk per loop step, so the
# clock keeps its pace; stdin is looked at every POLL_STEPS steps, without
# allocating while nothing comes.

import binascii
import hashlib
import json
import os
import select
import sys

from clock import jsonfile
from clock.utf8 import dumps

CHUNK = 384  # file bytes per line (512 of base64)
POLL_STEPS = 5  # look for a request every 5 loop steps (50 ms)
_MAX_LINE = 240
PUT_CHUNK = 144  # request bytes per xq?put line (192 of base64: the line fits _MAX_LINE)
PUT_MAX = 8192  # a push is a few hundred bytes


def for_app(app):
    """The reads of the App's clock (device/app.py), its actions answering."""
    import machine
    uid = binascii.hexlify(machine.unique_id()).decode()
    return HostReads(lambda: app.act("host_info", uid), lambda: app.act("identify"),
                     stage=lambda request: app.act("stage", request), selftest=lambda: app.act("start_selftest"))


class HostReads:
    """Answers the host's read requests; `step()` once per loop step.
    `info()` gives the dict for xq?info (the app's own state)."""

    def __init__(self, info, identify=None, stdin=None, stdout=None, stage=None, selftest=None):
        self.info = info
        self.identify = identify  # the app's identify: a request that is not a read
        self.selftest = selftest  # the app's self-test started: another
        self.stage = stage  # stage(request dict) -> answer dict, or None: no pushes taken
        self._put = bytearray()
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self._poll = select.poll()
        self._poll.register(self.stdin, select.POLLIN)
        self._line = bytearray(_MAX_LINE)
        self._n = 0
        self._steps = 0
        self._file = None  # a file being sent, a chunk per step
        self._sent = 0
        self.heard = 0  # requests taken so far
        self.closed = False  # the console has closed

    def step(self):
        if self._file is not None:
            self._send_chunk()
            return
        self._steps += 1
        if self._steps < POLL_STEPS:
            return
        self._steps = 0
        n = 0
        while n < _MAX_LINE and self._waiting():
            ch = self.stdin.read(1)
            if not ch:  # the console closed: nothing more will come
                self._poll.unregister(self.stdin)
                self.closed = True
                return
            n += 1
            if self._take(ch):
                return  # one request a look: a file being sent is not cut short by the next

    def busy(self):
        """Whether a request is half read, a push half put or a file half sent."""
        return self._file is not None or self._n > 0 or len(self._put) > 0

    def _waiting(self):
        for _ in self._poll.ipoll(0):
            return True
        return False

    def _take(self, ch):
        """Take one character; True if it ended a request."""
        c = ord(ch)
        if c == 10 or c == 13:
            if self._n:
                self._n, n = 0, self._n
                self.heard += 1
                self._request(bytes(self._line[:n]).decode())
                return True
        elif self._n < _MAX_LINE and c < 128:  # requests are ASCII: anything else typed is ignored
            self._line[self._n] = c
            self._n += 1
        return False

    def _say(self, text):
        self.stdout.write(text)
        self.stdout.write("\r\n")

    def _request(self, line):
        words = line.split()
        if not words or not words[0].startswith("xq?"):
            return
        what = words[0][3:]
        try:
            if what == "info":
                self._say("xq!info " + dumps(self.info()))
            elif what == "ls" and len(words) == 2:
                try:
                    names = [e[0] for e in os.ilistdir(words[1]) if not e[1] & 0x4000]
                except OSError:
                    names = []
                self._say("xq!ls " + json.dumps(names))
            elif what == "identify" and self.identify is not None:
                self._say("xq!identify %d" % (1 if self.identify() else 0))
            elif what == "selftest" and self.selftest is not None:
                self._say("xq!selftest %d" % (1 if self.selftest() else 0))
            elif what == "read" and len(words) == 3:
                self._start_file(words[1], int(words[2]))
            elif what == "put" and len(words) == 3 and self.stage is not None:
                self._take_put(int(words[1]), binascii.a2b_base64(words[2]))
            elif what == "stage" and len(words) == 3 and self.stage is not None:
                self._staged(int(words[1]), words[2])
        except Exception as e:  # a bad request must never stop the clock
            self._say("xq!error " + repr(e))

    def _take_put(self, offset, data):
        put = self._put
        if offset == 0:
            put[:] = b""  # a new push
        if offset == len(put) and offset + len(data) <= PUT_MAX:
            put.extend(data)
        self._say("xq!put %d" % len(put))  # a piece lost or sent twice: the host sees where it stands

    def _staged(self, size, digest):
        data = bytes(self._put)
        self._put = bytearray()
        if len(data) != size or binascii.hexlify(hashlib.sha256(data).digest()).decode()[:len(digest)] != digest:
            answer = {"ok": False, "problem": "the push arrived incomplete"}
        else:
            try:
                request = jsonfile.loads(data, PUT_MAX)  # nesting bounded (clock/limits.py)
            except ValueError:
                request = None
            if isinstance(request, dict):
                answer = self.stage(request)
            else:
                answer = {"ok": False, "problem": "the push is not a JSON object"}
        self._say("xq!stage " + dumps(answer))

    def _start_file(self, path, offset):
        try:
            f = open(path, "rb")
        except OSError:
            self._say("xq!end -1")
            return
        f.seek(offset)
        self._file = f
        self._sent = offset

    def _send_chunk(self):
        f = self._file
        if f is None:
            return
        data = f.read(CHUNK)
        if data:
            self._sent += len(data)
            self._say("xq!data " + binascii.b2a_base64(data).decode().strip())
        if len(data) < CHUNK:
            f.close()
            self._file = None
            self._say("xq!end %d" % self._sent)
