#!/usr/bin/env python3
"""The measuring half of Benchmarks/Scripts/sms-storm.sh (standard library only).

  sms_storm.py kannel --sendsms URL --user U --password P --smsc-out FILE --drivers FILE --count N --result FILE
      N messages straight to Kannel's sendsms, CLIENTS at once, each with a text of its own.
  sms_storm.py server --base URL [--base URL ...] --token T --drivers FILE --smsc-out FILE --count N --result FILE
      N crash events posted by one detector (event i to driver i mod the drivers, instance i mod the bases), CLIENTS
      at once, then waits until N SMS reached the fake SMS centre. With --no-sms the drivers have no phone number:
      the server only takes the events in, and no SMS may arrive (the intake's own time).
  sms_storm.py table RESULT...
      The phases side by side; the first result is the gateway's own, the others are compared with it.

Arrival is seen by reading fakesmsc's output (one line per SMS it receives) every POLL seconds (default 0.01) from
the moment before the first request: a line's arrival time is the poll that first saw it, so the times carry that
much uncertainty. Every time is taken from one monotonic clock in this process. An SMS is matched to its request by
the recipient number and the ID in its link (".../c/<ID>"): the crash ID the server answered with, or the
message's own ID for the gateway alone.

Drivers file: "NAME PHONE" per line. A result file is one JSON object (read by `table`).
"""
import argparse
import concurrent.futures
import datetime
import http.client
import json
import math
import os
import re
import signal
import statistics
import sys
import threading
import time
import urllib.parse
from collections import Counter, defaultdict

GOT = re.compile(r"Got message \d+: <(.*)>\s*$")
LINK_ID = re.compile(r"/c/([A-Za-z0-9-]+)")


