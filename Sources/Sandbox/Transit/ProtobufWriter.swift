/// Protobuf's wire format, written field by field: what the sandbox's GTFS-Realtime feeds are
/// made of.
///
/// ```swift
/// var header = ProtobufWriter()
/// header.string(1, "2.0")                  // gtfs_realtime_version
/// header.varint(3, 1_782_000_000)          // timestamp
/// var feed = ProtobufWriter()
/// feed.message(1, header)                  // FeedMessage.header
/// ```
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    /// A varint field (int32, int64, uint32, uint64, bool, enum); a negative value takes ten bytes, as protobuf writes int32 and int64.
    mutating func varint(_ field: UInt32, _ value: Int64) {
        tag(field, 0)
        append(varint: UInt64(bitPattern: value))
    }

    /// A string field.
    mutating func string(_ field: UInt32, _ value: String) {
        tag(field, 2)
        append(varint: UInt64(value.utf8.count))
        bytes += value.utf8
    }

    /// A nested message.
    mutating func message(_ field: UInt32, _ value: ProtobufWriter) {
        tag(field, 2)
        append(varint: UInt64(value.bytes.count))
        bytes += value.bytes
    }

    /// A float field.
    mutating func float(_ field: UInt32, _ value: Float) {
        tag(field, 5)
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(shift))) }
    }

    private mutating func tag(_ field: UInt32, _ wireType: UInt8) {
        append(varint: UInt64(field) << 3 | UInt64(wireType))
    }

    private mutating func append(varint value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }
}
