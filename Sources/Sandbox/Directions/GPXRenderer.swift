/// GraphHopper's GPX 1.1 answers (`type=gpx`, instructions on): the track with every point,
/// then the route points, one per instruction, with GraphHopper's distance, time and sign.
enum GPXRenderer {
    static let namespace = "http://www.topografix.com/GPX/1/1"
    static let graphHopperNamespace = "https://graphhopper.com/public/schema/gpx/1.1"

    /// The answer with a route.
    static func route(_ route: SimulatedRoute) -> [UInt8] {
        var writer = AnswerWriter(charset: .utf8)
        writer.element("gpx", [
            ("xmlns", namespace), ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
            ("xsi:schemaLocation", "http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd"),
            ("creator", "Graphhopper version 1.0"), ("version", "1.1"), ("xmlns:gh", graphHopperNamespace),
        ]) { w in
            w.element("metadata") { w in
                w.leaf("copyright", "", [("author", "OpenStreetMap contributors")])
                w.leaf("link", "", [("href", "http://graphhopper.com")])
            }
            w.element("rte") { w in
                for step in route.steps {
                    rtept(&w, step.start, desc: text(step), distance: step.distance, milliseconds: step.duration * 1000, sign: sign(step.maneuver))
                }
                rtept(&w, route.destination, desc: "Arrive at destination", distance: 0, milliseconds: 0, sign: 4)
            }
            w.element("trk") { w in
                w.leaf("name", "GraphHopper Track")
                w.element("trkseg") { w in
                    for point in route.points { w.empty("trkpt", [("lat", Fixed.short(point.latitude, 6)), ("lon", Fixed.short(point.longitude, 6))]) }
                }
            }
        }
        return writer.bytes
    }

    /// GraphHopper's error answer, which is JSON even for `type=gpx`.
    static func error(_ message: String) -> [UInt8] {
        Array("{\"message\":\(JSONAnswer.literal(message)),\"hints\":[{\"message\":\(JSONAnswer.literal(message))}]}".utf8)
    }

    /// The instruction as GraphHopper writes it: plain text, the note left out.
    static func text(_ step: SimulatedStep) -> String {
        step.instruction
    }

    /// GraphHopper's instruction sign.
    static func sign(_ maneuver: SimulatedStep.Maneuver) -> Int {
        switch maneuver {
        case .depart, .straight, .merge: 0
        case .turnLeft: -2
        case .turnRight: 2
        case .keepLeft: -7
        case .keepRight: 7
        case .rampRight: 1
        }
    }

    private static func rtept(_ w: inout AnswerWriter, _ point: GeoPoint, desc: String, distance: Int, milliseconds: Int, sign: Int) {
        w.element("rtept", [("lat", Fixed.short(point.latitude, 6)), ("lon", Fixed.short(point.longitude, 6))]) { w in
            w.leaf("desc", desc)
            w.element("extensions") { w in
                w.leaf("gh:distance", String(distance))
                w.leaf("gh:time", String(milliseconds))
                w.leaf("gh:sign", String(sign))
            }
        }
    }
}
