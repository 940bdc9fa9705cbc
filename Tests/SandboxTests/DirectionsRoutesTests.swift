@testable import Sandbox
import Testing

/// The directions simulator's three formats read by the repository's routes give back the model's route.
@Suite("Directions answers through the routes")
struct DirectionsRoutesTests {
    typealias P = TestPlaces
    static let service = DirectionsSimulator(model: P.model)
    static let bethesda = DirectionsModelTests.bethesda, beverlyHills = DirectionsModelTests.beverlyHills

    static func run(_ routeID: String, _ parameters: [String: String]) throws -> WebRouteRun {
        try WebRouteRun(routeID, parameters) { service.respond(path: $0, query: $1) }
    }

    static func point(_ text: String?) -> GeoPoint? {
        guard let parts = text?.split(separator: ","), parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        return GeoPoint(lat, lon)
    }

    static func near(_ text: String?, _ point: GeoPoint, within tolerance: Double = 0.000_011) -> Bool {
        guard let read = Self.point(text) else { return false }
        return abs(read.latitude - point.latitude) <= tolerance && abs(read.longitude - point.longitude) <= tolerance
    }

    @Test func googleDirectionsReadsBackStepByStep() throws {
        let route = try #require(P.model.route(from: Self.bethesda, to: Self.beverlyHills))
        let run = try Self.run("google-directions", ["origin": "38.98067,-77.10026", "destination": "Beverly Hills, CA", "key": "k"])
        let record = try #require(run.records("routes").first)
        #expect(record.value("distance_m") == String(route.distance))
        #expect(record.value("duration_s") == String(route.duration))
        let points = record.texts("points")
        #expect(points.count == route.points.count)
        #expect(Self.near(points.first, Self.bethesda) && Self.near(points.last, Self.beverlyHills))
        let steps = record.list("steps")
        #expect(steps.count == route.steps.count)
        for (read, step) in zip(steps, route.steps) {
            #expect(read.value("instruction") == step.instruction + (step.note.map { " " + $0 } ?? ""))
            #expect(read.value("maneuver") == GoogleDirectionsRenderer.maneuver(step.maneuver))
            #expect(Self.near(read.value("location"), step.start, within: 0.000_001))
            #expect(read.value("distance_m") == String(step.distance))
            #expect(read.value("duration_s") == String(step.duration))
        }
        #expect(try run.strings("/DirectionsResponse/route/leg/start_address") == ["Bethesda, MD 20814, USA"])
        #expect(try run.strings("/DirectionsResponse/route/leg/end_address") == ["Beverly Hills, CA 90210, USA"])
        #expect(run.extraction.diagnostics.isEmpty, "\(run.extraction.diagnostics)")
    }

    @Test func googleDirectionsAnswersItsStatuses() throws {
        let ocean = try Self.run("google-directions", ["origin": "Bern", "destination": "New York, NY", "key": "k"])
        #expect(ocean.extraction.failure?.code == "no_route")
        #expect(try ocean.strings("/DirectionsResponse/status") == ["ZERO_RESULTS"])
        let unknown = try Self.run("google-directions", ["origin": "Atlantis", "destination": "Bern", "key": "k"])
        #expect(try unknown.strings("/DirectionsResponse/status") == ["NOT_FOUND"])
        #expect(unknown.extraction.failure?.code == "no_route")
        let noKey = Self.service.respond(path: DirectionsSimulator.googlePath, query: "origin=Bern&destination=Thun")
        #expect(String(decoding: noKey.body, as: UTF8.self).contains("<status>REQUEST_DENIED</status>"))
        let missing = Self.service.respond(path: DirectionsSimulator.googlePath, query: "destination=Thun&key=k")
        #expect(String(decoding: missing.body, as: UTF8.self).contains("<status>INVALID_REQUEST</status>"))
        let huge = Self.service.respond(path: DirectionsSimulator.googlePath, query: Substring("key=k&origin=" + String(repeating: "%41", count: 5000)))
        #expect(huge.status == 200 && String(decoding: huge.body, as: UTF8.self).contains("<status>INVALID_REQUEST</status>"))
    }

