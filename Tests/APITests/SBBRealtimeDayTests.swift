import Foundation
import HTTPTesting
import Model
import Services
import Testing

/// What `make serve` shows over a day: Bern → Zürich HB through the OJP sandbox, walked page by
/// page with `later`, carries every real-time state somewhere, in XML valid against the schema
/// and in JSON.
@Suite("SBB real-time over a day", .serialized)
struct SBBRealtimeDayTests {
    typealias App = TimetableApp

    @Test("every real-time state appears in a day of Bern → Zürich HB with stops")
    func everyState() async throws {
        try await App.with(.ojp) { live in
            var target = "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB.json?date=2026-12-01&time=05:00&stops=1&limit=8"
            var states = Set<String>()
            var parts = 0
            for _ in 0..<12 {
                let xml = try await App.get(live, target.replacingOccurrences(of: ".json?", with: ".xml?"))
                #expect(xml.status == 200)
                let response = try await App.get(live, target)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
                let schedule = try #require((object["schedules"] as? [[String: Any]])?.first)
                for link in schedule["links"] as? [[String: Any]] ?? [] {
                    for part in link["parts"] as? [[String: Any]] ?? [] {
                        parts += 1
                        if let state = part["realtime"] as? String { states.insert(state) }
                        if part["cancelled"] as? Bool == true { states.insert("cancelled run") }
                        if let planned = part["trackfrom"] as? String, let predicted = part["trackfrom_predicted"] as? String, planned != predicted {
                            states.insert("platform change")
                        }
                        if part["departure_predicted"] as? String != nil, part["delay"] as? Int ?? 0 > 0 { states.insert("late") }
                        let alerts = part["alerts"] as? [[String: Any]] ?? []
                        if alerts.contains(where: { $0["header"] as? String != nil && $0["from"] as? String != nil && $0["until"] as? String != nil }) {
                            states.insert("alert with a period")
                        }
                        for stop in part["stops"] as? [[String: Any]] ?? [] {
                            if let state = stop["realtime"] as? String { states.insert("stop " + state) }
                            if stop["departure_cancelled"] as? Bool == true || stop["arrival_cancelled"] as? Bool == true { states.insert("skipped stop") }
                        }
                    }
                }
                target = "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB.json?stops=1&limit=8&cursor=\(try #require(schedule["later"] as? String))"
            }
            #expect(parts > 60)
            let wanted: Set = [
                "asserted", "scheduled", "cancelled run", "platform change", "late", "alert with a period", "stop asserted", "stop propagated",
                "skipped stop",
            ]
            #expect(wanted.subtracting(states).isEmpty, "missing: \(wanted.subtracting(states).sorted())")
        }
    }
}