class SMSCentre(threading.Thread):
    """Follows fakesmsc's output from its current end; keeps each received SMS with the time it was first seen."""

    def __init__(self, path, poll):
        super().__init__(daemon=True)
        self.path, self.poll = path, poll
        self.file = open(path, "rb")
        self.file.seek(0, os.SEEK_END)
        self.pending = b""
        self.messages = []          # (seen, from, to, kind, fields)
        self.lock = threading.Lock()
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            self.read()
            time.sleep(self.poll)
        self.read()

    def read(self):
        data = self.file.read()
        if not data:
            return
        seen = time.monotonic()
        lines = (self.pending + data).split(b"\n")
        self.pending = lines.pop()          # an unfinished line waits for the rest
        found = []
        for raw in lines:
            match = GOT.search(raw.decode("utf-8", "replace"))
            if not match:
                continue
            fields = match.group(1).split(" ", 3)
            if len(fields) == 4:
                found.append((seen, fields[0], fields[1], fields[2], fields[3]))
        if found:
            with self.lock:
                self.messages.extend(found)

    def count(self):
        with self.lock:
            return len(self.messages)

    def stop(self):
        self.done.set()
        self.join()
        self.file.close()

    def received(self):
        """The SMS as the phone shows them: (seen, from, to, text); a concatenated SMS once, when its last part came."""
        whole, parts = [], defaultdict(dict)
        for seen, sender, recipient, kind, rest in self.messages:
            if kind == "text":
                whole.append((seen, sender, recipient, rest))
            elif kind == "ucs-2":
                whole.append((seen, sender, recipient, decode_bytes(urllib.parse.unquote_to_bytes(rest.replace("+", " ")), True)))
            elif kind == "udh":
                # "URLENCODED-UDH data URLENCODED-TEXT": one part of a concatenated SMS.
                udh_text, _, data = rest.partition(" data ")
                udh = urllib.parse.unquote_to_bytes(udh_text.replace("+", " "))
                reference, total, number = concatenation(udh)
                key = (sender, recipient, reference, total)
                parts[key][number] = (seen, urllib.parse.unquote_to_bytes(data.replace("+", " ")))
                if len(parts[key]) == total:
                    pieces = [parts[key][n] for n in sorted(parts[key])]
                    body = b"".join(piece for _, piece in pieces)
                    whole.append((max(t for t, _ in pieces), sender, recipient, decode_bytes(body, body.count(0) > len(body) // 4)))
                    del parts[key]
        return whole


def concatenation(udh):
    """(reference, parts, this part's number) from a UDH's concatenation element (8- or 16-bit reference)."""
    index = 1
    while index + 1 < len(udh):
        element, length = udh[index], udh[index + 1]
        value = udh[index + 2:index + 2 + length]
        if element == 0x00 and length == 3:
            return value[0], value[1], value[2]
        if element == 0x08 and length == 4:
            return value[0] << 8 | value[1], value[2], value[3]
        index += 2 + length
    return -1, 1, 1


def decode_bytes(data, utf16):
    return data.decode("utf-16-be", "replace") if utf16 else data.decode("utf-8", "replace")


def read_drivers(path):
    drivers = []
    with open(path) as file:
        for line in file:
            if line.strip():
                name, phone = line.split()
                drivers.append((name, phone))
    return drivers


KEPT = threading.local()
KEEP_CONNECTIONS = False


def request(url, method="GET", body=None, headers=None, timeout=60):
    """One request: (status, body bytes), or (None, error text). On a connection of its own, or, with
    KEEP_CONNECTIONS, on this thread's connection to that host, kept open between requests (opened again when the
    other side closed it)."""
    parts = urllib.parse.urlsplit(url)
    path = parts.path + ("?" + parts.query if parts.query else "")
    key = (parts.hostname, parts.port)
    kept = KEPT.__dict__.setdefault("connections", {}) if KEEP_CONNECTIONS else None
    connection = (kept.pop(key, None) if kept is not None else None) \
        or http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        data = answer.read()
        if kept is not None and not answer.will_close:
            kept[key], connection = connection, None
        return answer.status, data
    except (OSError, http.client.HTTPException) as error:
        return None, str(error).encode()
    finally:
        if connection is not None:
            connection.close()


class CPU:
    """The CPU time (user and system) the processes of each label (--cpu LABEL=PID[,PID...]) spent from start() to
    stop(), from /proc/PID/stat; a label is left out when one of its processes could not be read at either end."""

    def __init__(self, specs):
        self.groups = []
        for spec in specs:
            label, _, pids = spec.partition("=")
            self.groups.append((label, [int(pid) for pid in pids.split(",") if pid.strip()]))
        self.tick = os.sysconf("SC_CLK_TCK")
        self.first = {}
        self.last = {}

    def read(self):
        """{pid: seconds so far, or None}, for every process named."""
        spent = {}
        for _, pids in self.groups:
            for pid in pids:
                try:
                    with open(f"/proc/{pid}/stat") as file:
                        fields = file.read().rsplit(")", 1)[1].split()
                    spent[pid] = (int(fields[11]) + int(fields[12])) / self.tick
                except (OSError, IndexError, ValueError):
                    spent[pid] = None
        return spent

    def start(self):
        self.first = self.read()

    def stop(self):
        self.last = self.read()

    def seconds(self):
        """{label: seconds}."""
        spent = {}
        for label, pids in self.groups:
            ends = [(self.first.get(pid), self.last.get(pid)) for pid in pids]
            if pids and all(a is not None and b is not None for a, b in ends):
                spent[label] = sum(b - a for a, b in ends)
        return spent


def storm(count, clients, send):
    """Runs send(i) for i in 0..<count, `clients` at once; returns [(start, status, answer, end)] in order of i."""
    results = [None] * count

    def one(index):
        start = time.monotonic()
        status, answer = send(index)
        results[index] = (start, status, answer, time.monotonic())

    with concurrent.futures.ThreadPoolExecutor(max_workers=clients) as pool:
        for future in [pool.submit(one, index) for index in range(count)]:
            future.result()
    return results


def wait_for(centre, count, seconds):
    deadline = time.monotonic() + seconds
    while centre.count() < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return centre.count() >= count


def percentile(values, fraction):
    """Nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def summarise(phase, count, results, expected, centre, args, success, cpu):
    """expected: [(recipient, id)] per request, None where the request failed. Writes and prints the result."""
    received = centre.received()
    by_key = defaultdict(list)
    unmatched = 0
    for seen, _, recipient, text in received:
        match = LINK_ID.search(text)
        if match:
            by_key[(recipient, match.group(1))].append(seen)
        else:
            unmatched += 1
    latencies, missing, duplicated, arrivals = [], 0, 0, []
    matched_keys = set()
    for (start, *_), key in zip(results, expected):
        if key is None:
            continue
        matched_keys.add(key)
        seen = by_key.get(key, [])
        if not seen:
            missing += 1
            continue
        if len(seen) > 1:
            duplicated += len(seen) - 1
        first = min(seen)
        latencies.append(first - start)
        arrivals.append(first)
    unmatched += sum(len(times) for key, times in by_key.items() if key not in matched_keys)
    statuses = Counter(status for _, status, *_ in results)
    refused = sum(n for status, n in statuses.items() if status != success)
    first_start = min(start for start, *_ in results)
    last_request_end = max(start for start, *_ in results)
    last_answer = max(end for *_, end in results)
    last_seen = max((seen for seen, *_ in received), default=None)
    wanted = 0 if args.command == "server" and args.no_sms else count
    exactly_once = refused == 0 and missing == 0 and duplicated == 0 and unmatched == 0 and len(received) == wanted
    result = {
        "phase": phase, "events": count, "statuses": {str(k): v for k, v in sorted(statuses.items(), key=str)},
        "sms": len(received), "missing": missing, "duplicated": duplicated, "unmatched": unmatched,
        "last_sms_seconds": (last_seen - first_start) if last_seen is not None else None,
        "last_request_start_seconds": last_request_end - first_start,
        "last_answer_seconds": last_answer - first_start,
        "sms_by_last_answer": sum(1 for seen, *_ in received if seen <= last_answer),
        # When half of the SMS had arrived, from the first request: unlike the median per message, it does not grow
        # when the requests are answered (and the next ones sent) sooner.
        "half_sms_seconds": statistics.median(arrivals) - first_start if arrivals else None,
        "median_ms": statistics.median(latencies) * 1000 if latencies else None,
        "p99_ms": percentile(latencies, 0.99) * 1000 if latencies else None,
        "exactly_once": exactly_once, "check": args.command == "server", "poll_ms": args.poll * 1000,
        "cpu_seconds": cpu.seconds(),
    }
    with open(args.result, "w") as file:
        json.dump(result, file)
    print(f"  answers: {', '.join(f'{n} × {s}' for s, n in result['statuses'].items())}")
    if refused:
        samples = [answer[:200].decode("utf-8", "replace") for _, status, answer, _ in results if status != success][:3]
        print(f"  not {success}: {refused}; for example: {samples}")
    last = f"{result['last_sms_seconds']:.2f} s" if last_seen is not None else "none"
    print(f"  SMS at the SMS centre: {len(received)} of {wanted}; the last {last} after the first request "
          f"(the last request started at {result['last_request_start_seconds']:.2f} s, "
          f"the last answer came at {result['last_answer_seconds']:.2f} s, with {result['sms_by_last_answer']} SMS there by then)")
    if latencies:
        print(f"  per message, request start → SMS seen: median {result['median_ms']:.0f} ms, p99 {result['p99_ms']:.0f} ms, "
              f"max {max(latencies) * 1000:.0f} ms; half of the SMS there {result['half_sms_seconds']:.2f} s after the first request")
    if result["cpu_seconds"]:
        print("  CPU spent: " + ", ".join(f"{label} {seconds:.2f} s" for label, seconds in result["cpu_seconds"].items()))
    verdict = "PASS" if exactly_once else "FAIL"
    label = "exactly one SMS per message"
    if args.command == "server":
        label = "no SMS, every event taken" if args.no_sms else "exactly one SMS per event"
    print(f"  {label}: {verdict} ({count} sent, {refused} refused, {len(received)} SMS, {missing} missing, "
          f"{duplicated} duplicated, {unmatched} matching none)")
    return result


def kannel(args):
    drivers = read_drivers(args.drivers)
    centre = SMSCentre(args.smsc_out, args.poll)
    centre.start()
    keys = []
    urls = []
    for index in range(args.count):
        phone = drivers[index % len(drivers)][1]
        ident = f"GW-{index:06d}"
        # About as long as a crash SMS, with the ID in a link as the server's carry it.
        text = f"Crash detected 21 Nov 2026, 17:42 at 47.4979,19.0402 ({ident}). Your claim: http://127.0.0.1:8080/c/{ident}"
        query = urllib.parse.urlencode({"username": args.user, "password": args.password, "from": args.sender,
                                        "to": phone, "text": text, "charset": "UTF-8", "coding": "0"})
        urls.append(f"{args.sendsms}?{query}")
        keys.append((phone, ident))
    cpu = CPU(args.cpu)
    cpu.start()
    results = storm(args.count, args.clients, lambda index: request(urls[index]))
    expected = [key if status == 202 else None for key, (_, status, *_) in zip(keys, results)]
    wait_for(centre, args.count, args.timeout)
    time.sleep(args.settle)
    cpu.stop()
    centre.stop()
    summarise("kannel sendsms alone", args.count, results, expected, centre, args, 202, cpu)


def server(args):
    drivers = read_drivers(args.drivers)
    run = os.urandom(4).hex()
    detected = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M:%SZ")
    bodies = []
    for index in range(args.count):
        name, _ = drivers[index % len(drivers)]
        event_id = f"storm-{run}-{index:06d}"
        body = json.dumps({
            "user": name, "eventId": event_id, "detectedAt": detected,
            "position": {"latitude": 47.4979, "longitude": 19.0402, "accuracyMeters": 5, "trusted": True},
            "airbagsDeployed": True, "rollover": False, "test": False,
        }).encode()
        bodies.append((args.base[index % len(args.base)], event_id, body))

    def send(index):
        base, event_id, body = bodies[index]
        return request(f"{base}/v1/crash-events", "POST", body, {
            "Authorization": f"Bearer {args.token}", "Content-Type": "application/json", "Idempotency-Key": event_id,
        })

    centre = SMSCentre(args.smsc_out, args.poll)
    cpu = CPU(args.cpu)
    centre.start()
    cpu.start()
    results = storm(args.count, args.clients, send)
    expected = []
    for index, (_, status, answer, _) in enumerate(results):
        if status == 201 and not args.no_sms:
            expected.append((drivers[index % len(drivers)][1], json.loads(answer)["crashId"]))
        else:
            expected.append(None)
    # With --no-sms none is awaited: the settling below is when one sent by mistake would show.
    if not args.no_sms and not wait_for(centre, args.count, args.timeout):
        print(f"  timed out after {args.timeout:.0f} s with {centre.count()} SMS of {args.count}")
    time.sleep(args.settle)  # time for a duplicate to show up
    cpu.stop()
    centre.stop()
    summarise(args.phase, args.count, results, expected, centre, args, 201, cpu)


def table(args):
    results = [json.load(open(path)) for path in args.results]
    gateway = results[0]["last_sms_seconds"] if results else None
    number = lambda value, form: (form.format(value) if value is not None else "—")
    print(f"{'phase':<28} {'events':>6}  {'answered (s)':>12}  {'half SMS (s)':>12}  {'last SMS (s)':>12}  {'× gateway':>9}  {'median (ms)':>11}  "
          f"{'p99 (ms)':>8}  {'server CPU (s)':>14}  {'gateway CPU (s)':>15}  exactly once")
    for result in results:
        last = result["last_sms_seconds"]
        ratio = last / gateway if last is not None and gateway else None
        check = ("PASS" if result["exactly_once"] else "FAIL") if result["check"] else "—"
        answered = result.get("last_answer_seconds")
        cpu = result.get("cpu_seconds", {})
        print(f"{result['phase']:<28} {result['events']:>6}  {number(answered, '{:.2f}'):>12}  "
              f"{number(result.get('half_sms_seconds'), '{:.2f}'):>12}  {number(last, '{:.2f}'):>12}  "
              f"{number(ratio, '{:.2f}'):>9}  {number(result['median_ms'], '{:.0f}'):>11}  {number(result['p99_ms'], '{:.0f}'):>8}  "
              f"{number(cpu.get('server'), '{:.2f}'):>14}  {number(cpu.get('gateway'), '{:.2f}'):>15}  {check}")


def main():
    # Interrupted, stop at once: the requests still queued are not worth sending (the script cleans up after).
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda received, _: os._exit(128 + received))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("kannel", "server"):
        command = commands.add_parser(name)
        command.add_argument("--smsc-out", required=True, help="fakesmsc's output file")
        command.add_argument("--drivers", required=True)
        command.add_argument("--count", type=int, default=1000)
        command.add_argument("--clients", type=int, default=64)
        command.add_argument("--timeout", type=float, default=120, help="seconds to wait for the SMS after the last answer")
        command.add_argument("--settle", type=float, default=3, help="seconds to keep watching after the last SMS expected")
        command.add_argument("--poll", type=float, default=0.01)
        command.add_argument("--result", required=True)
        command.add_argument("--cpu", action="append", default=[], metavar="LABEL=PID[,PID...]",
                             help="also report the CPU time these processes spent over the phase (repeat)")
        command.add_argument("--keep-connections", action="store_true",
                             help="each client keeps its connection open between requests (as a pooling HTTP client does)")
    commands.choices["kannel"].add_argument("--sendsms", required=True, help="http://127.0.0.1:PORT/cgi-bin/sendsms")
    commands.choices["kannel"].add_argument("--user", required=True)
    commands.choices["kannel"].add_argument("--password", required=True)
    commands.choices["kannel"].add_argument("--sender", default="CrashAsst")
    commands.choices["server"].add_argument("--base", action="append", required=True, help="http://127.0.0.1:PORT (repeat)")
    commands.choices["server"].add_argument("--token", required=True, help="the detector's token")
    commands.choices["server"].add_argument("--phase", default="server")
    commands.choices["server"].add_argument("--no-sms", action="store_true", help="the drivers have no phone number: no SMS is expected")
    commands.add_parser("table").add_argument("results", nargs="*")
    args = parser.parse_args()
    global KEEP_CONNECTIONS
    KEEP_CONNECTIONS = getattr(args, "keep_connections", False)
    {"kannel": kannel, "server": server, "table": table}[args.command](args)


if __name__ == "__main__":
    main()
