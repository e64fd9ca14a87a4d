#!/usr/bin/env python3
"""A claims system's webhook endpoint, for the tests: verifies each delivery's Standard Webhooks signature with the
standardwebhooks library (and that the same body, tampered with, fails verification), answers 500 to the first
--fail-first deliveries and 200 after (503 to every delivery while the --down-file exists), and writes one JSON line
per delivery to --log.

    webhook-receiver.py --secret whsec_... --log FILE --port-file FILE [--fail-first N] [--down-file FILE]

It listens on a free port of 127.0.0.1, written to --port-file once it listens."""
import argparse
import json
import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

parser = argparse.ArgumentParser()
parser.add_argument("--secret", required=True)
parser.add_argument("--log", required=True)
parser.add_argument("--port-file", required=True)
parser.add_argument("--fail-first", type=int, default=0)
parser.add_argument("--down-file")
options = parser.parse_args()

webhook = Webhook(options.secret)
lock = threading.Lock()
received = 0


def verified(body, headers):
    try:
        webhook.verify(body, headers)
        return True, None
    except WebhookVerificationError as error:
        return False, str(error)


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        global received
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        headers = {name.lower(): value for name, value in self.headers.items()}
        ok, why = verified(body, headers)
        tampered = body.replace(b'"crashId":"', b'"crashId":"X', 1)
        tampered_ok, _ = verified(tampered, headers)
        with lock:
            received += 1
            status = 500 if received <= options.fail_first else 200
            if options.down_file and os.path.exists(options.down_file):
                status = 503
            entry = {
                "id": headers.get("webhook-id"), "timestamp": headers.get("webhook-timestamp"),
                "verified": ok, "why": why, "tamperedVerified": tampered_ok, "tamperedDiffers": tampered != body,
                "status": status, "body": json.loads(body) if ok else None,
            }
            with open(options.log, "a") as log:
                log.write(json.dumps(entry) + "\n")
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
with open(options.port_file + ".part", "w") as port_file:
    port_file.write(str(server.server_address[1]))
os.replace(options.port_file + ".part", options.port_file)
server.serve_forever()
