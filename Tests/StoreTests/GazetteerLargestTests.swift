import Model
import Testing
@testable import Store

@Suite("Gazetteer largest places")
struct GazetteerLargestTests {
    static func inside(_ place: Place, south: Double, north: Double, west: Double, east: Double) -> Bool {
        let longitude = west <= east ? (west...east).contains(place.longitude) : place.longitude >= west || place.longitude <= east
        return (south...north).contains(place.latitude) && longitude
    }

    @Test("Switzerland's largest: Zürich first, every one inside, most populous first")
    func switzerland() async throws {
        let gazetteer = try await GazetteerFixture.shared
        let places = try gazetteer.largestPlaces(south: 45.8, north: 47.8, west: 5.95, east: 10.5, limit: 8)
        #expect(places.count == 8)
        #expect(places.first?.name == "Zürich")
        #expect(places.contains { $0.name == "Bern" } && places.contains { $0.name == "Basel" })
        #expect(places.allSatisfy { Self.inside($0, south: 45.8, north: 47.8, west: 5.95, east: 10.5) })
        let populations = places.map { $0.population ?? 0 }
        #expect(populations == populations.sorted(by: >))
    }

    @Test("A small box holds exactly the places of 1,000 people or more that a search around it finds inside it")
    func sameAsSearch() async throws {
        let gazetteer = try await GazetteerFixture.shared
        let (south, north, west, east) = (46.85, 47.05, 7.3, 7.6)
        let largest = try gazetteer.largestPlaces(south: south, north: north, west: west, east: east, limit: 200)
        let around = try gazetteer.places(near: 46.95, longitude: 7.45, withinKm: 30, minimumPopulation: 1_000, limit: 200)
        let expected = around.filter { Self.inside($0, south: south, north: north, west: west, east: east) }
        #expect(largest.count > 5 && largest.count < 200)
        #expect(Set(largest.compactMap(\.id)) == Set(expected.compactMap(\.id)))
        #expect(largest.first?.name == "Bern")
    }

    @Test("A box across the antimeridian takes both sides")
    func antimeridian() async throws {
        let gazetteer = try await GazetteerFixture.shared
        // Chukotka: Anadyr west of 180°, Provideniya and Egvekinot east of it.
        let (south, north, west, east) = (62.0, 67.0, 176.0, -170.0)
        let places = try gazetteer.largestPlaces(south: south, north: north, west: west, east: east, limit: 20)
        #expect(places.first?.name == "Anadyr")
        #expect(places.contains { $0.name == "Provideniya" } && places.contains { $0.name == "Egvekinot" })
        #expect(places.allSatisfy { Self.inside($0, south: south, north: north, west: west, east: east) })
        let westSide = try gazetteer.largestPlaces(south: south, north: north, west: west, east: 180, limit: 20)
        let eastSide = try gazetteer.largestPlaces(south: south, north: north, west: -180, east: east, limit: 20)
        #expect(Set(places.compactMap(\.id)) == Set((westSide + eastSide).compactMap(\.id)))
    }

    @Test("Open sea, an empty box or limit, and corners off the globe")
    func edges() async throws {
        let gazetteer = try await GazetteerFixture.shared
        #expect(try gazetteer.largestPlaces(south: -40, north: -35, west: -30, east: -25, limit: 8).isEmpty)
        #expect(try gazetteer.largestPlaces(south: 47.8, north: 45.8, west: 5.95, east: 10.5, limit: 8).isEmpty)
        #expect(try gazetteer.largestPlaces(south: 45.8, north: 47.8, west: 5.95, east: 10.5, limit: 0).isEmpty)
        #expect(try gazetteer.largestPlaces(south: 45.8, north: 47.8, west: 5.95, east: 10.5, limit: 10_000).count == 200)
        for (south, north, west, east) in [(-91.0, 0.0, 0.0, 1.0), (0.0, 1.0, 0.0, 181.0), (Double.nan, 1.0, 0.0, 1.0)] {
            do {
                _ = try gazetteer.largestPlaces(south: south, north: north, west: west, east: east, limit: 1)
                Issue.record("no error for \(south), \(north), \(west), \(east)")
            } catch {
                #expect(error.isKind(of: .invalidCoordinate))
            }
        }
    }
}
