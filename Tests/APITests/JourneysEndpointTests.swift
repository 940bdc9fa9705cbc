import Foundation
import HTTPTesting
import Model
import Services
import Testing
@testable import API

/// `/api/journeys/…`: journeys and boards between any places the provider covers, on the real
/// server against the sandbox's MOTIS (and, for a provider without positions, transport.opendata.ch).
@Suite("Journeys anywhere", .serialized)
struct JourneysEndpointTests {
    typealias App = TimetableApp

    @Test("a position, a MOTIS stop id or a name at either end: the same schedules document; /api/sbb keeps to the Swiss directory")
    func placesOfEveryKind() async throws {
        try await App.with(.transitous) { live in
            // 400 m from Bern's station: a walk to it, then the train.
            let fromPosition = try await App.get(live, "/api/journeys/from/46.9459,7.4375/to/Z%C3%BCrich%20HB.json?date=2026-12-01&time=08:00&limit=2")
            #expect(fromPosition.status == 200)
            let links = try #require(try SBBCalendarTests.links(fromPosition).first)
            #expect(links.count == 2)
            let parts = try #require(links.first?["parts"] as? [[String: Any]])
            #expect(parts.first?["vehicle"] as? String == "Walk" && parts.first?["to"] as? String == "Bern", "\(parts)")
            #expect(parts.last?["to"] as? String == "Zürich HB")

            let fromStop = try await App.get(live, "/api/journeys/from/ch-opentransportdataswiss_Parent8507000/to/Basel%20SBB.xml?date=2026-12-01&time=08:00&limit=1")
            #expect(fromStop.status == 200 && fromStop.text.contains("<from>ch-opentransportdataswiss_Parent8507000</from>") && fromStop.text.contains("<to>Basel SBB</to>"))
            #expect(fromStop.text.contains("<part><departure>2026-12-01T08:"))
            // Transitous's terms: the attribution with every schedule.
            #expect(fromStop.text.contains("<credit>Journeys by MOTIS (motis-project.de) over open timetable data; at Transitous: transitous.org/sources</credit></schedule>"))

            // The same in /api/sbb is a station the directory does not know.
            let sbb = try await App.get(live, "/api/sbb/from/46.9459,7.4375/to/Z%C3%BCrich%20HB.xml?date=2026-12-01&time=08:00")
            #expect(sbb.status == 404 && sbb.text.contains("<code>unknown_station</code>"))

            // A name neither the directory nor MOTIS's place search knows.
            let unknown = try await App.get(live, "/api/journeys/from/Karlsruhe%20Hbf/to/Bern.xml?date=2026-12-01&time=08:00")
            #expect(unknown.status == 404 && unknown.text.contains("<code>unknown_station</code>"))

            // A position's board: the stops around it.
            let board = try await App.get(live, "/api/journeys/stationboard/46.9484,7.4459.json?datetime=2026-12-01T08:00&limit=8&realtime=annotate")
            #expect(board.status == 200)
            let journeys = try SBBBoardTests.journeys(board)
            #expect(journeys.count == 8)
            let times = journeys.compactMap { $0["time"] as? String }
            #expect(times == times.sorted() && times.first?.hasPrefix("2026-12-01T08:0") == true)
            #expect((try JSONSerialization.jsonObject(with: Data(board.body)) as? [String: Any]).flatMap { ($0["stationboard"] as? [String: Any])?["credit"] as? String }?.hasPrefix("Journeys by MOTIS") == true)
        }
    }

    @Test("/api/transit/nearby where no agency has a stop: the stops MOTIS has around the position, nearest first, with their departures within the hour")
    func nearbyFromMOTIS() async throws {
        // 2026-12-01 08:00 in Bern.
        let eight: Int64 = 1_796_108_400_000
        try await App.with(.transitous, now: { eight }, transit: true) { live in
            let response = try await live.get("/api/transit/nearby.json?lat=46.9484&lon=7.4459&radius=600&limit=3&departures=2")
            #expect(response.status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let stops = try #require(object["nearby"] as? [[String: Any]])
            #expect(stops.count == 3 && stops.allSatisfy { $0["agency"] as? String == "transitous" })
            let metres = stops.compactMap { ($0["distance"] as? [String: Any])?["m"] as? Double }
            #expect(metres.count == 3 && metres == metres.sorted() && metres.allSatisfy { $0 <= 600 }, "\(metres)")
            for stop in stops {
                let departures = try #require(stop["departures"] as? [[String: Any]])
                #expect((1...2).contains(departures.count), "\(stop["name"] ?? "")")
                let times = departures.compactMap { $0["time"] as? String }
                #expect(times.allSatisfy { $0 >= "2026-12-01T08:00:00+01:00" && $0 <= "2026-12-01T09:00:00+01:00" }, "\(times)")
            }
            // Where nothing is near, nothing.
            let far = try await live.get("/api/transit/nearby?lat=0&lon=0")
            #expect(far.status == 200 && far.text.hasSuffix("<nearby/>"))
        }
    }

    @Test("with a provider that takes no positions, a position is the Swiss station nearest it")
    func aPositionIsTheNearestStation() async throws {
        try await App.with(.opendata) { live in
            let response = try await App.get(live, "/api/journeys/from/46.94883,7.43913/to/Z%C3%BCrich%20HB.json?date=2026-12-01&time=08:00&limit=1")
            #expect(response.status == 200)
            let parts = try #require(try SBBCalendarTests.links(response).first?.first?["parts"] as? [[String: Any]])
            #expect(parts.first?["from"] as? String == "Bern")
            // transport.opendata.ch asks for no attribution.
            #expect(!response.text.contains("credit"))
        }
    }
}
