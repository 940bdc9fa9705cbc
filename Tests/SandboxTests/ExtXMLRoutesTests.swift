import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// The sandbox's answers read by the repository's real routes give back what the timetable meant.
@Suite("extxml answers through the routes")
struct ExtXMLRoutesTests {
    /// The expected time extxml writes: only where it differs from the planned one.
    static func writtenPrognosis(_ stop: StopTime) -> Moment? {
        stop.prognosis.flatMap { $0 != stop.time ? $0 : nil }
    }

    typealias T = TestTimetable
    let model = T.model

    static func connectionParameters(_ from: String, _ to: String, _ time: LocalDateTime, arrival: Bool = false) -> [String: String] {
        ["from": from, "to": to, "date": time.date.compact, "time": time.clock, "arrival": arrival ? "1" : "0"]
    }

    /// Field by field: the route's records against the model's connections.
    func compare(_ records: [Record], _ connections: [Connection], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(records.count == connections.count, sourceLocation: sourceLocation)
        for (record, connection) in zip(records, connections) {
            #expect(record.value("date") == connection.date.description, sourceLocation: sourceLocation)
            #expect(record.value("departure") == connection.departure.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("arrival") == connection.arrival.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("from") == connection.departure.station.name, sourceLocation: sourceLocation)
            #expect(record.value("to") == connection.arrival.station.name, sourceLocation: sourceLocation)
            #expect(record.value("duration") == isoDuration(connection.duration), sourceLocation: sourceLocation)
            #expect(record.value("transfers") == String(connection.transfers), sourceLocation: sourceLocation)
            var categories: [String] = []
            for case let ride? in connection.sections.map(\.ride) where !categories.contains(ride.category.rawValue) {
                categories.append(ride.category.rawValue)
            }
            #expect(record.texts("products") == categories, sourceLocation: sourceLocation)
            let parts = record.list("parts")
            #expect(parts.count == connection.sections.count, sourceLocation: sourceLocation)
            for (part, section) in zip(parts, connection.sections) {
                compare(part, section, sourceLocation: sourceLocation)
            }
        }
    }

    func compare(_ part: Record, _ section: Section, sourceLocation: SourceLocation) {
        #expect(part.value("departure") == section.departure.time.iso8601, sourceLocation: sourceLocation)
        #expect(part.value("arrival") == section.arrival.time.iso8601, sourceLocation: sourceLocation)
        #expect(part.value("from") == section.departure.station.name, sourceLocation: sourceLocation)
        #expect(part.value("from_id") == section.departure.station.id, sourceLocation: sourceLocation)
        #expect(part.value("from_lat").map { Double($0)! } == section.departure.station.latitude, sourceLocation: sourceLocation)
        #expect(part.value("to") == section.arrival.station.name, sourceLocation: sourceLocation)
        #expect(part.value("to_id") == section.arrival.station.id, sourceLocation: sourceLocation)
        #expect(part.value("trackfrom") == section.departure.platform, sourceLocation: sourceLocation)
        #expect(part.value("trackto") == section.arrival.platform, sourceLocation: sourceLocation)
        #expect(part.value("departure_prognosis") == Self.writtenPrognosis(section.departure)?.iso8601, sourceLocation: sourceLocation)
        #expect(part.value("arrival_prognosis") == Self.writtenPrognosis(section.arrival)?.iso8601, sourceLocation: sourceLocation)
        switch section.kind {
        case .ride(let ride):
            #expect(part.value("vehicle") == Self.vehicle(ride.category), sourceLocation: sourceLocation)
            #expect(part.value("category") == ride.category.rawValue, sourceLocation: sourceLocation)
            #expect(part.value("line") == ride.name, sourceLocation: sourceLocation)
            #expect(part.value("direction") == ride.direction.name, sourceLocation: sourceLocation)
            #expect(part.value("operator") == ride.operatorCode, sourceLocation: sourceLocation)
            #expect(part.value("walk_metres") == nil, sourceLocation: sourceLocation)
        case .walk(let metres):
            #expect(part.value("vehicle") == "Walk", sourceLocation: sourceLocation)
            #expect(part.value("walk_metres") == String(metres), sourceLocation: sourceLocation)
            #expect(part.value("walk_duration") == isoDuration(section.arrival.time.instant - section.departure.time.instant), sourceLocation: sourceLocation)
            #expect(part.value("line") == nil, sourceLocation: sourceLocation)
        }
    }

    static func vehicle(_ category: Category) -> String {
        switch category {
        case .interCity, .interRegio, .sBahn, .regio: "Train"
        case .bus: "Bus"
        case .tram: "Tram"
        case .ship: "Ship"
        case .cableway: "Cableway"
        }
    }

