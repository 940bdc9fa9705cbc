@testable import Sandbox
import Model
import Scrape
import Testing

/// The geocoders' answers read by the repository's routes give back the place source's places.
@Suite("Geocoding answers through the routes")
struct GeocodingRoutesTests {
    typealias P = TestPlaces
    static let service = GeocodingSimulator(places: P.source, now: { P.july15 })

    static func run(_ routeID: String, _ parameters: [String: String]) throws -> WebRouteRun {
        try WebRouteRun(routeID, parameters) { service.respond(path: $0, query: $1) }
    }

    /// Field by field: a route's place record against the place.
    static func compare(_ record: Record, _ place: Place, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(record.value("name") == place.name, sourceLocation: sourceLocation)
        #expect(record.value("lat").flatMap(Double.init) == place.latitude, sourceLocation: sourceLocation)
        #expect(record.value("lon").flatMap(Double.init) == place.longitude, sourceLocation: sourceLocation)
        #expect(record.value("country") == place.country, sourceLocation: sourceLocation)
        #expect(record.value("country_code") == place.countryCode, sourceLocation: sourceLocation)
        #expect(record.value("admin") == place.admin, sourceLocation: sourceLocation)
        #expect(record.value("city") == place.name, sourceLocation: sourceLocation)
        #expect(record.value("postcode") == place.postcode, sourceLocation: sourceLocation)
    }

    @Test func nominatimSearchFindsNamesDivisionsAndPostcodes() throws {
        let bern = try Self.run("nominatim-search", ["q": "Bern", "limit": "5"])
        let places = bern.records("places")
        #expect(places.count == 1)
        if let first = places.first {
            Self.compare(first, P.bern)
            #expect(first.value("kind") == "place/city" && first.value("display") == "Bern, Bern, 3000, Switzerland")
        }
        let hills = try Self.run("nominatim-search", ["q": "beverly hills, ca", "limit": "5"])
        #expect(hills.records("places").count == 1)
        if let first = hills.records("places").first { Self.compare(first, P.beverlyHills) }
        let zip = try Self.run("nominatim-search", ["q": "90210", "limit": "1"])
        #expect(zip.records("places").first?.value("name") == "Beverly Hills")
        let zurich = try Self.run("nominatim-search", ["q": "Zurich", "limit": "1"])
        #expect(zurich.records("places").first?.value("name") == "Zürich")
        #expect(try zurich.strings("/searchresults/@timestamp") == ["Wed, 15 Jul 26 12:00:00 +0000"])
        let nothing = try Self.run("nominatim-search", ["q": "Atlantis", "limit": "5"])
        #expect(nothing.extraction.failure == nil && nothing.records("places").isEmpty)
    }

    @Test func nominatimReverseGivesTheNearestPlaceOrItsError() throws {
        let near = try Self.run("nominatim-reverse", ["lat": "38.99", "lon": "-77.09"])
        let places = near.records("places")
        #expect(places.count == 1)
        if let first = places.first { Self.compare(first, P.bethesda) }
        let sea = try Self.run("nominatim-reverse", ["lat": "30", "lon": "-40"])
        #expect(sea.extraction.failure?.code == "no_places")
        #expect(try sea.strings("/reversegeocode/error") == ["Unable to geocode"])
        let broken = Self.service.respond(path: GeocodingSimulator.reversePath, query: "lat=abc&lon=1&format=xml")
        #expect(broken.status == 400)
        let long = Self.service.respond(path: GeocodingSimulator.reversePath, query: Substring("lat=1&lon=" + String(repeating: "1", count: 5000)))
        #expect(long.status == 414)
    }

    @Test func googleGeocodeForwardAndReverse() throws {
        let forward = try Self.run("google-geocode", ["address": "90210", "key": "k"])
        let places = forward.records("places")
        #expect(places.count == 1)
        if let first = places.first {
            Self.compare(first, P.beverlyHills)
            #expect(first.value("display") == "Beverly Hills, CA 90210, USA")
        }
        let reverse = try Self.run("google-geocode", ["latlng": "46.95,7.45", "key": "k"])
        if let first = reverse.records("places").first { Self.compare(first, P.bern) }
        for parameters in [["address": "Atlantis", "key": "k"], ["latlng": "0,-30", "key": "k"]] {
            let none = try Self.run("google-geocode", parameters)
            #expect(none.extraction.failure?.code == "no_places", "\(parameters)")
            #expect(try none.strings("/GeocodeResponse/status") == ["ZERO_RESULTS"])
        }
        let denied = try Self.run("google-geocode", ["address": "Bern", "key": ""])
        #expect(denied.extraction.failure?.code == "upstream_rejected")
        let invalid = try Self.run("google-geocode", ["latlng": "north,east", "key": "k"])
        #expect(try invalid.strings("/GeocodeResponse/status") == ["INVALID_REQUEST"])
    }

    @Test func placeListSearchFoldsCaseAndAccents() {
        #expect(P.source.search("ZÜRICH", limit: 3).map(\.name) == ["Zürich"])
        #expect(P.source.search("Lulea", limit: 3).map(\.name) == ["Luleå"])
        #expect(P.source.search("Springfield, MO", limit: 3).count == 1)
        #expect(P.source.search("Springfield, IL", limit: 3).isEmpty)
        #expect(P.source.search("Bern, Switzerland", limit: 3).map(\.name) == ["Bern"])
        #expect(P.source.search(" , ", limit: 3).isEmpty)
        #expect(P.source.nearest(latitude: 46.76, longitude: 7.62)?.name == "Thun")
        #expect(P.source.places(near: 46.95, longitude: 7.45, withinKm: 30, minimumPopulation: 0, limit: 5).map(\.name) == ["Bern", "Thun"])
        #expect(P.source.places(near: 46.95, longitude: 7.45, withinKm: 30, minimumPopulation: 50_000, limit: 5).map(\.name) == ["Bern"])
    }
}
