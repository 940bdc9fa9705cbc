import Store
public import Kernel

/// A driving route as the directions upstream gave it: length, time, geometry and steps.
public struct DrivingRoute: Sendable {
    /// One instruction of the route.
    public struct Step: Sendable {
        public var instruction: String?
        public var location: Coordinate?
        public var meters: Double
        public var seconds: Double
    }

    public var meters: Double
    public var seconds: Double
    /// The geometry, start to end.
    public var points: [Coordinate]
    public var steps: [Step]

    /// Positions every `spacing` metres along the geometry, with their distance from the start:
    /// the start, then each point where the distance travelled passes a multiple of `spacing`,
    /// then the end.
    public func samples(every spacing: Double) -> [(position: Coordinate, meters: Double)] {
        guard let first = points.first else { return [] }
        var samples = [(position: first, meters: 0.0)]
        var travelled = 0.0
        var next = spacing
        for (from, to) in zip(points, points.dropFirst()) {
            let length = Self.meters(from, to)
            while length > 0, travelled + length >= next {
                let fraction = (next - travelled) / length
                let position =
                    Coordinate(
                        latitude: from.latitude + (to.latitude - from.latitude) * fraction,
                        longitude: from.longitude + (to.longitude - from.longitude) * fraction) ?? from
                samples.append((position, next))
                next += spacing
            }
            travelled += length
        }
        // The end, unless the last sample is already (nearly) there.
        if let last = points.last, travelled - samples[samples.count - 1].meters > spacing / 10 {
            samples.append((last, travelled))
        }
        // Distances along the geometry, scaled to the route's own length.
        let scale = travelled > 0 && meters > 0 ? meters / travelled : 1
        return samples.map { ($0.position, $0.meters * scale) }
    }

    /// Seconds of driving to reach `distance` metres along the route: the steps' times where they
    /// add up to the route, else (steps without times too) in proportion to the distance.
    public func seconds(toMeters distance: Double) -> Double {
        guard meters > 0 else { return 0 }
        let stepMeters = steps.reduce(0) { $0 + $1.meters }, stepSeconds = steps.reduce(0) { $0 + $1.seconds }
        guard !steps.isEmpty, abs(stepMeters - meters) < meters * 0.05, stepSeconds > 0 else { return seconds * min(distance / meters, 1) }
        var covered = 0.0, elapsed = 0.0
        for step in steps {
            if covered + step.meters >= distance {
                return elapsed + (step.meters > 0 ? step.seconds * (distance - covered) / step.meters : 0)
            }
            covered += step.meters
            elapsed += step.seconds
        }
        return elapsed
    }

    /// The great-circle distance between two positions in metres.
    public static func meters(_ a: Coordinate, _ b: Coordinate) -> Double {
        StationDirectory.meters(fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
    }
}
