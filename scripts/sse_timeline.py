#!/usr/bin/env python3
"""Reads a Server-Sent Events stream and prints when each event arrived, for scripts/cluster-test.sh.

Usage: python3 scripts/sse_timeline.py URL [--timeout SECONDS]
Sends `GET URL` with `Accept: text/event-stream` over HTTP/1.1 (standard library only) and prints
one JSON object: the status, the Content-Type, and `events`, a list of [milliseconds since the
request was sent, event name (`progress:STAGE` for a progress event), read number], in order of
arrival. `read` counts the socket reads,
so events that came in one read share it: a proxy that held the stream back and sent it in one
piece at the end shows every event at about the same time, in one or two reads.
Exits 1 when the exchange fails.
"""

import argparse
import http.client
import json
import sys
import time
from urllib.parse import urlsplit


def stage(name: str, data: bytes) -> str:
    """`:STAGE` for a progress event (`{"stage":"route","done":0,"total":1}`), else nothing."""
    if name != "progress":
        return ""
    try:
        return ":" + str(json.loads(data)["stage"])
    except (ValueError, KeyError, TypeError):
        return ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    url = urlsplit(args.url)
    target = url.path + (f"?{url.query}" if url.query else "")
    connection = http.client.HTTPConnection(url.hostname, url.port or 80, timeout=args.timeout)
    start = time.monotonic()
    try:
        connection.request("GET", target, headers={"Accept": "text/event-stream"})
        response = connection.getresponse()
        events, pending, reads = [], b"", 0
        while True:
            # read1: what one recv returns (up to the size), so arrival times are not batched here.
            chunk = response.read1(65536)
            if not chunk:
                break
            reads += 1
            now = round((time.monotonic() - start) * 1000, 1)
            pending += chunk.replace(b"\r\n", b"\n")
            while b"\n\n" in pending:
                block, pending = pending.split(b"\n\n", 1)
                name, data = "message", b""
                for line in block.split(b"\n"):
                    if line.startswith(b"event:"):
                        name = line[6:].strip().decode("utf-8", "replace")
                    elif line.startswith(b"data:"):
                        data += line[5:].strip()
                events.append([now, name + stage(name, data), reads])
    except (OSError, http.client.HTTPException) as error:
        print(f"sse_timeline: {error}", file=sys.stderr)
        return 1
    print(json.dumps({"status": response.status, "content_type": response.getheader("Content-Type", ""),
                      "reads": reads, "events": events}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
