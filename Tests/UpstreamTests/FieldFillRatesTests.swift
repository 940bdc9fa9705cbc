#if canImport(Glibc)
import Glibc
#endif
import Scrape
import Testing
@testable import Upstream
import Kernel

/// `FieldFillRates` over real extractions of a small route, without any I/O but the route file.
@Suite("Field fill rates")
struct FieldFillRatesTests {
    /// Journeys with a hidden field, a nested list and a field after it, and an error rule.
    static let route: Route = {
        var template = Array("/tmp/gottago-fill-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        defer {
            unlink(directory + "/board/route.xml")
            rmdir(directory + "/board")
            unlink(directory + "/route.rng")
            rmdir(directory)
        }
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        try! Files.write(try! Files.read(parts.joined(separator: "/") + "/Routes/route.rng"), to: directory + "/route.rng")
        mkdir(directory + "/board", 0o755)
        try! Files.write(Array("""
            <route id="board" domain="departures">
              <summary>A board.</summary>
              <request method="GET" url="http://board.invalid/"/>
              <response format="xml"/>
              <errors><error when="/b/@error" code="no_departures" message="None."/></errors>
              <extract>
                <record name="journey" list="journeys" each="/b/j">
                  <field name="time" xpath="@t" required="true"/>
                  <field name="line" xpath="@line"/>
                  <field name="secret" xpath="@s" hidden="true"/>
                  <record name="stop" list="stops" each="s"><field name="name" xpath="@n"/></record>
                  <field name="platform" xpath="@p"/>
                </record>
              </extract>
            </route>
            """.utf8), to: directory + "/board/route.xml")
        return try! RouteCatalog.load(from: directory)["board"]!
    }()

    static func answer(_ xml: String) -> Extraction {
        Extractor.run(route, body: Array(xml.utf8))
    }

    static func percents(_ fill: RouteFill) -> [String: Int?] {
        Dictionary(uniqueKeysWithValues: fill.fields.map { ("\($0.list)/\($0.field)", $0.percent) })
    }

    @Test("every output field of every list is counted, in route order; hidden fields are not")
    func layout() {
        let rates = FieldFillRates()
        rates.record(Self.route, Self.answer(#"<b><j t="1" line="S1" p="3" s="x"><s n="A"/><s/></j><j t="2"><s n=" "/></j></b>"#))
        let fill = rates.fill(of: Self.route)
        #expect(fill.answers == 1)
        #expect(fill.fields.map { "\($0.list)/\($0.field)" } == ["journeys/time", "journeys/line", "journeys/stops/name", "journeys/platform"])
        #expect(fill.fields.map(\.records) == [2, 2, 3, 2])
        // A blank value is no value.
        #expect(fill.fields.map(\.filled) == [2, 1, 1, 1])
        #expect(fill.fields[1].rate == 0.5)
        #expect(fill.fields[2].percent == 33)
    }

    @Test("a field the upstream stops sending drops to 0 % once the window has only new answers")
    func dropsToZero() {
        let rates = FieldFillRates(window: 4)
        for _ in 0..<4 { rates.record(Self.route, Self.answer(#"<b><j t="1" line="S1" p="3"/></b>"#)) }
        #expect(Self.percents(rates.fill(of: Self.route))["journeys/line"] == 100)
        let changed = #"<b><j t="1" p="3"/><j t="2" p="4"/></b>"#
        rates.record(Self.route, Self.answer(changed))
        // One old answer out, one new in: 3 of 5 journeys had a line.
        #expect(Self.percents(rates.fill(of: Self.route))["journeys/line"] == 60)
        for _ in 0..<3 { rates.record(Self.route, Self.answer(changed)) }
        let fill = rates.fill(of: Self.route)
        #expect(fill.answers == 4)
        #expect(Self.percents(fill)["journeys/line"] == 0)
        #expect(Self.percents(fill)["journeys/platform"] == 100)
        #expect(fill.fields.first { $0.field == "line" }?.records == 8)
    }

    @Test("error answers and unparsable ones are not counted; without answers no rate is claimed")
    func failuresAreNotCounted() {
        let rates = FieldFillRates()
        #expect(rates.fill(of: Self.route).fields.allSatisfy { $0.records == 0 && $0.rate == nil && $0.percent == nil })
        rates.record(Self.route, Self.answer(#"<b error="1"><j t="1" line="S1"/></b>"#))
        rates.record(Self.route, Self.answer("not xml <<<"))
        #expect(rates.fill(of: Self.route).answers == 0)
        rates.record(Self.route, Self.answer("<b/>"))
        let empty = rates.fill(of: Self.route)
        #expect(empty.answers == 1)
        #expect(empty.fields.allSatisfy { $0.records == 0 && $0.rate == nil })
    }

    @Test("the ring keeps at most its window, oldest out first")
    func ring() {
        var ring = FillRing(capacity: 3)
        for records in 1...5 { ring.add([FillTally.Count(records: records, filled: records % 2)]) }
        #expect(ring.count == 3)
        #expect(ring.totals(count: 1) == [FillTally.Count(records: 3 + 4 + 5, filled: 1 + 0 + 1)])
        // A tally shorter or longer than the layout (a route edited since) is cut or padded.
        #expect(ring.totals(count: 2)[1] == FillTally.Count())
    }
}
