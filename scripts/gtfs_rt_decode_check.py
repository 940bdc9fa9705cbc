#!/usr/bin/env python3
"""Compares the tree `gottago scrape ROUTE FILE --document` decodes from each GTFS-Realtime
sample with gtfs-realtime-bindings' decoding of the same bytes, value by value.

Both sides become the same canonical form: a message is a dict from field name to the list of its
values in the order they arrive (fields the reference lacks are left out on both sides: the
bindings keep them as unknown fields, ours skips them); an enumeration is its value's name, a bool
`true`/`false`, a float the float32 it encodes, everything else its text. A difference prints the
file and the path of the first value that differs, and the run fails.

    python3 scripts/gtfs_rt_decode_check.py GOTTAGO
"""
import pathlib
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

from google.protobuf.descriptor import FieldDescriptor
from google.transit import gtfs_realtime_pb2

ROOT = pathlib.Path(__file__).resolve().parent.parent


def canonical_ours(element):
    fields = {}
    for child in element:
        fields.setdefault(child.tag, []).append(canonical_ours(child) if len(child) else (child.text or ""))
    return fields


def float32(value):
    return struct.unpack("<f", struct.pack("<f", float(value)))[0]


def canonical_theirs(message):
    fields = {}
    for field, value in message.ListFields():
        values = list(value) if field.is_repeated else [value]
        fields[field.name] = [scalar(field, item) for item in values]
    return fields


def scalar(field, value):
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        return canonical_theirs(value)
    if field.type == FieldDescriptor.TYPE_ENUM:
        named = field.enum_type.values_by_number.get(value)
        return named.name if named else str(value)
    if field.type == FieldDescriptor.TYPE_BOOL:
        return "true" if value else "false"
    if field.type == FieldDescriptor.TYPE_BYTES:
        return value.hex()
    return str(value)


def compare(ours, theirs, path, floats):
    if isinstance(theirs, dict):
        if not isinstance(ours, dict):
            # An empty message is an element without children on our side.
            if ours == "" and not theirs:
                return None
            return f"{path}: a message on their side, {ours!r} on ours"
        for name in sorted(set(ours) | set(theirs)):
            a, b = ours.get(name, []), theirs.get(name, [])
            if len(a) != len(b):
                return f"{path}/{name}: {len(a)} value(s) on ours, {len(b)} on theirs"
            for index, (x, y) in enumerate(zip(a, b)):
                problem = compare(x, y, f"{path}/{name}[{index + 1}]", floats)
                if problem:
                    return problem
        return None
    if isinstance(ours, dict):
        return f"{path}: a message on ours, {theirs!r} on theirs"
    if path.rsplit("/", 1)[-1].split("[")[0] in floats:
        return None if float32(ours) == float32(theirs) else f"{path}: {ours} on ours, {theirs} on theirs"
    return None if ours == theirs else f"{path}: {ours!r} on ours, {theirs!r} on theirs"


def float_fields():
    names = set()
    for message in gtfs_realtime_pb2.DESCRIPTOR.message_types_by_name.values():
        stack = [message]
        while stack:
            descriptor = stack.pop()
            stack.extend(descriptor.nested_types)
            for field in descriptor.fields:
                if field.type in (FieldDescriptor.TYPE_FLOAT, FieldDescriptor.TYPE_DOUBLE):
                    names.add(field.name)
    return names


def main():
    gottago = sys.argv[1]
    files = sorted(ROOT.glob("Routes/gtfs-rt-*/samples/*.pb")) + sorted(ROOT.glob("Tests/Fixtures/gtfs/*.pb"))
    floats = float_fields()
    failures = values = 0
    for path in files:
        route = path.parent.parent.name if path.parent.name == "samples" else "gtfs-rt-trip-updates"
        decoded = subprocess.run([gottago, "scrape", route, str(path), "--document"], capture_output=True, check=False)
        if decoded.returncode != 0:
            print(f"gtfs-rt-decode: {path.relative_to(ROOT)}: gottago failed: {decoded.stderr.decode()}")
            failures += 1
            continue
        ours = {"FeedMessage": [canonical_ours(ET.fromstring(decoded.stdout))]}
        message = gtfs_realtime_pb2.FeedMessage()
        message.ParseFromString(path.read_bytes())
        theirs = {"FeedMessage": [canonical_theirs(message)]}
        problem = compare(ours, theirs, "", floats)
        count = decoded.stdout.count(b"</")
        values += count
        print(f"gtfs-rt-decode: {path.relative_to(ROOT)}: {'DIFFERS ' + problem if problem else 'same'} ({len(message.entity)} entities, {count} elements)")
        failures += bool(problem)
    print(f"gtfs-rt-decode: {len(files)} feeds, {values} elements compared, {failures} differ")
    sys.exit(1 if failures or not files else 0)


main()
