/// Google Routes API (v2) computeRoutes answers, laid out as the recorded one: `routes` with one
/// leg whose steps carry their polylines, locations, navigation instructions and localized
/// texts; durations as strings of seconds ("20202s"). As proto3 JSON, a number equal to zero is
/// left out (a route between identical points has no distanceMeters). The whole answer is built
/// and then trimmed by the request's field mask, as the API does.
enum GoogleRoutesRenderer {
    /// The answer with a route; `imperial` writes the localized texts in miles.
    static func route(_ route: SimulatedRoute, imperial: Bool) -> JSONValue {
        let leg = JSONValue.object(
            nonZero("distanceMeters", route.distance) + [
                ("duration", duration(route.duration)), ("staticDuration", duration(route.duration)),
                ("polyline", polyline(route.points)),
                ("startLocation", location(route.steps.first!.start)), ("endLocation", location(route.steps.last!.end)),
                ("steps", .array(route.steps.map { step($0, imperial: imperial) })),
                ("localizedValues", localized(route, imperial: imperial)),
            ])
        let lats = route.points.map(\.latitude), lons = route.points.map(\.longitude)
        let members: [(String, JSONValue)] =
            [("legs", .array([leg]))] + nonZero("distanceMeters", route.distance) + [
                ("duration", duration(route.duration)), ("staticDuration", duration(route.duration)),
                ("polyline", polyline(route.points)), ("description", .string(description(route))),
                ("viewport", .object([("low", latLng(GeoPoint(lats.min()!, lons.min()!))), ("high", latLng(GeoPoint(lats.max()!, lons.max()!)))])),
                ("travelAdvisory", .object([])), ("localizedValues", localized(route, imperial: imperial)),
                ("routeLabels", .array([.string("DEFAULT_ROUTE")])),
            ]
        return .object([("routes", .array([.object(members)]))])
    }

    /// The answer when no route joins the two points: an empty object.
    static let noRoute = JSONValue.object([])

    /// Google's error answer: `{"error": {"code", "message", "status"}}`, with the details an
    /// invalid key gets (`reason` API_KEY_INVALID).
    static func error(_ code: Int, _ message: String, status: String, reason: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [("code", .integer(code)), ("message", .string(message)), ("status", .string(status))]
        if let reason {
            members.append(("details", .array([
                .object([
                    ("@type", .string("type.googleapis.com/google.rpc.ErrorInfo")), ("reason", .string(reason)),
                    ("domain", .string("googleapis.com")), ("metadata", .object([("service", .string("routes.googleapis.com"))])),
                ]),
                .object([("@type", .string("type.googleapis.com/google.rpc.LocalizedMessage")), ("locale", .string("en-US")), ("message", .string(message))]),
            ])))
        }
        return .object([("error", .object(members))])
    }

    /// The Routes API's maneuver for a step.
    static func maneuver(_ maneuver: SimulatedStep.Maneuver) -> String {
        switch maneuver {
        case .depart: "DEPART"
        case .turnLeft: "TURN_LEFT"
        case .turnRight: "TURN_RIGHT"
        case .merge: "MERGE"
        case .straight: "STRAIGHT"
        case .keepLeft: "FORK_LEFT"
        case .keepRight: "FORK_RIGHT"
        case .rampRight: "RAMP_RIGHT"
        }
    }

    /// The instructions as plain text; a note goes on a line of its own, as the API writes a
    /// second instruction.
    static func instructions(_ step: SimulatedStep) -> String {
        step.instruction + (step.note.map { "\n" + $0 } ?? "")
    }

    private static func step(_ step: SimulatedStep, imperial: Bool) -> JSONValue {
        .object(
            nonZero("distanceMeters", step.distance) + [
                ("staticDuration", duration(step.duration)), ("polyline", polyline(step.points)),
                ("startLocation", location(step.start)), ("endLocation", location(step.end)),
                ("navigationInstruction", .object([("maneuver", .string(maneuver(step.maneuver))), ("instructions", .string(instructions(step)))])),
                ("localizedValues", .object([
                    ("distance", text(GoogleDirectionsRenderer.distanceText(step.distance, miles: imperial))),
                    ("staticDuration", text(GoogleDirectionsRenderer.durationText(step.duration))),
                ])),
                ("travelMode", .string("DRIVE")),
            ])
    }

    private static func localized(_ route: SimulatedRoute, imperial: Bool) -> JSONValue {
        let duration = text(GoogleDirectionsRenderer.durationText(route.duration))
        return .object([
            ("distance", text(GoogleDirectionsRenderer.distanceText(route.distance, miles: imperial))),
            ("duration", duration), ("staticDuration", duration),
        ])
    }

    /// The first highway's name ("I-70 W"), or the first road's.
    private static func description(_ route: SimulatedRoute) -> String {
        (route.steps.first { $0.onHighway } ?? route.steps[0]).road
    }

    private static func nonZero(_ name: String, _ value: Int) -> [(String, JSONValue)] {
        value == 0 ? [] : [(name, .integer(value))]
    }

    private static func duration(_ seconds: Int) -> JSONValue { .string("\(seconds)s") }

    private static func text(_ text: String) -> JSONValue { .object([("text", .string(text))]) }

    private static func polyline(_ points: [GeoPoint]) -> JSONValue {
        .object([("encodedPolyline", .string(Polyline.encode(points)))])
    }

    private static func location(_ point: GeoPoint) -> JSONValue { .object([("latLng", latLng(point))]) }

    /// Seven decimals at most, a coordinate of 0 left out.
    static func latLng(_ point: GeoPoint) -> JSONValue {
        let parts = [("latitude", point.latitude), ("longitude", point.longitude)].compactMap { name, value -> (String, JSONValue)? in
            let text = Fixed.short(value, 7)
            return text == "0" ? nil : (name, .number(text))
        }
        return .object(parts)
    }
}
