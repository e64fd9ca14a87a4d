#!/usr/bin/env python3
"""The latency quantile of one route between two scrapes of the server's /metrics (Prometheus text format).

Usage: metrics_quantile.py BEFORE AFTER ROUTE [STATUS] [QUANTILE]
Reads the `http_server_request_duration_seconds_bucket` series of ROUTE (e.g. /v1/reports/{reportID}) with STATUS (default
200), subtracts BEFORE from AFTER, and prints the upper bound of the bucket holding the QUANTILE (default 0.99) in
milliseconds, with the count of requests between the scrapes: "p99 <= 2.000 ms over 123456 requests".
"""
import re
import sys


def buckets(path, route, status):
    found = {}
    pattern = re.compile(r'^http_server_request_duration_seconds_bucket\{(.*)\} (\S+)$')
    for line in open(path):
        match = pattern.match(line.strip())
        if not match:
            continue
        labels = dict(re.findall(r'(\w+)="([^"]*)"', match.group(1)))
        if labels.get("http_route") != route or labels.get("http_response_status_code") != status:
            continue
        bound = float("inf") if labels["le"] == "+Inf" else float(labels["le"])
        found[bound] = found.get(bound, 0) + float(match.group(2))
    return found


def main():
    before, after, route = sys.argv[1:4]
    status = sys.argv[4] if len(sys.argv) > 4 else "200"
    quantile = float(sys.argv[5]) if len(sys.argv) > 5 else 0.99
    old, new = buckets(before, route, status), buckets(after, route, status)
    delta = sorted((bound, count - old.get(bound, 0)) for bound, count in new.items())
    if not delta or delta[-1][1] == 0:
        print(f"no requests to {route} with status {status} between the scrapes")
        return 1
    total = delta[-1][1]
    for bound, cumulative in delta:
        if cumulative >= quantile * total:
            print(f"p{quantile * 100:g} <= {bound * 1000:.3f} ms over {int(total)} requests")
            return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
