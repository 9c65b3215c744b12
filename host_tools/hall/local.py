"""Processes of this machine that the hall's tests and benchmark run: Debian's
Mosquitto on a loopback port, and headless Chromium showing a page, driven
over the DevTools protocol (websocket-client, a development dependency).
A missing program raises Missing, naming the Debian package."""
import base64
import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class Missing(RuntimeError):
    """A program the tier needs is not installed; the text names its package."""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, timeout=15.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port} after {timeout} s")


def until(check, timeout, what):
    """check() until it returns something true (bounded); its value."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            raise TimeoutError(f"{what}: not within {timeout} s (last: {value!r})")
        time.sleep(0.1)


def need(program, package, paths=()):
    """The path of program; Missing names the package to install."""
    found = shutil.which(program) or next((p for p in paths if os.access(p, os.X_OK)), None)
    if not found:
        raise Missing(f"{program} is not installed (apt-get install {package})")
    return found


def certificate(folder, name="127.0.0.1"):
    """A self-signed TLS certificate for name (an EC P-256 key: cheap for a Pico W to
    check), made with Debian's openssl: (certificate file, key file)."""
    openssl = need("openssl", "openssl")
    cert, key = Path(folder) / f"{name}.pem", Path(folder) / f"{name}.key"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-days", "2", "-subj", f"/CN={name}",
                    "-addext", f"subjectAltName={'IP' if name[0].isdigit() else 'DNS'}:{name}",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return str(cert), str(key)


class Mosquitto:
    """Debian's mosquitto on a loopback port, set up by `xqclock broker-config` for the
    events (keys.py: their secrets on this machine), no persistence; TLS with (cert, key)."""

    def __init__(self, events=("open",), tls=None):
        from host_tools.hall import keys, mosquitto
        self.binary = need("mosquitto", "mosquitto", ["/usr/sbin/mosquitto"])
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="xqclock-mosquitto-")
        conf = mosquitto.write(self.dir, [keys.load(e) for e in events], port=self.port, tls=tls)
        self.proc = subprocess.Popen([self.binary, "-c", str(conf)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        wait_port(self.port)

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


class Chromium:
    """Headless Chromium showing one page, driven over the DevTools protocol."""

    def __init__(self, url, width=1280, height=900):
        binary = need("chromium", "chromium", ["/usr/bin/chromium"])
        import websocket  # websocket-client (dev extra)
        self.profile = tempfile.mkdtemp(prefix="xqclock-chromium-")
        self.proc = subprocess.Popen([binary, *FLAGS, f"--user-data-dir={self.profile}",
                                      "--remote-debugging-port=0", f"--window-size={width},{height}", url],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        active = Path(self.profile) / "DevToolsActivePort"
        port = until(lambda: active.exists() and active.read_text().split("\n")[0], 30, "Chromium's DevTools port")
        pages = until(lambda: [t for t in self._json(port) if t["type"] == "page"], 15, "Chromium's page")
        self.ws = websocket.create_connection(pages[0]["webSocketDebuggerUrl"], timeout=15, suppress_origin=True)
        self.id = 0

    @staticmethod
    def _json(port):
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=5) as r:
            return json.loads(r.read())

    def call(self, method, **params):
        self.id += 1
        self.ws.send(json.dumps({"id": self.id, "method": method, "params": params}))
        while True:  # events in between are not ours
            reply = json.loads(self.ws.recv())
            if reply.get("id") == self.id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def eval(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def on_new_document(self, source):
        """Run source in every page loaded from now on, before the page's own scripts."""
        self.call("Page.enable")
        self.call("Page.addScriptToEvaluateOnNewDocument", source=source)

    def wait(self, expression, timeout=20.0):
        return until(lambda: self.eval(expression), timeout, expression)

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        Path(path).write_bytes(base64.b64decode(data))

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
