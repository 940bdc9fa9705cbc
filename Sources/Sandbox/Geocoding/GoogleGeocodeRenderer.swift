import Model

/// Google Geocoding API answers in XML: `GeocodeResponse` with `status` and a `result` per
/// place (types, formatted address, address components, geometry), or ZERO_RESULTS.
enum GoogleGeocodeRenderer {
    /// The answer with results.
    static func results(_ places: [Place]) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("GeocodeResponse") { w in
            w.leaf("status", "OK")
            for place in places { result(place, into: &w) }
        }
        return writer.bytes
    }

    /// The service's answers without results (ZERO_RESULTS, INVALID_REQUEST, REQUEST_DENIED) and its request checks.
    static let service = GoogleMapsXML(root: "GeocodeResponse")

    /// "Beverly Hills, CA 90210, USA", "Bern, Switzerland".
    static func formattedAddress(_ place: Place) -> String {
        DirectionsSimulator.address(place)
    }

    private static func result(_ place: Place, into w: inout AnswerWriter) {
        w.element("result") { w in
            w.leaf("type", "locality")
            w.leaf("type", "political")
            w.leaf("formatted_address", formattedAddress(place))
            component(&w, place.name, place.name, ["locality", "political"])
            if let admin = place.admin {
                component(&w, place.adminName ?? admin, admin, ["administrative_area_level_1", "political"])
            }
            component(&w, place.country ?? "", place.countryCode ?? "", ["country", "political"])
            if let postcode = place.postcode { component(&w, postcode, postcode, ["postal_code"]) }
            w.element("geometry") { w in
                location(&w, "location", place.latitude, place.longitude)
                w.leaf("location_type", "APPROXIMATE")
                w.element("viewport") { w in
                    location(&w, "southwest", place.latitude - 0.05, place.longitude - 0.05)
                    location(&w, "northeast", place.latitude + 0.05, place.longitude + 0.05)
                }
            }
            w.leaf("place_id", "ChIJ" + String(StableHash(place.name, place.countryCode ?? "").value, radix: 36))
        }
    }

    private static func component(_ w: inout AnswerWriter, _ long: String, _ short: String, _ types: [String]) {
        w.element("address_component") { w in
            w.leaf("long_name", long)
            w.leaf("short_name", short)
            for type in types { w.leaf("type", type) }
        }
    }

    private static func location(_ w: inout AnswerWriter, _ name: String, _ lat: Double, _ lng: Double) {
        w.element(name) { w in
            w.leaf("lat", Fixed.text(lat, 7))
            w.leaf("lng", Fixed.text(lng, 7))
        }
    }
}
