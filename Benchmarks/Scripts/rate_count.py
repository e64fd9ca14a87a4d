#!/usr/bin/env python3
"""How long the server's count of a detector's crash events in its rate window takes (a documented measurement, not a
test), with and without the index on (detector, received_at) that layout version 13 added, side by side in one run.

A detector that has posted EVENTS events (default 200,000) over time, WINDOW (default 1,000) of them inside the rate
window; the count is the server's own query (SQLiteServerStore.crashEventsReceivedQuery), asked RUNS (200) times on each
layout. The server counts once per crash event, inside the write that stores it (one writer at a time).
Usage: Benchmarks/Scripts/rate_count.py [--events N] [--window N] [--runs N]
"""
import argparse
import os
import sqlite3
import tempfile
import time
import uuid

COUNT = "SELECT count(*), min(received_at) FROM crash_events WHERE detector = ?1 AND received_at >= ?2"


def build(path, events, with_index):
    db = sqlite3.connect(path)
    # The columns the count and the primary key touch, and a body about as long as the rest of a real row.
    db.executescript("""
        CREATE TABLE crash_events (
            detector BLOB NOT NULL, event_id TEXT NOT NULL, owner BLOB NOT NULL, received_at REAL NOT NULL, rest TEXT,
            PRIMARY KEY (detector, event_id)
        ) WITHOUT ROWID;
        CREATE INDEX crash_events_by_owner ON crash_events (owner, received_at);
    """)
    if with_index:
        db.execute("CREATE INDEX crash_events_by_detector ON crash_events (detector, received_at)")
    detector = uuid.uuid4().bytes
    db.executemany(
        "INSERT INTO crash_events VALUES (?, ?, ?, ?, ?)",
        ((detector, f"event-{i}", uuid.uuid4().bytes, float(i), "x" * 200) for i in range(events)),
    )
    db.commit()
    return db, detector


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--events", type=int, default=200_000)
    parser.add_argument("--window", type=int, default=1_000)
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    since = float(args.events - args.window)
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, with_index in (("before (primary key only)", False), ("layout 13 (detector, received_at)", True)):
            db, detector = build(os.path.join(folder, f"{with_index}.sqlite3"), args.events, with_index)
            plan = " ".join(row[3] for row in db.execute("EXPLAIN QUERY PLAN " + COUNT, (detector, since)))
            start = time.perf_counter()
            for _ in range(args.runs):
                counted = db.execute(COUNT, (detector, since)).fetchone()[0]
            results[name] = (time.perf_counter() - start) / args.runs * 1000
            print(f"{name:36} {results[name]:8.3f} ms a count ({counted} in the window)  plan: {plan}")
            db.close()
    before, after = results.values()
    print(f"{args.events} events of one detector, {args.window} in the window: the index makes a count {before / after:.0f} × faster")


if __name__ == "__main__":
    main()
