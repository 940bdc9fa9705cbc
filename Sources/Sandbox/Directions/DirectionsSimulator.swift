import Model

/// The routing APIs over a ``DirectionsModel``, each on its real path:
/// `GET /maps/api/directions/xml?origin=…&destination=…&key=…` (Google Directions, XML),
/// `GET /route/v1/driving/{lon},{lat};{lon},{lat}?…` (OSRM v5, JSON with polyline6) and
/// `GET /api/1/route?point=lat,lon&point=lat,lon&type=gpx&key=…` (GraphHopper, GPX).
///
/// A bad request gets the format's own error answer (INVALID_REQUEST, InvalidQuery or InvalidValue,
/// GraphHopper's JSON message), never a crash.
///
/// ```swift
/// let service = DirectionsSimulator(model: DirectionsModel(places: places))
/// service.respond(path: DirectionsSimulator.googlePath, query: "origin=38.98067,-77.10026&destination=90210&key=k")
/// ```
public struct DirectionsSimulator: Sendable {
    /// Google Directions' XML path.
    public static let googlePath = "/maps/api/directions/xml"
    /// The prefix of OSRM's driving route path; the coordinates follow.
    public static let osrmPrefix = "/route/v1/driving/"
    /// GraphHopper's route path.
    public static let graphHopperPath = "/api/1/route"

    /// The model the routes come from.
    public let model: DirectionsModel

    /// A service over a model.
    public init(model: DirectionsModel) {
        self.model = model
    }

    /// The answer to a GET of `path` with a raw (still percent-encoded) query.
    public func respond(path: String, query: Substring?) -> WebAnswer {
        if path == Self.googlePath { return google(query) }
        if path.hasPrefix(Self.osrmPrefix) { return osrm(String(path.dropFirst(Self.osrmPrefix.count))) }
        if path == Self.graphHopperPath { return graphHopper(query) }
        return .notFound
    }

    func google(_ raw: Substring?) -> WebAnswer {
        let google = GoogleDirectionsRenderer.service
        let query: WebQuery
        do { query = try google.query(raw) } catch { return error.answer }
        func answer(_ body: [UInt8]) -> WebAnswer { google.answer(body) }
        guard let originText = query["origin"], !originText.isEmpty else {
            return answer(google.status("INVALID_REQUEST", message: "Invalid request. Missing the 'origin' parameter."))
        }
        guard let destinationText = query["destination"], !destinationText.isEmpty else {
            return answer(google.status("INVALID_REQUEST", message: "Invalid request. Missing the 'destination' parameter."))
        }
        guard let origin = resolve(originText), let destination = resolve(destinationText) else {
            return answer(google.status("NOT_FOUND"))
        }
        guard let route = model.route(from: origin, to: destination) else {
            return answer(google.status("ZERO_RESULTS"))
        }
        return answer(GoogleDirectionsRenderer.route(
            route, originAddress: Self.address(route.originPlace), destinationAddress: Self.address(route.destinationPlace)))
    }

    func osrm(_ rawCoordinates: String) -> WebAnswer {
        func answer(_ status: Int, _ body: [UInt8]) -> WebAnswer { WebAnswer(status: status, contentType: "application/json; charset=UTF-8", body: body) }
        let text = WebQuery.decode(rawCoordinates.utf8.prefix(WebQuery.maximumLength + 1), plusIsSpace: false)
        let pieces = text.split(separator: ";", omittingEmptySubsequences: false)
        let points = pieces.compactMap { WebQuery.coordinate(String($0), longitudeFirst: true) }
        guard text.utf8.count <= WebQuery.maximumLength, pieces.count == 2, points.count == 2 else {
            // Numbers out of range are OSRM's InvalidValue; anything else does not parse.
            let numbers = pieces.map { $0.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0) }.filter(\.isFinite) }
            if pieces.count == 2, numbers.allSatisfy({ $0.count == 2 }) {
                return answer(400, OSRMRenderer.error("InvalidValue", "Invalid coordinate value."))
            }
            let position = pieces.first.map { WebQuery.coordinate(String($0), longitudeFirst: true) == nil ? 0 : $0.utf8.count + 1 } ?? 0
            return answer(400, OSRMRenderer.error("InvalidQuery", "Query string malformed close to position \(position)"))
        }
        guard let route = model.route(from: points[0], to: points[1]) else {
            return answer(400, OSRMRenderer.error("NoRoute", "Impossible route between points"))
        }
        return answer(200, OSRMRenderer.route(route))
    }

    func graphHopper(_ raw: Substring?) -> WebAnswer {
        func failure(_ status: Int, _ message: String) -> WebAnswer {
            WebAnswer(status: status, contentType: "application/json", body: GPXRenderer.error(message))
        }
        guard let query = try? WebQuery(raw) else { return failure(400, "The request is too long") }
        guard let key = query["key"], !key.isEmpty else { return failure(401, "Missing API key") }
        let texts = query.all("point")
        guard texts.count == 2 else { return failure(400, "You have to pass at least two points") }
        var points: [GeoPoint] = []
        for text in texts {
            guard let point = WebQuery.coordinate(text) else { return failure(400, "Cannot parse point '\(text.prefix(64))'") }
            points.append(point)
        }
        guard let route = model.route(from: points[0], to: points[1]) else {
            return failure(400, "Connection between locations not found")
        }
        return WebAnswer(status: 200, contentType: "application/gpx+xml", body: GPXRenderer.route(route))
    }

    /// A "lat,lng" text, or the best place the text names.
    func resolve(_ text: String) -> GeoPoint? {
        if let point = WebQuery.coordinate(text) { return point }
        return (try? model.places.search(text, limit: 1))?.first?.coordinate
    }

    /// "Bethesda, MD, USA", as Google writes a place's address.
    static func address(_ place: Place?) -> String {
        guard let place else { return "" }
        let country = place.countryCode == "US" ? "USA" : place.country
        return [place.name, place.postcode.map { (place.admin ?? "") + " " + $0 } ?? place.admin, country]
            .compactMap { $0?.trimming(" ") }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

extension String {
    /// Without leading and trailing characters of a set.
    func trimming(_ characters: Character...) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
