import Markup
import Testing
@testable import Scrape

@Suite struct ExtractorTests {
    private func run(_ route: Route, _ body: String, parameters: [String: String] = [:]) -> Extraction {
        Extractor.run(route, body: Array(body.utf8), parameters: parameters)
    }

    private func records(_ extraction: Extraction) throws -> [Record] {
        guard case .success(let lists) = extraction.outcome, case .list(_, let records)? = lists.first else {
            Issue.record("expected records, got \(extraction.outcome)")
            return []
        }
        return records
    }

    @Test func nestedRecordsReferToTheirParentAndTheRollOverMidnight() throws {
        let route = try RouteFixtures.load(RouteFixtures.route(extract: """
            <record name="c" list="cs" each="/r/c"><field name="date" xpath="@date" normalize="date(yyyymmdd)" hidden="true"/>
              <field name="dep" xpath="@dep" required="true" normalize="time | datetime(date=$date)"/>
              <field name="arr" xpath="@arr" normalize="time | datetime(date=$date, after=$dep)"/>
              <record name="p" list="ps" each="p"><field name="at" xpath="." normalize="time | datetime(date=$../date)"/></record>
            </record>
            """))
        let result = run(route, #"<r><c date="20261024" dep="23:50" arr="00:10"><p>00d23:55:00</p><p>01d00:05:00</p></c></r>"#)
        let connection = try #require(try records(result).first)
        #expect(connection.value("date") == nil)
        #expect(connection.value("dep") == "2026-10-24T23:50:00+02:00")
        #expect(connection.value("arr") == "2026-10-25T00:10:00+02:00")
        #expect(connection.list("ps").map { $0.value("at") } == ["2026-10-24T23:55:00+02:00", "2026-10-25T00:05:00+02:00"])
    }

    @Test func aFieldsXPathReadsEarlierFieldsAsVariables() throws {
        // met.no's shape: the symbol is worked out once, the condition and the icon read it.
        let route = try RouteFixtures.load(RouteFixtures.route(format: "json", extract: """
            <record name="hour" list="hours" each="/json/steps">
              <field name="symbol" xpath="concat(one, substring(six, 1, 64 * not(one)))" normalize="trim"/>
              <field name="kind" xpath="substring-before(concat($symbol, '_'), '_')"/>
              <field name="icon" xpath="concat('https://example.org/', $symbol, substring('.png', 1, 4 * boolean($symbol)))"/>
            </record>
            """))
        let hours = try records(run(route, #"{"steps":[{"one":"rain_day","six":"fog"},{"six":" snow "},{"other":1}]}"#))
        #expect(hours.map { $0.value("symbol") } == ["rain_day", "snow", nil])
        #expect(hours.map { $0.value("kind") } == ["rain", "snow", nil])
        // A missing field reads as the empty string, never as an unbound variable.
        #expect(hours.map { $0.value("icon") } == ["https://example.org/rain_day.png", "https://example.org/snow.png", "https://example.org/"])
    }

    @Test func indexJoinsParallelArraysByPosition() throws {
        // Open-Meteo's shape: one array of times and sibling arrays of values, null where a value is missing.
        let route = try RouteFixtures.load(RouteFixtures.route(format: "json", extract: """
            <record name="hour" list="hours" each="/json/hourly/time">
              <field name="time" xpath="." required="true"/>
              <field name="index" xpath="$index" normalize="int"/>
              <field name="t" xpath="../temperature_2m[$index]" normalize="decimal"/>
              <field name="code" xpath="../weather_code[$index]" normalize="int"/>
              <record name="daily" list="days" each="/json/daily/time[$index]"><field name="day" xpath="."/><field name="position" xpath="$index"/></record>
              <field name="after" xpath="../weather_code[$index]" normalize="int"/>
            </record>
            <record name="first" list="firsts" each="/json/hourly/time[$index + 1]"><field name="time" xpath="."/></record>
            """))
        let body = #"{"hourly":{"time":["T0","T1","T2"],"temperature_2m":[1.5,null,-3],"weather_code":[3,61]},"daily":{"time":["D0","D1"],"max":[9,8]}}"#
        let extraction = run(route, body)
        let hours = try records(extraction)
        #expect(hours.map { $0.value("time") } == ["T0", "T1", "T2"])
        #expect(hours.map { $0.value("index") } == ["1", "2", "3"])
        #expect(hours.map { $0.value("t") } == ["1.5", nil, "-3"])
        #expect(hours.map { $0.value("code") } == ["3", "61", nil])
        // A nested list's `each` sees the enclosing record's position, its fields their own; the
        // enclosing record's later fields see its position again.
        #expect(hours.map { $0.list("days").map { $0.value("day") } } == [["D0"], ["D1"], []])
        #expect(hours.map { $0.list("days").map { $0.value("position") } } == [["1"], ["1"], []])
        #expect(hours.map { $0.value("after") } == ["3", "61", nil])
        // Outside any record `$index` is 0.
        guard case .success(let lists) = extraction.outcome, case .list(_, let firsts)? = lists.last else {
            Issue.record("expected two lists")
            return
        }
        #expect(firsts.map { $0.value("time") } == ["T0"])
    }

    @Test func aParameterCanNameTheZoneOfLocalTimes() throws {
        let xml = RouteFixtures.route(
            extract: #"<record name="t" list="ts" each="/r/t"><field name="at" xpath="." normalize="time"/></record>"#,
            parameters: #"<parameters><parameter name="date" default="2026-03-29"/><parameter name="tz" default="UTC"/></parameters>"#,
            timezone: "{tz}")
        let route = try RouteFixtures.load(xml)
        let body = "<r><t>2026-07-20T11:00:00Z</t></r>"
        #expect(try records(run(route, body, parameters: ["tz": "America/New_York"])).first?.value("at") == "2026-07-20T07:00:00-04:00")
        #expect(try records(run(route, body, parameters: ["tz": "Asia/Kolkata"])).first?.value("at") == "2026-07-20T16:30:00+05:30")
        #expect(try records(run(route, body)).first?.value("at") == "2026-07-20T11:00:00+00:00")
        // A value that names no zone falls back to UTC, noted; it never opens a file outside the tz database.
        let bad = run(route, body, parameters: ["tz": "../../etc/passwd"])
        #expect(try records(bad).first?.value("at") == "2026-07-20T11:00:00+00:00")
        #expect(bad.diagnostics.contains { $0.contains("timezone {tz}") })
        // A zone parameter that is not declared stops the load.
        #expect { try RouteFixtures.load(xml.replacingOccurrences(of: "timezone=\"{tz}\"", with: "timezone=\"{zone}\"")) } throws: { error in
            "\(error)".contains("the response's timezone {zone} is not a declared parameter")
        }
    }

    @Test func aRecordWithoutARequiredFieldIsDroppedAndNoted() throws {
        let route = try RouteFixtures.load(RouteFixtures.route(extract: """
            <record name="c" list="cs" each="/r/c"><field name="n" xpath="@n" required="true" normalize="int"/><field name="o" xpath="@o" default="none"/></record>
            """))
        let result = run(route, #"<r><c n="1"/><c/><c n="x"/><c n="3" o="yes"/></r>"#)
        #expect(try records(result).map { $0.value("n") } == ["1", "3"])
        #expect(try records(result).map { $0.value("o") } == ["none", "yes"])
        #expect(result.diagnostics.contains { $0.contains("cs[2]: dropped, required field n is missing") })
        #expect(result.diagnostics.contains { $0.contains("cs[3]/n") })
    }

    @Test func errorRulesWinOverDataAndCarryDetails() throws {
        let route = try RouteFixtures.load(RouteFixtures.route(
            errors: """
                <error when="/r/err[@code='K890']" code="no_connections" message="None found."/>
                <error when="/r/err" code="upstream_error" message-xpath="concat('failed: ', /r/err/@text)">
                  <record name="candidate" list="candidates" each="/r/option"><field name="name" xpath="." normalize="collapse"/></record>
                </error>
                """,
            extract: #"<record name="c" list="cs" each="/r/c"><field name="n" xpath="@n"/></record>"#))
        let none = run(route, #"<r><err code="K890"/><c n="1"/></r>"#)
        guard case .failure(let failure) = none.outcome else { Issue.record("expected a failure"); return }
        #expect(failure.code == "no_connections")
        #expect(failure.kind == .answer)
        #expect(failure.message == "None found.")
        let other = run(route, #"<r><err code="F2" text="spool"/><option> A </option><option>B</option></r>"#)
        guard case .failure(let detailed) = other.outcome else { Issue.record("expected a failure"); return }
        #expect(detailed.message == "failed: spool")
        #expect(detailed.details == [.list(name: "candidates", records: [
            Record(name: "candidate", members: [.field(name: "name", values: ["A"], item: nil)]),
            Record(name: "candidate", members: [.field(name: "name", values: ["B"], item: nil)]),
        ])])
        #expect(detailed.kind == .fault)
        // The status is not Scrape's to choose: the lookup it is given leads the error with one, or none.
        let xml = String(decoding: XMLRenderer.render(other.node(status: { $0 == "upstream_error" ? 502 : nil })), as: UTF8.self)
        #expect(xml.contains("<error route=\"test-route\"><status>502</status><code>upstream_error</code>"))
        #expect(String(decoding: XMLRenderer.render(other.node), as: UTF8.self).contains("<error route=\"test-route\"><code>upstream_error</code>"))
    }

    @Test func unparsableResponsesBecomeTheRoutesError() throws {
        let route = try RouteFixtures.load(RouteFixtures.route(extract: #"<record name="c" list="cs" each="/r/c"><field name="n" xpath="@n"/></record>"#))
        for body in ["<!DOCTYPE HTML PUBLIC \"-//IETF//DTD HTML 2.0//EN\"><html><p>500</html>", "<r><c n=\"1\"", "", "\u{0}"] {
            guard case .failure(let failure) = run(route, body).outcome else {
                Issue.record("expected a failure for \(body)")
                continue
            }
            #expect(failure.code == "malformed_response")
            #expect(failure.kind == .fault)
        }
    }

    @Test func limitsKeepTheFirstRecordsAndRepeatedValuesBecomeItems() throws {
        let route = try RouteFixtures.load(RouteFixtures.route(extract: """
            <record name="c" list="cs" each="/r/c" limit="2"><field name="p" item="product" xpath="p" normalize="collapse"/></record>
            """))
        let result = run(route, "<r><c><p> S </p><p>IC</p></c><c/><c><p>x</p></c></r>")
        let kept = try records(result)
        #expect(kept.count == 2)
        #expect(kept[0].members == [.field(name: "p", values: ["S", "IC"], item: "product")])
        #expect(result.diagnostics.contains { $0.contains("kept the first 2 of 3") })
        let json = String(decoding: JSONRenderer.render(result.node), as: UTF8.self)
        #expect(json.contains(#""p":["S","IC"]"#))
    }

    @Test func jsonResponsesUseTheSameXPath() throws {
        let route = try RouteFixtures.load(RouteFixtures.route(format: "json", extract: """
            <record name="w" list="ws" each="/json/waypoints"><field name="at" xpath="concat(location[1], ',', location[2])" normalize="coordinate(lonlat)"/></record>
            """))
        let result = run(route, #"{"code":"Ok","waypoints":[{"location":[5.494653,50.509415]},{"location":[5.5,50.5]}]}"#)
        #expect(try records(result).map { $0.value("at") } == ["50.509415,5.494653", "50.5,5.5"])
    }
}
