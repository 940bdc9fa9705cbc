import Kernel
import Model
import Scrape
@testable import Services
import Testing

/// The real-time model read from real recorded answers, value by value: each state where a
/// recording carries it (HAFAS extxml's partial prognosis and its cancelled run, OJP's estimated
/// quays and situations, transport.opendata.ch's answer without real-time).
@Suite struct RealtimeRecordsTests {
    static let catalog = Result { try RouteCatalog.load(from: TimetableServiceTests.routes) }
    static let zone = try! ZoneRules.named("Europe/Zurich")

    /// The links a recorded answer of a connections route stands for.
    func links(_ route: String, _ sample: String) throws -> [Link] {
        let catalog = try Self.catalog.get()
        let route = try #require(catalog[route])
        let recorded = try #require(try RouteSample.all(of: route, in: catalog.directory).first { $0.name == sample })
        let lists = try recorded.render(with: route, status: { _ in nil }).extraction.outcome.get()
        return ConnectionRecords.links(lists, zone: Self.zone)
    }

    /// The journeys a recorded answer of a board route stands for.
    func journeys(_ route: String, _ sample: String) throws -> [BoardJourney] {
        let catalog = try Self.catalog.get()
        let route = try #require(catalog[route])
        let recorded = try #require(try RouteSample.all(of: route, in: catalog.directory).first { $0.name == sample })
        return BoardRecords.journeys(try recorded.render(with: route, status: { _ in nil }).extraction.outcome.get(), zone: Self.zone)
    }

    func time(_ text: String) -> OffsetDateTime { OffsetDateTime(text)! }

    @Test("extxml 2012-07-27: the S12's prognosis ends at Killwangen, later stops carry its delay as propagated")
    func extxmlPropagation() throws {
        let links = try links("hafas-extxml-connections", "walks-and-prognosis-2012-07-27")
        let part = try #require(links.flatMap(\.parts).first { $0.line == "S1219231" })
        #expect(part.from == "Baden")
        #expect(part.departure == time("2012-07-27T08:45:00+02:00"))
        #expect(part.departurePredicted == time("2012-07-27T08:50:00+02:00"))
        #expect(part.delay == 5)
        #expect(part.realtime == .asserted)
        let names = part.stops.map(\.name)
        #expect(names.prefix(4) == ["Wettingen", "Neuenhof", "Killwangen-Spreitenbach", "Dietikon"])
        let wettingen = part.stops[0], killwangen = part.stops[2], dietikon = part.stops[3]
        #expect(wettingen.realtime == .asserted)
        #expect(wettingen.arrivalPredicted == time("2012-07-27T08:52:00+02:00"))
        #expect(wettingen.departurePredicted == time("2012-07-27T08:53:00+02:00"))
        #expect(killwangen.departurePredicted == time("2012-07-27T08:58:00+02:00"))
        // Dietikon has no prognosis of its own: Killwangen's +5 carries on.
        #expect(dietikon.realtime == .propagated)
        #expect(dietikon.arrival == time("2012-07-27T08:59:00+02:00"))
        #expect(dietikon.arrivalPredicted == time("2012-07-27T09:04:00+02:00"))
        #expect(dietikon.departurePredicted == time("2012-07-27T09:05:00+02:00"))
        #expect(part.stops.dropFirst(3).allSatisfy { $0.realtime == .propagated })
        // The arrival has no prognosis either: the same delay, on top of the planned arrival.
        #expect(part.arrivalPredicted == OffsetDateTime(instant: part.arrival.instant + 300, in: Self.zone))
        // A bus of the same answer has no prognosis at all: its times are the timetable's.
        let bus = try #require(links.flatMap(\.parts).first { $0.line == "Bus 31" })
        #expect(bus.realtime == .scheduled)
        #expect(bus.departurePredicted == nil && bus.delay == nil)
        #expect(bus.stops.allSatisfy { $0.realtime == .scheduled && $0.arrivalPredicted == nil })
        // A walk has no real-time.
        #expect(links.flatMap(\.parts).filter { $0.vehicle == "Walk" }.allSatisfy { $0.realtime == nil })
    }

