#!/usr/bin/env python3
"""Copies BART's static GTFS feed into the binary: Sources/EmbeddedFiles/include/bart-gtfs.zip,
and the assembler file that embeds it, Sources/EmbeddedFiles/transit.S.

Source (read here only; the service never reads ../shared):
../shared/fixtures/upstream/bart-gtfsrt/bart-gtfs-static-2016-12-20-v39-graphhopper.zip, BART's
google_transit.zip of 2016-12-20 (feed_version 39) as graphhopper/graphhopper recorded it
(Apache-2.0; see NOTICE), copied byte for byte: the embedded sandbox serves the BART timetable
from it, its calendar moved to the sandbox's clock. Standard library only.

    python3 scripts/derive-transit.py            # writes the zip and transit.S
    python3 scripts/derive-transit.py --check    # exits 1 if either committed file is stale
"""

import argparse
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from derived_files import incbin_assembly, write_or_check  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(REPO, "..", "shared", "fixtures", "upstream", "bart-gtfsrt", "bart-gtfs-static-2016-12-20-v39-graphhopper.zip")
# The recorded file's digest: a different file is not the one NOTICE describes.
SHA256 = "8f66c02ec393ed1aae5f60a395c5b7888c32c1765744f7f6b60429e276c3d636"
ZIP = os.path.join(REPO, "Sources", "EmbeddedFiles", "include", "bart-gtfs.zip")
ASSEMBLY = os.path.join(REPO, "Sources", "EmbeddedFiles", "transit.S")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    check = parser.parse_args().check
    if check and not os.path.exists(SOURCE):
        data = open(ZIP, "rb").read()
    else:
        data = open(SOURCE, "rb").read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SHA256:
        print(f"{SOURCE}: SHA-256 {digest}, not the recorded feed's {SHA256}", file=sys.stderr)
        return 1
    assembly = incbin_assembly("scripts/derive-transit.py", "BART's static GTFS feed of 2016-12-20", "bart-gtfs.zip", "bart_gtfs_data", data)
    return write_or_check([(ZIP, data), (ASSEMBLY, assembly)], REPO, "python3 scripts/derive-transit.py", check)


sys.exit(main())
