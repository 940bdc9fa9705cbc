#if canImport(Glibc)
import Glibc
#endif
import Model

/// Nominatim's XML answers with `addressdetails=1`: `searchresults` with one `place` per match,
/// the address parts as its children; `reversegeocode` with `result` and `addressparts`, or
/// `<error>Unable to geocode</error>` when nothing is near.
enum NominatimRenderer {
    static let attribution = "Data © OpenStreetMap contributors, ODbL 1.0. http://www.openstreetmap.org/copyright"

    /// A search answer.
    static func search(_ places: [Place], query: String, timestamp: String) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        let ids = places.map { String(placeID($0)) }.joined(separator: ",")
        writer.element("searchresults", [
            ("timestamp", timestamp), ("attribution", attribution), ("querystring", query), ("exclude_place_ids", ids),
            ("more_url", "https://nominatim.openstreetmap.org/search?q=" + query + "&exclude_place_ids=" + ids + "&format=xml"),
        ]) { w in
            for place in places {
                w.element("place", attributes(place) + [("display_name", displayName(place))] + kind(place) + [("importance", importance(place))]) { w in
                    addressParts(place, into: &w)
                }
            }
        }
        return writer.bytes
    }

    /// A reverse answer for the place found.
    static func reverse(_ place: Place, latitude: Double, longitude: Double, timestamp: String) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("reversegeocode", [("timestamp", timestamp), ("attribution", attribution), ("querystring", reverseQuery(latitude, longitude))]) { w in
            w.leaf("result", displayName(place), attributes(place) + kind(place) + [("importance", importance(place))])
            w.element("addressparts") { addressParts(place, into: &$0) }
        }
        return writer.bytes
    }

    /// The reverse answer when nothing is near.
    static func unableToGeocode(latitude: Double, longitude: Double, timestamp: String) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("reversegeocode", [("timestamp", timestamp), ("attribution", attribution), ("querystring", reverseQuery(latitude, longitude))]) { w in
            w.leaf("error", "Unable to geocode")
        }
        return writer.bytes
    }

    private static func reverseQuery(_ latitude: Double, _ longitude: Double) -> String {
        "format=xml&lat=\(Fixed.short(latitude, 7))&lon=\(Fixed.short(longitude, 7))&addressdetails=1"
    }

    /// "Beverly Hills, California, 90210, United States".
    static func displayName(_ place: Place) -> String {
        [place.name, place.adminName, place.postcode, place.country].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// city (≥ 100 000), town (≥ 10 000) or village: the address part and the type.
    static func settlement(_ place: Place) -> String {
        (place.population ?? 0) >= 100_000 ? "city" : (place.population ?? 0) >= 10_000 ? "town" : "village"
    }

    /// A rough importance from the population, as Nominatim ranks larger places first.
    static func importance(_ place: Place) -> String {
        Fixed.short(min(0.95, 0.25 + 0.1 * log10(Double(max(place.population ?? 0, 1)))), 8)
    }

    private static func kind(_ place: Place) -> [(String, String)] {
        [("class", "place"), ("type", settlement(place))]
    }

    private static func placeID(_ place: Place) -> Int {
        1 + StableHash(place.name, place.countryCode ?? "", Fixed.short(place.latitude, 4)).pick(400_000_000)
    }

    private static func attributes(_ place: Place) -> [(String, String)] {
        let rank = (place.population ?? 0) >= 100_000 ? "16" : (place.population ?? 0) >= 10_000 ? "18" : "19"
        let box = [place.latitude - 0.1, place.latitude + 0.1, place.longitude - 0.1, place.longitude + 0.1].map { Fixed.text($0, 7) }
        return [
            ("place_id", String(placeID(place))), ("osm_type", "node"), ("osm_id", String(placeID(place) * 7 % 999_999_937)),
            ("place_rank", rank), ("boundingbox", box.joined(separator: ",")),
            ("lat", Fixed.text(place.latitude, 7)), ("lon", Fixed.text(place.longitude, 7)),
        ]
    }

    private static func addressParts(_ place: Place, into w: inout AnswerWriter) {
        w.leaf(settlement(place), place.name)
        if let state = place.adminName { w.leaf("state", state) }
        if let admin = place.admin { w.leaf("ISO3166-2-lvl4", (place.countryCode ?? "") + "-" + admin) }
        if let postcode = place.postcode { w.leaf("postcode", postcode) }
        w.leaf("country", place.country ?? "")
        w.leaf("country_code", (place.countryCode ?? "").lowercased())
    }
}

extension NominatimRenderer {
    /// Nominatim's answer to a request it cannot read.
    static func status(_ message: String) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("error") { w in
            w.leaf("code", "400")
            w.leaf("message", message)
        }
        return writer.bytes
    }
}
