@testable import Sandbox
import Testing

@Suite("Directions model")
struct DirectionsModelTests {
    typealias P = TestPlaces
    static let bethesda = GeoPoint(38.98067, -77.10026)
    static let beverlyHills = GeoPoint(34.07362, -118.40036)

    @Test func bethesdaToBeverlyHillsCrossesTheCountryThroughItsCities() throws {
        let route = try #require(P.model.route(from: Self.bethesda, to: Self.beverlyHills))
        #expect((4_000_000...4_700_000).contains(route.distance), "\(route.distance) m")
        #expect((70...100).contains(route.steps.count), "\(route.steps.count) steps")
        // About 40 hours at highway speed, more in town.
        #expect(route.duration > route.distance * 36 / 1050 && route.duration < route.distance * 36 / 800, "\(route.duration) s")
        let names = route.waypoints.map(\.name)
        #expect(names.count >= 5, "\(names)")
        #expect(names.contains("St. Louis"), "\(names)")
        #expect(Set(route.steps.map(\.road).filter { $0.hasPrefix("I-") }).count >= 3)
        #expect(route.steps.first?.maneuver == .depart)
        #expect(route.steps.first?.instruction.hasPrefix("Head ") == true)
        #expect(route.steps.contains { $0.instruction.hasPrefix("Merge onto I-") })
        #expect(route.steps.last?.note == StepPlanner.destinationNote)
        #expect(route.steps.first?.start == Self.bethesda && route.steps.last?.end == Self.beverlyHills)
        for (step, next) in zip(route.steps, route.steps.dropFirst()) { #expect(step.end == next.start) }
    }

    @Test func theGeometryRunsFromEndToEndAlongTheSegments() throws {
        let route = try #require(P.model.route(from: Self.bethesda, to: Self.beverlyHills))
        let decoded = try #require(Polyline.decode(Polyline.encode(route.points)))
        #expect(decoded.count == route.points.count && decoded.count > 1_000)
        #expect(decoded.first!.meters(to: Self.bethesda) < 2 && decoded.last!.meters(to: Self.beverlyHills) < 2)
        let corners = [Self.bethesda] + route.waypoints.map(\.coordinate) + [Self.beverlyHills]
        for point in decoded {
            let near = zip(corners, corners.dropFirst()).contains { a, b in
                point.crossTrackDistance(a, b) < 100 && point.meters(to: a) <= a.meters(to: b) + 100 && point.meters(to: b) <= a.meters(to: b) + 100
            }
            #expect(near, "\(point) is off the route's segments")
            if !near { break }
        }
        for (a, b) in zip(decoded, decoded.dropFirst()) { #expect(a.meters(to: b) <= RoadPath.spacing + 50) }
    }

    @Test func identicalEndsAreOneStepOfNothing() throws {
        let route = try #require(P.model.route(from: Self.bethesda, to: Self.bethesda))
        #expect(route.steps.count == 1 && route.distance == 0 && route.duration == 0)
        #expect(route.steps[0].maneuver == .depart && route.steps[0].start == Self.bethesda)
    }

    @Test func aShortRouteStaysInTown() throws {
        let route = try #require(P.model.route(from: P.bern.coordinate, to: GeoPoint(46.93, 7.38)))
        #expect(route.steps.count == 3 && route.waypoints.isEmpty)
        #expect(route.steps.allSatisfy { !$0.onHighway })
    }

    @Test func noRouteCrossesAnOcean() {
        #expect(P.model.route(from: P.bern.coordinate, to: P.newYork.coordinate) == nil)
        #expect(P.model.route(from: P.sydney.coordinate, to: P.beverlyHills.coordinate) == nil)
        #expect(P.model.route(from: P.bern.coordinate, to: GeoPoint(48.13743, 11.57549)) != nil)
    }

    @Test func antipodesAndPolesDoNotBreakTheGeometry() {
        let a = GeoPoint(40, 0), b = GeoPoint(-40, 180)
        #expect(a.interpolated(to: b, fraction: 0.25) == a && a.interpolated(to: b, fraction: 0.75) == b)
        let pole = GeoPoint(90, 0).interpolated(to: GeoPoint(80, 100), fraction: 0.5)
        #expect(pole.latitude.isFinite && pole.longitude.isFinite && abs(pole.latitude - 85) < 0.01)
    }

    @Test func theSameQuestionGetsTheSameRoute() throws {
        let a = try #require(P.model.route(from: P.zurich.coordinate, to: GeoPoint(45.74846, 4.84671)))
        let b = try #require(P.model.route(from: P.zurich.coordinate, to: GeoPoint(45.74846, 4.84671)))
        #expect(a.steps.filter(\.onHighway).allSatisfy { $0.road.hasPrefix("A") } && a.steps.contains(where: \.onHighway))
        #expect(a.steps.map(\.instruction) == b.steps.map(\.instruction) && a.points == b.points && a.distance == b.distance)
    }

    @Test(arguments: [
        ([GeoPoint(38.5, -120.2), GeoPoint(40.7, -120.95), GeoPoint(43.252, -126.453)], 5, "_p~iF~ps|U_ulLnnqC_mqNvxq`@"),
        ([GeoPoint(0, 0)], 5, "??"),
        ([], 5, ""),
    ])
    func polylinesEncodeAsGoogleDocumentsThem(points: [GeoPoint], precision: Int, text: String) throws {
        #expect(Polyline.encode(points, precision: precision) == text)
        #expect(try #require(Polyline.decode(text, precision: precision)) == points)
    }

    @Test func polyline6KeepsSixDecimalsAndBrokenTextsAreRefused() throws {
        let points = [GeoPoint(50.509415, 5.494653), GeoPoint(-33.867851, 151.207323)]
        #expect(try #require(Polyline.decode(Polyline.encode(points, precision: 6), precision: 6)) == points)
        #expect(Polyline.decode("_p~iF~ps|U_ulL") == nil)
        #expect(Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`") == nil)
        #expect(Polyline.decode("ab\u{7F}c") == nil)
        #expect(Polyline.encode([GeoPoint(.nan, .infinity)]) == "??")
    }
}

