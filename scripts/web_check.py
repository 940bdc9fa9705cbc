"""The web page (`GET /`) in a real headless Chromium, driven by Playwright, against a live gottago on its
embedded sandbox: the three views as a person uses them, the page's own refreshes and event stream, no
console error, failed request or CSP violation, screenshots at 360 and 1280 px, and the page's weight.

Usage: python3 scripts/web_check.py BASE_URL SCREENSHOT_DIR   (scripts/web-check.sh starts the server)
Prints one PASS or FAIL line per check and a closing count; exits 1 when any check failed.
"""
import itertools
import json
import re
import sys
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

BASE = sys.argv[1].rstrip("/")
SHOTS = Path(sys.argv[2])
CHROMIUM = "/usr/bin/chromium"
# How long a wait for the page may take before its check fails; no check passes by waiting. Waits on the
# page are functions: a string expression is evaluated with eval, which the page's CSP refuses.
WAIT_MS = 30_000
WEIGHT_LIMIT = 60 * 1024
EMBARCADERO = {"latitude": 37.7929, "longitude": -122.3971}
# A fixed day of the sandbox's timetable (OJP's format): Bern → Zürich HB shows one of each real-time state a day.
DAY = "2026-12-01"
BERN_ZURICH = "/?from=Bern&to=Z%C3%BCrich%20HB"
BERN_ZURICH_API = "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB.json"
counts = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    """One check's line: PASS or FAIL, with what was seen."""
    counts["passed" if ok else "failed"] += 1
    print(f"{'PASS' if ok else 'FAIL'}: {name}{f' ({detail})' if detail else ''}", flush=True)
    return ok


def http(path, method="GET", headers=None):
    """A request outside the browser: (status, headers, body bytes as sent)."""
    req = urllib.request.Request(BASE + path, method=method, headers=headers or {}, data=b"" if method == "POST" else None)
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            return res.status, res.headers, res.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


class Watch:
    """Everything a page does wrong: console errors, failed requests, 4xx/5xx answers, CSP violations.
    `allow` holds URL patterns whose 4xx answer a check expects (and the console line Chromium writes for it)."""

    INIT = """
        window.__csp = [];
        document.addEventListener('securitypolicyviolation',
            (e) => window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`), true);
    """

    def __init__(self, context, name):
        self.name = name
        self.allow = []
        self.problems = []
        self.pages = []
        self.events = itertools.count(1)
        self.started, self.commits, self.failed = {}, [], []
        context.add_init_script(self.INIT)
        context.on("page", self.attach)

    def allowed(self, url):
        return any(re.search(p, url) for p in self.allow)

    def attach(self, page):
        self.pages.append(page)
        page.on("console", self.console)
        page.on("pageerror", lambda e: self.problems.append(f"uncaught exception: {e}"))
        page.on("request", lambda r: self.started.setdefault(r, next(self.events)))
        page.on("framenavigated", lambda f: f == page.main_frame and self.commits.append((page, next(self.events))))
        page.on("requestfailed", lambda r: self.failed.append((page, r)))
        page.on("response", self.response)

    def failure(self, page, request):
        """A failed request's problem, or None when the browser dropped it because its page went on to another
        document (a favicon still loading when the test navigates): Chromium says net::ERR_ABORTED for that,
        and the page committed a navigation after the request began."""
        began = self.started.get(request, 0)
        if request.failure == "net::ERR_ABORTED" and any(p == page and at > began for p, at in self.commits):
            return None
        return f"request failed: {request.method} {request.url}: {request.failure}"

    def console(self, msg):
        text, url = msg.text, (msg.location or {}).get("url", "")
        if "Content Security Policy" in text:
            self.problems.append(f"CSP console message: {text}")
        elif msg.type == "error" and not (text.startswith("Failed to load resource") and self.allowed(url)):
            self.problems.append(f"console error: {text} at {url}")

    def response(self, res):
        if res.status >= 400 and not self.allowed(res.url):
            self.problems.append(f"{res.status} for {res.request.method} {res.url}")

    def verdict(self):
        self.problems += [p for p in (self.failure(page, r) for page, r in self.failed) if p]
        for page in self.pages:
            if not page.is_closed():
                try:
                    self.problems += [f"CSP violation: {v}" for v in page.evaluate("window.__csp || []")]
                except PlaywrightError as err:
                    self.problems.append(f"page not readable: {err}")
        check(f"{self.name}: no console errors, failed requests, error answers or CSP violations",
              not self.problems, "; ".join(self.problems[:5]))


