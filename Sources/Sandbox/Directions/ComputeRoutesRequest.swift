import Markup

/// A Routes API computeRoutes request body as the simulator reads it: the two waypoints (a
/// `location.latLng` or an `address`), the travel mode and the units. Numbers may be JSON
/// numbers or strings, as proto3 JSON allows; names may be lowerCamelCase or snake_case.
struct ComputeRoutesRequest: Sendable {
    /// One end: a position, or an address to look up.
    enum Waypoint: Sendable, Equatable {
        case position(GeoPoint)
        case address(String)
    }

    /// Why a body was refused: the message of Google's 400 INVALID_ARGUMENT.
    struct Refusal: Error, Equatable {
        let message: String
    }

    let origin: Waypoint
    let destination: Waypoint
    /// Whether `units` asks for miles; nil leaves it to the origin's country.
    let imperial: Bool?

    /// The request's fields (ComputeRoutesRequest in routes.proto); others are refused as Google refuses them.
    static let knownFields: Set<String> = [
        "origin", "destination", "intermediates", "travelMode", "routingPreference", "polylineQuality", "polylineEncoding",
        "departureTime", "arrivalTime", "computeAlternativeRoutes", "routeModifiers", "languageCode", "regionCode", "units",
        "optimizeWaypointOrder", "requestedReferenceRoutes", "extraComputations", "trafficModel", "transitPreferences",
    ]

    /// Reads a body; a body that is not JSON, or not a request the simulator can answer, is refused with Google's words.
    init(_ body: [UInt8]) throws(Refusal) {
        let document: Document
        do {
            document = try Document.parse(body, as: .json)
        } catch {
            throw Refusal(message: "Invalid JSON payload received. \(error.message)")
        }
        guard body.first(where: { !Self.isSpace($0) }) == UInt8(ascii: "{") else {
            throw Refusal(message: "Invalid JSON payload received. Unknown name \"\": Root element must be a message.")
        }
        do {
            let reader = try Reader(document)
            for member in try reader.nodes("/json/*") {
                let name = member.attribute("key") ?? member.name
                guard Self.knownFields.contains(FieldMask.camelCased(name)) else {
                    throw Refusal(message: "Invalid JSON payload received. Unknown name \"\(name.prefix(100))\": Cannot find field.")
                }
            }
            guard let origin = try reader.waypoint("origin"), let destination = try reader.waypoint("destination") else {
                throw Refusal(message: "Origin and destination must be set.")
            }
            let mode = try reader.string("/json/travelMode | /json/travel_mode") ?? "DRIVE"
            guard mode == "DRIVE" || mode == "TRAVEL_MODE_UNSPECIFIED" else {
                throw Refusal(message: "The sandbox drives only: travelMode \(mode.prefix(40)) is not simulated.")
            }
            let units = try reader.string("/json/units")
            self.origin = origin
            self.destination = destination
            imperial = units == "IMPERIAL" ? true : units == "METRIC" ? false : nil
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Refusal(message: "Invalid JSON payload received. \(error)")
        }
    }

    /// XPath over the body's tree.
    private struct Reader {
        let xpath: XPathEvaluator

        init(_ document: Document) throws {
            xpath = try XPathEvaluator(document)
        }

        func nodes(_ path: String) throws -> [DocumentNode] {
            try xpath.nodes(XPathExpression(path))
        }

        func string(_ path: String) throws -> String? {
            try xpath.strings(XPathExpression(path)).first
        }

        /// A waypoint's position or address; nil when it has neither. A position out of range is refused.
        func waypoint(_ name: String) throws -> Waypoint? {
            guard let node = try nodes("/json/\(name)").first else { return nil }
            let location = "(location/latLng | location/lat_lng)"
            if try xpath.boolean(XPathExpression(location), at: node) {
                // proto3 JSON leaves a coordinate of 0 out.
                let lat = try xpath.strings(XPathExpression("\(location)/latitude"), at: node).first ?? "0"
                let lon = try xpath.strings(XPathExpression("\(location)/longitude"), at: node).first ?? "0"
                guard let latitude = Double(lat.trimmedOfSpaces()), let longitude = Double(lon.trimmedOfSpaces()),
                    latitude.isFinite, longitude.isFinite
                else {
                    throw Refusal(message: "Invalid JSON payload received. Expected a number in \(name).location.latLng.")
                }
                guard abs(latitude) <= 90, abs(longitude) <= 180 else {
                    throw Refusal(message: "Invalid \(name) location: latitude must be within [-90, 90] and longitude within [-180, 180].")
                }
                return .position(GeoPoint(latitude, longitude))
            }
            if let address = try xpath.strings(XPathExpression("address"), at: node).first, !address.isEmpty {
                return .address(address)
            }
            if try xpath.boolean(XPathExpression("placeId | place_id"), at: node) {
                throw Refusal(message: "The sandbox does not know place ids; give \(name) a location or an address.")
            }
            return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmedOfSpaces() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
