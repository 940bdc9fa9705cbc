#!/usr/bin/env python3
"""The HTTP/1.1 differential test: raw edge-case requests sent to nginx and to gottago.

Usage: python3 scripts/http_differential.py --nginx PORT --gottago PORT [--timeout SECONDS] [--case NAME]...
scripts/http-differential.sh starts both servers and runs this.

Each case of CASES is written byte for byte on a fresh loopback connection to each server, and
what comes back is read until the expected responses are complete (and 0.2 s more, for any
extra response), the connection closes, or the timeout (3 s) runs out. Each response is
`accepted` (2xx, 3xx, 404 or 405: parsed and routed as a normal request, the router answering
that the path or the method has no resource) or `refused` (any other 4xx, or 5xx); with no
response at all, the outcome is `closed` (closed or reset) or `timeout`.

Both servers see the same paths: GET /healthz (gottago's health document, a static file on
nginx) and POST /debug/sandbox/clock?advance=0 (gottago's sandbox clock, moved by nothing;
`return 200` on nginx, which reads and discards the body).

A verdict compares the number of accepted responses, then the refusals:
  same          both accepted as many, or both refused (a status or a close);
  stricter      gottago accepted fewer, or refused where nginx timed out;
  MORE LENIENT  gottago accepted more, or did not refuse (a timeout) where nginx refused;
  differs: …    any other verdict than same, for a case whose difference REASONS explains.
A case marked `valid` is a well-formed request: gottago must accept it (`BROKEN` otherwise).

Exits 1 when a case is MORE LENIENT or BROKEN; 2 on bad arguments.
"""

import argparse
import re
import socket
import sys
import time
from dataclasses import dataclass, field

GET = b"/healthz"
POST = b"/debug/sandbox/clock?advance=0"
HOST = b"Host: localhost\r\n"
LINGER_SECONDS = 0.2


@dataclass(frozen=True)
class Case:
    name: str
    writes: tuple[bytes, ...]
    # Final responses a server that accepts the request sends.
    responses: int = 1
    valid: bool = False
    # Seconds between two writes (TCP_NODELAY: each write its own segment).
    pause: float = 0.0
    half_close: bool = False
    # Another connection sends this case's writes first and never reads its answers.
    idle_neighbour: bool = False


def get(head: bytes = HOST, target: bytes = GET, version: bytes = b"HTTP/1.1", method: bytes = b"GET") -> bytes:
    return method + b" " + target + b" " + version + b"\r\n" + head + b"\r\n"


def post(head: bytes, body: bytes) -> bytes:
    return b"POST " + POST + b" HTTP/1.1\r\n" + HOST + head + b"\r\n" + body


def fields(count: int, size: int) -> bytes:
    return b"".join(b"X-Field-%03d: %s\r\n" % (i, b"v" * size) for i in range(count))


def split(data: bytes, size: int) -> tuple[bytes, ...]:
    return tuple(data[i:i + size] for i in range(0, len(data), size))


CHUNKED = b"Transfer-Encoding: chunked\r\n"