    @Test(arguments: [
        (T.thunMartinstrasse, T.paradeplatz, T.at(2026, 5, 12, 7, 50), false),
        (T.bernRathaus, T.basel, T.at(2026, 5, 12, 12, 5), false),
        (T.basel, T.bernRathaus, T.at(2026, 5, 12, 12, 5), true),
        (T.geneve, T.wettingenRathaus, T.at(2026, 5, 12, 18, 0), false),
        (T.baden, T.lenzburg, T.at(2026, 5, 12, 18, 0), false),
        (T.bern, T.zurich, T.at(2026, 5, 12, 23, 20), false),
    ])
    func connectionsReadBackAsTheModelMeantThem(from: Station, to: Station, at time: LocalDateTime, arrival: Bool) throws {
        let run = try RouteRun("hafas-extxml-connections", Self.connectionParameters(from.name, to.name, time, arrival: arrival))
        let expected = try model.connections(from: from, to: to, at: time, isArrivalTime: arrival, limit: 4)
        compare(try run.records("connections"), expected)
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
    }

    @Test func theNightBeforeMidnightReadsIntoTheNextDay() throws {
        let time = T.at(2026, 5, 12, 23, 40)
        let run = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Bern", "Zürich HB", time))
        let expected = try model.connections(from: T.bern, to: T.zurich, at: time, limit: 4)
        #expect(expected.contains { $0.arrival.time.local.date.description == "2026-05-13" })
        compare(try run.records("connections"), expected)
        // The service writes the next day as a day offset from the connection's date.
        #expect(try run.strings("//Connection/Overview/Arrival/BasicStop/Arr/Time").contains { $0.hasPrefix("01d00:") })
    }

    @Test func theSpringChangeReadsBackWithBothOffsets() throws {
        let time = T.at(2026, 3, 29, 1, 0)
        let run = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Genève", "Zürich HB", time))
        let expected = try model.connections(from: T.geneve, to: T.zurich, at: time, limit: 4)
        #expect(expected.contains { $0.departure.time.utcOffset == 3600 && $0.arrival.time.utcOffset == 7200 })
        compare(try run.records("connections"), expected)
    }

    /// In the repeated hour of the autumn night a bare local time names two instants; HAFAS's
    /// format cannot tell them apart and the route reads the first. Times outside it read back.
    @Test func theAutumnChangeReadsBackOutsideTheRepeatedHour() throws {
        let time = T.at(2026, 10, 25, 2, 0)
        let found = try model.connections(from: T.geneve, to: T.zurich, at: time, limit: 1)
        let crossing = try #require(found.first)
        #expect(crossing.departure.time.utcOffset == 7200 && crossing.arrival.time.utcOffset == 3600)
        #expect(crossing.arrival.time.local.hour >= 3)
        let run = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Genève", "Zürich HB", time))
        let records = try run.records("connections")
        compare(Array(records.prefix(1)), [crossing])
        #expect(records.first?.value("duration") == isoDuration(crossing.duration))
    }

    @Test func theCancelledTrainIsMarkedAsTheServiceMarksIt() throws {
        let board = try model.departures(at: T.bern, from: T.at(2026, 5, 12, 8, 0), limit: 40)
        let train = try #require(board.first { $0.ride.isCancelled })
        let run = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Bern", "Zürich HB", train.stop.time.local))
        compare(try run.records("connections"), try model.connections(from: T.bern, to: T.zurich, at: train.stop.time.local, limit: 4))
        #expect(try run.strings("//Connection[1]/RtStateList/RtState/@value") == ["WARNING", "WARNING_CONNECTION_NOT_RIDABLE"])
        #expect(try run.strings("//Connection[1]//Journey/JProg/JStatus") == ["FAILURE"])
        #expect(try run.strings("//Connection[1]/ConSectionList/ConSection/Departure/BasicStop/StopPrognosis/Status") == ["PARTIAL_FAILURE_AT_DEP"])
        #expect(try run.strings("//Connection[2]/RtStateList/RtState[@value='WARNING_CONNECTION_NOT_RIDABLE']").isEmpty)
    }

    @Test func lateTrainsCarryTheirPrognosis() throws {
        // A time with a late first train: the model says which.
        var time = T.at(2026, 5, 12, 6, 0)
        var found: [Connection] = []
        for _ in 0..<40 {
            found = try model.connections(from: T.zurich, to: T.basel, at: time, limit: 4)
            if found.contains(where: { $0.sections[0].ride!.delay > 0 }) { break }
            time = found.last!.departure.time.local
        }
        let late = try #require(found.first { $0.sections[0].ride!.delay > 0 })
        #expect(late.departure.prognosis != nil && late.arrival.prognosis != nil)
        let run = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Zürich HB", "Basel SBB", time))
        compare(try run.records("connections"), found)
        #expect(try run.strings("//Journey/JProg/JStatus").contains("DELAY"))
        #expect(try run.strings("//Connection/RtStateList/RtState/@value").contains("HAS_DELAYINFO"))
    }

