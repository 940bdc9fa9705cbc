import Testing
import Kernel

@Suite("Great-circle distances")
struct HaversineTests {
    @Test func oneDegreeAlongAMeridianIsTheRadiusTimesItsAngle() {
        let meters = Haversine.meters(fromLatitude: 0, longitude: 0, toLatitude: 1, longitude: 0)
        #expect(abs(meters - Haversine.earthRadius * Haversine.radiansPerDegree) < 1e-6)
    }

    @Test func antipodesAreHalfACircumferenceApart() {
        let meters = Haversine.meters(fromLatitude: 0, longitude: 0, toLatitude: 0, longitude: 180)
        #expect(abs(meters - Haversine.earthRadius * .pi) < 1e-3)
    }

    @Test func distancesAreSymmetricAndRankByTheHaversine() throws {
        let bern = try #require(Coordinate(latitude: 46.94809, longitude: 7.43913))
        let zurich = try #require(Coordinate(latitude: 47.37818, longitude: 8.54019))
        let geneva = try #require(Coordinate(latitude: 46.21021, longitude: 6.14245))
        #expect(abs(bern.meters(to: zurich) - zurich.meters(to: bern)) < 1e-6)
        // Bern–Zürich is about 96 km as the crow flies, Bern–Genève about 130 km.
        #expect((95_000...97_000).contains(bern.meters(to: zurich)))
        #expect((128_000...132_000).contains(bern.meters(to: geneva)))
        let origin = Haversine(latitude: bern.latitude, longitude: bern.longitude)
        #expect(origin.haversine(latitude: zurich.latitude, longitude: zurich.longitude) < origin.haversine(latitude: geneva.latitude, longitude: geneva.longitude))
        #expect(origin.meters(latitude: bern.latitude, longitude: bern.longitude) == 0)
    }

    @Test func coordinatesOutOfRangeAreRefused() {
        #expect(Coordinate(latitude: 90.5, longitude: 0) == nil)
        #expect(Coordinate(latitude: 0, longitude: -180.1) == nil)
        #expect(Coordinate(latitude: .nan, longitude: 0) == nil)
        #expect(Coordinate(latitude: -90, longitude: 180) != nil)
    }
}
