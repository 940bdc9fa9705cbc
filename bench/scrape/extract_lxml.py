"""Python lxml baseline for bench/scrape.sh: the extraction of bench/scrape/extract.c, with lxml.

It MIRRORS Routes/hafas-extxml-connections/route.xml and Routes/bahn-mobile-connections/route.xml,
as extract.c does (same expressions, same order); when a route file changes, change both.

    python extract_lxml.py ROUTE-ID FILE ITERATIONS [--warmup N]

Per iteration: parse the bytes with lxml.etree.XMLParser / lxml.html.HTMLParser (options as close
to the engine's as lxml exposes: no network, no entity substitution, CDATA merged, compact text
nodes, HTML recovery, and the engine's encoding ("windows-1252", or ISO-8859-1 when no byte is
in 0x80-0x9F); lxml has no switch for NOERROR/NOWARNING
or IGNORE_ENC, but an explicit encoding overrides the document's declaration in libxml2 >= 2.13),
evaluate the error rules as booleans, then each record's fields with etree.XPath objects compiled
once, copying every string out: str() of string results, the XPath string value of element
results (libxml2's node content, via etree.tostring(method="text", with_tail=False)).
No normalizers, as in extract.c.

Prints the same `key: value` lines as ScrapeBench and extract.c, `expressions` included.
"""

import re
import sys
import time

import lxml.html
from lxml import etree


class Field:
    def __init__(self, name, xpath, required=False):
        self.name = name
        self.source = xpath
        self.required = required
        self.xpath = etree.XPath(xpath)


class Spec:
    """A record list: `each` selects the record nodes, then its fields, then the nested list."""

    def __init__(self, list_name, each, limit, fields, nested=None):
        self.list = list_name
        self.each = etree.XPath(each)
        self.limit = limit
        self.fields = fields
        self.nested = nested
        self.count = 0


class Rule:
    def __init__(self, code, when, message_xpath=None, records=None):
        self.code = code
        self.when = etree.XPath(when)
        self.message = Field("message", message_xpath) if message_xpath else None
        self.records = records


# Bytes where Windows-1252 and ISO-8859-1 differ; without them the engine decodes ISO-8859-1.
C1_BYTES = re.compile(rb"[\x80-\x9f]")


class Route:
    def __init__(self, route_id, parser, rules, records, unparsable="upstream_error"):
        """`parser` builds a parser for an encoding, as the engine picks it per document."""
        self.id = route_id
        self.unparsable = Rule(unparsable, "false()")
        self.parsers = {name: parser(name) for name in ("ISO-8859-1", "windows-1252")}
        self.rules = rules
        self.records = records


