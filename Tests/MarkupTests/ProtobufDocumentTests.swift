import Testing
@testable import Markup

/// Protobuf bytes made field by field, for the tests.
private struct Wire {
    var bytes: [UInt8] = []

    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, out: [UInt8] = []
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        return out + [UInt8(value)]
    }

    mutating func varint(_ number: UInt64, _ value: UInt64) { bytes += Self.varint(number << 3) + Self.varint(value) }
    mutating func bytes(_ number: UInt64, _ value: [UInt8]) { bytes += Self.varint(number << 3 | 2) + Self.varint(UInt64(value.count)) + value }
    mutating func string(_ number: UInt64, _ value: String) { bytes(number, Array(value.utf8)) }
    mutating func message(_ number: UInt64, _ build: (inout Wire) -> Void) {
        var nested = Wire()
        build(&nested)
        bytes(number, nested.bytes)
    }
    mutating func fixed32(_ number: UInt64, _ value: UInt32) { bytes += Self.varint(number << 3 | 5) + (0..<4).map { UInt8(value >> ($0 * 8) & 0xFF) } }
    mutating func fixed64(_ number: UInt64, _ value: UInt64) { bytes += Self.varint(number << 3 | 1) + (0..<8).map { UInt8(value >> ($0 * 8) & 0xFF) } }
}

@Suite struct ProtobufDocumentTests {
    /// A schema with one field of every type, and itself nested.
    static let schema = ProtobufSchema(
        root: "All",
        messages: [
            .init("All", [
                .init(1, "int32", .int32), .init(2, "int64", .int64), .init(3, "uint32", .uint32), .init(4, "uint64", .uint64),
                .init(5, "sint32", .sint32), .init(6, "sint64", .sint64), .init(7, "bool", .bool), .init(8, "fixed32", .fixed32),
                .init(9, "sfixed32", .sfixed32), .init(10, "float", .float), .init(11, "fixed64", .fixed64), .init(12, "sfixed64", .sfixed64),
                .init(13, "double", .double), .init(14, "string", .string), .init(15, "bytes", .bytes), .init(16, "kind", .enumeration("Kind")),
                .init(17, "nested", .message("All")), .init(40, "far", .string),
            ]),
        ],
        enumerations: [.init("Kind", ["ZERO": 0, "ONE": 1])])

    private func document(_ wire: Wire, schema: ProtobufSchema = Self.schema, limits: DocumentLimits = DocumentLimits()) throws -> Document {
        try Document.parse(wire.bytes, as: .gtfsRealtime, options: ParseOptions(limits: limits), schema: schema)
    }

    private func strings(_ document: Document, _ xpath: String) throws -> [String] {
        try XPathEvaluator(document).strings(XPathExpression(xpath))
    }

