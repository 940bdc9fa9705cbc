import Kernel
import Foundation
import HTTPTesting
import Markup
import Model
import Testing
@testable import API
import Server

/// The derived schemas: each XSD compiles and is served as derived; full documents of every kind
/// validate in XML and JSON; and the checks can fail.
@Suite("Document schemas")
struct DocumentSchemaTests {
    static let place = Place(
        id: 4_348_599, name: "Bethesda", admin: "MD", adminName: "Maryland", country: "United States", countryCode: "US",
        latitude: 38.98067, longitude: -77.10026, postcode: "20814", population: 63_374, timeZone: "America/New_York", kind: "place",
        display: "Bethesda, MD")
    static let rain = Sky(condition: "Rain", icon: "https://example.org/r.png")
    static let hour = ForecastHour(
        from: "2026-12-01T12:00:00-05:00", to: "2026-12-01T18:00:00-05:00", start: 0, end: 1, sky: rain,
        temperature: Temperature(celsius: 4.26), precipitationMM: 1.5)
    static let day = ForecastDay(
        date: "2026-12-01", sky: rain, low: Temperature(celsius: -1), high: Temperature(celsius: 6.5),
        precipitation: 60, precipitationMM: 3.2)
    static let feed = BARTStationFeed(
        station: BARTStations.byAbbr["EMBR"]!,
        destinations: [BARTDestination(name: "Daly City", abbr: "DALY", trains: [
            BARTTrain(minutes: 0, leaving: true, platform: "1", direction: "South", length: 10, color: "BLUE", hexcolor: "#0099cc", delay: 2, cancelled: true),
        ])],
        message: "Updates are temporarily unavailable.")
    static let error = PlaceError(code: "unknown_place", message: "No such place.", upstream: "nominatim", suggestions: [place])
    /// A route's place with every weather member.
    static let weatheredRow = {
        var row = RoutePlace(index: 0, place: place, distance: Distance(meters: 0))
        row.arrival = "2026-12-01T08:00:00-05:00"
        row.day = day
        row.current = Temperature(celsius: 2)
        row.hour = hour
        return row
    }()

    /// A document of every kind the Model declares, using every element it allows, with the
    /// statuses the API gives its errors.
    static let documents = modelDocuments.map { (name: $0.name, node: $0.node.withErrorStatuses()) }

