import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// The sandbox's query.exe pages read by the repository's hafas-html routes give back what the
/// timetable meant, field by field.
@Suite("query.exe pages through the routes")
struct QueryHTMLRoutesTests {
    typealias T = TestTimetable
    let model = T.model

    // MARK: Connections

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
        #expect(part.value("to") == section.arrival.station.name, sourceLocation: sourceLocation)
        #expect(part.value("to_id") == section.arrival.station.id, sourceLocation: sourceLocation)
        #expect(part.value("trackfrom") == section.departure.platform, sourceLocation: sourceLocation)
        #expect(part.value("trackto") == section.arrival.platform, sourceLocation: sourceLocation)
        // The pages show an expected time only where it differs from the planned one.
        #expect(part.value("departure_prognosis") == ExtXMLRoutesTests.writtenPrognosis(section.departure)?.iso8601, sourceLocation: sourceLocation)
        #expect(part.value("arrival_prognosis") == ExtXMLRoutesTests.writtenPrognosis(section.arrival)?.iso8601, sourceLocation: sourceLocation)
        #expect(part.value("cancelled") == String(section.ride?.isCancelled ?? false), sourceLocation: sourceLocation)
        switch section.kind {
        case .ride(let ride):
            #expect(part.value("vehicle") == ExtXMLRoutesTests.vehicle(ride.category), sourceLocation: sourceLocation)
            #expect(part.value("category") == ride.category.rawValue, sourceLocation: sourceLocation)
            #expect(part.value("line") == ride.name, sourceLocation: sourceLocation)
            #expect(part.value("direction") == ride.direction.name, sourceLocation: sourceLocation)
            #expect(part.value("walk_duration") == nil, sourceLocation: sourceLocation)
        case .walk:
            #expect(part.value("vehicle") == "Walk", sourceLocation: sourceLocation)
            #expect(part.value("walk_duration") == isoDuration(section.arrival.time.instant - section.departure.time.instant), sourceLocation: sourceLocation)
            #expect(part.value("line") == nil && part.value("category") == nil && part.value("direction") == nil, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        (T.thunMartinstrasse, T.paradeplatz, T.at(2026, 5, 12, 7, 50), false),
        (T.bernRathaus, T.basel, T.at(2026, 5, 12, 12, 5), false),
        (T.basel, T.bernRathaus, T.at(2026, 5, 12, 12, 5), true),
        (T.geneve, T.wettingenRathaus, T.at(2026, 5, 12, 18, 0), false),
        (T.baden, T.lenzburg, T.at(2026, 5, 12, 18, 0), false),
        (T.bern, T.zurich, T.at(2026, 5, 12, 23, 20), false),
        (T.bern, T.bernHenkerbrunnli, T.at(2026, 5, 12, 9, 0), false),
        (T.bern, T.bernRathaus, T.at(2026, 5, 12, 9, 0), false),
    ])
    func connectionsReadBackAsTheModelMeantThem(from: Station, to: Station, at time: LocalDateTime, arrival: Bool) throws {
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters(from.name, to.name, time, arrival: arrival))
        let expected = try model.connections(from: from, to: to, at: time, isArrivalTime: arrival, limit: QueryHTMLService.connectionCount)
        #expect(!expected.isEmpty)
        compare(run.records("connections"), expected)
        #expect(run.problems.isEmpty, "\(run.problems)")
        #expect(run.status == 200 && run.contentType == QueryHTMLService.htmlContentType)
    }

    @Test func stationsByIDReadBackToo() throws {
        let time = T.at(2026, 5, 12, 10, 0)
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters(T.zurich.id, "008507000", time))
        compare(run.records("connections"), try model.connections(from: T.zurich, to: T.bern, at: time, limit: QueryHTMLService.connectionCount))
    }

    @Test func aConnectionAcrossMidnightIsDatedOnBothSides() throws {
        // From late evening on, ask again after each first departure until one arrives the next day.
        var time = T.at(2026, 5, 12, 23, 30)
        var found = try model.connections(from: T.bern, to: T.zurich, at: time, limit: 4)
        while let first = found.first, first.arrival.time.local.date == time.date, first.departure.time.local.date == time.date {
            time = first.departure.time.local
            time = LocalDateTime(date: time.date, secondOfDay: time.secondOfDay + 60)
            found = try model.connections(from: T.bern, to: T.zurich, at: time, limit: 4)
        }
        let crossing = try #require(found.first)
        #expect(crossing.departure.time.local.date.description == "2026-05-12")
        #expect(crossing.arrival.time.local.date.description == "2026-05-13")
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Bern", "Zürich HB", time))
        compare(run.records("connections"), found)
        // The overview dates the arrival row, and the detail table the row that is the next day.
        #expect(try run.strings("//tr[@id='trOverviewArrC0-0']/td[@headers='date']").map { $0.trimmingSpaces } == ["Mi, 13.05.26"])
        #expect(try run.strings("//tr[@id='trC0-0']//td[starts-with(@headers,'date-')]").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
            == ["Di, 12.05.26", "Mi, 13.05.26"])
    }

    @Test func theSpringChangeReadsBackWithBothOffsets() throws {
        let time = T.at(2026, 3, 29, 1, 0)
        let expected = try model.connections(from: T.geneve, to: T.zurich, at: time, limit: 4)
        #expect(expected.contains { $0.departure.time.utcOffset == 3600 && $0.arrival.time.utcOffset == 7200 })
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Genève", "Zürich HB", time))
        compare(run.records("connections"), expected)
    }

    /// In the repeated hour of the autumn night a bare local time names two instants. The
    /// overview's duration tells the connection's arrival apart; a section has no duration on
    /// the page, so its times read as the first instant, as a person reading the page would.
    @Test func theAutumnChangeReadsBackAcrossTheRepeatedHour() throws {
        let time = T.at(2026, 10, 25, 2, 0)
        let found = try model.connections(from: T.geneve, to: T.zurich, at: time, limit: 4)
        let crossing = try #require(found.first)
        #expect(crossing.departure.time.utcOffset == 7200 && crossing.arrival.time.utcOffset == 3600)
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Genève", "Zürich HB", time))
        let records = run.records("connections")
        #expect(records.count == found.count)
        for (record, connection) in zip(records, found) {
            #expect(record.value("departure") == connection.departure.time.iso8601)
            #expect(record.value("arrival") == connection.arrival.time.iso8601)
            #expect(record.value("duration") == isoDuration(connection.duration))
        }
        // Connections whose times all lie outside the repeated hour read back whole.
        let outside = zip(records, found).filter { _, connection in
            connection.sections.allSatisfy { section in
                [section.departure.time, section.arrival.time].allSatisfy { T.model.clock.exists($0.local) && !Self.repeated($0) }
            }
        }
        #expect(!outside.isEmpty)
        compare(outside.map(\.0), outside.map(\.1))
    }

    /// Whether a moment's wall-clock reading happens twice (the autumn night's hour).
    static func repeated(_ moment: Moment) -> Bool {
        T.model.clock.moment(moment.instant + 3600).local == moment.local || T.model.clock.moment(moment.instant - 3600).local == moment.local
    }

    @Test func theCancelledRunIsMarkedAsThePagesMarkIt() throws {
        let board = try model.departures(at: T.bern, from: T.at(2026, 5, 12, 8, 0), limit: 40)
        let train = try #require(board.first { $0.ride.isCancelled })
        let time = train.stop.time.local
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Bern", "Zürich HB", time))
        let expected = try model.connections(from: T.bern, to: T.zurich, at: time, limit: QueryHTMLService.connectionCount)
        #expect(expected.first?.hasCancelledRun == true)
        let records = run.records("connections")
        compare(records, expected)
        #expect(records.first?.list("parts").first?.value("cancelled") == "true")
        #expect(records.dropFirst().allSatisfy { $0.list("parts").allSatisfy { $0.value("cancelled") == "false" } })
        #expect(run.text.contains(#"<span class="prognosis red">f&auml;llt aus</span>"#))
        #expect(try run.strings("//tr[@id='trOverviewDepC0-0']/td[@headers='details']/img/@alt") == ["Verbindung fällt aus"])
    }

    @Test func lateRunsCarryTheirPrognosis() throws {
        // A time with a late first train: the model says which.
        var time = T.at(2026, 5, 12, 6, 0)
        var found: [Connection] = []
        for _ in 0..<40 {
            found = try model.connections(from: T.zurich, to: T.basel, at: time, limit: QueryHTMLService.connectionCount)
            if found.contains(where: { $0.sections[0].ride!.delay > 0 }) { break }
            time = found.last!.departure.time.local
        }
        let late = try #require(found.first { $0.sections[0].ride!.delay > 0 })
        #expect(late.departure.prognosis != nil)
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Zürich HB", "Basel SBB", time))
        let records = run.records("connections")
        compare(records, found)
        #expect(records.contains { $0.list("parts").contains { $0.value("departure_prognosis") != nil } })
        #expect(run.text.contains(#"<span class="prognosis">ca.&nbsp;\#(late.departure.prognosis!.local.clock)</span>"#))
    }

    @Test func viaStationsAreAsked() throws {
        let time = T.at(2026, 5, 12, 9, 0)
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Genève", "Zürich HB", time, via: ["Olten"]))
        #expect(run.query.contains("&REQ0JourneyStops1.0G=Olten&"))
        let expected = try model.connections(from: T.geneve, to: T.zurich, via: [T.olten], at: time, limit: QueryHTMLService.connectionCount)
        compare(run.records("connections"), expected)
        #expect(run.records("connections").allSatisfy { $0.list("parts").contains { $0.value("to") == "Olten" } })
    }

    @Test func anAmbiguousNameListsItsCandidates() throws {
        let run = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Rathaus", "Zürich HB", T.at(2026, 5, 12, 8, 0)))
        let failure = try #require(run.failure)
        #expect(failure.code == "ambiguous_station" && failure.kind == .answer)
        let candidates = failure.records("candidates")
        let expected = model.matches(for: "Rathaus", limit: StationChoice.candidateLimit)
        #expect(expected.count >= 2)
        #expect(candidates.map { $0.value("name") } == expected.map(\.name))
        #expect(candidates.map { $0.value("role") } == Array(repeating: "from", count: expected.count))
        #expect(candidates.map { $0.value("key") } == expected.indices.map { "S-0N\($0 + 1)" })
        #expect(run.text.contains("Ihre Eingabe ist nicht eindeutig"))

        // Both ends at once, each with its own list.
        let both = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Rathaus", "Rathaus", T.at(2026, 5, 12, 8, 0)))
        let roles = try #require(both.failure).records("candidates").compactMap { $0.value("role") }
        #expect(roles == Array(repeating: "from", count: expected.count) + Array(repeating: "to", count: expected.count))
    }

    @Test func errorsAreThePagesErrors() throws {
        let at = T.at(2026, 5, 12, 7, 0)
        let unknown = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Atlantis", "Bern", at))
        #expect(unknown.failure?.code == "unknown_station" && unknown.failure?.kind == .answer)
        #expect(unknown.failure?.message.contains("Start: Zu Ihrer Eingabe \"Atlantis\" wurde keine Haltestelle gefunden") == true)
        #expect(unknown.text.contains("<!-- HAFAS K9260 -->"))
        let unknownTo = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Bern", "Atlantis", at))
        #expect(unknownTo.failure?.code == "unknown_station" && unknownTo.text.contains("<!-- HAFAS K9300 -->"))
        let unknownVia = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Bern", "Thun", at, via: ["Atlantis"]))
        #expect(unknownVia.failure?.code == "unknown_station" && unknownVia.text.contains("<!-- HAFAS K9280 -->"))

        let same = try QueryHTMLRun("hafas-html-connections", htmlConnectionParameters("Bern", "Bern", at))
        #expect(same.failure?.code == "stations_too_close" && same.failure?.kind == .answer)

        var badDate = htmlConnectionParameters("Bern", "Thun", at)
        badDate["date_text"] = "31.02.26"
        let invalid = try QueryHTMLRun("hafas-html-connections", badDate)
        #expect(invalid.failure?.code == "upstream_error" && invalid.failure?.kind == .fault)
        #expect(invalid.failure?.message.hasPrefix("The timetable server refused the request: Ihre Datums- oder Zeitangabe ist ungültig.") == true)
        // The page echoes what was asked, escaped.
        #expect(invalid.text.contains(#"name="REQ0JourneyDate" value="31.02.26""#))
    }

    @Test func noConnectionsIsItsOwnError() throws {
        // The timetable always finds a way (a walk at worst); the page HAFAS answers when it
        // does not is read as what it is.
        let route = try #require(T.routes["hafas-html-connections"])
        let query = QueryHTMLRequest.ConnectionQuery(from: "Bern", to: "Thun", date: "12.05.26", time: "08:00")
        let page = QueryHTMLRenderer(model: model, seed: "none").connectionsError(.noConnections, query: query)
        #expect(T.text(latin1: page).contains("keine Verbindung gefunden werden"))
        let extraction = Extractor.run(route, body: page, contentType: QueryHTMLService.htmlContentType)
        guard case .failure(let failure) = extraction.outcome else {
            Issue.record("the route read records from the error page")
            return
        }
        #expect(failure.code == "no_connections" && failure.kind == .answer)
    }

    // MARK: Station boards

    func compare(_ records: [Record], _ entries: [BoardEntry], arrivals: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(records.count == entries.count, sourceLocation: sourceLocation)
        for (record, entry) in zip(records, entries) {
            #expect(record.value("time") == entry.stop.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("station") == entry.stop.station.name, sourceLocation: sourceLocation)
            #expect(record.value("station_id") == entry.stop.station.id, sourceLocation: sourceLocation)
            #expect(record.value("line") == entry.ride.boardName, sourceLocation: sourceLocation)
            #expect(record.value("category") == entry.ride.category.rawValue, sourceLocation: sourceLocation)
            #expect(record.value("vehicle") == ExtXMLRoutesTests.vehicle(entry.ride.category), sourceLocation: sourceLocation)
            #expect(record.value("number") == entry.ride.numberOnBoard, sourceLocation: sourceLocation)
            #expect(record.value("direction") == (arrivals ? nil : entry.ride.direction.name), sourceLocation: sourceLocation)
            #expect(record.value("origin") == (arrivals ? entry.ride.origin.name : nil), sourceLocation: sourceLocation)
            #expect(record.value("platform") == entry.stop.platform, sourceLocation: sourceLocation)
            #expect(record.value("delay") == (entry.ride.delay > 0 ? String(entry.ride.delay) : nil), sourceLocation: sourceLocation)
            #expect(record.value("cancelled") == String(entry.ride.isCancelled), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        (T.zurich, T.at(2026, 5, 12, 7, 55), false), (T.bern, T.at(2026, 5, 12, 7, 50), false),
        (T.bern, T.at(2026, 5, 12, 23, 30), false), (T.zurich, T.at(2026, 5, 12, 23, 30), true),
        (T.geneve, T.at(2026, 3, 29, 0, 30), false), (T.paradeplatz, T.at(2026, 5, 12, 12, 0), false),
        (T.thunMartinstrasse, T.at(2026, 5, 12, 12, 0), true),
    ])
    func stationBoardsReadBackAsTheModelMeantThem(station: Station, time: LocalDateTime, arrivals: Bool) throws {
        let run = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters(station.id, time, limit: 40, arrivals: arrivals))
        let expected = arrivals
            ? try model.arrivals(at: station, from: time, limit: 40) : try model.departures(at: station, from: time, limit: 40)
        #expect(!expected.isEmpty)
        compare(run.records("departures"), expected, arrivals: arrivals)
        #expect(run.problems.isEmpty, "\(run.problems)")
    }

    @Test func aBoardByNameIsTheBoardByID() throws {
        let time = T.at(2026, 5, 12, 17, 0)
        let byName = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters("Zürich, Paradeplatz", time, limit: 12))
        compare(byName.records("departures"), try model.departures(at: T.paradeplatz, from: time, limit: 12), arrivals: false)
        let byID = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters(T.paradeplatz.id, time, limit: 12))
        #expect(byName.records("departures") == byID.records("departures"))
    }

    @Test func aBoardThatStartsAfterMidnightIsDatedTheNextDay() throws {
        var time = T.at(2026, 5, 12, 23, 40)
        var board = try model.departures(at: T.geneve, from: time, limit: 10)
        while let first = board.first, first.stop.time.local.date == time.date {
            time = LocalDateTime(date: time.date, secondOfDay: min(first.stop.time.local.secondOfDay + 60, 86_340))
            board = try model.departures(at: T.geneve, from: time, limit: 10)
        }
        #expect(board.first?.stop.time.local.date.description == "2026-05-13")
        let run = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters(T.geneve.id, time, limit: 10))
        compare(run.records("departures"), board, arrivals: false)
    }

    /// A board's bare times in the repeated hour of the autumn night read as their first
    /// (summer-time) instant, as a person reading the board would; the rest read back exactly.
    @Test func theAutumnBoardReadsBackOutsideTheRepeatedHour() throws {
        let time = T.at(2026, 10, 25, 1, 30)
        let board = try model.departures(at: T.zurich, from: time, limit: 60)
        #expect(board.contains { Self.repeated($0.stop.time) })
        let run = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters(T.zurich.id, time, limit: 60))
        let records = run.records("departures")
        #expect(records.count == board.count)
        let outside = zip(records, board).filter { !Self.repeated($0.1.stop.time) }
        #expect(outside.contains { $0.1.stop.time.utcOffset == 3600 } && outside.contains { $0.1.stop.time.utcOffset == 7200 })
        compare(outside.map(\.0), outside.map(\.1), arrivals: false)
        for (record, entry) in zip(records, board) where Self.repeated(entry.stop.time) {
            #expect(record.value("time") == T.model.clock.moment(of: entry.stop.time.local).iso8601)
            #expect(record.value("time")?.hasSuffix("+02:00") == true)
        }
    }

    @Test func theCancelledAndLateRunsReadBackFromTheBoard() throws {
        let time = T.at(2026, 5, 12, 7, 30)
        let expected = try model.departures(at: T.bern, from: time, limit: 60)
        #expect(expected.contains { $0.ride.isCancelled })
        #expect(expected.contains { $0.ride.delay > 0 && $0.ride.category.isTrain })
        let run = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters(T.bern.id, time, limit: 60))
        let records = run.records("departures")
        compare(records, expected, arrivals: false)
        #expect(records.filter { $0.value("cancelled") == "true" }.count == 1)
        // The trains' wording of a delay, and the cancellation, are on the page.
        #expect(run.text.contains(#"<span style="color:#f00;">ca. +"#))
        #expect(run.text.contains(#"<span style="color:#f00;">f&auml;llt aus</span>"#))
        // Thun's buses leave from the station itself: the other wording.
        let thun = try model.departures(at: T.thun, from: time, limit: 60)
        #expect(thun.contains { $0.ride.delay > 0 && !$0.ride.category.isTrain })
        let buses = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters(T.thun.id, time, limit: 60))
        compare(buses.records("departures"), thun, arrivals: false)
        #expect(buses.text.contains("&nbsp;Minuten&nbsp;sp&#228;ter"))
    }

    @Test func boardErrorsAreThePagesErrors() throws {
        let at = T.at(2026, 5, 12, 7, 0)
        let ambiguous = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters("Rathaus", at, limit: 5))
        #expect(ambiguous.failure?.code == "ambiguous_station")
        let expected = model.matches(for: "Rathaus", limit: StationChoice.candidateLimit)
        #expect(ambiguous.failure?.records("candidates").map { $0.value("id") } == expected.map(\.station.id))
        #expect(ambiguous.failure?.records("candidates").map { $0.value("name") } == expected.map(\.name))

        let unknown = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters("9999999", at, limit: 5))
        #expect(unknown.failure?.code == "unknown_station" && unknown.failure?.kind == .answer)

        var badTime = htmlBoardParameters(T.bern.id, at, limit: 5)
        badTime["time"] = "25:00"
        #expect(try QueryHTMLRun("hafas-html-stationboard", badTime).failure?.code == "upstream_error")

        let model = TimetableModel(stations: [Station(id: "8999998", name: "Einsam", latitude: 45, longitude: 5)])
        let empty = try QueryHTMLRun("hafas-html-stationboard", htmlBoardParameters("8999998", at, limit: 5), service: QueryHTMLService(model: model))
        #expect(empty.failure?.code == "no_departures" && empty.failure?.kind == .answer)
    }

    // MARK: Station lookups

    /// The lookup answers with a JavaScript literal that the route engine cannot read (its JSON
    /// reader wants quoted keys, and no normalizer resolves `&#252;`), so a client reads it here
    /// the way FORMATS.md describes.
    @Test(arguments: ["Zürich", "Bern", "Rathaus", "8503000", "Be?", "baden"])
    func lookupsReadBackAsTheModelMeantThem(text: String) throws {
        let query = "REQ0JourneyStopsS0A=1&REQ0JourneyStopsS0G=" + HTMLWriter.percentEncoded(text) + "&REQ0JourneyStopsB=40"
        let answer = QueryHTMLRun.service.respond(path: QueryHTMLService.locationsPath, query: query)
        #expect(answer.status == 200 && answer.contentType == QueryHTMLService.javaScriptContentType)
        let (fields, stops) = javaScriptStops(answer.body)
        let expected = model.matches(for: String(text.reversed().drop { $0 == "?" }.reversed()), limit: 40)
        #expect(!expected.isEmpty)
        #expect(fields["error"] == "0" && fields["numberofstops"] == String(expected.count))
        #expect(stops.map { $0["name"] } == expected.map(\.name))
        #expect(stops.map { $0["extId"] } == expected.map(\.station.id))
        #expect(stops.map { $0["x"] } == expected.map { QueryHTMLRenderer.micro($0.station.longitude) })
        #expect(stops.map { $0["y"] } == expected.map { QueryHTMLRenderer.micro($0.station.latitude) })
        #expect(stops.map { $0["prodclass"] } == expected.map { String(model.productClasses(at: $0.station)) })
    }

    @Test func aLookupTakesItsLimitAndNothingMatchesNothing() {
        let limited = javaScriptStops(QueryHTMLRun.service.respond(path: QueryHTMLService.locationsPath, query: "REQ0JourneyStopsS0G=Ba&REQ0JourneyStopsB=2").body)
        #expect(limited.stops.count == 2 && limited.fields["numberofstops"] == "2")
        let none = javaScriptStops(QueryHTMLRun.service.respond(path: QueryHTMLService.locationsPath, query: "REQ0JourneyStopsS0G=Atlantis").body)
        #expect(none.stops.isEmpty && none.fields["error"] == "0" && none.fields["numberofstops"] == "0")
    }
}
