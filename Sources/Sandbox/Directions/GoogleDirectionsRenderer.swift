/// Google Directions API answers in XML, laid out as the recorded ones: one route with one leg,
/// the steps with their polylines, HTML instructions and texts in miles (US) or kilometres.
enum GoogleDirectionsRenderer {
    /// The answer with a route.
    static func route(_ route: SimulatedRoute, originAddress: String, destinationAddress: String) -> [UInt8] {
        let miles = route.originPlace?.countryCode == "US"
        var writer = AnswerWriter(charset: .utf8)
        writer.element("DirectionsResponse") { w in
            w.leaf("status", "OK")
            w.element("route") { w in
                w.leaf("summary", summary(route))
                w.element("leg") { w in
                    for step in route.steps { self.step(step, miles: miles, into: &w) }
                    amount(&w, "duration", route.duration, durationText(route.duration))
                    amount(&w, "distance", route.distance, distanceText(route.distance, miles: miles))
                    location(&w, "start_location", route.steps.first!.start)
                    location(&w, "end_location", route.steps.last!.end)
                    w.leaf("start_address", originAddress)
                    w.leaf("end_address", destinationAddress)
                }
                w.leaf("copyrights", "Map data ©2026 Google")
                w.element("overview_polyline") { $0.leaf("points", Polyline.encode(route.points)) }
                w.element("bounds") { w in
                    let lats = route.points.map(\.latitude), lons = route.points.map(\.longitude)
                    location(&w, "southwest", GeoPoint(lats.min()!, lons.min()!))
                    location(&w, "northeast", GeoPoint(lats.max()!, lons.max()!))
                }
            }
        }
        return writer.bytes
    }

    /// The service's answers without a route (ZERO_RESULTS, NOT_FOUND, INVALID_REQUEST, REQUEST_DENIED) and its request checks.
    static let service = GoogleMapsXML(root: "DirectionsResponse")

    /// The instruction as Google writes it: bold parts, and a note in a smaller div.
    static func html(_ step: SimulatedStep) -> String {
        var html = step.pieces.map { $0.emphasized ? "<b>" + $0.text + "</b>" : $0.text }.joined()
        if let note = step.note { html += #"<div style="font-size:0.9em">"# + note + "</div>" }
        return html
    }

    private static func step(_ step: SimulatedStep, miles: Bool, into w: inout AnswerWriter) {
        w.element("step") { w in
            w.leaf("travel_mode", "DRIVING")
            location(&w, "start_location", step.start)
            location(&w, "end_location", step.end)
            w.element("polyline") { $0.leaf("points", Polyline.encode(step.points)) }
            amount(&w, "duration", step.duration, durationText(step.duration))
            w.leaf("html_instructions", html(step))
            amount(&w, "distance", step.distance, distanceText(step.distance, miles: miles))
            if let maneuver = maneuver(step.maneuver) { w.leaf("maneuver", maneuver) }
        }
    }

    static func maneuver(_ maneuver: SimulatedStep.Maneuver) -> String? {
        switch maneuver {
        case .depart: nil
        case .turnLeft: "turn-left"
        case .turnRight: "turn-right"
        case .merge: "merge"
        case .straight: "straight"
        case .keepLeft: "keep-left"
        case .keepRight: "keep-right"
        case .rampRight: "ramp-right"
        }
    }

    private static func summary(_ route: SimulatedRoute) -> String {
        var roads: [String] = []
        for step in route.steps where step.onHighway {
            let road = String(step.road.split(separator: " ").first!)
            if !roads.contains(road) { roads.append(road) }
        }
        return roads.prefix(2).joined(separator: " and ")
    }

    private static func location(_ w: inout AnswerWriter, _ name: String, _ point: GeoPoint) {
        w.element(name) { w in
            w.leaf("lat", Fixed.text(point.latitude, 7))
            w.leaf("lng", Fixed.text(point.longitude, 7))
        }
    }

    private static func amount(_ w: inout AnswerWriter, _ name: String, _ value: Int, _ text: String) {
        w.element(name) { w in
            w.leaf("value", String(value))
            w.leaf("text", text)
        }
    }

    /// "1 min", "22 mins", "2 hours 5 mins", "1 day 15 hours".
    static func durationText(_ seconds: Int) -> String {
        let minutes = max(1, (seconds + 30) / 60)
        func unit(_ n: Int, _ name: String) -> String { "\(n) \(name)\(n == 1 ? "" : "s")" }
        if minutes < 60 { return unit(minutes, "min") }
        let hours = minutes / 60
        if hours < 24 { return minutes % 60 == 0 ? unit(hours, "hour") : unit(hours, "hour") + " " + unit(minutes % 60, "min") }
        return hours % 24 == 0 ? unit(hours / 24, "day") : unit(hours / 24, "day") + " " + unit(hours % 24, "hour")
    }

    /// "1.9 mi", "2,672 mi", "0.2 mi", "459 ft"; or "3.0 km", "4,312 km", "45 m".
    static func distanceText(_ metres: Int, miles: Bool) -> String {
        if miles {
            let mi = Double(metres) / 1609.344
            if mi < 0.1 { return "\(Int((Double(metres) * 3.28084).rounded())) ft" }
            return mi < 100 ? Fixed.text(mi, 1) + " mi" : grouped(Int(mi.rounded())) + " mi"
        }
        if metres < 1000 { return "\(metres) m" }
        let km = Double(metres) / 1000
        return km < 100 ? Fixed.text(km, 1) + " km" : grouped(Int(km.rounded())) + " km"
    }

    private static func grouped(_ n: Int) -> String {
        var digits = String(n), out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return digits + out
    }
}