    /// The documents as Model builds them: errors carry codes only.
    static let modelDocuments: [(name: String, node: Node)] = [
        ("schedules", SBBContractTests.sample.node),
        ("stationboard", StationBoard(
            query: "Bern", station: Station(id: "8507000", name: "Bern", latitude: 46.94883, longitude: 7.43913), kind: .arrival,
            journeys: [BoardJourney(
                time: OffsetDateTime("2026-12-01T08:02:00+01:00")!, line: "IC 8", category: "IC", number: "823", vehicle: "Train", direction: "Brig",
                origin: "Basel SBB", platform: "7", operator: "SBB", cancelled: true,
                timePredicted: OffsetDateTime("2026-12-01T08:01:00+01:00")!, platformPredicted: "7A", realtime: .asserted,
                departureCancelled: true, arrivalCancelled: true,
                alerts: [Alert(id: "1", header: "Works", description: "Bus", cause: "constructionWork", effect: "DETOUR", severity: "slight",
                               from: OffsetDateTime("2026-12-01T05:00:00+01:00")!, until: nil, url: "https://example.org/1")])],
            error: ScheduleError(code: "upstream_timeout", message: "Slow."), staleAge: 12).node),
        ("stations", NearbyStations([(Station(id: "8507000", name: "Bern", latitude: 46.94883, longitude: 7.43913, kind: .train), 12.4)]).node),
        ("locations", StationMatches([.init(station: Station(id: "8507000", name: "Bern", latitude: 46.9, longitude: 7.4), score: 0.98765, meters: 10)]).node),
        ("stations", BARTStationList([(BARTStations.byAbbr["EMBR"]!, 1.25), (BARTStations.byAbbr["MONT"]!, nil)]).node),
        ("departures", BARTDepartures(feed: feed, generated: "2026-12-01T08:02:00-08:00", age: 3).node),
        ("nearby", BARTNearby(stations: [(feed, 0.42)], generated: nil, age: 3).node),
        ("error", ScheduleError(code: "unknown_station", message: "No BART station.", candidates: [BARTStations.byAbbr["EMBR"]!.station]).node),
        ("forecast", WeatherForecast(
            query: "Bethesda", place: place, source: "yr-forecast",
            forecast: Forecast(
                generated: "2026-12-01T06:00:00Z",
                current: CurrentWeather(sky: rain, temperature: Temperature(celsius: 3), humidity: 80),
                days: [day], hours: [hour], credit: "met.no"),
            age: 60).node),
        ("places", Places(query: "38.98,-77.1", places: [place, place], distances: [Distance(meters: 1234)], source: "gazetteer").node),
        ("routeweather", RouteWeather(
            from: place, to: place, fromAlternatives: [place], toAlternatives: [place], day: 0, date: "2026-12-01",
            depart: "2026-12-01T08:00:00-05:00", distance: Distance(meters: 40_000), duration: "PT40M", dedupe: "city",
            sources: ["directions": "osrm", "geocoder": "gazetteer", "weather": "yr"], credit: "met.no",
            places: [
                weatheredRow,
                { var row = RoutePlace(index: 1, place: place, distance: Distance(meters: 40_000)); row.error = error; return row }(),
            ]).node),
        ("error", error.node),
        ("agencies", TransitAgencies([
            TransitAgencies.Agency(
                name: "bart", staticFeed: "https://www.bart.gov/dev/schedules/google_transit.zip", state: "ready", timezone: "America/Los_Angeles",
                version: "39", validFrom: "20251207", validUntil: "20271207", imported: OffsetDateTime("2026-12-07T13:27:45-08:00")!, stops: 47,
                routes: 6, trips: 2513, failure: "the static feed could not be read", credit: "BART",
                feeds: [TransitAgencies.Feed(
                    kind: "trip-updates", url: "https://api.bart.gov/gtfsrt/tripupdate.aspx", state: "failing", age: 12,
                    generated: OffsetDateTime("2026-12-07T13:27:47-08:00")!, failure: "timeout")]),
        ]).node),
        ("stops", TransitStops([(transitStop, Distance(meters: 82))]).node),
        ("departures", TransitDepartures(stop: transitStop, feed: FeedStamp(generated: OffsetDateTime("2026-12-07T13:27:47-08:00")!, age: 3),
                                         alerts: transitDeparture.alerts, departures: [transitDeparture]).node),
        ("nearby", TransitNearby(stops: [TransitNearby.Entry(
            stop: transitStop, distance: Distance(meters: 82), feed: FeedStamp(generated: nil, age: 0), alerts: transitDeparture.alerts,
            departures: [transitDeparture])]).node),
        ("alerts", TransitAlerts(agency: "bart", alerts: [transitDeparture.alerts[0]]).node),
    ]

    static let transitStop = TransitStop(
        agency: "bart", id: "19TH_N", name: "19th St. Oakland", latitude: 37.80787, longitude: -122.269029, platform: "2", parent: "19TH")
    static let transitDeparture = TransitDeparture(
        tripID: "36R10", serviceDate: "2026-12-07", routeID: "03", route: "Fremont - Richmond", color: "ff9933", textColor: "000000",
        headsign: "Fremont", stopID: "12TH", platform: "1", time: OffsetDateTime("2026-12-07T13:30:00-08:00")!,
        timePredicted: OffsetDateTime("2026-12-07T13:32:00-08:00")!, realtime: .propagated, cancelled: true, departureCancelled: true,
        added: true, alerts: [Alert(
            id: "elevator-12TH", header: "Elevator out of service", description: "Use the other entrance.", cause: "MAINTENANCE",
            effect: "ACCESSIBILITY_ISSUE", severity: "INFO", from: OffsetDateTime("2026-12-07T04:00:00-08:00")!,
            until: OffsetDateTime("2026-12-08T04:00:00-08:00")!, url: "https://www.bart.gov/")])

