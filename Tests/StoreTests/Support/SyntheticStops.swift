#if canImport(Glibc)
import Glibc
#endif
import Model

/// A seeded random number generator (SplitMix64), so that every run draws the same stops.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E4B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Made-up stops for checks against brute force.
enum SyntheticStops {
    /// `count` stops over Switzerland: half spread evenly, half in twenty town-sized clusters,
    /// with every kind.
    static func switzerland(count: Int, seed: UInt64 = 1) -> [Station] {
        var random = SeededGenerator(seed: seed)
        let towns = (0..<20).map { _ in
            (Double.random(in: 45.9...47.7, using: &random), Double.random(in: 6.0...10.4, using: &random))
        }
        return (0..<count).map { index in
            let latitude: Double, longitude: Double
            if index.isMultiple(of: 2) {
                latitude = Double.random(in: 45.8...47.8, using: &random)
                longitude = Double.random(in: 5.95...10.5, using: &random)
            } else {
                let town = towns[index % towns.count]
                latitude = town.0 + Double.random(in: -0.03...0.03, using: &random)
                longitude = town.1 + Double.random(in: -0.04...0.04, using: &random)
            }
            return stop(index, latitude: latitude, longitude: longitude, random: &random)
        }
    }

    /// `count` stops over the whole globe, a third of them crowded near the poles and the
    /// antimeridian.
    static func globe(count: Int, seed: UInt64 = 2) -> [Station] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { index in
            let latitude: Double, longitude: Double
            switch index % 6 {
            case 0:
                latitude = Double.random(in: 88...90, using: &random) * (index.isMultiple(of: 12) ? 1 : -1)
                longitude = Double.random(in: -180...180, using: &random)
            case 1:
                latitude = Double.random(in: -70...70, using: &random)
                longitude = Double.random(in: 179...180, using: &random) * (index % 12 == 1 ? 1 : -1)
            default:
                latitude = asin(Double.random(in: -1...1, using: &random)) * 180 / .pi
                longitude = Double.random(in: -180...180, using: &random)
            }
            return stop(index, latitude: latitude, longitude: longitude, random: &random)
        }
    }

    private static func stop(_ index: Int, latitude: Double, longitude: Double, random: inout SeededGenerator) -> Station {
        let kind = Station.Kind.allCases[Int.random(in: 0..<Station.Kind.allCases.count, using: &random)]
        return Station(id: String(9_000_000 + index), name: "Stop \(index)", latitude: latitude, longitude: longitude,
                       locality: "Town \(index % 97)", kind: kind)
    }
}

/// The nearest stops by a plain look at every one of them, with its own haversine.
enum BruteForce {
    static func meters(_ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let sinLatitude = sin((latitude2 - latitude1) * radians / 2), sinLongitude = sin((longitude2 - longitude1) * radians / 2)
        let a = sinLatitude * sinLatitude + cos(latitude1 * radians) * cos(latitude2 * radians) * sinLongitude * sinLongitude
        return 2 * 6_371_008.8 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    /// The `limit` nearest stops of `kinds`, kept in order while every stop is measured.
    static func nearest(
        _ stops: [Station], latitude: Double, longitude: Double, limit: Int, kinds: Set<Station.Kind>
    ) -> [(station: Station, meters: Double)] {
        var nearest: [(station: Station, meters: Double)] = []
        for stop in stops where kinds.contains(stop.kind) {
            let meters = meters(latitude, longitude, stop.latitude, stop.longitude)
            if nearest.count == limit, let last = nearest.last, last.meters <= meters { continue }
            let index = nearest.firstIndex { $0.meters > meters } ?? nearest.endIndex
            nearest.insert((stop, meters), at: index)
            if nearest.count > limit { nearest.removeLast() }
        }
        return nearest
    }
}
