#!/usr/bin/env python3
"""Burst client for bench/upstream.sh: sends one GET per listed URL, all at the same moment.

Usage: python3 bench/upstream_client.py [--timeout SECONDS] URL_FILE
URL_FILE holds one http:// URL per line; a URL listed N times is requested N times, each on its
own connection. Every connection is opened first; then every request is written in one pass, so
the server sees them all at once (curl --parallel stops at 300 transfers and staggers them). A
request's time runs from its write to the last byte of its body.

Prints one line per URL, in order: `STATUS SECONDS X-CACHE` (status 000 when the exchange failed,
X-Cache `-` when absent), then `# wall SECONDS connect SECONDS send SECONDS`: from the first write
to the last body, how long opening the connections took, and how long writing every request took
(an answer that comes back sooner is read only after it). Exits 1 only when it cannot run at all.

Plain non-blocking sockets and one epoll loop rather than asyncio streams: asyncio moves a
thousand answers through each of its stages in turn (read callback, task wake-up, header parse,
body), so every answer would be timed as late as the thousandth; here each answer is timed as
soon as its last byte is read, and the client adds about 10 us per answer instead of 60 ms per burst.
"""

import argparse
import errno
import selectors
import socket
import sys
import time
from urllib.parse import urlsplit


class Exchange:
    def __init__(self, url: str):
        parts = urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"not an http:// URL: {url}")
        self.address = (parts.hostname, parts.port or 80)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        # Connection: close keeps the server from holding a thousand idle keep-alive connections
        # after the burst; the body is still framed by Content-Length or chunks, not by the close.
        self.request = (f"GET {target} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                        "User-Agent: gottago-bench\r\nAccept: */*\r\nConnection: close\r\n\r\n"
                        ).encode("latin-1")
        self.sock: socket.socket | None = None
        self.buffer = bytearray()
        self.head_end = -1
        self.headers: dict[str, str] = {}
        self.pending_status = "000"
        self.status = "000"
        self.cache = "-"
        self.sent = 0.0
        self.done = 0.0
        self.error = ""

    def fail(self, error: str) -> None:
        self.error = self.error or error
        self.close()

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def received(self, data: bytes, now: float) -> bool:
        """Takes the next bytes (b"" at end of stream); returns whether the exchange is over, and
        leaves closing the socket to the caller, which still has it registered."""
        self.buffer += data
        if self.head_end < 0:
            self.head_end = self.buffer.find(b"\r\n\r\n")
            if self.head_end >= 0:
                self.parse_head()
        complete = self.head_end >= 0 and self.body_complete(at_eof=not data)
        if complete:
            self.done = now
        elif not data:
            self.error = "connection closed before the answer was complete"
        return complete or not data

    def parse_head(self) -> None:
        lines = self.buffer[:self.head_end].decode("latin-1").split("\r\n")
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name:
                self.headers[name.strip().lower()] = value.strip()
        fields = lines[0].split(" ")
        self.pending_status = fields[1] if len(fields) > 1 else "000"

    def body_complete(self, at_eof: bool) -> bool:
        body = memoryview(self.buffer)[self.head_end + 4:]
        if "chunked" in self.headers.get("transfer-encoding", "").lower():
            complete = chunked_complete(body)
        elif "content-length" in self.headers:
            complete = len(body) >= int(self.headers["content-length"])
        else:
            complete = at_eof
        if complete:
            self.status = self.pending_status
            self.cache = self.headers.get("x-cache", "-") or "-"
        return complete

    def line(self, timeout_at: float) -> str:
        end = self.done if self.status != "000" else timeout_at
        seconds = end - self.sent if self.sent else 0.0
        return f"{self.status} {seconds:.6f} {self.cache}"


def chunked_complete(body: memoryview) -> bool:
    position = 0
    while True:
        line_end = bytes(body[position:]).find(b"\r\n")
        if line_end < 0:
            return False
        size = int(bytes(body[position:position + line_end]).split(b";")[0], 16)
        position += line_end + 2 + size + 2
        if size == 0:
            return len(body) >= position
        if len(body) < position:
            return False


def connect_all(exchanges: list[Exchange], deadline: float) -> None:
    selector = selectors.DefaultSelector()
    for exchange in exchanges:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        exchange.sock = sock
        code = sock.connect_ex(exchange.address)
        if code == 0:
            continue
        if code != errno.EINPROGRESS:
            exchange.fail(f"connect: {errno.errorcode.get(code, code)}")
            continue
        selector.register(sock, selectors.EVENT_WRITE, exchange)
    while selector.get_map():
        events = selector.select(max(0.0, deadline - time.perf_counter()))
        if not events:
            for key in list(selector.get_map().values()):
                selector.unregister(key.fileobj)
                key.data.fail("connect: timed out")
            break
        for key, _ in events:
            selector.unregister(key.fileobj)
            code = key.fileobj.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if code:
                key.data.fail(f"connect: {errno.errorcode.get(code, code)}")
    selector.close()


def exchange_all(exchanges: list[Exchange], deadline: float) -> None:
    selector = selectors.DefaultSelector()
    for exchange in exchanges:
        if exchange.sock is None:
            continue
        exchange.sent = time.perf_counter()
        try:
            # A fresh socket's send buffer always takes a request this small whole.
            if exchange.sock.send(exchange.request) != len(exchange.request):
                exchange.fail("request only partly sent")
                continue
        except OSError as error:
            exchange.fail(f"send: {error}")
            continue
        selector.register(exchange.sock, selectors.EVENT_READ, exchange)
    while selector.get_map():
        events = selector.select(max(0.0, deadline - time.perf_counter()))
        if not events:
            break
        for key, _ in events:
            exchange = key.data
            try:
                over = exchange.received(key.fileobj.recv(262144), time.perf_counter())
            except (OSError, ValueError) as error:
                exchange.error = f"receive: {error!r}"
                over = True
            if over:
                selector.unregister(key.fileobj)
                exchange.close()
    for key in list(selector.get_map().values()):
        selector.unregister(key.fileobj)
        key.data.fail("no complete answer before the timeout")
    selector.close()


def main() -> None:
    parser = argparse.ArgumentParser(description="Sends one GET per listed URL, all at once.")
    parser.add_argument("urls", help="file with one http:// URL per line")
    parser.add_argument("--timeout", type=float, default=30, help="seconds for the whole burst")
    args = parser.parse_args()
    with open(args.urls, encoding="utf-8") as file:
        exchanges = [Exchange(line.strip()) for line in file if line.strip()]
    if not exchanges:
        sys.exit("upstream_client: no URLs")

    started = time.perf_counter()
    deadline = started + args.timeout
    connect_all(exchanges, deadline)
    connected = time.perf_counter()
    exchange_all(exchanges, deadline)
    finished = time.perf_counter()

    for exchange in exchanges:
        print(exchange.line(finished))
    sent = [exchange.sent for exchange in exchanges if exchange.sent]
    ends = [exchange.done if exchange.status != "000" else finished for exchange in exchanges if exchange.sent]
    wall = max(ends) - min(sent) if sent else 0.0
    spread = max(sent) - min(sent) if sent else 0.0
    print(f"# wall {wall:.6f} connect {connected - started:.6f} send {spread:.6f}")
    errors = [exchange.error for exchange in exchanges if exchange.error]
    if errors:
        print(f"upstream_client: {len(errors)} of {len(exchanges)} failed; first: {errors[0]}",
              file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except (OSError, ValueError) as error:
        sys.exit(f"upstream_client: {error}")