    @Test func identicalEndsAreOneStepInEveryFormat() throws {
        let google = try Self.run("google-directions", ["origin": "46.94809,7.44744", "destination": "46.94809,7.44744", "key": "k"])
        let route = try #require(google.records("routes").first)
        #expect(route.list("steps").count == 1 && route.value("distance_m") == "0")
        let osrm = try Self.run("osrm-route", ["from_lon": "7.44744", "from_lat": "46.94809", "to_lon": "7.44744", "to_lat": "46.94809"])
        #expect(osrm.records("routes").first?.list("steps").map { $0.value("maneuver") } == ["depart", "arrive"])
        let gpx = try Self.run("graphhopper-gpx", ["from": "46.94809,7.44744", "to": "46.94809,7.44744", "key": "k"])
        let gpxRoute = try #require(gpx.records("routes").first)
        #expect(gpxRoute.list("steps").count == 2 && gpxRoute.value("distance_m") == "0" && gpxRoute.list("track").count == 1)
    }

    @Test func osrmReadsBackWithPolyline6() throws {
        let from = P.zurich.coordinate, to = GeoPoint(45.74846, 4.84671)
        let route = try #require(P.model.route(from: from, to: to))
        let run = try Self.run("osrm-route", ["from_lon": "8.55", "from_lat": "47.36667", "to_lon": "4.84671", "to_lat": "45.74846"])
        let record = try #require(run.records("routes").first)
        #expect(record.value("distance_m") == String(route.distance))
        #expect(record.value("duration_s") == String(route.duration))
        let points = record.texts("points")
        #expect(points.count == route.points.count)
        for (text, point) in zip(points, route.points) { #expect(Self.near(text, point, within: 0.000_001)) }
        let steps = record.list("steps")
        #expect(steps.count == route.steps.count + 1)
        for (read, step) in zip(steps, route.steps) {
            #expect(read.value("name") == step.road)
            #expect(read.value("maneuver") == OSRMRenderer.maneuver(step.maneuver).type)
            #expect(Self.near(read.value("location"), step.start, within: 0.000_001))
            #expect(read.value("distance_m") == String(step.distance))
        }
        #expect(steps.last?.value("maneuver") == "arrive" && steps.last?.value("distance_m") == "0")
    }

    @Test func osrmAnswersItsErrors() throws {
        let ocean = try Self.run("osrm-route", ["from_lon": "7.44744", "from_lat": "46.94809", "to_lon": "-74.00597", "to_lat": "40.71427"])
        #expect(ocean.answer.status == 400 && ocean.extraction.failure?.code == "no_route")
        let outOfRange = try Self.run("osrm-route", ["from_lon": "7.4", "from_lat": "146.9", "to_lon": "7.5", "to_lat": "46.9"])
        #expect(outOfRange.answer.status == 400 && outOfRange.extraction.failure?.code == "bad_coordinates")
        for coordinates in ["7.4,46.9", "x,y;1,2", "nan,1;2,3", "7.4,46.9;7.5,46.9;7.6,46.9", String(repeating: "9", count: 10_000)] {
            let answer = Self.service.respond(path: DirectionsSimulator.osrmPrefix + coordinates, query: nil)
            #expect(answer.status == 400 && String(decoding: answer.body, as: UTF8.self).contains("\"code\":\"InvalidQuery\""))
        }
    }

    @Test func graphHopperGPXReadsBackEveryPointAndStep() throws {
        let from = P.bern.coordinate, to = GeoPoint(48.13743, 11.57549)
        let route = try #require(P.model.route(from: from, to: to))
        let run = try Self.run("graphhopper-gpx", ["from": "46.94809,7.44744", "to": "48.13743,11.57549", "key": "k"])
        let record = try #require(run.records("routes").first)
        #expect(record.value("distance_m") == String(route.distance))
        #expect(record.value("duration_s") == String(route.duration))
        let track = record.list("track")
        #expect(track.count == route.points.count)
        for (read, point) in zip(track, route.points) { #expect(Self.near(read.value("location"), point, within: 0.000_001)) }
        let steps = record.list("steps")
        #expect(steps.count == route.steps.count + 1)
        for (read, step) in zip(steps, route.steps) {
            #expect(read.value("instruction") == step.instruction)
            #expect(read.value("distance_m") == String(step.distance))
            #expect(read.value("duration_s") == String(step.duration))
        }
        #expect(steps.first?.value("maneuver") == "continue" && steps.last?.value("maneuver") == "finish")
        let ocean = try Self.run("graphhopper-gpx", ["from": "46.94809,7.44744", "to": "40.71427,-74.00597", "key": "k"])
        #expect(ocean.answer.status == 400 && ocean.extraction.failure != nil)
        let noKey = Self.service.respond(path: DirectionsSimulator.graphHopperPath, query: "point=46.9,7.4&point=46.8,7.6&type=gpx")
        #expect(noKey.status == 401)
    }
}
