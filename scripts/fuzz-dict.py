#!/usr/bin/env python3
"""Writes Tests/Fuzz/<format>.dict, the libFuzzer dictionaries of `make fuzz`, one per response format.

Each holds the format's own tokens (listed below) and what the routes of that format look for
(GTFS-Realtime, a binary format, only its own tokens):
the element and attribute names of their XPaths (as tags, attributes or JSON keys), the string
literals they compare with, their namespace URIs, and the keys of their `map(...)` normalizers.

    python3 scripts/fuzz-dict.py           rewrites the four files from Routes/
    python3 scripts/fuzz-dict.py --check   exits 1 when a file differs from what Routes/ gives
"""
import pathlib
import re
import sys
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parent.parent
ROUTES = ROOT / "Routes"
OUT = ROOT / "Tests" / "Fuzz"

# The syntax of each format: what libxml2's parsers and the JSON-to-tree builder branch on.
FORMAT_TOKENS = {
    "xml": [
        '<?xml version="1.0"?>', '<?xml version="1.0" encoding="ISO-8859-1"?>',
        '<?xml version="1.0" encoding="UTF-8"?>', ' encoding="windows-1252"', ' encoding="UTF-16"',
        "<!DOCTYPE ", "<!ENTITY ", ' SYSTEM "', ' PUBLIC "', "<![CDATA[", "]]>", "<!--", "-->",
        "<?", "?>", "</", "/>", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#", "&#x", "&e;",
        ' xmlns="', " xmlns:", ' xml:lang="', ' xml:space="preserve"', "\ufeff",
    ],
    "html": [
        "<!DOCTYPE html>", "<html>", "</html>", "<head>", "<body>", "</body>",
        '<meta charset="', '<meta http-equiv="Content-Type" content="text/html; charset=',
        "charset=iso-8859-1", "charset=utf-8", "charset=windows-1252", "<table>", "</table>",
        "<tr>", "</tr>", "<td>", "</td>", "<th>", "<tbody>", "<div ", "</div>", "<span ", "</span>",
        "<a href=\"", "</a>", "<br>", "<br/>", "<p>", "<select ", "<option ", "<script>",
        "</script>", "<style>", "<!--", "-->", "&nbsp;", "&amp;", "&#", "&#x", "&auml;", " class=\"",
        " id=\"", " name=\"", " value=\"", "\ufeff",
    ],
    "json": [
        "{", "}", "[", "]", "{}", "[]", '":', ",", '""', "true", "false", "null", "-0", "0.5",
        "1e309", "-1E-7", "9007199254740993", '\\"', "\\\\", "\\/", "\\u0000", "\\u00e4", "\\ud83d\\ude00",
        "\\ud800", "\\n", "\\t", "\ufeff",
    ],
}

def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes(out + bytes([value]))


# Protobuf has no words: its tokens are tags (field number and wire type) as the GTFS-Realtime
# schema uses them (fields 1-18, wire types 0, 1, 2 and 5, and 3/4 for groups), lengths, the longest
# varints, an extension's tag (NYCT's 1001) and a header as feeds send it.
PROTOBUF_TOKENS = (
    [varint(number << 3 | wire) for number in range(1, 19) for wire in (0, 1, 2, 5)]
    + [varint(1001 << 3 | 2), varint(1 << 3 | 3), varint(1 << 3 | 4), b"\x80\x01", b"\xff\xff\xff\xff\x0f",
       b"\xff" * 9 + b"\x01", b"\xff" * 10, b"\x0a\x05\x0a\x031.0", b"\x0a\x07\x0a\x032.0\x10\x00", b"\x10\x01"]
)

XPATH_ATTRIBUTES = ("each", "xpath", "when", "message-xpath")
NAME = re.compile(r"(@?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)(?![\w.:-])(?!\s*\()")
LITERAL = re.compile(r"'([^']*)'|\"([^\"]*)\"")
XPATH_WORDS = {
    "and", "or", "not", "div", "mod", "text", "node", "last", "position", "count", "concat",
    "contains", "substring", "normalize-space", "string", "number", "sum", "translate",
    "starts-with", "substring-after", "substring-before", "string-length", "boolean", "true",
    "false", "ancestor", "descendant", "following-sibling", "preceding-sibling", "parent", "self",
    "child", "attribute", "following", "preceding", "ancestor-or-self", "descendant-or-self",
    "floor", "ceiling", "round", "local-name", "name", "lang", "id", "index",
}


