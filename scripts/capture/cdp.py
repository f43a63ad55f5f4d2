"""A small Chrome DevTools Protocol session over Debian's python3-websocket (websocket-client).

Starts headless Chromium with a private profile, attaches to one page with a flat session, and
sends commands / waits for events. Used by scripts/capture/drive.py.
"""
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

import websocket


class ProtocolError(RuntimeError):
    pass


class Browser:
    def __init__(self, width, height):
        self.profile = tempfile.mkdtemp(prefix="sigbench-capture-profile-")
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        url = None
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            line = self.proc.stderr.readline()
            if not line:
                break
            m = re.search(r"DevTools listening on (ws://\S+)", line)
            if m:
                url = m.group(1)
                break
        if not url:
            self.close()
            raise ProtocolError("chromium did not report a DevTools endpoint")
        self.ws = websocket.create_connection(url, timeout=20, suppress_origin=True)
        self.next_id = 0
        self.events = []
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def send(self, method, params=None, page=False):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if page:
            msg["sessionId"] = self.session
        self.ws.send(json.dumps(msg))
        while True:
            m = json.loads(self.ws.recv())
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise ProtocolError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def page(self, method, params=None):
        return self.send(method, params, page=True)

    def wait(self, method, timeout=10, where=lambda p: True):
        """The first event `method` whose params satisfy `where` (already received or new)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, m in enumerate(self.events):
                if m.get("method") == method and where(m.get("params", {})):
                    del self.events[i]
                    return m["params"]
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProtocolError(f"timed out waiting for {method}")
            self.ws.settimeout(left)
            try:
                self.events.append(json.loads(self.ws.recv()))
            except websocket.WebSocketTimeoutException:
                raise ProtocolError(f"timed out waiting for {method}")
            finally:
                self.ws.settimeout(20)

    def evaluate(self, expression):
        r = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in r:
            raise ProtocolError(f"evaluate failed: {r['exceptionDetails']}")
        return r["result"].get("value")

    def drain(self):
        """Every event received so far, including any still queued on the socket."""
        self.ws.settimeout(0.05)
        try:
            while True:
                self.events.append(json.loads(self.ws.recv()))
        except (websocket.WebSocketTimeoutException, BlockingIOError):
            pass
        finally:
            self.ws.settimeout(20)
        return self.events

    def close(self):
        try:
            if getattr(self, "ws", None):
                self.ws.close()
        finally:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            # Helper processes may still write into the profile for a moment after the main
            # one exits.
            for _ in range(10):
                shutil.rmtree(self.profile, ignore_errors=True)
                if not os.path.exists(self.profile):
                    break
                time.sleep(0.1)