    @Test("extxml 2013-09-12: the cancelled IR 1920 and the disruption notices")
    func extxmlCancellationAndNotices() throws {
        let links = try links("hafas-extxml-connections", "disruption-and-failure-2013-09-12")
        #expect(links.count == 5)
        let cancelled = try #require(links.first?.parts.first)
        #expect(cancelled.line == "IR 1920")
        #expect(cancelled.cancelled)
        #expect(cancelled.realtime == .asserted)
        #expect(cancelled.departurePredicted == nil && cancelled.delay == nil)
        #expect(!cancelled.departureCancelled && !cancelled.arrivalCancelled)
        #expect(links.dropFirst().allSatisfy { !$0.parts.contains(where: \.cancelled) })
        let alert = try #require(links.first?.alerts.first)
        #expect(alert.header == "Disruption: Schlieren - Glanzenberg (SBB CFF FFS)")
        #expect(alert.description?.hasPrefix("Disruption:\nBetween Schlieren and Glanzenberg on the Zürich HB - Lenzburg line") == true)
        #expect(alert.description?.hasSuffix("Duration of disruption indefinite.") == true)
        #expect(alert.id == nil && alert.from == nil && alert.url == nil)
        #expect(links[1].alerts.map(\.header) == [
            "Restriction: Zürich Hardbrücke (SBB CFF FFS)", "Disruption: Schlieren - Glanzenberg (SBB CFF FFS)",
        ])
        #expect(links.map(\.alerts.count) == [1, 2, 1, 1, 1])
    }

    @Test("OJP 1.0: the estimated quay beside the planned one, a minute late")
    func ojpQuay() throws {
        let links = try links("ojp-trips", "ojp1-zurich-flughafen-randa-2021-09-07")
        let part = try #require(links.first?.parts.first { $0.trackfrom == "3" })
        #expect(part.trackfromPredicted == "4")
        #expect(part.realtime == .asserted)
        #expect(links.flatMap(\.parts).compactMap(\.delay).contains(1))
    }

    @Test("OJP 2.0: every intermediate stop of a leg predicted, the situation of Basel SBB on its leg")
    func ojpStopsAndSituation() throws {
        let kloten = try links("ojp-trips", "ojp2-kloten-2026-02-26")
        let stops = kloten.flatMap(\.parts).flatMap(\.stops)
        #expect(stops.count == 23)
        #expect(stops.allSatisfy { $0.realtime == .asserted })
        let bassersdorf = try #require(stops.first { $0.name == "Bassersdorf" })
        #expect(bassersdorf.id == "8503307")
        #expect(bassersdorf.arrival == time("2026-02-26T21:38:00+01:00"))
        #expect(bassersdorf.arrivalPredicted == time("2026-02-26T21:38:48+01:00"))
        #expect(bassersdorf.departurePredicted == time("2026-02-26T21:39:36+01:00"))
        #expect(bassersdorf.platform == "2" && bassersdorf.platformPredicted == "2")
        #expect(kloten.flatMap(\.parts).contains { $0.trackfrom == "8" && $0.trackfromPredicted == "8D-F" })

        let basel = try links("ojp-trips", "ojp2-basel-situation-2026-02-27")
        let parts = try #require(basel.first?.parts)
        let alerts = parts.flatMap(\.alerts)
        #expect(alerts.count == 1)
        let alert = try #require(alerts.first)
        #expect(alert.header?.hasPrefix("Der stufenfreie Zugang zum Bahnhof Basel SBB") == true)
        #expect(alert.description?.hasPrefix("Betroffen ist der Personenlift Gleis 7/8.") == true)
        #expect(alert.from == time("2026-02-27T12:44:00+01:00") && alert.until == time("2026-02-28T22:00:00+01:00"))
        #expect(alert.cause == nil, "SIRI's unknown cause is no cause")
        // The leg without estimated times is the timetable's.
        #expect(parts.filter { $0.vehicle != "Walk" }.map(\.realtime) == [.asserted, .scheduled])
    }

    @Test("OJP 2.0 stop events: situations on the board, an estimated quay, a departure without real-time")
    func ojpBoard() throws {
        let grandcour = try journeys("ojp-stopevents", "ojp2-grandcour-situations-2025-06-02")
        #expect(grandcour.count == 10)
        #expect(grandcour.map(\.realtime).filter { $0 == .asserted }.count == 1)
        #expect(grandcour[0].timePredicted == grandcour[0].time && grandcour[0].delay == 0)
        #expect(grandcour[1].realtime == .scheduled && grandcour[1].delay == nil)
        #expect(grandcour.allSatisfy { !$0.alerts.isEmpty })
        #expect(grandcour[0].alerts.first?.header == "Bus services of line 560 are running at irregular intervals.")
        #expect(grandcour[0].alerts.first?.url == "https://www.PostAuto.ch")

        let zurich = try journeys("ojp-stopevents", "ojp2-zurich-hb-2026-02-26")
        #expect(zurich.count == 3)
        #expect(zurich.compactMap(\.platformPredicted).sorted() == ["43", "44"])
        #expect(zurich.allSatisfy { $0.realtime == .asserted })
    }

    @Test("transport.opendata.ch 2021: no real-time in the answer, so every ride is the timetable's")
    func opendataWithoutRealtime() throws {
        let links = try links("opendata-connections", "zurich-baden-2021-11-01")
        let rides = links.flatMap(\.parts).filter { $0.vehicle != "Walk" }
        #expect(!rides.isEmpty)
        #expect(rides.allSatisfy { $0.realtime == .scheduled && $0.delay == nil && $0.departurePredicted == nil })
        #expect(rides.flatMap(\.stops).count == 21 - 2 * rides.count)
        #expect(rides.flatMap(\.stops).allSatisfy { $0.realtime == .scheduled })
    }
}
