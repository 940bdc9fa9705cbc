import Testing
@testable import Scrape
import Kernel

/// Extractions survive the trip through the cache's bytes, and damaged bytes are refused.
@Suite struct ExtractionEncodingTests {
    static var extractions: [Extraction] {
        guard case .success(let catalog) = RouteSampleTests.catalog else { return [] }
        return catalog.routes.flatMap { route in
            ((try? RouteSample.all(of: route, in: catalog.directory)) ?? []).compactMap { try? $0.render(with: route, status: { _ in nil }).extraction }
        }
    }

    @Test func everySampleRoundTrips() throws {
        let all = Self.extractions
        // One extraction for every reviewed sample.
        let expected = try Files.list(RouteFixtures.repositoryRoutes).reduce(0) { count, route in
            count + ((try? Files.list(RouteFixtures.repositoryRoutes + "/" + route + "/samples")) ?? []).filter { $0.hasSuffix(".expected.xml") }.count
        }
        #expect(all.count == expected)
        #expect(all.count >= 81)
        for extraction in all {
            let bytes = extraction.encoded()
            let decoded = try #require(Extraction(decoding: bytes))
            #expect(decoded.node == extraction.node)
            #expect(decoded.route == extraction.route)
            #expect(decoded.diagnostics == extraction.diagnostics)
            #expect(decoded.encoded() == bytes)
            // Kept by caches for minutes: no spare room from growing (at most malloc's rounding).
            #expect(bytes.capacity < bytes.count + 64, "\(extraction.route): \(bytes.capacity) for \(bytes.count) bytes")
            // Typed times stay typed: the same values, of the same kinds.
            #expect(Self.values(decoded).map(Self.kind) == Self.values(extraction).map(Self.kind))
        }
        // The timetable routes' `datetime` fields reach the cache as typed times.
        #expect(all.flatMap(Self.values).contains { Self.kind($0) == "time" })
    }

    @Test func typedTimesRoundTripAndDamagedOnesAreRefused() throws {
        let time = try #require(OffsetDateTime("2026-03-29T03:10:00+02:00"))
        let record = Record(name: "c", members: [.field(name: "departure", values: [.time(time), "08:02:00+1d"], item: "t")])
        let extraction = Extraction(route: "r", outcome: .success([.list(name: "cs", records: [record])]), diagnostics: [])
        let bytes = extraction.encoded()
        let decoded = try #require(Extraction(decoding: bytes))
        let values = Self.values(decoded)
        #expect(values.map(Self.kind) == ["time", "text"])
        guard case .time(let kept) = values.first else { Issue.record("the time lost its type"); return }
        #expect(kept == time && kept.offset == 7200)
        #expect(decoded.node == extraction.node)

        // The time's bytes: tag 1, the instant (8 bytes), the offset (4 bytes), just before the second value's tag.
        let at = try #require(bytes.indices.first { bytes[$0] == 1 && Array(bytes[($0 + 1)...].prefix(8)) == Self.littleEndian(time.instant) })
        var farFuture = bytes
        farFuture.replaceSubrange((at + 1)...(at + 8), with: Self.littleEndian(Int64.max))
        #expect(Extraction(decoding: farFuture) == nil)
        var hugeOffset = bytes
        hugeOffset.replaceSubrange((at + 9)...(at + 12), with: [0x80, 0x51, 0x01, 0x00])  // 86,400 s
        #expect(Extraction(decoding: hugeOffset) == nil)
        var unknownTag = bytes
        unknownTag[at] = 7
        #expect(Extraction(decoding: unknownTag) == nil)
    }

    /// Every field value of an extraction's records, in order.
    static func values(_ extraction: Extraction) -> [FieldValue] {
        guard case .success(let lists) = extraction.outcome else { return [] }
        func walk(_ members: [Record.Member]) -> [FieldValue] {
            members.flatMap { member -> [FieldValue] in
                switch member {
                case .field(_, let values, _): values
                case .list(_, let records): records.flatMap { walk($0.members) }
                }
            }
        }
        return walk(lists)
    }

    static func kind(_ value: FieldValue) -> String {
        if case .time = value { "time" } else { "text" }
    }

    static func littleEndian(_ value: Int64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    @Test func everyTruncationAndForeignBytesAreRefused() throws {
        let extraction = try #require(Self.extractions.first { if case .failure = $0.outcome { return true } else { return false } })
        let bytes = extraction.encoded()
        for length in 0..<bytes.count {
            #expect(Extraction(decoding: Array(bytes.prefix(length))) == nil)
        }
        #expect(Extraction(decoding: bytes + [0]) == nil)
        #expect(Extraction(decoding: Array("<result/>".utf8)) == nil)
        var huge = Extraction.magic
        huge += [0xFF, 0xFF, 0xFF, 0x7F]  // a route id claiming 2 GB
        #expect(Extraction(decoding: huge) == nil)
    }

    @Test func nestingBeyondTheCapIsRefused() {
        // Records nested 40 deep: each level is a list member holding one record.
        var nested: [Record.Member] = [.field(name: "x", values: ["1"], item: nil)]
        for level in 0..<40 {
            nested = [.list(name: "l\(level)", records: [Record(name: "r", members: nested)])]
        }
        let deep = Extraction(route: "r", outcome: .success(nested), diagnostics: [])
        #expect(Extraction(decoding: deep.encoded()) == nil)
    }
}