def hafas():
    """Routes/hafas-extxml-connections/route.xml"""
    journey = "Journey/JourneyAttributeList/JourneyAttribute/Attribute"
    # Connection errors sit inside ConRes, the spool error at the top.
    err = "/ResC/Err | /ResC/ConRes/Err"
    parts = Spec("parts", "ConSectionList/ConSection", 1 << 30, [
        Field("departure", "Departure/BasicStop/Dep/Time", True),
        Field("arrival", "Arrival/BasicStop/Arr/Time", True),
        Field("from", "Departure/BasicStop/Station/@name"),
        Field("from_id", "Departure/BasicStop/Station/@externalStationNr"),
        Field("from_lat", "Departure/BasicStop/Station/@y"),
        Field("from_lon", "Departure/BasicStop/Station/@x"),
        Field("to", "Arrival/BasicStop/Station/@name"),
        Field("to_id", "Arrival/BasicStop/Station/@externalStationNr"),
        Field("trackfrom", "Departure/BasicStop/Dep/Platform/Text"),
        Field("trackto", "Arrival/BasicStop/Arr/Platform/Text"),
        Field("vehicle", f"concat({journey}[@type='CATEGORY']/@code, substring('walk', 1, 4 * boolean(Walk)))"),
        Field("category", f"{journey}[@type='CATEGORY']/AttributeVariant[@type='NORMAL']/Text"),
        Field("line", f"{journey}[@type='NAME']/AttributeVariant[@type='NORMAL']/Text"),
        Field("direction", f"{journey}[@type='DIRECTION']/AttributeVariant[@type='NORMAL']/Text"),
        Field("operator", f"{journey}[@type='OPERATOR']/AttributeVariant[@type='NORMAL']/Text"),
        Field("walk_duration", "Walk/Duration/Time"),
        Field("walk_metres", "Walk/@length"),
        Field("departure_prognosis", "Departure/BasicStop/StopPrognosis/Dep/Time"),
        Field("arrival_prognosis", "Arrival/BasicStop/StopPrognosis/Arr/Time"),
    ])
    connections = Spec("connections", "/ResC/ConRes/ConnectionList/Connection", 64, [
        Field("date", "Overview/Date", True),
        Field("departure", "Overview/Departure/BasicStop/Dep/Time", True),
        Field("span", "Overview/Duration/Time"),
        Field("arrival", "Overview/Arrival/BasicStop/Arr/Time", True),
        Field("from", "Overview/Departure/BasicStop/Station/@name"),
        Field("to", "Overview/Arrival/BasicStop/Station/@name"),
        Field("duration", "Overview/Duration/Time"),
        Field("transfers", "Overview/Transfers"),
        Field("products", "Overview/Products/Product/@cat"),
    ], nested=parts)
    rules = [
        Rule("no_connections", f"({err})[@code='K890' or @code='K891']"),
        Rule("stations_too_close", f"({err})[@code='K9380' or @code='K895']"),
        Rule("unknown_station", f"({err})[@code='K9260' or @code='K9300' or @code='K9280' or @code='K9220']",
             f"concat('The timetable server does not know the station (', ({err})[1]/@code, ').')"),
        Rule("upstream_error", err,
             f"concat('The timetable server failed: ', normalize-space(({err})[1]/@text), ' (', ({err})[1]/@code, ').')"),
    ]
    def parser(encoding):
        return etree.XMLParser(encoding=encoding, resolve_entities=False, no_network=True, load_dtd=False,
                               strip_cdata=True, compact=True, recover=False)
    return Route("hafas-extxml-connections", parser, rules, connections)


def bahn():
    """Routes/bahn-mobile-connections/route.xml"""
    timelink = "td[contains(@class,'timelink')]"
    connections = Spec("connections", "//table[contains(@class,'ovTable')]//tr[contains(@class,'ovConLine')]", 32, [
        Field("departure", f"({timelink}//span[@class='bold'])[1]", True),
        Field("arrival", f"({timelink}//span[@class='bold'])[2]", True),
        Field("transfers", "td[3]/text()[1]"),
        Field("duration", "td[3]/text()[2]"),
        Field("products", "td[contains(@class,'iphonepfeil')]/text()[1]"),
        Field("realtime", "contains(@class,'liveCon')"),
        Field("detail_session", f"substring-before(substring-after(concat({timelink}/a/@href, '&'), '&i='), '&')"),
        Field("detail_connection", f"substring-before(substring-after(concat({timelink}/a/@href, '&'), '&co='), '&')"),
        Field("detail_link", f"{timelink}/a/@href"),
    ])
    candidates = Spec("candidates", "//select[starts-with(@name,'REQ0JourneyStops')]/option", 50, [
        Field("name", ".", True),
        Field("key", "@value"),
        Field("role", "../@name"),
    ])
    errormsg = "//div[contains(@class,'errormsg')]"
    rules = [
        Rule("ambiguous_station", f"{errormsg}[contains(., 'nicht eindeutig')]", records=candidates),
        Rule("no_connections", f"{errormsg}[contains(., 'keine Verbindung') or contains(., 'kein Weg')]"),
        Rule("upstream_error", errormsg,
             f"concat('The timetable server refused the request: ', normalize-space({errormsg}[1]))"),
    ]
    def parser(encoding):
        return lxml.html.HTMLParser(encoding=encoding, recover=True, no_network=True, compact=True)
    return Route("bahn-mobile-connections", parser, rules, connections)


ROUTES = {"hafas-extxml-connections": hafas, "bahn-mobile-connections": bahn}


