import Kernel

/// A compact binary form of an extraction, for caches shared by several instances.
///
/// `gGr`, a format byte, then the route id, the outcome (records, or a failure: code, kind, message, details) and the notes.
/// Strings are a 32-bit little-endian length and UTF-8; lists a 32-bit count; a field value a
/// tag byte, then a string (0) or a time (1: the instant, 64 bits, and the offset in seconds, 32 bits). Decoding checks
/// every length against the bytes left and caps nesting, so that foreign or damaged bytes give
/// nil, never a crash or a huge allocation.
extension Extraction {
    static let magic: [UInt8] = [0x67, 0x47, 0x72, 0x03]
    static let maxDepth = 32

    /// The extraction as bytes.
    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.bytes = Self.magic
        writer.string(route)
        switch outcome {
        case .success(let lists):
            writer.byte(0)
            writer.members(lists)
        case .failure(let failure):
            writer.byte(1)
            writer.string(failure.code)
            writer.byte(failure.kind == .fault ? 1 : 0)
            writer.string(failure.message)
            writer.members(failure.details)
        }
        writer.count(diagnostics.count)
        for note in diagnostics { writer.string(note) }
        // Appending grew the array by doubling, so up to half of it may be spare room; a cache
        // keeps these bytes for minutes, so they are kept at their own size.
        return Array(unsafeUninitializedCapacity: writer.bytes.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: writer.bytes)
        }
    }

    /// An extraction from `encoded()` bytes, or nil for anything else.
    public init?(decoding bytes: [UInt8]) {
        guard bytes.starts(with: Self.magic) else { return nil }
        var reader = ByteReader(bytes: bytes, position: Self.magic.count)
        guard let route = reader.string(), let tag = reader.byte() else { return nil }
        let outcome: Result<[Record.Member], RouteFailure>
        switch tag {
        case 0:
            guard let lists = reader.members(depth: 0) else { return nil }
            outcome = .success(lists)
        case 1:
            guard let code = reader.string(), let kind = reader.byte(), kind <= 1, let message = reader.string(),
                let details = reader.members(depth: 0)
            else { return nil }
            outcome = .failure(RouteFailure(code: code, kind: kind == 1 ? .fault : .answer, message: message, details: details))
        default:
            return nil
        }
        guard let count = reader.count() else { return nil }
        var notes: [String] = []
        for _ in 0..<count {
            guard let note = reader.string() else { return nil }
            notes.append(note)
        }
        guard reader.isAtEnd else { return nil }
        self.init(route: route, outcome: outcome, diagnostics: notes)
    }
}

private struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// An integer's bytes, least significant first.
    mutating func littleEndian<T: FixedWidthInteger>(_ value: T) {
        for shift in stride(from: 0, to: T.bitWidth, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    mutating func count(_ value: Int) { littleEndian(UInt32(clamping: value)) }

    mutating func string(_ value: String) {
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func fieldValue(_ value: FieldValue) {
        switch value {
        case .text(let text):
            byte(0)
            string(text)
        case .time(let time):
            byte(1)
            littleEndian(time.instant)
            littleEndian(Int32(clamping: time.offset))
        }
    }

    mutating func members(_ members: [Record.Member]) {
        count(members.count)
        for member in members {
            switch member {
            case .field(let name, let values, let item):
                byte(item == nil ? 0 : 1)
                string(name)
                if let item { string(item) }
                count(values.count)
                for value in values { fieldValue(value) }
            case .list(let name, let records):
                byte(2)
                string(name)
                count(records.count)
                for record in records {
                    string(record.name)
                    self.members(record.members)
                }
            }
        }
    }
}

private struct ByteReader {
    let bytes: [UInt8]
    var position: Int

    var isAtEnd: Bool { position == bytes.count }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    /// An integer from its bytes, least significant first; nil when too few are left.
    mutating func littleEndian<T: FixedWidthInteger>(_: T.Type) -> T? {
        let width = T.bitWidth / 8
        guard bytes.count - position >= width else { return nil }
        var value = T.zero
        for offset in 0..<width { value |= T(truncatingIfNeeded: bytes[position + offset]) << (offset * 8) }
        position += width
        return value
    }

    /// A count, which cannot exceed the bytes left (every element takes at least one byte).
    mutating func count() -> Int? {
        guard let count = littleEndian(UInt32.self).map(Int.init) else { return nil }
        return count <= bytes.count - position ? count : nil
    }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { position += length }
        return String(decoding: bytes[position..<(position + length)], as: UTF8.self)
    }

    /// A text, or a time whose instant and offset are in range (an offset under a day).
    mutating func fieldValue() -> FieldValue? {
        switch byte() {
        case 0:
            return string().map(FieldValue.text)
        case 1:
            guard let instant = littleEndian(Int64.self), let offset = littleEndian(Int32.self),
                let time = OffsetDateTime(checking: instant, offset: Int(offset))
            else { return nil }
            return .time(time)
        default:
            return nil
        }
    }

    mutating func members(depth: Int) -> [Record.Member]? {
        guard depth < Extraction.maxDepth, let count = count() else { return nil }
        var members: [Record.Member] = []
        for _ in 0..<count {
            guard let kind = byte(), let name = string() else { return nil }
            switch kind {
            case 0, 1:
                var item: String?
                if kind == 1 {
                    guard let text = string() else { return nil }
                    item = text
                }
                guard let valueCount = self.count() else { return nil }
                var values: [FieldValue] = []
                for _ in 0..<valueCount {
                    guard let value = fieldValue() else { return nil }
                    values.append(value)
                }
                members.append(.field(name: name, values: values, item: item))
            case 2:
                guard let recordCount = self.count() else { return nil }
                var records: [Record] = []
                for _ in 0..<recordCount {
                    guard let recordName = string(), let inner = self.members(depth: depth + 1) else { return nil }
                    records.append(Record(name: recordName, members: inner))
                }
                members.append(.list(name: name, records: records))
            default:
                return nil
            }
        }
        return members
    }
}
