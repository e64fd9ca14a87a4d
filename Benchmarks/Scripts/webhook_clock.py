#!/usr/bin/env python3
"""A claims system's webhook receiver for the benchmarks: answers every POST 204 and appends to LOG one line per
delivery: the arrival time (seconds since 1970), the webhook-id and the event's type. Prints "listening on PORT".
Usage: webhook_clock.py LOG"""
import json
import signal
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log_path = sys.argv[1]


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        arrived = time.time()
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            kind = json.loads(body).get("type", "?")
        except ValueError:
            kind = "unreadable"
        with open(log_path, "a") as log:
            log.write(f"{arrived:.3f} {self.headers.get('webhook-id', '-')} {kind}\n")
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
print(f"listening on {server.server_address[1]}", flush=True)
server.serve_forever()
