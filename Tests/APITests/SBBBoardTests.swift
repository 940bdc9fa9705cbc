import Foundation
import HTTPTesting
import Model
import Sandbox
import Services
import Testing

/// `/api/sbb/stationboard/{station}` on the real server, through the shipped board route to the
/// sandbox: the journeys are the ones the timetable meant, in the published schema.
@Suite("SBB station board", .serialized)
struct SBBBoardTests {
    typealias App = TimetableApp

    static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> LocalDateTime {
        LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute)!
    }

    static func journeys(_ response: TestResponse) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let board = try #require(object["stationboard"] as? [String: Any])
        return board["journeys"] as? [[String: Any]] ?? []
    }

    /// The API's journeys against the sandbox timetable's board, field by field. OJP names a line
    /// by its public code (`IC5`, `S3`, `1`), transport.opendata.ch by its category and line
    /// (`IC 1`, `B 31`), the HAFAS formats as the board shows it (`IC 2512`, `S 3`); the HAFAS pages
    /// show an arriving run's origin instead of its direction. transport.opendata.ch says nothing of
    /// a cancellation: the cancelled run comes on time, with a delay of 0.
    static func compare(
        _ journeys: [[String: Any]], _ entries: [BoardEntry], provider: TimetableProvider, arrivals: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(journeys.count == entries.count, sourceLocation: sourceLocation)
        for (journey, entry) in zip(journeys, entries) {
            #expect(journey["time"] as? String == entry.stop.time.iso8601, sourceLocation: sourceLocation)
            if provider == .ojp {
                #expect((journey["line"] as? String)?.hasSuffix(entry.ride.line) == true, "\(journey)", sourceLocation: sourceLocation)
            } else if provider == .opendata {
                #expect(journey["line"] as? String == (journey["category"] as? String ?? "") + " " + entry.ride.line, "\(journey)", sourceLocation: sourceLocation)
                #expect(journey["number"] as? String == entry.ride.number, sourceLocation: sourceLocation)
            } else {
                #expect(journey["line"] as? String == entry.ride.boardName, sourceLocation: sourceLocation)
                #expect(journey["category"] as? String == entry.ride.category.rawValue, sourceLocation: sourceLocation)
            }
            if provider == .hafasHTML, arrivals {
                #expect(journey["origin"] as? String == entry.ride.origin.name, sourceLocation: sourceLocation)
            } else {
                #expect(journey["direction"] as? String == entry.ride.direction.name, sourceLocation: sourceLocation)
            }
            #expect(journey["platform"] as? String == entry.stop.platform, sourceLocation: sourceLocation)
            if provider == .opendata {
                // The API reports 0 for a run predicted on time, nothing for a run without real-time.
                #expect(journey["delay"] as? Int == (entry.ride.isCancelled ? 0 : entry.stop.predictedDelay), sourceLocation: sourceLocation)
                #expect(journey["cancelled"] as? Bool == false, sourceLocation: sourceLocation)
            } else {
                // OJP estimates a run predicted on time at its timetabled time (a delay of 0), as MOTIS
                // does a stop time it predicts; the HAFAS formats give an expected time only where it differs.
                let delay = [.ojp, .transitous, .motis].contains(provider) ? entry.stop.predictedDelay : entry.ride.delay > 0 ? entry.ride.delay : nil
                #expect(journey["delay"] as? Int == delay, sourceLocation: sourceLocation)
                #expect(journey["cancelled"] as? Bool == entry.ride.isCancelled, sourceLocation: sourceLocation)
            }
        }
    }

    @Test("departures and arrivals are the timetable's, in XML valid against the schema and in JSON", arguments: TimetableProvider.allCases)
    func departuresAndArrivals(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let bern = try #require(model.station(id: "8507000"))
        try await App.with(provider) { live in
            let xml = try await App.get(live, "/api/sbb/stationboard/Bern.xml?datetime=2026-12-01T08:00&limit=12&realtime=annotate")
            #expect(xml.status == 200)
            #expect(xml.text.contains("<stationboard><query>Bern</query><station><id>8507000</id><name>Bern</name>"))
            #expect(xml.text.contains("<type>departure</type>"))
            let departures = try await App.get(live, "/api/sbb/stationboard/Bern.json?datetime=2026-12-01T08:00&limit=12&realtime=annotate")
            Self.compare(try Self.journeys(departures), try model.departures(at: bern, from: Self.local(2026, 12, 1, 8, 0), limit: 12), provider: provider)
            let arrivals = try await App.get(live, "/api/sbb/stationboard/8507000.json?datetime=2026-12-01T08:00&type=arrival&limit=5&realtime=annotate")
            Self.compare(try Self.journeys(arrivals), try model.arrivals(at: bern, from: Self.local(2026, 12, 1, 8, 0), limit: 5), provider: provider, arrivals: true)
        }
    }

    @Test("a board asked for at 23:50 runs on past midnight into the next day's date", arguments: TimetableProvider.allCases)
    func midnight(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let geneve = try #require(model.station(id: "8501008"))
        try await App.with(provider) { live in
            let response = try await App.get(live, "/api/sbb/stationboard/Gen%C3%A8ve.json?datetime=2026-12-01T23:50&limit=30&realtime=annotate")
            let journeys = try Self.journeys(response)
            let entries = try model.departures(at: geneve, from: Self.local(2026, 12, 1, 23, 50), limit: 30)
            Self.compare(journeys, entries, provider: provider)
            let times = journeys.compactMap { $0["time"] as? String }
            #expect(times.contains { $0.hasPrefix("2026-12-02T00:") }, "\(times)")
            #expect(times == times.sorted())
        }
    }

    @Test("on the days the clocks change, times carry the offset of their own instant", arguments: TimetableProvider.allCases)
    func clockChanges(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let thun = try #require(model.station(id: "8507100"))
        try await App.with(provider) { live in
            for day in [29, 25] {
                let month = day == 29 ? 3 : 10
                // The latest start whose 40 departures reach past the change: the night's last runs and the morning's first.
                let start = try #require((0..<24).lazy.map { 115 - $0 * 5 }.map { Self.local(2026, month, day, $0 / 60, $0 % 60) }.first { start in
                    let offsets = Set(((try? model.departures(at: thun, from: start, limit: 40)) ?? []).map(\.stop.time.utcOffset))
                    return offsets.count == 2
                })
                let datetime = "\(start.date)T\(start.clock)"
                let response = try await App.get(live, "/api/sbb/stationboard/Thun.json?datetime=\(datetime)&limit=40&realtime=annotate")
                let journeys = try Self.journeys(response)
                Self.compare(journeys, try model.departures(at: thun, from: start, limit: 40), provider: provider)
                let offsets = Set(journeys.compactMap { ($0["time"] as? String)?.suffix(6) })
                #expect(offsets == ["+01:00", "+02:00"], "\(datetime): \(offsets)")
            }
        }
    }

    @Test("shared and unknown names carry candidates; bad parameters are named; X-Cache tells a fetched board from a kept one", arguments: TimetableProvider.allCases)
    func namesParametersAndCache(_ provider: TimetableProvider) async throws {
        try await App.with(provider) { live in
            let ambiguous = try await App.get(live, "/api/sbb/stationboard/Rathaus?datetime=2026-12-01T08:00")
            #expect(ambiguous.status == 400)
            #expect(ambiguous.text.contains("<code>ambiguous_station</code>"))
            #expect(ambiguous.text.contains("<name>Aarau, Rathaus</name>"))
            #expect(ambiguous.header("X-Cache") == nil)
            let near = try await App.get(live, "/api/sbb/stationboard/Rathaus?datetime=2026-12-01T08:00&lat=47.3782&lon=8.5402")
            #expect(near.status == 200)
            #expect(near.text.contains("<name>Zürich, Rathaus</name>"))
            let unknown = try await App.get(live, "/api/sbb/stationboard/Zurik?datetime=2026-12-01T08:00")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains("<code>unknown_station</code>"))
            for (target, message) in [
                ("/api/sbb/stationboard/Bern?datetime=2026-12-01", "Parameter datetime must be a date and time as YYYY-MM-DDTHH:MM, such as 2026-12-01T08:00."),
                ("/api/sbb/stationboard/Bern?datetime=2026-02-30T08:00", "Parameter datetime must be a date and time as YYYY-MM-DDTHH:MM, such as 2026-12-01T08:00."),
                ("/api/sbb/stationboard/Bern?type=both", "Parameter type must be departure or arrival."),
                ("/api/sbb/stationboard/Bern?limit=41", "Parameter limit must be a whole number from 1 to 40."),
                ("/api/sbb/stationboard/Bern?station=Thun", "Unknown parameter \"station\"; this endpoint takes cursor, datetime, lat, limit, lon, realtime, type."),
                ("/api/sbb/stationboard/\(String(repeating: "a", count: 101))", "Parameter station has a station name longer than 100 characters."),
                ("/api/sbb/stationboard/%20", "Parameter station has an empty station name."),
            ] {
                let bad = try await App.get(live, target)
                #expect(bad.status == 400, "\(target)")
                #expect(bad.text.contains("<message>\(message)</message>"), "\(target): \(bad.text)")
            }
            let target = "/api/sbb/stationboard/Bern?datetime=2026-12-01T09:00&limit=3"
            let first = try await App.get(live, target)
            #expect(first.header("X-Cache") == "MISS")
            #expect(first.header("Age") == "0")
            let second = try await App.get(live, target)
            #expect(second.header("X-Cache") == "HIT")
            #expect(second.body == first.body)
            // The same board asked another way is the upstream's cached answer, not the kept document.
            let other = try await App.get(live, "/api/sbb/stationboard/8507000?datetime=2026-12-01T09:00&limit=3")
            #expect(other.header("X-Cache") == "HIT")
        }
    }
}
