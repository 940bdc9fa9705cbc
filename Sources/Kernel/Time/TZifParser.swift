/// Reads the binary TZif format of RFC 8536 (versions 1 to 4) into transitions plus the footer rule.
enum TZifParser {
    /// Parses a TZif file; `nil` when it is truncated or inconsistent.
    static func parse(_ bytes: [UInt8]) -> ZoneData? {
        var reader = ByteReader(bytes: bytes)
        guard let v1 = reader.header() else { return nil }
        guard v1.version >= 2 else { return reader.block(v1, timeSize: 4, footer: nil) }
        // Version 2+ repeats the data with 64-bit times; the first block only needs skipping.
        guard reader.skip(v1.blockSize(timeSize: 4)), let v2 = reader.header() else { return nil }
        let dataStart = reader.position
        guard reader.skip(v2.blockSize(timeSize: 8)), reader.byte() == 0x0A else { return nil }
        var footer: [UInt8] = []
        while let byte = reader.byte(), byte != 0x0A {
            footer.append(byte)
            guard footer.count <= 256 else { return nil }
        }
        var rule: PosixZoneRule?
        if !footer.isEmpty {
            guard let parsed = PosixZoneRule(String(decoding: footer, as: UTF8.self)) else { return nil }
            rule = parsed
        }
        reader.position = dataStart
        return reader.block(v2, timeSize: 8, footer: rule)
    }
}

/// The counts of a TZif header.
private struct TZifHeader {
    let version: UInt8
    let isUTCCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

    func blockSize(timeSize: Int) -> Int {
        timeCount * (timeSize + 1) + typeCount * 6 + charCount + leapCount * (timeSize + 4) + isStandardCount + isUTCCount
    }
}

/// Bounds-checked big-endian reads; every read fails softly past the end.
private struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - position else { return false }
        position += count
        return true
    }

    mutating func integer(size: Int) -> Int64? {
        guard size <= bytes.count - position else { return nil }
        var value: UInt64 = 0
        for _ in 0..<size { value = value << 8 | UInt64(bytes[position]); position += 1 }
        // Sign-extend 32-bit values.
        if size == 4 { return Int64(Int32(truncatingIfNeeded: value)) }
        return Int64(bitPattern: value)
    }

    mutating func header() -> TZifHeader? {
        guard byte() == 0x54, byte() == 0x5A, byte() == 0x69, byte() == 0x66, let version = byte(),
              version == 0 || (0x32...0x39).contains(version), skip(15) else { return nil }
        var counts: [Int] = []
        for _ in 0..<6 {
            guard let count = integer(size: 4), (0...1_000_000).contains(count) else { return nil }
            counts.append(Int(count))
        }
        let header = TZifHeader(version: version == 0 ? 1 : version - 0x30,
                                isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                                timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        guard header.typeCount >= 1, header.typeCount <= 256 else { return nil }
        return header
    }

    mutating func block(_ header: TZifHeader, timeSize: Int, footer: PosixZoneRule?) -> ZoneData? {
        guard header.blockSize(timeSize: timeSize) <= bytes.count - position else { return nil }
        var times: [Int64] = []
        times.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount {
            guard let time = integer(size: timeSize), times.last.map({ $0 < time }) ?? true else { return nil }
            times.append(time)
        }
        var typeIndices: [Int] = []
        for _ in 0..<header.timeCount {
            guard let index = byte(), Int(index) < header.typeCount else { return nil }
            typeIndices.append(Int(index))
        }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            // A day and a bit covers every offset ever used (-12:00 ... +14:00, LMT oddities).
            guard let offset = integer(size: 4), abs(offset) <= 26 * 3600, skip(2) else { return nil }
            typeOffsets.append(Int32(offset))
        }
        return ZoneData(transitions: times, offsets: typeIndices.map { typeOffsets[$0] },
                        initialOffset: typeOffsets[0], footer: footer)
    }
}