CASES = [
    Case("GET (control)", (get(),), valid=True),
    Case("POST with Content-Length (control)", (post(b"Content-Length: 5\r\n", b"hello"),), valid=True),
    Case("POST chunked (control)", (post(CHUNKED, b"5\r\nhello\r\n0\r\n\r\n"),), valid=True),
    Case("NUL in a field value", (get(HOST + b"X-Note: a\x00b\r\n"),)),
    Case("obs-fold continuation line", (get(HOST + b"X-Note: a\r\n b\r\n"),)),
    Case("obs-fold with a tab", (get(HOST + b"X-Note: a\r\n\tb\r\n"),)),
    Case("obs-fold after an empty first line", (get(HOST + b"X-Note:\r\n b\r\n"),)),
    Case("Content-Length with chunked", (post(b"Content-Length: 5\r\n" + CHUNKED, b"5\r\nhello\r\n0\r\n\r\n"),)),
    Case("method G@T", (get(method=b"G@T"),)),
    Case("two different Content-Lengths", (post(b"Content-Length: 5\r\nContent-Length: 6\r\n", b"hello!"),)),
    Case("two equal Content-Lengths", (post(b"Content-Length: 5\r\nContent-Length: 5\r\n", b"hello"),)),
    Case("space before the colon", (get(b"Host : localhost\r\n"),)),
    Case("bare LF line endings", (b"GET /healthz HTTP/1.1\nHost: localhost\n\n",)),
    Case("bare CR line endings", (b"GET /healthz HTTP/1.1\rHost: localhost\r\r",)),
    Case("NUL in the target", (get(target=b"/heal\x00thz"),)),
    Case("HTTP/1.1 without Host", (get(b""),)),
    Case("two Host fields", (get(HOST + b"Host: example.org\r\n"),)),
    Case("Transfer-Encoding: gzip", (post(b"Transfer-Encoding: gzip\r\n", b"5\r\nhello\r\n0\r\n\r\n"),)),
    Case("Transfer-Encoding: chunked, gzip", (post(b"Transfer-Encoding: chunked, gzip\r\n", b"5\r\nhello\r\n0\r\n\r\n"),)),
    Case("Transfer-Encoding: identity", (post(b"Transfer-Encoding: identity\r\n", b"5\r\nhello\r\n0\r\n\r\n"),)),
    Case("bad chunk size", (post(CHUNKED, b"5x\r\nhello\r\n0\r\n\r\n"),)),
    Case("chunk extension", (post(CHUNKED, b"5;name=value\r\nhello\r\n0\r\n\r\n"),), valid=True),
    Case("target of 9 KiB", (get(target=GET + b"?pad=" + b"a" * 9 * 1024),)),
    Case("header section of 20 KiB", (get(HOST + fields(20, 1024)),)),
    Case("150 header fields", (get(HOST + fields(150, 8)),)),
    Case("two GETs pipelined", (get() + get(),), responses=2, valid=True),
    Case("request in 3-byte writes", split(get(), 3), pause=0.02, valid=True),
    Case("half-closed after the request", (get(),), half_close=True, valid=True),
    Case("Expect: 100-continue", (post(b"Content-Length: 5\r\nExpect: 100-continue\r\n", b""), b"hello"),
         pause=0.5, valid=True),
    Case("HTTP/1.0", (get(b"", version=b"HTTP/1.0"),), valid=True),
    Case("absolute-form target", (get(target=b"http://localhost" + GET),), valid=True),
    # The neighbour pipelines 2,000 GETs and reads none of the answers, so the server's writes to
    # it block; the outcome is that of the GET on a second connection made a second later.
    Case("a client that reads nothing", (get() * 2000,), idle_neighbour=True, valid=True),
]

# Why gottago's outcome differs from nginx's where that is intended.
REASONS = {
    "header section of 20 KiB": "gottago's --max-header-bytes is 16 KiB (431); nginx takes up to 4 lines of 8 KiB",
    "150 header fields": "gottago's --max-header-fields is 100 (431); nginx has no count limit",
}


@dataclass
class Outcome:
    statuses: list[int] = field(default_factory=list)
    interim: list[int] = field(default_factory=list)
    # closed, reset, timeout, or open (still open after the expected responses)
    end: str = "open"
    garbage: bool = False

    @property
    def accepted(self) -> int:
        return sum(1 for status in self.statuses if accepts(status))

    @property
    def refused(self) -> bool:
        return (self.accepted == 0 and (any(not accepts(status) for status in self.statuses)
                                        or self.end in ("closed", "reset") or self.garbage))

    def describe(self) -> str:
        if not self.statuses:
            text = "garbage" if self.garbage else ("closed" if self.end in ("closed", "reset") else self.end)
            return text + (" (reset)" if self.end == "reset" else "")
        text = ", ".join(f"{'accepted' if accepts(s) else 'refused'} {s}" for s in self.statuses)
        if self.interim:
            text = "+".join(str(s) for s in self.interim) + " then " + text
        return text + (" then timeout" if self.end == "timeout" else "")


def accepts(status: int) -> bool:
    return 200 <= status < 400 or status in (404, 405)


STATUS_LINE = re.compile(rb"HTTP/1\.[01] (\d{3})(?: |$)")


def parse(data: bytes, eof: bool) -> tuple[list[int], list[int], bool]:
    """Complete responses in `data`: final statuses, interim (1xx) statuses, and whether the bytes are no HTTP."""
    statuses: list[int] = []
    interim: list[int] = []
    at = 0
    while at < len(data):
        head_end = data.find(b"\r\n\r\n", at)
        if head_end < 0:
            return statuses, interim, not data[at:].startswith(b"HTTP/"[:len(data) - at])
        lines = data[at:head_end].split(b"\r\n")
        match = STATUS_LINE.match(lines[0])
        if not match:
            return statuses, interim, True
        status = int(match.group(1))
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            headers[name.strip().lower()] = value.strip().lower()
        body = head_end + 4
        if status < 200:
            interim.append(status)
            at = body
            continue
        if status in (204, 304):
            end = body
        elif b"chunked" in headers.get(b"transfer-encoding", b""):
            try:
                end = chunked_end(data, body)
            except ValueError:
                return statuses, interim, True
        elif headers.get(b"content-length", b"").isdigit():
            end = body + int(headers[b"content-length"])
            end = end if end <= len(data) else None
        else:
            end = len(data) if eof else None
        if end is None:
            break
        statuses.append(status)
        at = end
    return statuses, interim, False


