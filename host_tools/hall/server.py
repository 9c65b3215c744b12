"""The hall's web side: the page, its live stream (server-sent events) and
/boards.json. Read-only: it answers GET and nothing else."""
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import host_tools.firmware_path
from clock.game import REASONS
from device import faults, lang

PAGE = Path(__file__).with_name("page")
FILES = {"/": ("index.html", "text/html; charset=utf-8"),
         "/hall.js": ("hall.js", "text/javascript; charset=utf-8"),
         "/hall.css": ("hall.css", "text/css; charset=utf-8")}
WORDS = json.dumps({"reasons": {name: list(lang.REASONS[i]) for i, name in enumerate(REASONS)},
                    "faults": [[kind, list(words)] for kind, words in zip(faults.KINDS, lang.FAULT_KINDS)]},
                   ensure_ascii=False).encode()
PING_S = 15  # a comment line this often keeps proxies from closing a quiet stream


class _Handler(BaseHTTPRequestHandler):
    server: "Server"  # the hall's own, with .hall and .closing
    server_version = "xqclock-hall"
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # one line per request is noise at an event
        pass

    def _send(self, body, kind, status=200):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path in FILES:
            name, kind = FILES[path]
            self._send((PAGE / name).read_bytes(), kind)
        elif path == "/boards.json":
            self._send(json.dumps(self.server.hall.snapshot()).encode(), "application/json")
        elif path == "/words.json":
            self._send(WORDS, "application/json")
        elif path == "/events":
            self._stream()
        else:
            self._send(b"not found\n", "text/plain", 404)

    def _refuse(self):
        self._send(b"the hall is read-only\n", "text/plain", 405)

    do_POST = do_PUT = do_DELETE = do_PATCH = _refuse

    def _stream(self):
        """Server-sent events: every board at once, then what changed, as it changes."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        hall = self.server.hall
        seq = 0
        first = True
        try:
            while not self.server.closing.is_set():
                seq_now, boards = hall.since(seq, 0 if first else PING_S)
                if boards or first:
                    data = json.dumps({"event": hall.event, "now_ms": hall.now_ms(), "boards": boards})
                    self.wfile.write(b"data: " + data.encode() + b"\n\n")
                else:
                    self.wfile.write(b": ping\n\n")
                self.wfile.flush()
                seq = seq_now
                first = False
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, hall, host, port):
        self.hall = hall
        self.closing = threading.Event()
        super().__init__((host, port), _Handler)

    def start(self):
        threading.Thread(target=self.serve_forever, name="hall web", daemon=True).start()
        threading.Thread(target=self._sweep, name="hall alerts", daemon=True).start()
        return self

    def _sweep(self):
        while not self.closing.wait(1.0):
            self.hall.sweep()

    def stop(self):
        self.closing.set()
        with self.hall.changed:
            self.hall.changed.notify_all()
        self.shutdown()
        self.server_close()
