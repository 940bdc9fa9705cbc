#!/usr/bin/env python3
"""Burst client for bench/upstream.sh: sends one GET per listed URL, all at the same moment.

Usage: python3 bench/upstream_client.py [--timeout SECONDS] URL_FILE
URL_FILE holds one http:// URL per line; a URL listed N times is requested N times, each on its
own connection. Every connection is opened first; then every request is written in one pass of
the event loop, so the server sees them all at once (curl --parallel stops at 300 transfers, and
staggers them). A request's time runs from its write to the last byte of its body.

Prints one line per URL, in order: `STATUS SECONDS X-CACHE` (status 000 when the exchange failed,
X-Cache `-` when absent), then `# wall SECONDS connect SECONDS`: from the first write to the last
body, and how long opening the connections took. Exits 1 only when it cannot run at all.
"""

import argparse
import asyncio
import sys
import time
from urllib.parse import urlsplit


class Exchange:
    def __init__(self, url: str):
        parts = urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"not an http:// URL: {url}")
        self.host = parts.hostname
        self.port = parts.port or 80
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        # Connection: close keeps the server from holding a thousand idle keep-alive connections
        # after the burst; the body is still framed by Content-Length or chunks, not by the close.
        self.request = (f"GET {target} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                        "User-Agent: gottago-bench\r\nAccept: */*\r\nConnection: close\r\n\r\n"
                        ).encode("latin-1")
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.status = "000"
        self.cache = "-"
        self.sent = 0.0
        self.done = 0.0
        self.error = ""

    async def connect(self) -> None:
        try:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        except OSError as error:
            self.error = f"connect: {error}"

    def send(self) -> None:
        if self.writer is None:
            return
        self.sent = time.perf_counter()
        self.writer.write(self.request)

    async def receive(self) -> None:
        if self.reader is None:
            return
        try:
            head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
            status_line = head[0].split(" ")
            headers = {}
            for line in head[1:]:
                name, _, value = line.partition(":")
                if name:
                    headers[name.strip().lower()] = value.strip()
            await read_body(self.reader, headers)
            self.done = time.perf_counter()
            self.status = status_line[1]
            self.cache = headers.get("x-cache", "-") or "-"
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, IndexError,
                ValueError) as error:
            self.error = f"response: {error!r}"
        finally:
            self.writer.close()

    def line(self, timeout_at: float) -> str:
        end = self.done if self.status != "000" else timeout_at
        seconds = end - self.sent if self.sent else 0.0
        return f"{self.status} {seconds:.6f} {self.cache}"


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> None:
    if "chunked" in headers.get("transfer-encoding", "").lower():
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                return
    elif "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    else:
        await reader.read()


async def main() -> None:
    parser = argparse.ArgumentParser(description="Sends one GET per listed URL, all at once.")
    parser.add_argument("urls", help="file with one http:// URL per line")
    parser.add_argument("--timeout", type=float, default=30, help="seconds for the whole burst")
    args = parser.parse_args()
    with open(args.urls, encoding="utf-8") as file:
        exchanges = [Exchange(line.strip()) for line in file if line.strip()]
    if not exchanges:
        sys.exit("upstream_client: no URLs")

    started = time.perf_counter()
    await asyncio.gather(*(exchange.connect() for exchange in exchanges))
    connected = time.perf_counter()
    for exchange in exchanges:
        exchange.send()
    receiving = [asyncio.ensure_future(exchange.receive()) for exchange in exchanges]
    _, pending = await asyncio.wait(receiving, timeout=args.timeout)
    gave_up = time.perf_counter()
    for task in pending:
        task.cancel()
    for exchange in exchanges:
        if exchange.status == "000" and not exchange.error:
            exchange.error = f"no complete answer within {args.timeout:g} s"

    for exchange in exchanges:
        print(exchange.line(gave_up))
    sent = [exchange.sent for exchange in exchanges if exchange.sent]
    ends = [exchange.done if exchange.status != "000" else gave_up for exchange in exchanges if exchange.sent]
    wall = max(ends) - min(sent) if sent else 0.0
    print(f"# wall {wall:.6f} connect {connected - started:.6f}")
    errors = [exchange.error for exchange in exchanges if exchange.error]
    if errors:
        print(f"upstream_client: {len(errors)} of {len(exchanges)} failed; first: {errors[0]}",
              file=sys.stderr)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except (OSError, ValueError) as error:
        sys.exit(f"upstream_client: {error}")
