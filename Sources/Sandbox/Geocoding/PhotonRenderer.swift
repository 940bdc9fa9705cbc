import Model

/// Photon's GeoJSON answers, compact and in the recorded member order: a FeatureCollection with
/// one Point feature per place (`coordinates` longitude first) and its OpenStreetMap properties;
/// a settlement is `osm_key` place with `osm_value` city, town or village, and has no `city` of
/// its own. A request Photon refuses is answered `{"message": …}`.
enum PhotonRenderer {
    /// A FeatureCollection of the places, in order.
    static func collection(_ places: [Place]) -> [UInt8] {
        JSONValue.object([("features", .array(places.map(feature))), ("type", .string("FeatureCollection"))]).bytes(indent: 0)
    }

    /// A refusal's body.
    static func message(_ text: String) -> [UInt8] {
        JSONValue.object([("message", .string(text))]).bytes(indent: 0)
    }

    private static func feature(_ place: Place) -> JSONValue {
        let settlement = NominatimRenderer.settlement(place)
        var properties: [(String, JSONValue)] = [
            ("osm_id", .integer(1 + StableHash(place.name, place.countryCode ?? "", Fixed.short(place.latitude, 4)).pick(4_000_000_000))),
            ("country", .string(place.country ?? "")), ("countrycode", .string(place.countryCode ?? "")),
        ]
        if let postcode = place.postcode { properties.append(("postcode", .string(postcode))) }
        properties += [
            ("type", .string(settlement)), ("osm_type", .string("N")), ("osm_key", .string("place")), ("osm_value", .string(settlement)),
            ("name", .string(place.name)),
        ]
        if let state = place.adminName { properties.append(("state", .string(state))) }
        let coordinates = JSONValue.array([.number(Fixed.short(place.longitude, 7)), .number(Fixed.short(place.latitude, 7))])
        return .object([
            ("geometry", .object([("coordinates", coordinates), ("type", .string("Point"))])), ("type", .string("Feature")),
            ("properties", .object(properties)),
        ])
    }
}
