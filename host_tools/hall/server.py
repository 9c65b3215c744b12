"""The hall's web side: the page, its live stream (server-sent events: every
board at once, then what changed) and /boards.json. It answers GET and HEAD, and one POST, /identify?board=N, which
asks that board's clock to beep and show its number (not while its game's
clock runs); nothing else. A browser that leaves mid-answer ends its request
quietly."""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

import host_tools.firmware_path
from clock.names import REASONS
from device import faults, lang

PAGE = Path(__file__).with_name("page")
FILES = {"/": ("index.html", "text/html; charset=utf-8"),
         "/hall.js": ("hall.js", "text/javascript; charset=utf-8"),
         "/hall.css": ("hall.css", "text/css; charset=utf-8")}
WORDS = json.dumps({"reasons": dict(zip(REASONS, lang.pair("REASONS"))),
                    "faults": [[kind, words] for kind, words in zip(faults.KINDS, lang.pair("FAULT_KINDS"))]},
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
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path in FILES:
            name, kind = FILES[path]
            self._send((PAGE / name).read_bytes(), kind)
        elif path == "/boards.json":
            self._send(json.dumps(self.server.hall.snapshot(), ensure_ascii=False).encode(), "application/json")
        elif path == "/words.json":
            self._send(WORDS, "application/json")
        elif path == "/events":
            self._stream()
        else:
            self._send(b"not found\n", "text/plain", 404)

    do_HEAD = do_GET

    def do_POST(self):
        path, _, query = self.path.partition("?")
        if path != "/identify":
            self._refuse()
            return
        board = parse_qs(query).get("board", [""])[0]
        if self.server.hall.identify(board):
            self._send(b"asked\n", "text/plain", 202)
        else:
            self._send(b"no clock reports on that board\n", "text/plain", 404)

    def _refuse(self):
        self._send(b"the hall page changes nothing but asks a clock to identify itself\n", "text/plain", 405)

    do_PUT = do_DELETE = do_PATCH = _refuse

    def _stream(self):
        """Server-sent events: every board at once, then what changed, as it changes."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.close_connection = True
        if self.command == "HEAD":
            return
        hall = self.server.hall
        message = hall.snapshot()
        seq = message["seq"]
        while not self.server.closing.is_set():
            if message is None:
                self.wfile.write(b": ping\n\n")
            else:
                self.wfile.write(b"data: " + json.dumps(message, ensure_ascii=False).encode() + b"\n\n")
            self.wfile.flush()
            seq, message = hall.since(seq, PING_S)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            super().handle_error(request, client_address)  # a browser that left is no news; a bug is

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
