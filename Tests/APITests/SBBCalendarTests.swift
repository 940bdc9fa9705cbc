import Foundation
import HTTPTesting
import Model
import Sandbox
import Services
import Testing
import Kernel

/// Connections around midnight and on the days the clocks change, through via stations, and the
/// cache headers, on the real server against the sandbox timetable.
@Suite("SBB connections in time", .serialized)
struct SBBCalendarTests {
    typealias App = TimetableApp

    static func links(_ response: TestResponse) throws -> [[[String: Any]]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let schedules = try #require(object["schedules"] as? [[String: Any]])
        return schedules.map { $0["links"] as? [[String: Any]] ?? [] }
    }

    /// The API's links against the sandbox timetable's connections: times and every part's stations.
    static func compare(_ links: [[String: Any]], _ connections: [Connection], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(links.count == connections.count, sourceLocation: sourceLocation)
        for (link, connection) in zip(links, connections) {
            #expect(link["departure"] as? String == connection.departure.time.iso8601, sourceLocation: sourceLocation)
            #expect(link["arrival"] as? String == connection.arrival.time.iso8601, sourceLocation: sourceLocation)
            let parts = link["parts"] as? [[String: Any]] ?? []
            #expect(parts.map { $0["from"] as? String } == connection.sections.map(\.departure.station.name), sourceLocation: sourceLocation)
            #expect(parts.map { $0["departure"] as? String } == connection.sections.map(\.departure.time.iso8601), sourceLocation: sourceLocation)
        }
    }

    /// Seconds from one ISO 8601 time to another.
    static func seconds(_ from: Any?, _ to: Any?) -> Int64? {
        guard let from = from as? String, let to = to as? String else { return nil }
        return ZonedTime.seconds(from: from, to: to)
    }

    @Test("23:50 departures run into the next day: dates roll over, every part follows the one before", arguments: TimetableProvider.allCases)
    func midnight(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let bern = try #require(model.station(id: "8507000")), zurich = try #require(model.station(id: "8503000"))
        try await App.with(provider) { live in
            let response = try await App.get(live, "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB.json?date=2026-12-01&time=23:50&limit=4")
            #expect(response.status == 200)
            let links = try #require(try Self.links(response).first)
            let at = LocalDateTime(year: 2026, month: 12, day: 1, hour: 23, minute: 50)!
            Self.compare(links, try model.connections(from: bern, to: zurich, at: at, limit: App.connections(provider, limit: 4)))
            #expect(links.contains { ($0["arrival"] as? String)?.hasPrefix("2026-12-02T") == true })
            for link in links {
                #expect((Self.seconds("2026-12-01T23:50:00+01:00", link["departure"]) ?? -1) >= 0)
                let parts = link["parts"] as? [[String: Any]] ?? []
                for (earlier, later) in zip(parts, parts.dropFirst()) {
                    #expect((Self.seconds(earlier["arrival"], later["departure"]) ?? -1) >= 0)
                }
            }
        }
    }

