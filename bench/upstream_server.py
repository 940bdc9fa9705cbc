#!/usr/bin/env python3
"""Loopback OSRM stand-in for bench/upstream.sh: answers every route request with one recorded body
after a settable delay, and counts requests and the most it had in flight at once. With --path it
stands in for another upstream (scripts/cluster-test.sh: transport.opendata.ch's /v1/locations).

Usage: python3 bench/upstream_server.py BODY_FILE [--port PORT] [--path PREFIX]
The first line on stdout is `listening on http://127.0.0.1:PORT` (PORT 0, the default, lets the
kernel pick). HTTP/1.1 with keep-alive, standard library only.

  GET /route/v1/driving/...        (or PREFIX...) waits the delay, then 200 application/json with BODY_FILE
  GET /__stats                     {"requests": N, "max_concurrent": M} since the last reset
  GET /__reset?delay_ms=200        zeroes the counters and sets the delay (0 when left out)
"""

import argparse
import asyncio
import json
import signal
import sys
from urllib.parse import parse_qs, urlsplit

ROUTE_PREFIX = "/route/v1/driving/"
# Larger heads are refused: a benchmark client never sends one, so it means a framing bug.
MAX_HEAD_BYTES = 16384
REASONS = {200: "OK", 400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed",
           431: "Request Header Fields Too Large"}


class Upstream:
    def __init__(self, body: bytes, prefix: str = ROUTE_PREFIX):
        self.body = body
        self.prefix = prefix
        self.delay = 0.0
        self.requests = 0
        self.in_flight = 0
        self.max_concurrent = 0

    def reset(self, delay_ms: float) -> None:
        self.delay = delay_ms / 1000
        self.requests = 0
        # Requests still sleeping from before the reset are in flight now, so they count.
        self.max_concurrent = self.in_flight

    async def route(self) -> tuple[int, str, bytes]:
        self.requests += 1
        self.in_flight += 1
        self.max_concurrent = max(self.max_concurrent, self.in_flight)
        try:
            if self.delay > 0:
                await asyncio.sleep(self.delay)
        finally:
            self.in_flight -= 1
        return 200, "application/json", self.body

    def stats(self) -> tuple[int, str, bytes]:
        body = json.dumps({"requests": self.requests, "max_concurrent": self.max_concurrent})
        return 200, "application/json", body.encode()

    async def answer(self, method: str, target: str) -> tuple[int, str, bytes]:
        url = urlsplit(target)
        if method != "GET":
            return 405, "text/plain", b"GET only\n"
        if url.path.startswith(self.prefix):
            return await self.route()
        if url.path == "/__stats":
            return self.stats()
        if url.path == "/__reset":
            try:
                delay_ms = float(parse_qs(url.query).get("delay_ms", ["0"])[0])
            except ValueError:
                return 400, "text/plain", b"delay_ms must be a number\n"
            self.reset(delay_ms)
            return self.stats()
        return 404, "text/plain", b"not found\n"

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while await self.exchange(reader, writer):
                pass
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            writer.close()

    async def exchange(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        """Answers one request; returns whether the connection stays open for another."""
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError:
            return False  # the client closed between requests
        except asyncio.LimitOverrunError:
            await respond(writer, 431, "text/plain", b"header section too large\n", keep_alive=False)
            return False
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
            await respond(writer, 400, "text/plain", b"bad request line\n", keep_alive=False)
            return False
        method, target, version = parts
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name:
                headers[name.strip().lower()] = value.strip()
        # A request body (none expected) is read past so that the next request parses.
        length = int(headers.get("content-length", "0") or "0")
        if length:
            await reader.readexactly(length)
        connection = headers.get("connection", "").lower()
        keep_alive = connection != "close" if version == "HTTP/1.1" else connection == "keep-alive"
        status, content_type, body = await self.answer(method, target)
        await respond(writer, status, content_type, body, keep_alive)
        return keep_alive


async def respond(writer: asyncio.StreamWriter, status: int, content_type: str, body: bytes,
                  keep_alive: bool) -> None:
    head = (f"HTTP/1.1 {status} {REASONS.get(status, 'Unknown')}\r\n"
            f"Content-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\n"
            f"Connection: {'keep-alive' if keep_alive else 'close'}\r\n\r\n")
    writer.write(head.encode("latin-1") + body)
    await writer.drain()


async def main() -> None:
    parser = argparse.ArgumentParser(description="Loopback OSRM stand-in for bench/upstream.sh.")
    parser.add_argument("body", help="the JSON body every route request is answered with")
    parser.add_argument("--port", type=int, default=0, help="TCP port on 127.0.0.1 (0: any free)")
    parser.add_argument("--path", default=ROUTE_PREFIX, help=f"the path prefix answered with the body ({ROUTE_PREFIX})")
    args = parser.parse_args()
    with open(args.body, "rb") as file:
        upstream = Upstream(file.read(), args.path)
    # The backlog covers a burst of a thousand connects arriving before the loop accepts any.
    server = await asyncio.start_server(upstream.serve, "127.0.0.1", args.port,
                                        limit=MAX_HEAD_BYTES, backlog=4096)
    port = server.sockets[0].getsockname()[1]
    print(f"listening on http://127.0.0.1:{port}", flush=True)
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    async with server:
        await stop.wait()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except OSError as error:
        sys.exit(f"upstream_server: {error}")