def chunked_end(data: bytes, at: int) -> int | None:
    while True:
        line_end = data.find(b"\r\n", at)
        if line_end < 0:
            return None
        size = int(data[at:line_end].split(b";")[0], 16)
        if size == 0:
            trailer_end = data.find(b"\r\n\r\n", line_end)
            return None if trailer_end < 0 else trailer_end + 4
        at = line_end + 2 + size + 2
        if at > len(data):
            return None


def connect(port: int, timeout: float, receive_buffer: int = 0) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    if receive_buffer:
        # Set before connecting, so that the window the server sees is small from the start.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.connect(("127.0.0.1", port))
    return sock


def write(sock: socket.socket, case: Case) -> None:
    try:
        for i, data in enumerate(case.writes):
            if i and case.pause:
                time.sleep(case.pause)
            sock.sendall(data)
        if case.half_close:
            sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass  # the server closed early (a refusal); what it answered is still read


def read(sock: socket.socket, expected: int, timeout: float) -> Outcome:
    outcome = Outcome()
    data = b""
    deadline = time.monotonic() + timeout
    lingering = False
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            outcome.end = "open" if lingering else "timeout"
            break
        sock.settimeout(left)
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            outcome.end = "reset"
            break
        if not chunk:
            outcome.end = "closed"
            break
        data += chunk
        outcome.statuses, outcome.interim, outcome.garbage = parse(data, eof=False)
        if outcome.garbage:
            outcome.end = "open"
            break
        if not lingering and len(outcome.statuses) >= expected:
            lingering = True
            deadline = time.monotonic() + LINGER_SECONDS
    outcome.statuses, outcome.interim, outcome.garbage = parse(data, eof=outcome.end in ("closed", "reset"))
    return outcome


def run(case: Case, port: int, timeout: float) -> Outcome:
    neighbour = None
    try:
        if case.idle_neighbour:
            neighbour = connect(port, timeout, receive_buffer=4096)
            write(neighbour, case)
            time.sleep(1)
            case = Case(case.name, (get(),))
        with connect(port, timeout) as sock:
            write(sock, case)
            return read(sock, case.responses, timeout)
    except OSError as error:
        print(f"http-differential: {case.name}: port {port}: {error}", file=sys.stderr)
        return Outcome(end="closed")
    finally:
        if neighbour is not None:
            neighbour.close()


def verdict(case: Case, nginx: Outcome, gottago: Outcome) -> str:
    if case.valid and (gottago.accepted < case.responses or gottago.refused):
        return "BROKEN"
    if gottago.accepted > nginx.accepted or (nginx.refused and not gottago.refused):
        found = "MORE LENIENT"
    elif gottago.accepted < nginx.accepted or (gottago.refused and not nginx.refused):
        found = "stricter"
    else:
        return "same"
    return f"differs: {REASONS[case.name]}" if case.name in REASONS else found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nginx", type=int, required=True, help="nginx's loopback port")
    parser.add_argument("--gottago", type=int, required=True, help="gottago's loopback port")
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds to wait for an answer")
    parser.add_argument("--case", action="append", help="run only this case (repeatable)")
    args = parser.parse_args()
    unknown = (set(REASONS) | set(args.case or [])) - {case.name for case in CASES}
    if unknown:
        parser.error(f"no such case: {', '.join(sorted(unknown))}")

    cases = [case for case in CASES if not args.case or case.name in args.case]
    width = max(len(case.name) for case in cases)
    print(f"{'case':<{width}}  {'nginx':<30}  {'gottago':<30}  verdict")
    counts = {"same": 0, "stricter": 0, "differs": 0, "more lenient": 0, "broken": 0}
    for case in cases:
        nginx, gottago = run(case, args.nginx, args.timeout), run(case, args.gottago, args.timeout)
        found = verdict(case, nginx, gottago)
        counts[found.split(":")[0].lower()] += 1
        print(f"{case.name:<{width}}  {nginx.describe():<30}  {gottago.describe():<30}  {found}")

    print(f"http-differential: {len(cases)} cases, {counts['same']} same, {counts['stricter']} stricter, "
          f"{counts['more lenient']} more lenient, {counts['differs']} differ for a stated reason, {counts['broken']} broken")
    return 1 if counts["more lenient"] or counts["broken"] else 0


if __name__ == "__main__":
    sys.exit(main())