    @Test func stationLookupsReadBack() throws {
        for query in ["Zürich", "Bern", "Rathaus", "8503000", "Be?"] {
            let run = try RouteRun("hafas-extxml-locations", ["query": query])
            let lookups = try run.records("lookups")
            #expect(lookups.map { $0.value("id") } == ["query"])
            let stations = lookups.first?.list("stations") ?? []
            let expected = model.matches(for: ExtXMLService.pattern(query), limit: ExtXMLService.lookupLength)
            #expect(stations.count == expected.count && !expected.isEmpty, "\(query)")
            for (station, match) in zip(stations, expected) {
                #expect(station.value("name") == match.name)
                #expect(station.value("id") == match.station.id)
                #expect(station.value("lat") == String(format6(match.station.latitude)))
                #expect(station.value("lon") == String(format6(match.station.longitude)))
                #expect(station.value("score") == String(match.score))
            }
        }
        let nothing = try RouteRun("hafas-extxml-locations", ["query": "Atlantis"])
        #expect(try nothing.records("lookups").first?.list("stations").isEmpty == true)
    }

    /// Microdegrees as the `coordinate(micro)` normalizer writes them: no trailing zeros.
    func format6(_ degrees: Double) -> String {
        var text = String(Int((degrees * 1_000_000).rounded()))
        text.insert(".", at: text.index(text.endIndex, offsetBy: -6))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    static func boardParameters(_ station: Station, _ time: LocalDateTime, limit: Int, arrivals: Bool = false) -> [String: String] {
        [
            "station": station.id, "date": time.date.compact, "time": time.clock, "start": "\(time.date)T\(time.clock)",
            "limit": String(limit), "board": arrivals ? "ARR" : "DEP",
        ]
    }

    func compare(_ records: [Record], _ entries: [BoardEntry], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(records.count == entries.count, sourceLocation: sourceLocation)
        for (record, entry) in zip(records, entries) {
            #expect(record.value("time") == entry.stop.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("station") == entry.stop.station.name, sourceLocation: sourceLocation)
            #expect(record.value("station_id") == entry.stop.station.id, sourceLocation: sourceLocation)
            #expect(record.value("line") == entry.ride.boardName, sourceLocation: sourceLocation)
            #expect(record.value("category") == entry.ride.category.rawValue, sourceLocation: sourceLocation)
            #expect(record.value("vehicle") == Self.vehicle(entry.ride.category), sourceLocation: sourceLocation)
            #expect(record.value("number") == entry.ride.numberOnBoard, sourceLocation: sourceLocation)
            #expect(record.value("direction") == entry.ride.direction.name, sourceLocation: sourceLocation)
            #expect(record.value("operator") == entry.ride.operatorCode, sourceLocation: sourceLocation)
            #expect(record.value("platform") == entry.stop.platform, sourceLocation: sourceLocation)
            #expect(record.value("prognosis") == Self.writtenPrognosis(entry.stop)?.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("delay") == Self.writtenPrognosis(entry.stop).flatMap { _ in entry.stop.predictedDelay.map(String.init) }, sourceLocation: sourceLocation)
            #expect(record.value("cancelled") == String(entry.ride.isCancelled), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        (T.zurich, T.at(2026, 5, 12, 7, 55), false), (T.bern, T.at(2026, 5, 12, 7, 50), false),
        (T.bern, T.at(2026, 5, 12, 23, 30), false), (T.zurich, T.at(2026, 5, 12, 23, 30), true),
        (T.geneve, T.at(2026, 3, 29, 0, 30), false), (T.paradeplatz, T.at(2026, 5, 12, 12, 0), false),
    ])
    func stationBoardsReadBackAsTheModelMeantThem(station: Station, time: LocalDateTime, arrivals: Bool) throws {
        let run = try RouteRun("hafas-extxml-stationboard", Self.boardParameters(station, time, limit: 40, arrivals: arrivals))
        let expected = arrivals
            ? try model.arrivals(at: station, from: time, limit: 40) : try model.departures(at: station, from: time, limit: 40)
        compare(try run.records("departures"), expected)
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
    }

    @Test func aBoardThatStartsAfterMidnightIsDatedTheNextDay() throws {
        // From late evening on, ask again after each first entry until the board's first entry is tomorrow.
        var time = T.at(2026, 5, 12, 23, 40)
        var board = try model.departures(at: T.geneve, from: time, limit: 10)
        while let first = board.first, first.stop.time.local.date == time.date {
            time = LocalDateTime(date: time.date, secondOfDay: min(first.stop.time.local.secondOfDay + 60, 86_340))
            board = try model.departures(at: T.geneve, from: time, limit: 10)
        }
        #expect(board.first?.stop.time.local.date.description == "2026-05-13")
        let run = try RouteRun("hafas-extxml-stationboard", Self.boardParameters(T.geneve, time, limit: 10))
        compare(try run.records("departures"), board)
    }

    @Test func theCancelledAndLateRunsReadBackFromTheBoard() throws {
        let time = T.at(2026, 5, 12, 7, 30)
        let expected = try model.departures(at: T.bern, from: time, limit: 60)
        #expect(expected.contains { $0.ride.isCancelled })
        #expect(expected.contains { $0.ride.delay > 0 })
        let run = try RouteRun("hafas-extxml-stationboard", Self.boardParameters(T.bern, time, limit: 60))
        let records = try run.records("departures")
        compare(records, expected)
        #expect(records.filter { $0.value("cancelled") == "true" }.count == 1)
    }

    @Test func errorsAreTheServicesErrors() throws {
        let unknown = try RouteRun("hafas-extxml-stationboard", Self.boardParameters(
            Station(id: "9999999", name: "x", latitude: 0, longitude: 0), T.at(2026, 5, 12, 7, 0), limit: 5))
        #expect(try unknown.strings("/ResC/STBRes/Err/@code") == ["H730"])
        #expect(unknown.failure?.code == "unknown_station")

        let sameStation = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Bern", "Bern", T.at(2026, 5, 12, 7, 0)))
        #expect(try sameStation.strings("/ResC/ConRes/Err/@code") == ["K9380"])

        let unknownFrom = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Atlantis", "Bern", T.at(2026, 5, 12, 7, 0)))
        #expect(try unknownFrom.strings("/ResC/ConRes/Err/@code") == ["K9260"])
        let unknownTo = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Bern", "Atlantis", T.at(2026, 5, 12, 7, 0)))
        #expect(try unknownTo.strings("/ResC/ConRes/Err/@code") == ["K9300"])
        #expect(sameStation.failure?.code == "stations_too_close")
        #expect(unknownFrom.failure?.code == "unknown_station")
        #expect(unknownTo.failure?.code == "unknown_station")

        let badDate = try RouteRun("hafas-extxml-connections", ["from": "Bern", "to": "Thun", "date": "20261340", "time": "08:00"])
        #expect(try badDate.strings("/ResC/Err/@code") == ["I3"])
        #expect(badDate.failure?.code == "upstream_error")
    }

    @Test func answersAreISO8859_1AsTheServiceSendsThem() throws {
        let run = try RouteRun("hafas-extxml-connections", Self.connectionParameters("Zürich HB", "Genève", T.at(2026, 5, 12, 9, 0)))
        let declaration = Array(#"<?xml version="1.0" encoding="iso-8859-1"?>"#.utf8) + [0x0A] + Array("<ResC ".utf8)
        #expect(Array(run.answer.prefix(declaration.count)) == declaration)
        let text = T.text(latin1: run.answer)
        #expect(text.contains(#"<Station name="Zürich HB" x="8540210" y="47378180" type="WGS84" externalId="8503000#85" externalStationNr="8503000"/>"#))
        #expect(text.contains(#"name="Genève""#))
        // No UTF-8: ü is the single byte FC.
        #expect(run.answer.contains(0xFC) && !run.answer.contains(0xC3))
        #expect(text.contains("<Time>00d09:"))
        #expect(text.contains("<Text/>"))
    }

    @Test func theWriterEscapesAndEncodes() {
        var writer = AnswerWriter(charset: .latin1)
        writer.element("ResC") { writer in
            writer.empty("Station", [("name", "Őrség & \"Co\"\nline")])
            writer.leaf("Text", "a < b > c € ü")
            writer.leaf("Text", "")
        }
        let expected = "<?xml version=\"1.0\" encoding=\"iso-8859-1\"?>\n<ResC>\n"
            + "  <Station name=\"&#336;rség &amp; &quot;Co&quot;&#10;line\"/>\n"
            + "  <Text>a &lt; b &gt; c &#8364; ü</Text>\n  <Text/>\n</ResC>\n"
        #expect(writer.bytes == T.latin1(expected))
    }
}