def screenshots(page, view):
    """The view as it is now at 1280 px wide, then at 360 px (full page)."""
    for width in (1280, 360):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(0)
        page.screenshot(path=str(SHOTS / f"{view}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def new_context(browser, **options):
    return browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US", **options)


def pick(page, field, typed, name, by_keyboard):
    """Types into a station field and chooses `name` among the suggestions, by arrow keys + Enter or by a click."""
    box = page.locator(f"#{field}-input")
    box.click()
    box.press_sequentially(typed)
    option = page.locator(f"#{field}-list [role=option]", has=page.locator(".opt-name", has_text=re.compile(f"^{re.escape(name)}$")))
    option.wait_for(timeout=WAIT_MS)
    if by_keyboard:
        target = option.get_attribute("id")
        for _ in range(page.locator(f"#{field}-list [role=option]").count()):
            box.press("ArrowDown")
            if box.get_attribute("aria-activedescendant") == target:
                break
        if not check(f"connections: arrow keys reach \"{name}\" in the {field} suggestions (aria-activedescendant)",
                     box.get_attribute("aria-activedescendant") == target and option.get_attribute("aria-selected") == "true"):
            return
        box.press("Enter")
    else:
        option.click()
    page.locator(f".stations[data-name={field}] .chip", has_text=name).wait_for(timeout=WAIT_MS)


def check_connections(browser):
    ctx = new_context(browser)
    watch = Watch(ctx, "connections")
    page = ctx.new_page()
    page.goto(BASE + "/")
    page.wait_for_selector("body[data-ready]")
    unlabelled = page.evaluate("""[...document.querySelectorAll('input, select, textarea')]
        .filter((el) => !el.labels?.length && !el.getAttribute('aria-label')).map((el) => el.id || el.outerHTML)""")
    check("every control has a label", not unlabelled, ", ".join(unlabelled))
    pick(page, "from", "Ber", "Bern", by_keyboard=True)
    pick(page, "from", "Thu", "Thun", by_keyboard=False)
    # Escape closes the suggestions and keeps the text.
    to = page.locator("#to-input")
    to.click()
    to.press_sequentially("Zür")
    page.locator("#to-list [role=option]").first.wait_for(timeout=WAIT_MS)
    to.press("Escape")
    check("connections: Escape closes the suggestions", page.locator("#to-list").is_hidden() and to.get_attribute("aria-expanded") == "false")
    to.fill("")
    pick(page, "to", "Zürich H", "Zürich HB", by_keyboard=True)
    page.locator("#conn-form button[type=submit]").click()
    page.wait_for_function("() => document.querySelectorAll('#conn-results .schedule').length === 2", timeout=WAIT_MS)
    page.locator("#conn-results .schedule").nth(1).locator(".link").first.wait_for(timeout=WAIT_MS)
    found = page.evaluate("""[...document.querySelectorAll('#conn-results .schedule')].map((s) => ({
        title: s.querySelector('h2').textContent, cards: s.querySelectorAll('.link').length,
        tracks: [...s.querySelectorAll('.track')].filter((t) => /\\S/.test(t.textContent)).length}))""")
    params = page.evaluate("Object.fromEntries(new URLSearchParams(location.search))")
    check("connections: Bern;Thun to Zürich HB gives two schedules of cards with platforms",
          [f["title"] for f in found] == ["Bern → Zürich HB", "Thun → Zürich HB"]
          and all(f["cards"] > 0 and f["tracks"] > 0 for f in found), json.dumps(found, ensure_ascii=False))
    check("connections: the address is the search (from=Bern;Thun&to=Zürich HB)",
          params.get("from") == "Bern;Thun" and params.get("to") == "Zürich HB", page.url)
    screenshots(page, "connections")
    page.reload()
    page.locator("#conn-results .schedule .link").first.wait_for(timeout=WAIT_MS)
    check("connections: the address restores the search on load", page.locator("#conn-results .schedule").count() == 2)

    watch.allow.append(r"/api/sbb/from/Rathaus/")
    page.goto(BASE + "/?from=Rathaus&to=Bern")
    candidate = page.locator("#conn-results .candidate", has_text=re.compile(r"^Bern, Rathaus$"))
    candidate.wait_for(timeout=WAIT_MS)
    message = page.locator("#conn-results .problem .error").first.inner_text()
    check("connections: \"Rathaus\" without a position lists its candidates with the error's message",
          page.locator("#conn-results .candidate").count() >= 2 and "Rathaus" in message and not message.lstrip().startswith(("{", "<")),
          message)
    candidate.click()
    page.wait_for_function("() => new URLSearchParams(location.search).get('from') === 'Bern, Rathaus'", timeout=WAIT_MS)
    page.locator("#conn-results .link").first.wait_for(timeout=WAIT_MS)
    check("connections: a candidate searches again (address updated, connections shown)",
          page.locator("#conn-results .candidate").count() == 0, page.url)
    page.go_back()
    page.locator("#conn-results .candidate").first.wait_for(timeout=WAIT_MS)
    check("connections: Back shows the candidates again", page.evaluate("new URLSearchParams(location.search).get('from')") == "Rathaus")
    watch.verdict()
    ctx.close()


def check_position(browser):
    """"Use my position" in Bern: the ambiguous "Rathaus" becomes Bern's."""
    ctx = new_context(browser, geolocation={"latitude": 46.948, "longitude": 7.4527}, permissions=["geolocation"])
    watch = Watch(ctx, "connections with a position")
    watch.allow.append(r"/api/sbb/from/Rathaus/to/Thun\.json")
    page = ctx.new_page()
    page.goto(BASE + "/?from=Rathaus&to=Thun")
    page.locator("#conn-results .candidate").first.wait_for(timeout=WAIT_MS)
    page.locator("#conn-locate").click()
    page.locator("#conn-results .link").first.wait_for(timeout=WAIT_MS)
    first = page.locator("#conn-results .link .stop-name").first.inner_text()
    params = page.evaluate("Object.fromEntries(new URLSearchParams(location.search))")
    check("connections: \"Use my position\" takes the nearest \"Rathaus\"", first == "Bern, Rathaus" and params.get("lat") == "46.948",
          f"first stop {first!r}, {page.url}")
    watch.verdict()
    ctx.close()


def check_departures(browser):
    ctx = new_context(browser, geolocation=EMBARCADERO, permissions=["geolocation"])
    watch = Watch(ctx, "departures")
    page = ctx.new_page()
    page.goto(BASE + "/?view=departures")
    page.wait_for_selector("body[data-ready]")
    page.wait_for_function("() => document.querySelectorAll('#dep-station option').length > 40", timeout=WAIT_MS)
    page.locator("#dep-locate").click()
    page.locator("#dep-results .station .train").first.wait_for(timeout=WAIT_MS)
    first = page.locator("#dep-results .station h2").first.inner_text()
    trains = page.locator("#dep-results .train").count()
    check("departures: the position's nearest stations show trains", first.startswith("Embarcadero") and trains > 0,
          f"first station {first!r}, {trains} trains")
    check("departures: the address holds the position", "lat=37.7929" in page.url and "lon=-122.3971" in page.url, page.url)
    screenshots(page, "departures")

    # A train some minutes away at the first destination, so that it is still listed two minutes later.
    before = page.evaluate("""(() => { const d = document.querySelector('#dep-results .dest');
        const mins = [...d.querySelectorAll('.train')].map((t) => Number(t.dataset.minutes)).filter((m) => m >= 5);
        return {abbr: d.dataset.abbr, minutes: Math.min(...mins), generated: document.querySelector('#dep-results').dataset.generated}; })()""")
    status, _, body = http("/debug/sandbox/clock?advance=120", method="POST")
    if not check("departures: the sandbox's clock moves on 2 minutes (POST /debug/sandbox/clock?advance=120)", status == 200,
                 f"{status} {body[:200]!r}"):
        watch.verdict()
        ctx.close()
        return
    try:
        page.wait_for_function("""(b) => { const r = document.querySelector('#dep-results');
            const d = r.querySelector(`.dest[data-abbr="${b.abbr}"]`);
            return r.dataset.generated !== b.generated && d && [...d.querySelectorAll('.train')]
                .some((t) => { const m = Number(t.dataset.minutes); return m >= b.minutes - 3 && m <= b.minutes - 1; }); }""",
                               arg=before, timeout=WAIT_MS)
        after = page.evaluate("""(b) => [...document.querySelector(`#dep-results .dest[data-abbr="${b.abbr}"]`).querySelectorAll('.train')]
            .map((t) => Number(t.dataset.minutes))""", before)
        check("departures: the page refreshes by itself as the feed does, and the train's minutes went down",
              True, f"{before['abbr']}: {before['minutes']} min before, now {after}")
    except PlaywrightError:
        check("departures: the page refreshes by itself as the feed does, and the train's minutes went down", False,
              f"{before} not followed within {WAIT_MS // 1000} s")
    watch.verdict()
    ctx.close()


RECORDER = """(() => {
    const rec = window.__wx = {values: [], stages: [], rowsBeforeDone: 0, done: false};
    const progress = document.getElementById('wx-progress');
    const stage = document.getElementById('wx-stage');
    const rows = document.querySelector('#wx-table tbody');
    new MutationObserver(() => {
        const v = Number(progress.value);
        if (rec.values[rec.values.length - 1] !== v) rec.values.push(v);
        const s = stage.textContent.replace(/[:…].*/, '');
        if (rec.stages[rec.stages.length - 1] !== s) rec.stages.push(s);
        if (s === 'Done') rec.done = true;
        if (!rec.done) rec.rowsBeforeDone = Math.max(rec.rowsBeforeDone, rows.rows.length);
    }).observe(document.getElementById('weather'), {subtree: true, childList: true, attributes: true, characterData: true});
})()"""


def check_weather(browser):
    ctx = new_context(browser)
    watch = Watch(ctx, "weather")
    page = ctx.new_page()
    page.goto(BASE + "/?view=weather")
    page.wait_for_selector("body[data-ready]")
    page.fill("#wx-from", "Bethesda, MD")
    page.fill("#wx-to", "90210")
    page.select_option("#wx-day", "1")
    page.evaluate(RECORDER)
    page.locator("#wx-form button[type=submit]").click()
    page.wait_for_function("() => window.__wx.done && !document.getElementById('wx-table-wrap').hidden", timeout=WAIT_MS * 4)
    rec = page.evaluate("window.__wx")
    values = rec["values"]
    check("weather: the progress bar only moves forward, through every stage, to the end",
          len(values) >= 10 and values == sorted(values) and values[-1] == 100
          and all(s in rec["stages"] for s in ("Finding both ends", "Asking for the route", "Finding the places along it", "Asking for the weather")),
          f"{len(values)} values from {values[:1]} to {values[-1:]}; stages {rec['stages']}")
    rows = page.evaluate("[...document.querySelectorAll('#wx-table tbody tr')].map((r) => r.querySelector('.place').textContent)")
    check("weather: rows appear while the stream runs, before it is done", rec["rowsBeforeDone"] > 0,
          f"{rec['rowsBeforeDone']} rows before done, {len(rows)} after")
    status, _, body = http("/api/weather/route/from/Bethesda,%20MD/to/90210.json?day=1")
    doc = json.loads(body)["routeweather"] if status == 200 else {"places": []}
    check("weather: the table has the document's places in driving order", rows == [p["name"] for p in doc["places"]] and rows,
          f"{len(rows)} rows, {len(doc['places'])} places")
    params = page.evaluate("Object.fromEntries(new URLSearchParams(location.search))")
    check("weather: the address is the query", params == {"view": "weather", "from": "Bethesda, MD", "to": "90210", "day": "1"}, page.url)
    page.wait_for_function("() => { const i = document.getElementById('wx-map-img'); return i.complete && i.naturalWidth > 0; }",
                           timeout=WAIT_MS)
    src = page.get_attribute("#wx-map-img", "src")
    alt = page.get_attribute("#wx-map-img", "alt")
    status, headers, body = http(src)
    markers = [g for g in ET.fromstring(body).iter("{http://www.w3.org/2000/svg}g") if "place" in (g.get("class") or "").split()]
    # Each marker's title is "N. name, admin, country: …", in driving order.
    titles = [g.findtext("{http://www.w3.org/2000/svg}title") or "" for g in markers]
    in_order = len(titles) == len(rows) and all(t.startswith(f"{i + 1}. {name}") for i, (t, name) in enumerate(zip(titles, rows)))
    check("weather: the map is shown, with alt text, and its SVG has one g.place per row, in the rows' order",
          status == 200 and headers.get("Content-Type") == "image/svg+xml" and in_order and bool(alt),
          f"{len(markers)} markers, {len(rows)} rows, alt {alt!r}")
    screenshots(page, "weather")

    # Another tab and back: the finished answer is kept, the stream not asked for again.
    streams = []
    page.on("request", lambda r: streams.append(r.url) if r.headers.get("accept") == "text/event-stream" else None)
    page.click("nav a[data-view=connections]")
    page.locator("#connections").wait_for()
    page.click("nav a[data-view=weather]")
    page.locator("#weather").wait_for()
    kept = page.locator("#wx-table tbody tr").count()
    check("weather: back on its tab, the view is as it was left", kept == len(rows) and not streams and "from=Bethesda" in page.url,
          f"{kept} rows, {len(streams)} new streams, {page.url}")

    # A place nobody knows: the error document's message, not the document.
    page.fill("#wx-from", "Qqqxyzzy")
    page.locator("#wx-form button[type=submit]").click()
    page.wait_for_function("() => document.getElementById('wx-status').classList.contains('error')", timeout=WAIT_MS)
    text = page.inner_text("#wx-status")
    check("weather: an unknown place is a readable message", "Qqqxyzzy" in text and not text.lstrip().startswith(("{", "<")), text)
    watch.verdict()
    ctx.close()


def api_json(path):
    status, _, body = http(path)
    return json.loads(body) if status == 200 else {}


def api_links(path):
    """The planned departures (HH:MM) of a one-pair answer's links, and its schedule."""
    sc = (api_json(path).get("schedules") or [{}])[0]
    return [link["departure"][11:16] for link in sc.get("links", [])], sc


def api_board(path):
    """The planned times (HH:MM) of a board's journeys, and the board."""
    board = api_json(path).get("stationboard") or {}
    return [j["time"][11:16] for j in board.get("journeys", [])], board


def struck(locator):
    """Whether the element is drawn struck through."""
    return "line-through" in locator.evaluate("(e) => getComputedStyle(e).textDecorationLine")


def check_alert(name, alert, period):
    """A notice: its header opens onto its description, its period and its link."""
    alert.locator("summary").click()
    description = alert.locator("details > p").first
    seen = {"period": alert.locator(".period").inner_text(), "href": alert.locator("a").get_attribute("href"),
            "description": description.is_visible()}
    check(f"{name}, with its period and its link", seen == {"period": period, "href": "https://www.sbb.ch/", "description": True},
          json.dumps(seen, ensure_ascii=False))


def check_realtime(browser):
    """Connections from Bern to Zürich HB on a fixed day: each real-time state as a card shows it."""
    ctx = new_context(browser)
    watch = Watch(ctx, "real-time")
    page = ctx.new_page()
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/api/sbb/from/" in r.url else None)
    page.goto(BASE + BERN_ZURICH + f"&date={DAY}&time=07:00")
    page.locator("#conn-results .link").first.wait_for(timeout=WAIT_MS)
    check("real-time: connections are asked for without their stops unless the stops are listed",
          asked and all("stops=" not in u for u in asked), asked[-1] if asked else "no request")

    card = lambda hhmm: page.locator(f"#conn-results .link[data-departure^='{DAY}T{hhmm}']")
    track = card("07:20").locator(".stop .track.changed")
    seen = track.evaluate_all("(ts) => ts.map((t) => [t.querySelector('del')?.textContent, t.querySelector('strong')?.textContent])")
    check("real-time: 07:20 leaves Bern from another platform: 6 struck through, 1 highlighted",
          seen == [["planned 6", "1"]] and struck(track.locator("del")), json.dumps(seen))

    cancelled = card("08:20")
    head = cancelled.locator(".card-head").inner_text() if cancelled.count() else ""
    check("real-time: the 08:20 run is cancelled: its card is marked \"Cancelled\" and its times struck through",
          "cancelled" in (cancelled.get_attribute("class") or "") and "Cancelled" in head and struck(cancelled.locator(".times"))
          and page.locator("#conn-results .link.cancelled").count() == 1, head.replace("\n", " "))

    shared = page.locator("#conn-results .schedule .shared-alerts .alert")
    summary = shared.first.locator("summary").inner_text() if shared.count() else ""
    check("real-time: Bern's lift notice, on every connection, is shown once above the cards, not on each",
          shared.count() == 1 and "Bern" in summary and page.locator("#conn-results .link .alert").count() == 0,
          f"{shared.count()} shared, {page.locator('#conn-results .link .alert').count()} on cards: {summary!r}")
    if shared.count():
        check_alert("real-time: the lift notice opens onto its description", shared.first, "Valid 1 Dec 2026, 00:00 – 23:59")

    # The stops listed: a late run, a run without real-time and a stop skipped.
    more = page.locator("#conn-form details.more")
    if not more.evaluate("(d) => d.open"):
        more.locator("summary").click()
    page.locator("#conn-stops").check()
    page.locator("#conn-time").fill("09:00")
    page.locator("#conn-form button[type=submit]").click()
    page.locator("#conn-results .link .stops").first.wait_for(timeout=WAIT_MS)
    check("real-time: with \"List the stops\" the connections are asked for with stops=1, and the address says so",
          "stops=1" in asked[-1] and "stops=1" in page.url, f"{asked[-1]}; {page.url}")

    none = card("09:20")
    check("real-time: the 09:20 run has no real-time: \"no real-time\", never \"on time\"",
          none.locator(".rt-none").inner_text() == "no real-time" and none.locator(".on-time").count() == 0
          and none.locator(".predicted").count() == 0, none.locator(".line").first.inner_text())

    late = card("10:20")
    planned = late.locator(".card-head .times del").first
    predicted = late.locator(".card-head .times .predicted").first
    seen = {"planned": planned.text_content() if planned.count() else None, "predicted": predicted.text_content() if predicted.count() else None}
    check("real-time: 10:20 leaves a minute late: 10:20 struck through (labelled as planned) beside 10:21",
          seen == {"planned": "planned 10:20", "predicted": "10:21"} and struck(planned), json.dumps(seen))

    stops = late.locator(".stops").first
    stops.locator("summary").click()
    skipped = stops.locator(".stop-list li.skipped")
    text = skipped.first.inner_text() if skipped.count() else ""
    check("real-time: 10:20 does not stop at Aarau: named in its stops' summary and struck in their list",
          "does not stop at Aarau" in stops.locator("summary").inner_text() and skipped.count() == 1
          and "Does not stop at Aarau" in text and skipped.first.is_visible() and struck(skipped.first.locator("s")), text.replace("\n", " "))
    screenshots(page, "realtime")

    page.goto(BASE + BERN_ZURICH + f"&date={DAY}&time=20:00")
    works = page.locator("#conn-results .alert", has_text="Bauarbeiten")
    works.first.wait_for(timeout=WAIT_MS)
    check_alert("real-time: the evening's works notice", works.first, "Valid 1 Dec 2026, 20:00 – 23:59")
    watch.verdict()
    ctx.close()


def check_paging(browser):
    """Earlier and Later on a schedule: the API's pages, the address, the focus, Back."""
    ctx = new_context(browser)
    watch = Watch(ctx, "paging")
    page = ctx.new_page()
    shown = lambda: page.evaluate("""[...document.querySelectorAll('#conn-results .schedule')]
        .map((s) => [...s.querySelectorAll('.link')].map((l) => l.dataset.departure.slice(11, 16)))""")
    until = lambda i, links: page.wait_for_function(
        "([i, links]) => JSON.stringify([...document.querySelectorAll('#conn-results .schedule')][i]?.querySelectorAll('.link') ?"
        " [...[...document.querySelectorAll('#conn-results .schedule')][i].querySelectorAll('.link')].map((l) => l.dataset.departure.slice(11, 16)) : null)"
        " === JSON.stringify(links)", arg=[i, links], timeout=WAIT_MS)
    button = lambda where, which, i=0: page.locator(f"#conn-results .schedule >> nth={i}").locator(f".pager[data-where={where}] [data-page={which}]")

    first, sc = api_links(BERN_ZURICH_API + f"?date={DAY}&time=07:00")
    second, sc2 = api_links(BERN_ZURICH_API + f"?cursor={sc.get('later', '')}")
    third, _ = api_links(BERN_ZURICH_API + f"?cursor={sc2.get('later', '')}")
    page.goto(BASE + BERN_ZURICH + f"&date={DAY}&time=07:00")
    page.locator("#conn-results .link").first.wait_for(timeout=WAIT_MS)
    check("paging: the first page is the API's", shown() == [first] and first, json.dumps(shown()))

    button("top", "later").click()
    until(0, second)
    focused = page.evaluate("document.activeElement.dataset.page + ' ' + document.activeElement.closest('.pager')?.dataset.where")
    check("paging: Later (at the top) shows the connections after the last shown, the API's later page",
          second and min(second) > max(first), f"{first} then {second}")
    check("paging: the address names the page (cursor=0.…), the focus stays on Later",
          "cursor=0." in page.url and focused == "later top", f"{page.url}; focus on {focused}")

    button("bottom", "later").click()
    until(0, third)
    heading = page.evaluate("document.activeElement.tagName + ' ' + document.activeElement.textContent")
    check("paging: Later at the bottom shows the next page and moves the focus to the schedule's heading",
          heading.startswith("H2 Bern"), f"{third}; focus on {heading!r}")

    page.go_back()
    until(0, second)
    check("paging: Back shows the page before again, from its address", "cursor=0." in page.url, page.url)
    button("top", "earlier").click()
    until(0, first)
    check("paging: Earlier goes back to the first page's connections", shown() == [first], json.dumps(shown()))
    screenshots(page, "paging")

    # Two schedules: one pages on its own; the address restores both.
    page.goto(BASE + f"/?from=Bern;Thun&to=Z%C3%BCrich%20HB&date={DAY}&time=07:00")
    page.wait_for_function("() => document.querySelectorAll('#conn-results .schedule').length === 2"
                           " && [...document.querySelectorAll('#conn-results .schedule')].every((s) => s.querySelector('.link'))", timeout=WAIT_MS)
    before = shown()
    thun_later, _ = api_links("/api/sbb/from/Thun/to/Z%C3%BCrich%20HB.json?cursor="
                              + api_links(f"/api/sbb/from/Thun/to/Z%C3%BCrich%20HB.json?date={DAY}&time=07:00")[1].get("later", ""))
    button("top", "later", 1).click()
    until(1, thun_later)
    after = shown()
    page.reload()
    until(1, thun_later)
    check("paging: Thun's Later leaves Bern's schedule as it was, and the address (cursor=1.…) restores both",
          after == [before[0], thun_later] and shown() == after and "cursor=1." in page.url, f"{before} then {after}; {page.url}")

    # A cursor the server does not know (damaged, or another server's): the first page, and a word about it.
    watch.allow.append(r"cursor=AAAA")
    page.goto(BASE + BERN_ZURICH + f"&date={DAY}&time=07:00&cursor=0.AAAA")
    until(0, first)
    status = page.inner_text("#conn-status")
    check("paging: an unknown cursor in the address gives the first page, says so, and leaves the address",
          "no longer known" in status and "cursor=" not in page.url, f"{status!r}; {page.url}")
    watch.verdict()
    ctx.close()


def check_board(browser):
    """A Swiss station's board in the departures view: real-time states, notices, Earlier and Later."""
    ctx = new_context(browser)
    watch = Watch(ctx, "station board")
    page = ctx.new_page()
    times = lambda: page.evaluate("[...document.querySelectorAll('#dep-results .journey')].map((j) => j.dataset.time.slice(11, 16))")
    until = lambda expected: page.wait_for_function(
        "(t) => JSON.stringify([...document.querySelectorAll('#dep-results .journey')].map((j) => j.dataset.time.slice(11, 16))) === JSON.stringify(t)",
        arg=expected, timeout=WAIT_MS)
    journey = lambda hhmm, line: page.locator(f"#dep-results .journey[data-time^='{DAY}T{hhmm}']", has=page.locator(".line-name", has_text=re.compile(f"^{line}$")))
    page.goto(BASE + "/?view=departures")
    page.wait_for_selector("body[data-ready]")
    pick(page, "board", "Ber", "Bern", by_keyboard=False)
    page.fill("#board-datetime", f"{DAY}T07:15")
    page.locator("#board-form button[type=submit]").click()
    page.locator("#dep-results .journey").first.wait_for(timeout=WAIT_MS)
    first, board = api_board(f"/api/sbb/stationboard/Bern.json?datetime={DAY}T07:15")
    params = page.evaluate("Object.fromEntries(new URLSearchParams(location.search))")
    check("board: Bern from 07:15 shows the API's departures, and the address is the board",
          times() == first and params == {"view": "departures", "board": "Bern", "datetime": f"{DAY}T07:15"}, f"{times()}; {page.url}")

    track = journey("07:20", "IC1").locator(".track.changed")
    seen = track.evaluate_all("(ts) => ts.map((t) => [t.querySelector('del')?.textContent, t.querySelector('strong')?.textContent])")
    check("board: IC 1 at 07:20 leaves from platform 1, not 6 (struck through)", seen == [["planned 6", "1"]] and struck(track.locator("del")), json.dumps(seen))
    late = page.locator("#dep-results .journey:has(.predicted.late)").first
    seen = late.evaluate("(j) => [j.querySelector('del')?.textContent, j.querySelector('.predicted')?.textContent]") if late.count() else None
    check("board: a late departure shows its planned time struck through beside the predicted one",
          seen and seen[0].startswith("planned ") and seen[1] and seen[0][-5:] < seen[1] and struck(late.locator("del")), json.dumps(seen))
    none = page.locator("#dep-results .journey:has(.rt-none)")
    check("board: a run without real-time says \"no real-time\", never \"on time\"",
          none.count() > 0 and none.locator(".on-time").count() == 0, f"{none.count()} without real-time")
    shared = page.locator("#dep-results .shared-alerts .alert")
    check("board: Bern's lift notice, on every departure, is shown once above them",
          shared.count() == 1 and page.locator("#dep-results .journey .alert").count() == 0
          and "every departure" in page.inner_text("#dep-results .shared-alerts"), f"{shared.count()} shared")
    screenshots(page, "board")

    second, _ = api_board(f"/api/sbb/stationboard/Bern.json?cursor={board.get('later', '')}")
    page.locator("#dep-results .pager[data-where=top] [data-page=later]").click()
    until(second)
    check("board: Later shows the departures after the last shown, the API's later page; the address names it",
          second and min(second) >= max(first) and second != first and "cursor=" in page.url, f"{first} then {second}; {page.url}")
    page.locator("#dep-results .pager[data-where=bottom] [data-page=earlier]").click()
    until(first)
    check("board: Earlier goes back to the first page's departures, the focus on the board's heading",
          page.evaluate("document.activeElement.id") == "board-title", page.evaluate("document.activeElement.outerHTML.slice(0, 80)"))

    page.goto(BASE + f"/?view=departures&board=Bern&datetime={DAY}T08:15")
    cancelled = journey("08:20", "IC1")
    cancelled.wait_for(timeout=WAIT_MS)
    check("board: IC 1 at 08:20 is cancelled: marked, its time struck through",
          "cancelled" in cancelled.get_attribute("class") and "Cancelled" in cancelled.inner_text() and struck(cancelled.locator(".j-time s")),
          cancelled.inner_text().replace("\n", " "))
    page.goto(BASE + f"/?view=departures&board=Aarau&datetime={DAY}T10:55")
    skipped = journey("10:58", "IC1")
    skipped.wait_for(timeout=WAIT_MS)
    check("board: at Aarau, IC 1 at 10:58 does not stop", "skipped" in skipped.get_attribute("class")
          and "Does not stop here" in skipped.inner_text(), skipped.inner_text().replace("\n", " "))
    page.goto(BASE + f"/?view=departures&board=Bern&datetime={DAY}T20:15")
    works = journey("20:20", "IC1").locator(".alert", has_text="Bauarbeiten")
    works.wait_for(timeout=WAIT_MS)
    check_alert("board: the evening's works notice on IC 1 at 20:20", works, "Valid 1 Dec 2026, 20:00 – 23:59")
    watch.verdict()
    ctx.close()


def check_weight(browser):
    """Everything `/` loads, asked for again with Accept-Encoding: gzip, added up as sent."""
    ctx = new_context(browser)
    page = ctx.new_page()
    loaded = []
    page.on("request", lambda r: loaded.append(r.url))
    page.goto(BASE + "/", wait_until="networkidle")
    ctx.close()
    own = [u for u in dict.fromkeys(loaded) if u.startswith(BASE + "/")]
    total, lines, unzipped = 0, [], []
    for url in own:
        status, headers, body = http(url[len(BASE):], headers={"Accept-Encoding": "gzip"})
        total += len(body)
        lines.append(f"{url[len(BASE):]} {len(body)} B{' gzip' if headers.get('Content-Encoding') == 'gzip' else ''}")
        if len(body) >= 1024 and headers.get("Content-Encoding") != "gzip":
            unzipped.append(url)
    print("  page weight: " + "; ".join(lines))
    check(f"page weight: everything / loads is {total / 1024:.1f} KB gzipped (at most {WEIGHT_LIMIT // 1024} KB)",
          total <= WEIGHT_LIMIT and len(own) >= 3 and not unzipped, f"{len(own)} files" + (f"; not gzipped: {unzipped}" if unzipped else ""))
    status, headers, _ = http("/")
    csp = headers.get("Content-Security-Policy") or ""
    check("the page is served with its Content-Security-Policy", "default-src 'none'" in csp and "script-src 'self'" in csp, csp)


def main():
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for run in (check_weight, check_connections, check_realtime, check_paging, check_position, check_departures, check_board,
                    check_weather):
            try:
                run(browser)
            except PlaywrightError as err:
                check(f"{run.__name__}: ran to the end", False, str(err).splitlines()[0])
        browser.close()
    print(f"screenshots in {SHOTS}")
    print(f"web-check: {counts['passed']} passed, {counts['failed']} failed")
    sys.exit(1 if counts["failed"] else 0)


if __name__ == "__main__":
    main()
