#!/usr/bin/env bash
# The web page as a person sees it: Debian's Chromium, headless, driven by Playwright for Python
# (pinned, from PyPI, in the venv .build/web-venv; no browser is downloaded), against a gottago started
# here on a free loopback port with its embedded defaults, the timetable in OJP's format (the one that
# carries every real-time state: platform changes, cancelled runs, skipped stops, notices), its debug
# routes (to move the sandbox's clock) and a BART feed fresh for 2 s (so that the page's own refresh is
# seen quickly);
# scripts/web_check.py runs the views and writes screenshots to .build/screenshots/. Then the server
# is stopped.
#
# Usage: bash scripts/web-check.sh <path-to-gottago-binary>
# Exits with the check's status; 0 with a message, and nothing checked, when PyPI cannot be reached
# to install Playwright.
set -euo pipefail

BIN=${1:?usage: bash scripts/web-check.sh <path-to-gottago-binary>}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=$ROOT/.build/web-venv
CHROMIUM=/usr/bin/chromium
PLAYWRIGHT_VERSION=1.65.2

[[ -x $CHROMIUM ]] || { echo "web-check: $CHROMIUM is missing; install Debian's chromium (make test does)" >&2; exit 1; }
# shellcheck source=scripts/sandbox-server.sh
source "$ROOT/scripts/sandbox-server.sh"
# Playwright's driver comes in its wheel; its browsers are never downloaded: the system Chromium is used.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
pinned_venv web-check "$VENV" "playwright==$PLAYWRIGHT_VERSION" greenlet==3.5.6 || exit 0

work=$(mktemp -d /tmp/gottago-web-XXXXXX)
trap 'stop_sandbox; rm -rf "$work"' EXIT
# BART's feeds refreshed every 2 s, so that the departures page follows a move of the sandbox's clock at once.
serve_sandbox web-check "$BIN" "$ROOT/Routes" "$work" --debug-routes --timetable ojp --upstream "bart-gtfs fresh=2"
port=$SANDBOX_PORT

"$VENV/bin/python" "$ROOT/scripts/web_check.py" "http://127.0.0.1:$port" "$ROOT/.build/screenshots"
