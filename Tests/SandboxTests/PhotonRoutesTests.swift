import Foundation
@testable import Sandbox
import Model
import Scrape
import Testing

/// Photon's simulated search and reverse read by the photon routes give back the place source's
/// places; what Photon refuses it refuses with its own messages.
@Suite("Photon answers through the routes")
struct PhotonRoutesTests {
    typealias P = TestPlaces
    static let service = GeocodingSimulator(places: P.source, now: { P.july15 })

    static func run(_ routeID: String, _ parameters: [String: String]) throws -> WebRouteRun {
        try WebRouteRun(routeID, parameters) { service.respond(path: $0, query: $1) }
    }

    /// Field by field, as nominatim's records of the same place, but for `admin`: Photon names the state.
    static func compare(_ record: Record, _ place: Place, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(record.value("name") == place.name, sourceLocation: sourceLocation)
        #expect(record.value("lat").flatMap(Double.init) == place.latitude, sourceLocation: sourceLocation)
        #expect(record.value("lon").flatMap(Double.init) == place.longitude, sourceLocation: sourceLocation)
        #expect(record.value("country") == place.country, sourceLocation: sourceLocation)
        #expect(record.value("country_code") == place.countryCode, sourceLocation: sourceLocation)
        #expect(record.value("admin") == place.adminName, sourceLocation: sourceLocation)
        #expect(record.value("city") == place.name, sourceLocation: sourceLocation)
        #expect(record.value("postcode") == place.postcode, sourceLocation: sourceLocation)
        #expect(record.value("kind") == "place/" + NominatimRenderer.settlement(place), sourceLocation: sourceLocation)
    }

    /// The body of a raw request, parsed.
    static func json(_ answer: WebAnswer) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    @Test func searchFindsNamesDivisionsAndPostcodes() throws {
        let bern = try Self.run("photon-search", ["q": "Bern", "limit": "5"])
        #expect(bern.answer.status == 200 && bern.answer.contentType.hasPrefix("application/json"))
        let places = bern.records("places")
        #expect(places.count == 1)
        if let first = places.first {
            Self.compare(first, P.bern)
            #expect(first.value("display") == "Bern, Bern, 3000, Switzerland")
        }
        let hills = try Self.run("photon-search", ["q": "beverly hills, ca", "limit": "5"])
        if let first = hills.records("places").first { Self.compare(first, P.beverlyHills) }
        #expect(try Self.run("photon-search", ["q": "90210", "limit": "1"]).records("places").first?.value("name") == "Beverly Hills")
        #expect(try Self.run("photon-search", ["q": "Zurich", "limit": "1"]).records("places").first?.value("name") == "Zürich")
        // A limit beyond Photon's is capped, not refused.
        let wide = Self.service.respond(path: GeocodingSimulator.photonSearchPath, query: "q=Washington&limit=500")
        #expect((try Self.json(wide)["features"] as? [Any])?.count == 1)
        let nothing = try Self.run("photon-search", ["q": "Atlantis", "limit": "5"])
        #expect(nothing.extraction.failure == nil && nothing.records("places").isEmpty)
        #expect(String(decoding: nothing.answer.body, as: UTF8.self) == #"{"features":[],"type":"FeatureCollection"}"#)
    }

    @Test func reverseGivesTheNearestPlaceOrNone() throws {
        let near = try Self.run("photon-reverse", ["lat": "38.99", "lon": "-77.09"])
        let places = near.records("places")
        #expect(places.count == 1)
        if let first = places.first { Self.compare(first, P.bethesda) }
        let sea = try Self.run("photon-reverse", ["lat": "30", "lon": "-40"])
        #expect(sea.answer.status == 200 && sea.extraction.failure?.code == "no_places" && sea.extraction.failure?.kind == .answer)
        // More than one: the nearest few, nearest first.
        let several = try Self.json(Self.service.respond(path: GeocodingSimulator.reversePath, query: "lat=46.9&lon=7.5&limit=3"))
        let names = (several["features"] as? [[String: Any]])?.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
        #expect(names == ["Bern", "Thun"])
    }

    @Test func nominatimKeepsItsReverseByItsFormatParameter() throws {
        let nominatim = Self.service.respond(path: GeocodingSimulator.reversePath, query: "lat=46.95&lon=7.45&format=xml&addressdetails=1")
        #expect(String(decoding: nominatim.body, as: UTF8.self).contains("<reversegeocode"))
        let photon = Self.service.respond(path: GeocodingSimulator.reversePath, query: "lat=46.95&lon=7.45")
        #expect(try Self.json(photon)["type"] as? String == "FeatureCollection")
        #expect(try GeocodingRoutesTests.run("nominatim-reverse", ["lat": "46.95", "lon": "7.45"]).records("places").first?.value("name") == "Bern")
    }

    @Test func refusalsAreGeoJSONMessagesAndTheRoutesSayTheyWereRefused() throws {
        let cases: [(String, String, String)] = [
            (GeocodingSimulator.photonSearchPath, "limit=3", "missing search term 'q': /?q=berlin"),
            (GeocodingSimulator.reversePath, "lat=46.9", "missing search term 'lat' and/or 'lon': /?lat=51.5&lon=8.0"),
            (GeocodingSimulator.reversePath, "lat=north&lon=east", "invalid search term 'lat' and/or 'lon': /?lat=51.5&lon=8.0"),
            (GeocodingSimulator.reversePath, "lat=nan&lon=1", "invalid search term 'lat' and/or 'lon': /?lat=51.5&lon=8.0"),
            (GeocodingSimulator.reversePath, "lat=91&lon=7", "invalid search term 'lat', expected number >= -90.0 and <= 90.0"),
            (GeocodingSimulator.reversePath, "lat=46&lon=-180.5", "invalid search term 'lon', expected number >= -180.0 and <= 180.0"),
        ]
        for (path, query, message) in cases {
            let answer = Self.service.respond(path: path, query: Substring(query))
            #expect(answer.status == 400, "\(query)")
            #expect(try Self.json(answer)["message"] as? String == message, "\(query)")
        }
        // The route's sandbox sample is this answer.
        let sample = try Data(contentsOf: URL(fileURLWithPath: TestTimetable.routesDirectory + "/photon-search/samples/sandbox-error-missing-q.json"))
        #expect(Array(sample) == Self.service.respond(path: GeocodingSimulator.photonSearchPath, query: nil).body)
        let refused = try Self.run("photon-reverse", ["lat": "91", "lon": "7"])
        #expect(refused.extraction.failure?.code == "upstream_rejected")
        #expect(refused.extraction.failure?.message.contains("expected number >= -90.0") == true)
        // Hostile text is a search like any other; a query longer than the service reads is refused whole.
        for q in ["%3Cscript%3E", "%22%7D%5D%2C%22x%22%3A1", "%00%01", "%E2%80", "+"] {
            let answer = Self.service.respond(path: GeocodingSimulator.photonSearchPath, query: Substring("q=" + q))
            #expect(answer.status == 200, "\(q)")
            #expect((try Self.json(answer)["features"] as? [Any])?.isEmpty == true, "\(q)")
        }
        let long = Self.service.respond(path: GeocodingSimulator.photonSearchPath, query: Substring("q=" + String(repeating: "a", count: 5000)))
        #expect(long.status == 414)
    }
}
