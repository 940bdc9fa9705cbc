"""Writing derived files, or checking that the committed ones are what a derive script writes.

Shared by scripts/derive-gazetteer.py and scripts/derive-stations.py. Standard library only.
"""

import os
import sys


def write_or_check(outputs, repo, script, check):
    """Writes each (path, bytes) of `outputs`; with `check`, writes nothing and returns 1 when a
    committed file differs (naming it and `script`), else 0. Returns 0 after writing."""
    if check:
        stale = []
        for path, content in outputs:
            try:
                with open(path, "rb") as handle:
                    if handle.read() == content:
                        continue
            except FileNotFoundError:
                pass
            stale.append(os.path.relpath(path, repo))
        if stale:
            print("stale: " + ", ".join(stale) + "; run " + script, file=sys.stderr)
            return 1
        return 0
    for path, content in outputs:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(content)
    return 0