class Run:
    def __init__(self):
        self.strings = []

    def keep(self, text):
        """Copies a value out; True when it is not blank (the engine ignores blank values)."""
        self.strings.append(text)
        return bool(text) and not text.isspace()

    def field(self, field, node):
        """Copies out every string the field's expression yields; returns how many are non-blank."""
        result = field.xpath(node)
        if isinstance(result, list):
            found = 0
            for item in result:
                if isinstance(item, str):  # attribute or text node: lxml's "smart string"
                    found += self.keep(str(item))
                elif isinstance(item, tuple):  # namespace node
                    found += self.keep(str(item[1]))
                else:  # element (or comment, PI): its string value
                    found += self.keep(etree.tostring(item, method="text", encoding="unicode", with_tail=False))
            return found
        if isinstance(result, bool):
            return self.keep("true" if result else "false")
        if isinstance(result, float):
            return self.keep(repr(result))
        return self.keep(str(result))

    def records(self, spec, at):
        kept = 0
        for node in spec.each(at):
            if kept >= spec.limit:
                break
            dropped = False
            for field in spec.fields:
                if self.field(field, node) == 0 and field.required:
                    dropped = True
                    break
            if dropped:
                continue
            if spec.nested:
                self.records(spec.nested, node)
            kept += 1
        spec.count += kept


def reset(spec):
    while spec:
        spec.count = 0
        spec = spec.nested


def extract(route, data):
    """One extraction; returns (matched rule or None, strings copied)."""
    try:
        encoding = "windows-1252" if C1_BYTES.search(data) else "ISO-8859-1"
        root = etree.fromstring(data, route.parsers[encoding])
    except etree.XMLSyntaxError:
        return route.unparsable, 0
    run = Run()
    reset(route.records)
    for rule in route.rules:
        if bool(rule.when(root)):
            if rule.message:
                run.field(rule.message, root)
            if rule.records:
                reset(rule.records)
                run.records(rule.records, root)
            return rule, len(run.strings)
    run.records(route.records, root)
    return None, len(run.strings)


def lists(spec, path=""):
    """`connections=5 connections/parts=5`: a nested list is listed when its parent has records."""
    out = []
    while spec:
        path = f"{path}/{spec.list}" if path else spec.list
        out.append(f"{path}={spec.count}")
        if spec.count == 0:
            break
        spec = spec.nested
    return out


def digest(route):
    """The route's expressions in evaluation order, hashed as ScrapeBench's ExpressionDigest does
    (64-bit FNV-1a over each source and a line feed): `count hash`, which bench/scrape.sh checks."""
    sources = []

    def add_spec(spec):
        while spec:
            sources.append(spec.each.path)
            sources.extend(field.source for field in spec.fields)
            spec = spec.nested

    for rule in route.rules:
        sources.append(rule.when.path)
        if rule.message:
            sources.append(rule.message.source)
        add_spec(rule.records)
    add_spec(route.records)
    value = 0xCBF29CE484222325
    for source in sources:
        for byte in source.encode() + b"\n":
            value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{len(sources)} {value:016x}"


def main(argv):
    usage = "usage: extract_lxml.py ROUTE-ID FILE ITERATIONS [--warmup N]"
    args = argv[1:]
    warmup = 0
    if len(args) == 5 and args[3] == "--warmup":
        warmup = int(args[4])
        args = args[:3]
    if len(args) != 3 or args[0] not in ROUTES:
        sys.exit(f"{usage}\nroutes: {', '.join(ROUTES)}")
    iterations = int(args[2])
    if iterations < 1 or warmup < 0:
        sys.exit(usage)
    route = ROUTES[args[0]]()
    with open(args[1], "rb") as file:
        data = file.read()

    for _ in range(warmup):
        extract(route, data)
    start = time.perf_counter_ns()
    for _ in range(iterations):
        matched, strings = extract(route, data)
    elapsed = time.perf_counter_ns() - start

    specs = matched.records if matched else route.records
    total = 0
    spec = specs
    while spec:
        total += spec.count
        spec = spec.nested
    summary = ([f"error={matched.code}"] + (lists(specs) if specs else [])) if matched else lists(specs)
    print(f"route: {route.id}")
    print(f"bytes: {len(data)}")
    print(f"iterations: {iterations}")
    print(f"per-iteration-ns: {elapsed // iterations}")
    print(f"records: {total}")
    print(f"strings: {strings}")
    print(f"summary: {' '.join(summary)}")
    print(f"expressions: {digest(route)}")
    print(f"lxml: {'.'.join(map(str, etree.LXML_VERSION))}")
    print(f"libxml2: {'.'.join(map(str, etree.LIBXML_VERSION))}")


if __name__ == "__main__":
    main(sys.argv)