def route_words(route):
    """The names, literals, namespace URIs and map keys of one route file."""
    names, attributes, literals, uris = set(), set(), set(), set()
    for element in route.iter():
        for key in XPATH_ATTRIBUTES:
            expression = element.get(key)
            if not expression:
                continue
            without_literals = LITERAL.sub(" ", expression)
            for at, name in NAME.findall(without_literals):
                if name.startswith("$") or (not at and name in XPATH_WORDS):
                    continue
                (attributes if at else names).add(name)
            for single, double in LITERAL.findall(expression):
                value = single or double
                if value and len(value) <= 64:
                    literals.add(value)
        if element.tag == "namespace" and element.get("uri"):
            uris.add(element.get("uri"))
        normalize = element.get("normalize") or ""
        for match in re.finditer(r"map\(([^)]*)\)", normalize):
            for pair in re.findall(r"([^,=\s]+)=", match.group(1)):
                literals.add(pair)
    # Variable references ($index, $../date) are no document words.
    names = {n for n in names if not re.fullmatch(r"\d+", n)}
    return names, attributes, literals, uris


def tokens(fmt, names, attributes, literals, uris):
    out = list(FORMAT_TOKENS[fmt])
    for name in sorted(names):
        if fmt == "json":
            out.append(f'"{name}":')
        else:
            out += [f"<{name}>", f"</{name}>"]
    for name in sorted(attributes):
        out.append(f'"{name}":' if fmt == "json" else f' {name}="')
    for uri in sorted(uris):
        out.append(f' xmlns="{uri}"')
    for literal in sorted(literals):
        out.append(f'"{literal}"' if fmt == "json" else literal)
    seen, unique = set(), []
    for token in out:
        if token not in seen:
            seen.add(token)
            unique.append(token)
    return unique


def escape(data):
    """libFuzzer's dictionary syntax: a quoted string, its backslashes, quotes and other bytes escaped."""
    out = []
    for byte in data:
        if byte == 0x5C:
            out.append("\\\\")
        elif byte == 0x22:
            out.append('\\"')
        elif 0x20 <= byte < 0x7F:
            out.append(chr(byte))
        else:
            out.append(f"\\x{byte:02X}")
    return '"' + "".join(out) + '"'


def render(fmt):
    names, attributes, literals, uris = set(), set(), set(), set()
    ids = []
    for path in sorted(ROUTES.glob("*/route.xml")):
        route = ET.parse(path).getroot()
        response = route.find("response")
        if response is None or response.get("format") != fmt:
            continue
        ids.append(route.get("id"))
        n, a, l, u = route_words(route)
        names |= n
        attributes |= a
        literals |= l
        uris |= u
    lines = [
        f"# libFuzzer dictionary for the {fmt} routes ({', '.join(ids)}).",
        "# Written by scripts/fuzz-dict.py from Routes/; do not edit by hand.",
    ]
    encoded = list(PROTOBUF_TOKENS) if fmt == "gtfs-rt" else []
    for token in tokens(fmt, names, attributes, literals, uris) if fmt != "gtfs-rt" else []:
        encoded.append(token.encode("utf-8"))
        # Upstreams answer in ISO-8859-1 too: non-ASCII words in both encodings.
        if not token.isascii() and all(ord(c) < 256 for c in token):
            encoded.append(token.encode("latin-1"))
    for index, data in enumerate(encoded):
        lines.append(f"t{index}={escape(data)}")
    return "\n".join(lines) + "\n"


def main():
    check = sys.argv[1:] == ["--check"]
    stale = []
    for fmt in ("html", "xml", "json", "gtfs-rt"):
        path = OUT / f"{fmt}.dict"
        text = render(fmt)
        if check:
            if not path.exists() or path.read_text(encoding="ascii") != text:
                stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(text, encoding="ascii")
            print(f"{path.relative_to(ROOT)}: {text.count(chr(10)) - 2} tokens")
    if stale:
        print("stale, rewrite with python3 scripts/fuzz-dict.py: " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
