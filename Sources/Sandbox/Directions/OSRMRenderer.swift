/// OSRM v5 route service answers (`geometries=polyline6&steps=true&overview=full`), in the
/// recorded layout: waypoints, then one route with one leg whose steps end with `arrive`.
enum OSRMRenderer {
    /// The answer with a route.
    static func route(_ route: SimulatedRoute) -> [UInt8] {
        var json = "{\"code\":\"Ok\",\"waypoints\":["
        json += waypoint(route.origin, route.steps.first!.road) + "," + waypoint(route.destination, route.steps.last!.road)
        json += "],\"routes\":[{\"legs\":[{\"steps\":["
        var parts = route.steps.enumerated().map { index, step in
            self.step(step, before: index == 0 ? 0 : bearing(route.steps[index - 1]))
        }
        parts.append(arrival(route))
        json += parts.joined(separator: ",")
        let duration = Fixed.short(Double(route.duration), 1), distance = Fixed.short(Double(route.distance), 1)
        json += "],\"weight\":\(duration),\"distance\":\(distance),\"summary\":\(JSONAnswer.literal(summary(route))),\"duration\":\(duration)}]"
        json += ",\"weight_name\":\"routability\",\"geometry\":\(JSONAnswer.literal(Polyline.encode(route.points, precision: 6)))"
        json += ",\"weight\":\(duration),\"distance\":\(distance),\"duration\":\(duration)}]}"
        return Array(json.utf8)
    }

    /// An error answer: `NoRoute`, `InvalidQuery`, `InvalidValue`, with OSRM's messages.
    static func error(_ code: String, _ message: String) -> [UInt8] {
        Array("{\"message\":\(JSONAnswer.literal(message)),\"code\":\(JSONAnswer.literal(code))}".utf8)
    }

    /// OSRM's maneuver type and modifier for a step.
    static func maneuver(_ maneuver: SimulatedStep.Maneuver) -> (type: String, modifier: String?) {
        switch maneuver {
        case .depart: ("depart", nil)
        case .turnLeft: ("turn", "left")
        case .turnRight: ("turn", "right")
        case .merge: ("merge", "slight left")
        case .straight: ("continue", "straight")
        case .keepLeft: ("fork", "slight left")
        case .keepRight: ("fork", "slight right")
        case .rampRight: ("off ramp", "slight right")
        }
    }

    private static func step(_ step: SimulatedStep, before: Int) -> String {
        let (type, modifier) = maneuver(step.maneuver)
        let after = bearing(step)
        var maneuver = "{\"bearing_after\":\(after),\"location\":\(location(step.start)),\"type\":\(JSONAnswer.literal(type)),\"bearing_before\":\(before)"
        if let modifier { maneuver += ",\"modifier\":" + JSONAnswer.literal(modifier) }
        maneuver += "}"
        let duration = Fixed.short(Double(step.duration), 1)
        return "{\"intersections\":[{\"out\":0,\"entry\":[true],\"location\":\(location(step.start)),\"bearings\":[\(after)]}]"
            + ",\"geometry\":\(JSONAnswer.literal(Polyline.encode(step.points, precision: 6))),\"duration\":\(duration),\"distance\":\(Fixed.short(Double(step.distance), 1))"
            + ",\"name\":\(JSONAnswer.literal(step.road)),\"weight\":\(duration),\"mode\":\"driving\",\"maneuver\":\(maneuver)}"
    }

    private static func arrival(_ route: SimulatedRoute) -> String {
        let end = route.destination, before = bearing(route.steps.last!)
        return "{\"intersections\":[{\"in\":0,\"entry\":[true],\"location\":\(location(end)),\"bearings\":[\((before + 180) % 360)]}]"
            + ",\"geometry\":\(JSONAnswer.literal(Polyline.encode([end, end], precision: 6))),\"duration\":0,\"distance\":0"
            + ",\"name\":\(JSONAnswer.literal(route.steps.last!.road)),\"weight\":0,\"mode\":\"driving\""
            + ",\"maneuver\":{\"bearing_after\":0,\"bearing_before\":\(before),\"type\":\"arrive\",\"location\":\(location(end))}}"
    }

    private static func bearing(_ step: SimulatedStep) -> Int {
        let points = step.points
        guard points.count > 1 else { return 0 }
        return Int(points[0].bearing(to: points[1]).rounded()) % 360
    }

    private static func waypoint(_ point: GeoPoint, _ name: String) -> String {
        "{\"hint\":\"\",\"location\":\(location(point)),\"name\":\(JSONAnswer.literal(name))}"
    }

    private static func summary(_ route: SimulatedRoute) -> String {
        var roads: [String] = []
        for step in route.steps where !roads.contains(step.road) && step.onHighway { roads.append(step.road) }
        return roads.prefix(2).joined(separator: ", ")
    }

    /// `[lon,lat]` with six decimals, as OSRM writes them.
    static func location(_ point: GeoPoint) -> String {
        "[" + Fixed.short(point.longitude, 6) + "," + Fixed.short(point.latitude, 6) + "]"
    }
}
