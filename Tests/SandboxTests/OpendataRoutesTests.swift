import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// The opendata service's answers read by the repository's real transport.opendata.ch routes give
/// back what the timetable meant, field by field, times in Swiss local time with the offset of
/// their instant; its refusals are the routes' errors.
@Suite("transport.opendata.ch answers through the routes")
struct OpendataRoutesTests {
    typealias T = TestTimetable
    typealias Realtime = OpendataRealtime
    let model = T.model

    static func tripParameters(_ from: Station, _ to: Station, _ time: LocalDateTime, arrival: Bool = false, limit: Int = 4) -> [String: String] {
        ["from": from.id, "to": to.id, "date": time.date.description, "time": time.clock, "arrival": arrival ? "1" : "0", "limit": String(limit)]
    }

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
            let rides = connection.sections.compactMap(\.ride)
            #expect(record.texts("products") == rides.map(\.opendataProduct), sourceLocation: sourceLocation)
            #expect(record.value("capacity1st") == rides.compactMap { $0.opendataCapacity.first }.max().map(String.init), sourceLocation: sourceLocation)
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
        #expect(part.value("from_lat") == OJPRenderer.degrees(section.departure.station.latitude), sourceLocation: sourceLocation)
        #expect(part.value("from_lon") == OJPRenderer.degrees(section.departure.station.longitude), sourceLocation: sourceLocation)
        #expect(part.value("to") == section.arrival.station.name, sourceLocation: sourceLocation)
        #expect(part.value("to_id") == section.arrival.station.id, sourceLocation: sourceLocation)
        #expect(part.value("trackfrom") == section.departure.platform, sourceLocation: sourceLocation)
        #expect(part.value("trackto") == section.arrival.platform, sourceLocation: sourceLocation)
        switch section.kind {
        case .ride(let ride):
            #expect(part.value("vehicle") == ride.category.vehicle, sourceLocation: sourceLocation)
            #expect(part.value("category") == ride.category.opendataName, sourceLocation: sourceLocation)
            #expect(part.value("line") == ride.category.opendataName + " " + ride.line, sourceLocation: sourceLocation)
            #expect(part.value("number") == ride.number, sourceLocation: sourceLocation)
            #expect(part.value("direction") == ride.direction.name, sourceLocation: sourceLocation)
            #expect(part.value("operator") == ride.operatorCode, sourceLocation: sourceLocation)
            #expect(part.value("departure_prognosis") == Realtime.prognosis(section.departure, ride), sourceLocation: sourceLocation)
            #expect(part.value("arrival_prognosis") == Realtime.prognosis(section.arrival, ride), sourceLocation: sourceLocation)
            #expect(part.value("delay") == Realtime.delay(section.departure, ride).map(String.init), sourceLocation: sourceLocation)
            #expect(part.value("capacity2nd") == ride.opendataCapacity.second.map(String.init), sourceLocation: sourceLocation)
            #expect(part.value("walk_duration") == nil, sourceLocation: sourceLocation)
        case .walk:
            #expect(part.value("vehicle") == "Walk", sourceLocation: sourceLocation)
            #expect(part.value("walk_duration") == isoDuration(section.arrival.time.instant - section.departure.time.instant), sourceLocation: sourceLocation)
            #expect(part.value("line") == nil && part.value("category") == nil, sourceLocation: sourceLocation)
            #expect(part.value("departure_prognosis") == nil && part.value("delay") == nil, sourceLocation: sourceLocation)
        }
        // The v1 format has no cancellation.
        #expect(part.value("cancelled") == nil, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        (T.thunMartinstrasse, T.paradeplatz, T.at(2026, 5, 12, 7, 50), false),
        (T.bernRathaus, T.basel, T.at(2026, 5, 12, 12, 5), false),
        (T.basel, T.bernRathaus, T.at(2026, 5, 12, 12, 5), true),
        (T.geneve, T.wettingenRathaus, T.at(2026, 5, 12, 18, 0), false),
        (T.baden, T.lenzburg, T.at(2026, 5, 12, 18, 0), false),
        (T.bern, T.zurich, T.at(2026, 5, 12, 23, 20), false),
        (T.zurich, T.geneve, T.at(2026, 12, 1, 6, 40), true),
        (T.geneve, T.zurich, T.at(2026, 3, 29, 1, 0), false),
        (T.geneve, T.zurich, T.at(2026, 10, 25, 2, 0), false),
    ])
    func connectionsReadBackAsTheModelMeantThem(from: Station, to: Station, at time: LocalDateTime, arrival: Bool) throws {
        let run = try OpendataRouteRun("opendata-connections", Self.tripParameters(from, to, time, arrival: arrival))
        let expected = try model.connections(from: from, to: to, at: time, isArrivalTime: arrival, limit: 4)
        #expect(!expected.isEmpty)
        compare(run.records("connections"), expected)
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
        #expect(run.answer.status == 200 && run.answer.contentType == "application/json")
    }

    @Test func aWalkOnlyConnectionIsOneWalkSection() throws {
        let time = T.at(2026, 5, 12, 7, 50)
        // Bern, Henkerbrünnli is 550 m from Bern station: walked, not ridden.
        let run = try OpendataRouteRun("opendata-connections", Self.tripParameters(T.bernHenkerbrunnli, T.bern, time))
        let expected = try model.connections(from: T.bernHenkerbrunnli, to: T.bern, at: time, limit: 4)
        #expect(expected.count == 1 && expected[0].sections.allSatisfy { $0.ride == nil })
        compare(run.records("connections"), expected)
        #expect(run.text.contains(#""sections":[{"journey":null,"walk":{"duration":"#))
        #expect(run.text.contains(#""products":[]"#))
    }

    @Test func lateAndCancelledRunsAreReportedAsTheAPIReportsThem() throws {
        let board = try model.departures(at: T.bern, from: T.at(2026, 5, 12, 8, 0), limit: 40)
        let train = try #require(board.first { $0.ride.isCancelled })
        let run = try OpendataRouteRun("opendata-connections", Self.tripParameters(T.bern, T.zurich, train.stop.time.local))
        let expected = try model.connections(from: T.bern, to: T.zurich, at: train.stop.time.local, limit: 4)
        #expect(expected.first?.hasCancelledRun == true)
        let records = run.records("connections")
        compare(records, expected)
        // The cancelled run: a delay of 0, its planned time as the prognosis, and no other sign.
        let first = try #require(records.first?.list("parts").first)
        #expect(first.value("delay") == "0" && first.value("departure_prognosis") == first.value("departure"))
        // A late run elsewhere that morning: its delay and expected times.
        var time = T.at(2026, 5, 12, 6, 0)
        var found: [Connection] = []
        for _ in 0..<40 {
            found = try model.connections(from: T.zurich, to: T.basel, at: time, limit: 4)
            if found.contains(where: { $0.sections[0].ride!.delay > 0 && !$0.hasCancelledRun }) { break }
            time = found.last!.departure.time.local
        }
        let late = try #require(found.first { $0.sections[0].ride!.delay > 0 })
        let lateRun = try OpendataRouteRun("opendata-connections", Self.tripParameters(T.zurich, T.basel, time))
        compare(lateRun.records("connections"), found)
        let index = try #require(found.firstIndex(of: late))
        let part = lateRun.records("connections")[index].list("parts")[0]
        #expect(part.value("departure_prognosis") == late.sections[0].departure.prognosis?.iso8601)
        #expect(part.value("delay") == String(late.sections[0].ride!.delay))
    }

    @Test func connectionsThroughViaStations() throws {
        let time = T.at(2026, 5, 12, 9, 0)
        var parameters = [String: RouteParameter.Value](singleValues: Self.tripParameters(T.bern, T.zurich, time))
        parameters["via"] = .list([T.olten.id, T.baden.id])
        let run = try OpendataRouteRun("opendata-connections", parameters)
        #expect(run.query.contains("&via%5B%5D=8500218&via%5B%5D=8503504&"))
        let expected = try model.connections(from: T.bern, to: T.zurich, via: [T.olten, T.baden], at: time, limit: 4)
        #expect(expected.allSatisfy { $0.sections.contains { $0.arrival.station == T.olten } && $0.sections.contains { $0.arrival.station == T.baden } })
        compare(run.records("connections"), expected)
    }

    @Test func limitAndPageSliceTheConnections() throws {
        let time = T.at(2026, 5, 12, 10, 0)
        let all = try model.connections(from: T.bern, to: T.zurich, at: time, limit: 16)
        let seven = try OpendataRouteRun("opendata-connections", Self.tripParameters(T.bern, T.zurich, time, limit: 7))
        compare(seven.records("connections"), Array(all.prefix(7)))
        var parameters = Self.tripParameters(T.bern, T.zurich, time, limit: 3)
        parameters["page"] = "2"
        compare(try OpendataRouteRun("opendata-connections", parameters).records("connections"), Array(all[6..<9]))
        // The last page ends with the 16th connection.
        parameters["limit"] = "6"
        parameters["page"] = "10"
        compare(try OpendataRouteRun("opendata-connections", parameters).records("connections"), Array(all[10..<16]))
    }

    @Test func namesAndNowStandInForIdsAndAMissingTime() throws {
        let run = try OpendataRouteRun("opendata-connections", ["from": "Bern", "to": "Zürich HB"])
        #expect(!run.query.contains("date=") && !run.query.contains("time="))
        let now = model.clock.moment(OpendataRouteRun.now).local
        compare(run.records("connections"), try model.connections(from: T.bern, to: T.zurich, at: now, limit: 4))
    }

    @Test func connectionErrorsAreTheAPIsErrors() throws {
        let missing = try OpendataRouteRun("opendata-connections", ["from": " ", "to": T.bern.id])
        #expect(missing.answer.status == 500)
        #expect(missing.text == #"{"errors":[{"message":"Error from timetable.search.ch: Incomplete route description."}]}"#)
        #expect(missing.failure?.code == "upstream_error")
        #expect(missing.failure?.message == "The timetable server failed: Error from timetable.search.ch: Incomplete route description.")

        let unknown = try OpendataRouteRun("opendata-connections", ["from": T.bern.id, "to": "Atlantis"])
        #expect(unknown.answer.status == 200 && unknown.text.contains(#""from":null,"to":null"#))
        #expect(unknown.failure?.code == "unknown_station" && unknown.failure?.kind == .answer)
        let unknownVia = try OpendataRouteRun("opendata-connections", ["from": T.bern.id, "to": T.zurich.id, "via": "8599999"])
        #expect(unknownVia.failure?.code == "unknown_station")

        var tooMany = Self.tripParameters(T.bern, T.zurich, T.at(2026, 5, 12, 9, 0), limit: 17)
        tooMany["page"] = "11"
        let refused = try OpendataRouteRun("opendata-connections", tooMany)
        #expect(refused.answer.status == 400)
        #expect(refused.text == #"{"errors":["Maximal value of argument `limit` is 16.","Maximal value of argument `page` is 10."]}"#)
        #expect(refused.failure?.code == "upstream_error")
        #expect(refused.failure?.message == "The timetable server failed: Maximal value of argument `limit` is 16.")
        let vias = OpendataRouteRun.service.respond(path: OpendataService.connectionsPath, query: "from=Bern&to=Thun" + String(repeating: "&via[]=Olten", count: 6))
        #expect(vias.status == 400 && String(decoding: vias.body, as: UTF8.self) == #"{"errors":["Invalid via count (max 5 allowed)."]}"#)

        let same = try OpendataRouteRun("opendata-connections", Self.tripParameters(T.bern, T.bern, T.at(2026, 5, 12, 9, 0)))
        #expect(same.failure?.code == "no_connections" && same.failure?.kind == .answer)
        let badDate = try OpendataRouteRun("opendata-connections", ["from": T.bern.id, "to": T.zurich.id, "date": "2026-02-30", "time": "08:00"])
        #expect(badDate.answer.status == 500 && badDate.failure?.code == "upstream_error")
    }

    // MARK: Station boards

    static func boardParameters(_ station: Station, _ time: LocalDateTime, limit: Int, arrivals: Bool = false) -> [String: String] {
        ["id": station.id, "datetime": "\(time.date) \(time.clock)", "limit": String(limit), "type": arrivals ? "arrival" : "departure"]
    }

    func compare(_ records: [Record], _ entries: [BoardEntry], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(records.count == entries.count, sourceLocation: sourceLocation)
        for (record, entry) in zip(records, entries) {
            let ride = entry.ride
            #expect(record.value("time") == entry.stop.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("station") == entry.stop.station.name, sourceLocation: sourceLocation)
            #expect(record.value("station_id") == entry.stop.station.id, sourceLocation: sourceLocation)
            #expect(record.value("line") == ride.category.opendataName + " " + ride.line, sourceLocation: sourceLocation)
            #expect(record.value("category") == ride.category.opendataName, sourceLocation: sourceLocation)
            #expect(record.value("vehicle") == ride.category.vehicle, sourceLocation: sourceLocation)
            #expect(record.value("number") == ride.number, sourceLocation: sourceLocation)
            #expect(record.value("direction") == ride.direction.name, sourceLocation: sourceLocation)
            #expect(record.value("operator") == ride.operatorCode, sourceLocation: sourceLocation)
            #expect(record.value("platform") == entry.stop.platform, sourceLocation: sourceLocation)
            #expect(record.value("prognosis") == Realtime.prognosis(entry.stop, ride), sourceLocation: sourceLocation)
            #expect(record.value("delay") == Realtime.delay(entry.stop, ride).map(String.init), sourceLocation: sourceLocation)
            #expect(record.value("capacity1st") == ride.opendataCapacity.first.map(String.init), sourceLocation: sourceLocation)
            #expect(record.value("cancelled") == nil, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        (T.zurich, T.at(2026, 5, 12, 7, 55), false), (T.bern, T.at(2026, 5, 12, 7, 30), false),
        (T.bern, T.at(2026, 5, 12, 23, 30), false), (T.zurich, T.at(2026, 5, 12, 23, 30), true),
        (T.geneve, T.at(2026, 3, 29, 0, 30), false), (T.paradeplatz, T.at(2026, 5, 12, 12, 0), false),
        (T.basel, T.at(2026, 10, 24, 23, 45), true), (T.geneve, T.at(2026, 5, 12, 23, 40), false),
    ])
    func boardsReadBackAsTheModelMeantThem(station: Station, time: LocalDateTime, arrivals: Bool) throws {
        let run = try OpendataRouteRun("opendata-stationboard", Self.boardParameters(station, time, limit: 40, arrivals: arrivals))
        let expected = arrivals ? try model.arrivals(at: station, from: time, limit: 60) : try model.departures(at: station, from: time, limit: 60)
        let records = run.records("departures")
        // Not a hard limit: the runs at the time of the 40th come too.
        let last = try #require(expected.prefix(40).last)
        let wanted = expected.prefix(40) + expected.dropFirst(40).prefix { $0.stop.time == last.stop.time }
        compare(records, Array(wanted))
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
        // The API writes an arrival's time as the stop's departure too, as it reads search.ch's `time`.
        let first = try #require(expected.first)
        #expect(run.text.contains(#""arrival":null,"arrivalTimestamp":null,"departure":"\#(OpendataRenderer.time(first.stop.time))""#))
    }

    @Test func theBoardTakesAStationNameAndNow() throws {
        let run = try OpendataRouteRun("opendata-stationboard", ["station": "Bern", "limit": "5"])
        #expect(run.query == "station=Bern&limit=5&type=departure")
        let now = model.clock.moment(OpendataRouteRun.now).local
        compare(run.records("departures"), try model.departures(at: T.bern, from: now, limit: 5))
    }

    @Test func boardErrorsAreTheAPIsErrors() throws {
        let unknown = try OpendataRouteRun("opendata-stationboard", ["id": "8599999"])
        #expect(unknown.answer.status == 200 && unknown.text == #"{"station":null,"stationboard":[]}"#)
        #expect(unknown.failure?.code == "unknown_station" && unknown.failure?.kind == .answer)
        let tooMany = try OpendataRouteRun("opendata-stationboard", ["id": T.bern.id, "limit": "421"])
        #expect(tooMany.answer.status == 400 && tooMany.text == "Invalid value for Parameter `limit`.")
        #expect(tooMany.failure?.code == "upstream_error")
        let badTime = try OpendataRouteRun("opendata-stationboard", ["id": T.bern.id, "datetime": "tomorrow"])
        #expect(badTime.answer.status == 500 && badTime.failure?.code == "upstream_error")
        let neither = try OpendataRouteRun("opendata-stationboard", [String: String]())
        // Neither station nor id: the request's own fault, which the route names.
        #expect(neither.answer.status == 400 && neither.failure?.code == "invalid_parameter" && neither.failure?.kind == .answer)
        // The timetable always has runs; a board without any, in the API's shape, is no_departures.
        let route = try #require(T.routes["opendata-stationboard"])
        let empty = Extractor.run(route, body: OpendataRenderer(clock: model.clock).board([], at: T.bern))
        #expect(empty.failure?.code == "no_departures")
        let none = Extractor.run(try #require(T.routes["opendata-connections"]), body: OpendataRenderer(clock: model.clock).connections([], from: T.bern, to: T.thun))
        #expect(none.failure?.code == "no_connections")
    }

    // MARK: Locations

    @Test(arguments: ["Zürich", "Bern", "Rathaus", "8503000", "Be", "genève"])
    func stationsByNameReadBack(query: String) throws {
        let run = try OpendataRouteRun("opendata-locations", ["query": query])
        #expect(run.query.hasSuffix("&type=station"))
        var seen = Set<String>()
        let expected = model.matches(for: query, limit: 11).filter { seen.insert($0.station.id).inserted }.prefix(10)
        let stations = run.records("stations")
        #expect(stations.count == expected.count && !expected.isEmpty)
        for (station, match) in zip(stations, expected) {
            #expect(station.value("id") == match.station.id)
            #expect(station.value("name") == match.station.name)
            #expect(station.value("lat") == OJPRenderer.degrees(match.station.latitude))
            #expect(station.value("lon") == OJPRenderer.degrees(match.station.longitude))
            #expect(station.value("icon") == match.station.kind.rawValue)
            #expect(station.value("distance") == nil && station.value("score") == nil)
        }
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
    }

    @Test func stationsNearAPositionReadBackNearestFirst() throws {
        // Between Bern station and Bern, Rathaus, nearer the station: Bern's stops, nearest first.
        let run = try OpendataRouteRun("opendata-locations", ["x": "46.9480", "y": "7.4400"])
        #expect(run.query == "&x=46.9480&y=7.4400")
        let stations = run.records("stations")
        #expect(stations.first?.value("id") == T.bern.id)
        #expect(Set(stations.compactMap { $0.value("id") }).isSuperset(of: [T.bern.id, T.bernRathaus.id]))
        let distances = stations.compactMap { $0.value("distance").flatMap(Int.init) }
        #expect(distances.count == stations.count && distances == distances.sorted() && distances.count >= 2)
    }

    @Test func aNameThatMatchesNothingIsUnknown() throws {
        for parameters in [["query": "Atlantis"], ["query": "Bern", "type": "address"], ["x": "12", "y": "-40"], [:]] {
            let run = try OpendataRouteRun("opendata-locations", parameters)
            #expect(run.text == #"{"stations":[]}"#)
            #expect(run.failure?.code == "unknown_station", "\(parameters)")
        }
    }
}