    @Test("on 2026-03-29 and 2026-10-25 a connection across 02:00–03:00 has the right offsets and duration", arguments: TimetableProvider.allCases)
    func clockChanges(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let geneve = try #require(model.station(id: "8501008")), zurich = try #require(model.station(id: "8503000"))
        try await App.with(provider) { live in
            for (date, expected) in [("2026-03-29", ("+01:00", "+02:00")), ("2026-10-25", ("+02:00", "+01:00"))] {
                // The last trains of the night before: they leave before the change and arrive after it or near it.
                let response = try await App.get(live, "/api/sbb/from/Gen%C3%A8ve/to/Z%C3%BCrich%20HB.json?date=\(date)&time=00:30&limit=6")
                let links = try #require(try Self.links(response).first)
                let day = CalendarDate(compact: date.replacingOccurrences(of: "-", with: ""))!
                let at = LocalDateTime(year: day.year, month: day.month, day: day.day, hour: 0, minute: 30)!
                Self.compare(links, try model.connections(from: geneve, to: zurich, at: at, limit: App.connections(provider, limit: 6)))
                for link in links {
                    let departure = link["departure"] as? String ?? "", arrival = link["arrival"] as? String ?? ""
                    // Before 02:00 local the old offset, from 03:00 the new one; the duration is the instants' difference.
                    let hour = Int(departure.dropFirst(11).prefix(2)) ?? -1
                    if departure.hasPrefix(date), hour < 2 { #expect(departure.hasSuffix(expected.0), "\(departure)") }
                    if departure.hasPrefix(date), hour >= 3 { #expect(departure.hasSuffix(expected.1), "\(departure)") }
                    let duration = try #require(Self.seconds(departure, arrival))
                    #expect(duration > 0 && duration < 6 * 3600, "\(departure) → \(arrival)")
                }
                let offsets = Set(links.flatMap { [($0["departure"] as? String)?.suffix(6), ($0["arrival"] as? String)?.suffix(6)] }.compactMap { $0 })
                #expect(offsets == [expected.0[...], expected.1[...]], "\(date): \(offsets)")
            }
        }
    }

    @Test("arrival=1: the connections that arrive by the time, as the timetable has them", arguments: TimetableProvider.allCases)
    func arrivalTime(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let bern = try #require(model.station(id: "8507000")), zurich = try #require(model.station(id: "8503000"))
        try await App.with(provider) { live in
            let response = try await App.get(live, "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB.json?date=2026-12-01&time=09:00&arrival=1")
            #expect(response.status == 200)
            let links = try #require(try Self.links(response).first)
            let at = LocalDateTime(year: 2026, month: 12, day: 1, hour: 9, minute: 0)!
            let expected = try model.connections(from: bern, to: zurich, at: at, isArrivalTime: true, limit: App.connections(provider, limit: 4))
            Self.compare(links, expected)
            #expect(links.allSatisfy { (Self.seconds($0["arrival"], "2026-12-01T09:00:00+01:00") ?? -1) >= 0 })
        }
    }

    @Test("via stations: every link passes through them in order; an unknown via is the pair's error", arguments: TimetableProvider.allCases)
    func via(_ provider: TimetableProvider) async throws {
        let model = try await App.model
        let bern = try #require(model.station(id: "8507000")), zurich = try #require(model.station(id: "8503000"))
        let lenzburg = try #require(model.station(id: "8502119"))
        try await App.with(provider) { live in
            let response = try await App.get(live, "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB.json?date=2026-12-01&time=08:00&via=Lenzburg")
            #expect(response.status == 200)
            let links = try #require(try Self.links(response).first)
            let at = LocalDateTime(year: 2026, month: 12, day: 1, hour: 8, minute: 0)!
            let expected = try model.connections(from: bern, to: zurich, via: [lenzburg], at: at, limit: App.connections(provider, limit: 4))
            #expect(!expected.isEmpty)
            Self.compare(links, expected)
            for link in links {
                let stops = (link["parts"] as? [[String: Any]] ?? []).compactMap { $0["to"] as? String }
                #expect(stops.contains("Lenzburg"), "\(stops)")
            }
            let unknown = try await App.get(live, "/api/sbb/from/Bern/to/Z%C3%BCrich%20HB?date=2026-12-01&time=08:00&via=Zurik")
            #expect(unknown.status == 404)
            #expect(unknown.text.contains("<code>unknown_station</code>"))
            // The route itself takes via as a repeatable parameter, each value written into the request.
            guard provider == .hafasExtxml else { return }
            let base = "/api/routes/hafas-extxml-connections/result?from=Bern&to=Z%C3%BCrich%20HB&date=20261201&time=08:00"
            let route = try await live.get(base + "&via=Lenzburg&via=Baden")
            #expect(route.status == 200)
            let parts = route.text.components(separatedBy: "<connection>").dropFirst()
            #expect(!parts.isEmpty && parts.allSatisfy { $0.contains("<to>Lenzburg</to>") && $0.contains("<to>Baden</to>") })
            let described = try await live.get("/api/routes")
            #expect(described.text.contains("<parameter><name>via</name><required>false</required><default/><repeat>5</repeat>"))
            let many = try await live.get(base + String(repeating: "&via=Olten", count: 6))
            #expect(many.status == 400)
            #expect(many.text.contains("<code>repeated_parameter</code><message>Parameter via is given more than 5 times.</message>"))
        }
    }

    @Test("X-Cache and Age: MISS when a pair was fetched, HIT when all were cached or kept", arguments: TimetableProvider.allCases)
    func cacheHeaders(_ provider: TimetableProvider) async throws {
        try await App.with(provider) { live in
            let one = try await App.get(live, "/api/sbb/from/Bern/to/Thun?date=2026-12-01&time=10:00")
            #expect(one.header("X-Cache") == "MISS")
            #expect(one.header("Age") == "0")
            let kept = try await App.get(live, "/api/sbb/from/Bern/to/Thun?date=2026-12-01&time=10:00")
            #expect(kept.header("X-Cache") == "HIT")
            // A new pair next to a cached one: one was fetched.
            let mixed = try await App.get(live, "/api/sbb/from/Bern/to/Thun;Olten?date=2026-12-01&time=10:00")
            #expect(mixed.header("X-Cache") == "MISS")
            let cached = try await App.get(live, "/api/sbb/from/Bern/to/Olten;Thun?date=2026-12-01&time=10:00")
            #expect(cached.header("X-Cache") == "HIT")
            let unknown = try await App.get(live, "/api/sbb/from/Zurik/to/Thun?date=2026-12-01&time=10:00")
            #expect(unknown.header("X-Cache") == nil)
        }
    }
}