    @Test func everyScalarTypeReadsAsItsText() throws {
        var wire = Wire()
        wire.varint(1, UInt64(bitPattern: -1))          // an int32 of -1 is sent as ten bytes
        wire.varint(2, UInt64(bitPattern: -9_000_000_000))
        wire.varint(3, 4_294_967_295)
        wire.varint(4, UInt64.max)
        wire.varint(5, 3)                               // zigzag: 3 is -2
        wire.varint(6, 4)                               // zigzag: 4 is 2
        wire.varint(7, 2)                               // any non-zero varint is true
        wire.fixed32(8, 4_000_000_000)
        wire.fixed32(9, UInt32(bitPattern: -5))
        wire.fixed32(10, Float(37.8).bitPattern)
        wire.fixed64(11, 1 << 60)
        wire.fixed64(12, UInt64(bitPattern: -7))
        wire.fixed64(13, (-122.2712).bitPattern)
        wire.string(14, "Zürich HB")
        wire.bytes(15, [0x00, 0xAB, 0xFF])
        wire.varint(16, 1)
        wire.varint(16, 7)                              // a number the enumeration lacks
        wire.string(40, "beyond the direct table")
        let tree = try document(wire)
        let expected = [
            "int32": "-1", "int64": "-9000000000", "uint32": "4294967295", "uint64": "18446744073709551615", "sint32": "-2", "sint64": "2",
            "bool": "true", "fixed32": "4000000000", "sfixed32": "-5", "float": "37.8", "fixed64": "1152921504606846976", "sfixed64": "-7",
            "double": "-122.2712", "string": "Zürich HB", "bytes": "00abff", "far": "beyond the direct table",
        ]
        for (name, value) in expected { #expect(try strings(tree, "/All/\(name)") == [value], "\(name)") }
        #expect(try strings(tree, "/All/kind") == ["ONE", "7"])
    }

    @Test func nestedRepeatedAndPackedFieldsKeepTheirOrder() throws {
        var wire = Wire()
        wire.message(17) { $0.string(14, "first"); $0.message(17) { $0.string(14, "deeper") } }
        wire.message(17) { $0.string(14, "second") }
        // A packed repeated uint32: one length, three values.
        wire.bytes(3, Wire.varint(1) + Wire.varint(300) + Wire.varint(2))
        let tree = try document(wire)
        #expect(try strings(tree, "/All/nested/string") == ["first", "second"])
        #expect(try strings(tree, "/All/nested/nested/string") == ["deeper"])
        #expect(try strings(tree, "/All/uint32") == ["1", "300", "2"])
    }

    @Test func unknownFieldsAndOtherWireTypesAreSkipped() throws {
        var wire = Wire()
        wire.varint(1001, 5)
        wire.fixed32(1002, 1)
        wire.fixed64(1003, 1)
        wire.message(1004) { $0.string(1, "an extension") }
        // A group (wire types 3 and 4), with a nested group inside.
        wire.bytes += Wire.varint(1005 << 3 | 3) + Wire.varint(1 << 3) + [1] + Wire.varint(2 << 3 | 3) + Wire.varint(2 << 3 | 4)
            + Wire.varint(1005 << 3 | 4)
        wire.fixed32(14, 1)                               // a string field sent as 32 bits: not the schema's, skipped
        wire.string(14, "kept")
        let tree = try document(wire)
        #expect(try strings(tree, "count(/All/*)") == ["1"])
        #expect(try strings(tree, "/All/string") == ["kept"])
    }

    @Test func invalidUTF8IsRepaired() throws {
        var wire = Wire()
        wire.bytes(14, [0x41, 0xFF, 0x42, 0xC3])
        #expect(try strings(try document(wire), "/All/string") == ["A\u{FFFD}B\u{FFFD}"])
    }

    @Test(arguments: [
        ([0x72, 0x05, 0x41], "runs past the end"),                          // a length past the end
        ([0x08] + [UInt8](repeating: 0xFF, count: 10) + [0x01], "longer than ten bytes"),
        ([0x08, 0x80], "runs past the end"),                                // a varint cut short
        ([0x0E, 0x00], "wire type 6"),
        ([0x0F, 0x00], "wire type 7"),
        ([0x00, 0x01], "field number 0"),
        ([0x5B, 0x08, 0x01], "group is not closed"),
        ([0x5B, 0x64], "another field's number"),
        ([0x45, 0x01, 0x02], "32-bit value runs past"),
        ([0x89, 0x01, 0x01], "64-bit value runs past"),
        ([0x8A, 0x01, 0x02, 0x08], "runs past the end"),                    // a nested message's field past its end
    ] as [([UInt8], String)])
    func malformedInputFailsWithWhere(bytes: [UInt8], message: String) {
        var wire = Wire()
        wire.bytes = bytes
        #expect {
            try document(wire)
        } throws: { error in
            guard let error = error as? DocumentError else { return false }
            return error.kind == .malformed && error.message.contains(message) && error.message.contains("byte")
        }
    }

    @Test func nestingIsBounded() throws {
        var inner: [UInt8] = []
        for _ in 0..<40 { inner = Wire.varint(17 << 3 | 2) + Wire.varint(UInt64(inner.count)) + inner }
        var wire = Wire()
        wire.bytes = inner
        var limits = DocumentLimits()
        limits.maxDepth = 30
        #expect(throws: DocumentError.self) { try document(wire, limits: limits) }
        limits.maxDepth = 64
        #expect(try strings(try document(wire, limits: limits), "count(//nested)") == ["40"])
    }

    @Test func emptyInputIsAnEmptyRootMessage() throws {
        #expect(try strings(try document(Wire()), "count(/All/*)") == ["0"])
    }

    @Test func aRealBARTFeedReadsAsTheReferenceNamesIt() throws {
        let bytes = try SampleFile.read("Routes/gtfs-rt-trip-updates/samples/bart-2016-12-29T17-39-24Z.pb")
        let feed = try Document.parse(bytes, as: .gtfsRealtime)
        #expect(try strings(feed, "/FeedMessage/header/gtfs_realtime_version") == ["1.0"])
        #expect(try strings(feed, "/FeedMessage/header/incrementality") == ["FULL_DATASET"])
        #expect(try strings(feed, "/FeedMessage/header/timestamp") == ["1483033164"])
        #expect(try strings(feed, "count(/FeedMessage/entity/trip_update)") == ["72"])
        let first = "/FeedMessage/entity[1]/trip_update"
        #expect(try strings(feed, "/FeedMessage/entity[1]/id") == ["19DC11"])
        #expect(try strings(feed, "\(first)/trip/trip_id") == ["19DC11"])
        #expect(try strings(feed, "\(first)/stop_time_update/stop_sequence") == ["2"])
        #expect(try strings(feed, "\(first)/stop_time_update/stop_id") == ["UCTY"])
        #expect(try strings(feed, "\(first)/stop_time_update/departure/delay") == ["0"])
        #expect(try strings(feed, "\(first)/stop_time_update/departure/uncertainty") == ["30"])
    }
}
