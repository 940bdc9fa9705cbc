import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// The OJP service's answers read by the repository's real OJP routes give back what the
/// timetable meant, field by field, times in Swiss local time with the offset of their instant.
@Suite("OJP answers through the routes")
struct OJPRoutesTests {
    typealias T = TestTimetable
    let model = T.model

    static func tripParameters(_ from: Station, _ to: Station, _ time: String, arrival: Bool = false, limit: Int = 4) -> [String: String] {
        ["from": from.id, "to": to.id, arrival ? "arrival" : "departure": time, "limit": String(limit)]
    }

    /// A reading in Swiss local time as a route parameter (`2026-05-12T07:50:00+02:00`).
    static func local(_ time: LocalDateTime) -> String {
        T.model.clock.moment(of: time).iso8601
    }

    // MARK: Trips

    /// Field by field: the route's records against the model's connections.
    func compare(_ records: [Record], _ connections: [Connection], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(records.count == connections.count, sourceLocation: sourceLocation)
        for (record, connection) in zip(records, connections) {
            #expect(record.value("date") == connection.date.description, sourceLocation: sourceLocation)
            #expect(record.value("departure") == connection.departure.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("arrival") == connection.arrival.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("from") == connection.departure.station.name, sourceLocation: sourceLocation)
            #expect(record.value("to") == connection.arrival.station.name, sourceLocation: sourceLocation)
            // OJP's duration is the expected one, from the expected start to the expected end.
            let expected = (connection.arrival.prognosis ?? connection.arrival.time).instant - (connection.departure.prognosis ?? connection.departure.time).instant
            #expect(record.value("duration") == isoDuration(expected), sourceLocation: sourceLocation)
            #expect(record.value("transfers") == String(connection.transfers), sourceLocation: sourceLocation)
            var categories: [String] = []
            for case let ride? in connection.sections.map(\.ride) where !categories.contains(ride.category.ojpShortName) {
                categories.append(ride.category.ojpShortName)
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
        #expect(part.value("departure_prognosis") == section.departure.prognosis?.iso8601, sourceLocation: sourceLocation)
        #expect(part.value("arrival_prognosis") == section.arrival.prognosis?.iso8601, sourceLocation: sourceLocation)
        switch section.kind {
        case .ride(let ride):
            #expect(part.value("vehicle") == ride.category.vehicle, sourceLocation: sourceLocation)
            #expect(part.value("category") == ride.category.ojpShortName, sourceLocation: sourceLocation)
            #expect(part.value("line") == ride.publishedName, sourceLocation: sourceLocation)
            #expect(part.value("direction") == ride.direction.name, sourceLocation: sourceLocation)
            #expect(part.value("operator") == ride.operatorCode, sourceLocation: sourceLocation)
            #expect(part.value("cancelled") == String(ride.isCancelled || section.departure.isSkipped || section.arrival.isSkipped), sourceLocation: sourceLocation)
            #expect(part.value("trackfrom_prognosis") == section.departure.predictedPlatform, sourceLocation: sourceLocation)
            #expect(part.value("walk_metres") == nil, sourceLocation: sourceLocation)
        case .walk(let metres):
            #expect(part.value("vehicle") == "Walk", sourceLocation: sourceLocation)
            #expect(part.value("walk_metres") == String(metres), sourceLocation: sourceLocation)
            #expect(part.value("walk_duration") == isoDuration(section.arrival.time.instant - section.departure.time.instant), sourceLocation: sourceLocation)
            #expect(part.value("line") == nil, sourceLocation: sourceLocation)
            #expect(part.value("cancelled") == "false", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        (T.thunMartinstrasse, T.paradeplatz, T.at(2026, 5, 12, 7, 50), false),
        (T.bernRathaus, T.basel, T.at(2026, 5, 12, 12, 5), false),
        (T.basel, T.bernRathaus, T.at(2026, 5, 12, 12, 5), true),
        (T.geneve, T.wettingenRathaus, T.at(2026, 5, 12, 18, 0), false),
        (T.baden, T.lenzburg, T.at(2026, 5, 12, 18, 0), false),
        (T.bern, T.zurich, T.at(2026, 5, 12, 23, 20), false),
        (T.zurich, T.geneve, T.at(2026, 12, 1, 6, 40), true),
    ])
    func tripsReadBackAsTheModelMeantThem(from: Station, to: Station, at time: LocalDateTime, arrival: Bool) throws {
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(from, to, Self.local(time), arrival: arrival))
        let expected = try model.connections(from: from, to: to, at: time, isArrivalTime: arrival, limit: 4)
        #expect(!expected.isEmpty)
        compare(run.records("connections"), expected)
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
        #expect(run.status == 200)
    }

    @Test func aWalkOnlyTripIsOneContinuousLegOnFoot() throws {
        let time = T.at(2026, 5, 12, 7, 50)
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.bernHenkerbrunnli, T.bern, Self.local(time)))
        let expected = try model.connections(from: T.bernHenkerbrunnli, to: T.bern, at: time, limit: 4)
        #expect(expected.count == 1 && expected[0].sections.allSatisfy { $0.ride == nil })
        compare(run.records("connections"), expected)
        #expect(try run.strings("//o:Trip/o:Leg/o:ContinuousLeg/o:Service/o:PersonalMode") == ["foot"])
        #expect(try run.strings("//o:Trip/o:Leg/o:ContinuousLeg/o:TimeWindowStart") == ["2026-05-12T05:50:00Z"])
    }

    @Test func aTripAcrossMidnightIsDatedByItsOwnInstants() throws {
        let time = T.at(2026, 5, 12, 23, 40)
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.bern, T.zurich, Self.local(time)))
        let expected = try model.connections(from: T.bern, to: T.zurich, at: time, limit: 4)
        #expect(expected.contains { $0.arrival.time.local.date.description == "2026-05-13" })
        let records = run.records("connections")
        compare(records, expected)
        #expect(records.contains { $0.value("arrival")?.hasPrefix("2026-05-13T") == true })
        // In UTC the evening is still the 12th: the local date comes from the time normalizer.
        #expect(try run.strings("//o:Trip/o:StartTime").allSatisfy { $0.hasPrefix("2026-05-1") && $0.hasSuffix("Z") })
    }

    @Test func theSpringChangeReadsBackWithBothOffsets() throws {
        let time = T.at(2026, 3, 29, 1, 0)
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.geneve, T.zurich, Self.local(time)))
        let expected = try model.connections(from: T.geneve, to: T.zurich, at: time, limit: 4)
        #expect(expected.contains { $0.departure.time.utcOffset == 3600 && $0.arrival.time.utcOffset == 7200 })
        compare(run.records("connections"), expected)
        #expect(run.records("connections").contains { $0.value("departure")?.hasSuffix("+01:00") == true && $0.value("arrival")?.hasSuffix("+02:00") == true })
    }

    /// UTC names each instant of the repeated autumn hour: a trip asked for in its second pass
    /// leaves in the second pass, and every time reads back, the repeated hour included (which
    /// HAFAS's local times cannot do).
    @Test func theAutumnChangeReadsBackInsideTheRepeatedHour() throws {
        // 02:30 of the second pass, winter time: 01:30Z.
        let secondPass = "2026-10-25T02:30:00+01:00"
        let instant = try #require(OJPTime.instant(secondPass, clock: model.clock))
        #expect(instant == (try #require(OJPTime.instant("2026-10-25T01:30:00Z", clock: model.clock))))
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.geneve, T.zurich, secondPass))
        let expected = try model.connections(from: T.geneve, to: T.zurich, atInstant: instant, isArrivalTime: false, limit: 4)
        #expect(expected.count == 4 && expected.allSatisfy { $0.departure.time.instant >= instant })
        compare(run.records("connections"), expected)
        // The reading alone would have meant the first pass, an hour earlier.
        let firstPass = try model.connections(from: T.geneve, to: T.zurich, at: T.at(2026, 10, 25, 2, 30), limit: 4)
        #expect(firstPass.first.map { $0.departure.time.instant < instant } == true)
        // A trip leaving in summer time and arriving in winter time, both read back.
        let crossing = try OJPRouteRun("ojp-trips", Self.tripParameters(T.geneve, T.zurich, "2026-10-25T02:00:00+02:00"))
        let crossingExpected = try model.connections(from: T.geneve, to: T.zurich, at: T.at(2026, 10, 25, 2, 0), limit: 4)
        #expect(crossingExpected.contains { $0.departure.time.utcOffset == 7200 && $0.arrival.time.utcOffset == 3600 })
        compare(crossing.records("connections"), crossingExpected)
    }

    @Test func theCancelledTrainIsMarkedAsTheServiceMarksIt() throws {
        let board = try model.departures(at: T.bern, from: T.at(2026, 5, 12, 8, 0), limit: 40)
        let train = try #require(board.first { $0.ride.isCancelled })
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.bern, T.zurich, train.stop.time.iso8601))
        let expected = try model.connections(from: T.bern, to: T.zurich, at: train.stop.time.local, limit: 4)
        #expect(expected.first?.hasCancelledRun == true)
        let records = run.records("connections")
        compare(records, expected)
        #expect(records.first?.list("parts").first?.value("cancelled") == "true")
        #expect(try run.strings("//o:TripResult[1]/o:Trip/o:Leg/o:TimedLeg/o:Service/o:Cancelled") == ["true"])
        #expect(try run.strings("//o:TripResult[1]/o:Trip/o:Infeasible") == ["true"])
        #expect(try run.strings("//o:TripResult[2]/o:Trip/o:Infeasible").isEmpty)
        #expect(try run.strings("//o:TripResult[1]//o:EstimatedTime").isEmpty)
    }

    @Test func lateTrainsCarryTheirEstimates() throws {
        var time = T.at(2026, 5, 12, 6, 0)
        var found: [Connection] = []
        for _ in 0..<40 {
            found = try model.connections(from: T.zurich, to: T.basel, at: time, limit: 4)
            if found.contains(where: { $0.sections[0].ride!.delay > 0 }) { break }
            time = found.last!.departure.time.local
        }
        let late = try #require(found.first { $0.sections[0].ride!.delay > 0 })
        let delay = Int64(late.sections[0].ride!.delay) * 60
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.zurich, T.basel, Self.local(time)))
        compare(run.records("connections"), found)
        // The service writes the trip's start and end as expected, the legs' times as timetabled.
        let index = try #require(found.firstIndex(of: late)) + 1
        #expect(try run.strings("//o:TripResult[\(index)]/o:Trip/o:StartTime") == [OJPTime.utc(late.departure.time.instant + delay)])
        #expect(try run.strings("//o:TripResult[\(index)]/o:Trip/o:Leg[1]/o:TimedLeg/o:LegBoard/o:ServiceDeparture/o:TimetabledTime")
            == [OJPTime.utc(late.departure.time.instant)])
    }

    @Test func anArrivalSearchEndsByTheTime() throws {
        let time = T.at(2026, 5, 12, 9, 0)
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.thun, T.zurich, Self.local(time), arrival: true))
        let expected = try model.connections(from: T.thun, to: T.zurich, at: time, isArrivalTime: true, limit: 4)
        #expect(expected.allSatisfy { $0.arrival.time.instant <= model.clock.instant(of: time) })
        compare(run.records("connections"), expected)
    }

    @Test func tripsThroughViaStops() throws {
        let time = T.at(2026, 5, 12, 9, 0)
        var parameters = [String: RouteParameter.Value](singleValues: Self.tripParameters(T.bern, T.zurich, Self.local(time)))
        parameters["via"] = .list([T.olten.id, T.baden.id])
        let run = try OJPRouteRun("ojp-trips", parameters)
        let expected = try model.connections(from: T.bern, to: T.zurich, via: [T.olten, T.baden], at: time, limit: 4)
        #expect(expected.allSatisfy { $0.sections.contains { $0.arrival.station == T.olten } && $0.sections.contains { $0.arrival.station == T.baden } })
        compare(run.records("connections"), expected)
        #expect(try OJPRequest.parse(run.request).query == .trip(.init(
            origin: .init(stopID: T.bern.id), destination: .init(stopID: T.zurich.id), via: [T.olten.id, T.baden.id],
            time: Self.local(time), count: 4)))
    }

    @Test func theLimitIsTheNumberOfTrips() throws {
        let run = try OJPRouteRun("ojp-trips", Self.tripParameters(T.bern, T.zurich, Self.local(T.at(2026, 5, 12, 10, 0)), limit: 7))
        #expect(run.records("connections").count == 7)
    }

    @Test func tripErrorsAreTheServicesErrors() throws {
        let same = try OJPRouteRun("ojp-trips", Self.tripParameters(T.bern, T.bern, "2026-05-12T07:00:00+02:00"))
        #expect(try same.strings("//o:OJPTripDelivery/o:ErrorCondition/o:TripProblemType") == ["TRIP_ORIGINDESTINATIONIDENTICAL"])
        #expect(same.failure?.code == "stations_too_close")

        let unknown = try OJPRouteRun("ojp-trips", ["from": "8599999", "to": T.bern.id, "departure": "2026-05-12T07:00:00+02:00"])
        #expect(try unknown.strings("//o:ErrorCondition/o:TripProblemType") == ["TRIP_ORIGINUNKNOWN"])
        #expect(unknown.failure?.code == "unknown_station")
        let unknownTo = try OJPRouteRun("ojp-trips", ["from": T.bern.id, "to": "8599999", "departure": "2026-05-12T07:00:00+02:00"])
        #expect(try unknownTo.strings("//o:ErrorCondition/o:TripProblemType") == ["TRIP_DESTINATIONUNKNOWN"])
        let unknownVia = try OJPRouteRun("ojp-trips", [
            "from": .one(T.bern.id), "to": .one(T.zurich.id), "departure": "2026-05-12T07:00:00+02:00", "via": .list([T.olten.id, "8599999"]),
        ])
        #expect(try unknownVia.strings("//o:ErrorCondition/o:TripProblemType") == ["TRIP_VIAUNKNOWN"])
        #expect(unknownVia.failure?.code == "unknown_station")

        let badTime = try OJPRouteRun("ojp-trips", ["from": T.bern.id, "to": T.zurich.id, "departure": "tomorrow"])
        #expect(try badTime.strings("//o:ErrorCondition/o:TripProblemType") == ["TRIP_DATETIMEERROR"])
        #expect(badTime.failure?.code == "upstream_error")

        // The timetable always finds a trip; the answer when none is found is the recorded one's shape.
        let renderer = OJPRenderer(model: model, timestamp: nil)
        let route = try #require(T.routes["ojp-trips"])
        let none = Extractor.run(route, body: renderer.problem(.noTripFound), contentType: OJPService.contentType(status: 200))
        guard case .failure(let failure) = none.outcome else { Issue.record("no failure"); return }
        #expect(failure.code == "no_trips")
    }

    // MARK: Locations

    /// Degrees as the `coordinate(degrees)` normalizer writes them.
    func degrees(_ value: Double) -> String {
        OJPRenderer.degrees(value)
    }

    @Test(arguments: ["Zürich", "Bern", "Rathaus", "8503000", "Be", "genève"])
    func stopsByNameReadBack(query: String) throws {
        let run = try OJPRouteRun("ojp-locations", ["query": query, "now": "2026-05-12T08:00:00+02:00"])
        let stations = run.records("stations")
        let expected = model.matches(for: query, limit: OJPService.locations.standard)
        #expect(stations.count == expected.count && !expected.isEmpty)
        for (station, match) in zip(stations, expected) {
            #expect(station.value("id") == match.station.id)
            #expect(station.value("name") == match.station.name)
            #expect(station.value("lat") == degrees(match.station.latitude))
            #expect(station.value("lon") == degrees(match.station.longitude))
            #expect(station.value("score") == OJPRenderer.decimal(Int64(match.score), places: 2))
        }
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
    }

    @Test func aNameThatMatchesNothingIsNoResults() throws {
        let run = try OJPRouteRun("ojp-locations", ["query": "Atlantis", "now": "2026-05-12T08:00:00+02:00"])
        #expect(try run.strings("//o:OJPLocationInformationDelivery/o:ErrorCondition/o:LocationProblemType") == ["LOCATION_NORESULTS"])
        #expect(run.failure?.code == "unknown_station")
    }

    @Test func stopsNearAPositionReadBackNearestFirst() throws {
        // Between Bern station and Bern, Rathaus, nearer the station: Bern's stops within the radius.
        let body = OJPXML.request("""
            <OJPLocationInformationRequest><siri:RequestTimestamp>2026-05-12T06:00:00Z</siri:RequestTimestamp>
            <InitialInput><GeoPosition><siri:Longitude>7.4400</siri:Longitude><siri:Latitude>46.9480</siri:Latitude></GeoPosition></InitialInput>
            <Restrictions><Type>stop</Type><NumberOfResults>5</NumberOfResults></Restrictions></OJPLocationInformationRequest>
            """)
        let answer = OJPRouteRun.service.respond(to: body, contentType: "application/xml")
        #expect(answer.status == 200)
        let route = try #require(T.routes["ojp-locations"])
        guard case .success(let lists) = Extractor.run(route, body: answer.body).outcome, case .list(_, let stations)? = lists.first else {
            Issue.record("no stations")
            return
        }
        let near = [T.bern, T.bernHauptbahnhof, T.bernHenkerbrunnli, T.bernRathaus]
        #expect(stations.map { $0.value("id") } == near.map(\.id))
        #expect(stations.map { $0.value("name") } == near.map(\.name))
        let scores = stations.compactMap { $0.value("score").flatMap(Double.init) }
        #expect(scores.count == 4 && scores == scores.sorted(by: >) && scores[0] < 1)
        // By position the service names the stop without its town.
        #expect(try OJPXML.strings("//o:PlaceResult/o:Place/o:Name/o:Text", in: answer.body) == ["Bern", "Hauptbahnhof", "Henkerbrünnli", "Rathaus"])
        // Nothing within the radius: no results.
        let far = OJPRouteRun.service.respond(to: OJPXML.request("""
            <OJPLocationInformationRequest><InitialInput><GeoRestriction><Circle><Center><siri:Longitude>9.5</siri:Longitude>
            <siri:Latitude>46.5</siri:Latitude></Center><Radius>500</Radius></Circle></GeoRestriction></InitialInput></OJPLocationInformationRequest>
            """), contentType: nil)
        #expect(try OJPXML.strings("//o:LocationProblemType", in: far.body) == ["LOCATION_NORESULTS"])
    }

    // MARK: Stop events

    static func boardParameters(_ station: Station, _ time: String, limit: Int, arrivals: Bool = false) -> [String: String] {
        ["station": station.id, "departure": time, "limit": String(limit), "type": arrivals ? "arrival" : "departure"]
    }

    func compare(_ records: [Record], _ entries: [BoardEntry], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(records.count == entries.count, sourceLocation: sourceLocation)
        for (record, entry) in zip(records, entries) {
            #expect(record.value("time") == entry.stop.time.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("station") == entry.stop.station.name, sourceLocation: sourceLocation)
            #expect(record.value("station_id") == entry.stop.station.id, sourceLocation: sourceLocation)
            #expect(record.value("line") == entry.ride.publishedName, sourceLocation: sourceLocation)
            #expect(record.value("category") == entry.ride.category.ojpShortName, sourceLocation: sourceLocation)
            #expect(record.value("vehicle") == entry.ride.category.vehicle, sourceLocation: sourceLocation)
            #expect(record.value("number") == entry.ride.number, sourceLocation: sourceLocation)
            #expect(record.value("direction") == entry.ride.direction.name, sourceLocation: sourceLocation)
            #expect(record.value("operator") == entry.ride.operatorCode, sourceLocation: sourceLocation)
            #expect(record.value("platform") == entry.stop.platform, sourceLocation: sourceLocation)
            #expect(record.value("prognosis") == entry.stop.prognosis?.iso8601, sourceLocation: sourceLocation)
            #expect(record.value("delay") == entry.stop.predictedDelay.map(String.init), sourceLocation: sourceLocation)
            #expect(record.value("cancelled") == String(entry.ride.isCancelled || entry.stop.isSkipped), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [
        (T.zurich, T.at(2026, 5, 12, 7, 55), false), (T.bern, T.at(2026, 5, 12, 7, 50), false),
        (T.bern, T.at(2026, 5, 12, 23, 30), false), (T.zurich, T.at(2026, 5, 12, 23, 30), true),
        (T.geneve, T.at(2026, 3, 29, 0, 30), false), (T.paradeplatz, T.at(2026, 5, 12, 12, 0), false),
        (T.basel, T.at(2026, 10, 24, 23, 45), true),
    ])
    func stopEventsReadBackAsTheModelMeantThem(station: Station, time: LocalDateTime, arrivals: Bool) throws {
        let run = try OJPRouteRun("ojp-stopevents", Self.boardParameters(station, Self.local(time), limit: 40, arrivals: arrivals))
        let expected = arrivals
            ? try model.arrivals(at: station, from: time, limit: 40) : try model.departures(at: station, from: time, limit: 40)
        #expect(!expected.isEmpty)
        compare(run.records("departures"), expected)
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
        #expect(try run.strings("//o:CallAtStop/o:ServiceArrival").count == (arrivals ? expected.count : 0))
    }

    @Test func aBoardIntoTheNextDayCarriesItsDates() throws {
        let time = T.at(2026, 5, 12, 23, 40)
        let expected = try model.departures(at: T.geneve, from: time, limit: 20)
        #expect(expected.contains { $0.stop.time.local.date.description == "2026-05-13" })
        let run = try OJPRouteRun("ojp-stopevents", Self.boardParameters(T.geneve, Self.local(time), limit: 20))
        compare(run.records("departures"), expected)
    }

    /// The timetable runs no service in the second pass of the repeated hour; a board asked for
    /// then starts after it, where the bare reading would have listed the first pass's runs.
    @Test func aBoardInTheRepeatedAutumnHourStartsAtItsInstant() throws {
        let secondPass = "2026-10-25T02:10:00+01:00"
        let instant = try #require(OJPTime.instant(secondPass, clock: model.clock))
        let expected = try model.board(at: T.zurich, fromInstant: instant, arrivals: false, limit: 30)
        #expect(expected.count == 30 && expected.allSatisfy { $0.stop.time.instant >= instant && $0.stop.time.utcOffset == 3600 })
        let readingOnly = try model.departures(at: T.zurich, from: T.at(2026, 10, 25, 2, 10), limit: 30)
        #expect(readingOnly.contains { $0.stop.time.instant < instant && $0.stop.time.utcOffset == 7200 })
        let run = try OJPRouteRun("ojp-stopevents", Self.boardParameters(T.zurich, secondPass, limit: 30))
        let records = run.records("departures")
        compare(records, expected)
        #expect(records.allSatisfy { $0.value("time")?.hasSuffix("+01:00") == true })
    }

    @Test func theCancelledAndLateRunsReadBackFromTheBoard() throws {
        let time = T.at(2026, 5, 12, 7, 30)
        let expected = try model.departures(at: T.bern, from: time, limit: 60)
        #expect(expected.contains { $0.ride.isCancelled })
        #expect(expected.contains { $0.ride.delay > 0 })
        let run = try OJPRouteRun("ojp-stopevents", Self.boardParameters(T.bern, Self.local(time), limit: 60))
        let records = run.records("departures")
        compare(records, expected)
        #expect(records.filter { $0.value("cancelled") == "true" }.count == 1)
        #expect(try run.strings("//o:StopEvent/o:Service/o:Cancelled") == ["true"])
    }

    @Test func stopEventErrorsAreTheServicesErrors() throws {
        let unknown = try OJPRouteRun("ojp-stopevents", Self.boardParameters(
            Station(id: "8599999", name: "x", latitude: 0, longitude: 0), "2026-05-12T07:00:00+02:00", limit: 5))
        #expect(try unknown.strings("//o:OJPStopEventDelivery/o:ErrorCondition/o:StopEventProblemType") == ["STOPEVENT_LOCATIONUNKNOWN"])
        #expect(unknown.failure?.code == "unknown_station")
        let badTime = try OJPRouteRun("ojp-stopevents", ["station": T.bern.id, "departure": "12.05.2026 07:00"])
        #expect(try badTime.strings("//o:StopEventProblemType") == ["STOPEVENT_DATEOUTOFRANGE"])
        #expect(badTime.failure?.code == "upstream_error")
        let renderer = OJPRenderer(model: model, timestamp: nil)
        let none = Extractor.run(try #require(T.routes["ojp-stopevents"]), body: renderer.problem(.noStopEvents))
        guard case .failure(let failure) = none.outcome else { Issue.record("no failure"); return }
        #expect(failure.code == "no_departures")
    }
}