    @Test("every published XSD compiles, and /api/schema serves each as derived")
    func schemasCompile() async throws {
        let nothing = Array(#"<?xml version="1.0"?><nothing/>"#.utf8)
        for file in PublishedSchemas.all {
            // xmllint answers 5 when the schema does not compile, 3 when the document is invalid.
            let message = try #require(try await XMLSchemaCheck.validate(nothing, schema: file.xsd))
            #expect(!message.contains("failed to compile") && message.contains("No matching global declaration"), "\(file.path): \(message)")
            #expect(file.xsd.contains("<!-- " + file.summary + " -->"))
        }
        // The upstreams schema is served with the upstreams (UpstreamsEndpointTests).
        try await LiveApp.with { live in
            for file in DocumentSchemas.all + [ServiceDocuments.schema] {
                let response = try await live.get(file.path)
                #expect(response.status == 200 && response.text == file.xsd, "\(file.path)")
            }
        }
    }

    @Test("a document of every kind, with every element, validates in XML and in JSON")
    func everyKindValidates() async throws {
        for (name, node) in Self.documents {
            #expect(node.name == name)
            #expect(try await DocumentCheck.xmlProblem(Response.render(node, as: .xml, pretty: false)) == nil, "\(name)")
            #expect(try await DocumentCheck.xmlProblem(Response.render(node, as: .xml, pretty: true)) == nil, "\(name) pretty")
            #expect(try DocumentCheck.jsonProblem(Response.render(node, as: .json, pretty: false)) == nil, "\(name) JSON")
            #expect(!PublishedSchemas.files(declaring: name).isEmpty, "\(name)")
        }
        #expect(Set(Self.documents.map(\.name)) == Set(DocumentSchemas.all.flatMap { $0.documents.map(\.name) }))
    }

    @Test("the checks fail on a document the schemas do not allow, in XML and in JSON")
    func checksCanFail() async throws {
        let xml = String(decoding: Response.render(Self.documents[0].node, as: .xml, pretty: false), as: UTF8.self)
        #expect(try await DocumentCheck.xmlProblem(Array(xml.replacingOccurrences(of: "<info>", with: "<note/><info>").utf8)) != nil)
        #expect(try await DocumentCheck.xmlProblem(Array(xml.replacingOccurrences(of: ">Train<", with: ">Zeppelin<").utf8)) != nil)
        let json = String(decoding: Response.render(Self.documents[0].node, as: .json, pretty: false), as: UTF8.self)
        #expect(try DocumentCheck.jsonProblem(Array(json.replacingOccurrences(of: #""transfers":1"#, with: #""transfers":"one""#).utf8)) != nil)
        #expect(try DocumentCheck.jsonProblem(Array(json.replacingOccurrences(of: #""vehicle":"Bus""#, with: #""vehicle":"Zeppelin""#).utf8)) != nil)
        #expect(try DocumentCheck.jsonProblem(Array(json.replacingOccurrences(of: #""from":"Bern","#, with: "").utf8)) != nil)
    }

    @Test("the service's own documents are declared and checked too: /api, /api/routes, /healthz, /readyz, /debug/delay")
    func serviceDocuments() async throws {
        try await LiveApp.with { live in
            // LiveApp.get checks each document against the service schema.
            for (path, root) in [("/api", "api"), ("/healthz", "health"), ("/readyz", "ready"), ("/debug/delay?ms=0", "delay")] {
                let response = try await live.get(path)
                #expect(response.status == 200 && DocumentCheck.rootName(response.body) == root, "\(path)")
                #expect(PublishedSchemas.files(declaring: root).map(\.path) == ["/api/schema/service.xsd"], "\(path)")
            }
            let api = try await live.get("/api.json")
            #expect(api.status == 200 && api.text.hasPrefix(#"{"api":{"name":"gottago","#))
            #expect(try await live.get("/debug/delay.json?ms=0").text == #"{"delay":{"ms":0}}"#)
        }
        let broken = Array(#"<?xml version="1.0" encoding="UTF-8"?><ready><status>almost</status></ready>"#.utf8)
        #expect(try await DocumentCheck.xmlProblem(broken) != nil)
    }

    @Test("one Distance: metres first where measured in metres, miles first without metres where in miles; both valid")
    func oneDistance() throws {
        let metric = Response.render(Distance(meters: 1609.344).node, as: .xml, pretty: false)
        #expect(String(decoding: metric, as: UTF8.self).hasSuffix("<distance><m>1609</m><km>1.6</km><miles>1.0</miles></distance>"))
        let imperial = Response.render(Distance(miles: 1.26).node, as: .xml, pretty: false)
        #expect(String(decoding: imperial, as: UTF8.self).hasSuffix("<distance><miles>1.3</miles><km>2.0</km></distance>"))
        let distances = try #require(DocumentSchemas.weather.xsd.components(separatedBy: #"<xs:complexType name="Distance">"#).dropFirst().first)
        #expect(distances.hasPrefix("\n    <xs:all>"))
        #expect(DocumentSchemas.bart.xsd.contains(#"<xs:complexType name="Distance">"# + distances.prefix(40)))
    }
}
