#!/usr/bin/env python3
"""A weak link between two programs on loopback: a TCP proxy that gives each direction a bandwidth and a delay, and
cuts every connection now and then (the kernel here has no netem, so it is done in user space).

Usage: shaping_proxy.py TARGET_PORT [--up-kbit N] [--down-kbit N] [--rtt-ms N] [--cut-every S] [--port P]

Listens on 127.0.0.1 (PORT, default any free port; the port is printed as "listening on PORT" on standard output) and
forwards each connection to 127.0.0.1:TARGET_PORT. "Up" is client to target. Each direction is a queue drained at its
rate, each chunk delivered half the round trip after it left the queue, in order; what the sender wrote is read only
as the queue makes room (64 KiB), so the sender feels the link's pace as it would a real bottleneck. With
--cut-every S, every S seconds all connections open then are reset (both sides), as a handover between cells does.
On SIGTERM or SIGINT it prints its counts: "bytes up N, bytes down N, connections N, cuts N" on standard error.
"""
import argparse
import asyncio
import signal
import sys
import time

CHUNK = 16 * 1024
QUEUE_BYTES = 64 * 1024


class Direction:
    """One direction of one connection: read from `reader`, paced at `rate` bits/s, delivered `delay` s later."""

    def __init__(self, reader, writer, rate, delay, counts, key):
        self.reader, self.writer, self.rate, self.delay = reader, writer, rate, delay
        self.queue = asyncio.Queue(maxsize=max(1, QUEUE_BYTES // CHUNK))
        # Chunks on the wire: sent, not yet arrived (a round trip's worth at most, unbounded here).
        self.in_flight = asyncio.Queue()
        self.counts, self.key = counts, key

    async def read(self):
        try:
            while True:
                data = await self.reader.read(CHUNK)
                await self.queue.put(data)
                if not data:
                    return
        except (ConnectionError, asyncio.CancelledError):
            await self.queue.put(b"")

    async def pace(self):
        """Takes each chunk off the queue as the link's rate allows, and hands it on to arrive `delay` later."""
        loop = asyncio.get_running_loop()
        sent_until = loop.time()
        while True:
            data = await self.queue.get()
            if data:
                sent_until = max(loop.time(), sent_until) + (len(data) * 8 / self.rate if self.rate else 0)
                await asyncio.sleep(max(0.0, sent_until - loop.time()))
            await self.in_flight.put((sent_until + self.delay, data))
            if not data:
                return

    async def deliver(self):
        loop = asyncio.get_running_loop()
        try:
            while True:
                arrival, data = await self.in_flight.get()
                await asyncio.sleep(max(0.0, arrival - loop.time()))
                if not data:
                    if self.writer.can_write_eof():
                        self.writer.write_eof()
                    return
                self.writer.write(data)
                await self.writer.drain()
                self.counts[self.key] += len(data)
        except (ConnectionError, asyncio.CancelledError, OSError):
            return


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("target_port", type=int)
    parser.add_argument("--up-kbit", type=float, default=1000)
    parser.add_argument("--down-kbit", type=float, default=8000)
    parser.add_argument("--rtt-ms", type=float, default=300)
    parser.add_argument("--cut-every", type=float, default=0)
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    counts = {"up": 0, "down": 0, "connections": 0, "cuts": 0}
    open_connections = set()
    delay = options.rtt_ms / 2000

    async def handle(client_reader, client_writer):
        counts["connections"] += 1
        try:
            target_reader, target_writer = await asyncio.open_connection("127.0.0.1", options.target_port)
        except OSError:
            client_writer.transport.abort()
            return
        # The connection takes a round trip to be made on the link.
        await asyncio.sleep(2 * delay)
        up = Direction(client_reader, target_writer, options.up_kbit * 1000, delay, counts, "up")
        down = Direction(target_reader, client_writer, options.down_kbit * 1000, delay, counts, "down")
        tasks = [asyncio.create_task(coroutine) for coroutine in (up.read(), up.pace(), up.deliver(), down.read(), down.pace(), down.deliver())]
        pair = (client_writer, target_writer, tuple(tasks))
        open_connections.add(pair)
        try:
            await asyncio.gather(*tasks, return_exceptions=True)
        except asyncio.CancelledError:
            pass
        finally:
            open_connections.discard(pair)
            for writer in (client_writer, target_writer):
                writer.transport.abort()

    async def cutter():
        while True:
            await asyncio.sleep(options.cut_every)
            if open_connections:
                counts["cuts"] += 1
            for client_writer, target_writer, _ in list(open_connections):
                client_writer.transport.abort()
                target_writer.transport.abort()

    # A launcher may have left SIGTERM blocked (a test process's threads often do); the proxy must stop on it.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    server = await asyncio.start_server(handle, "127.0.0.1", options.port)
    print(f"listening on {server.sockets[0].getsockname()[1]}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    if options.cut_every > 0:
        asyncio.create_task(cutter())
    await stop.wait()
    print(f"bytes up {counts['up']}, bytes down {counts['down']}, connections {counts['connections']}, cuts {counts['cuts']}",
          file=sys.stderr, flush=True)


if __name__ == "__main__":
    asyncio.run(main())
