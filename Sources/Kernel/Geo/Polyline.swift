#if canImport(Glibc)
import Glibc
#endif

/// Lines of positions: simplification for drawing.
///
/// ```swift
/// Polyline.simplified(route.points, tolerance: 500, maxPoints: 300)   // a 40,000-point route as ≤ 300
/// ```
public enum Polyline {
    /// The line with fewer points, keeping its ends (Douglas–Peucker, largest deviation first):
    /// points are added back where the line strays farthest from the simplified one, until no
    /// point strays more than `tolerance` metres or `maxPoints` are kept.
    ///
    /// Deviations are measured on a local equirectangular projection of each stretch, which is
    /// good to a fraction of a percent for stretches of a few hundred kilometres. A line of two
    /// points or fewer, or a `maxPoints` under 2, comes back as it is or as its ends.
    public static func simplified(_ points: [Coordinate], tolerance: Double, maxPoints: Int) -> [Coordinate] {
        guard points.count > 2 else { return points }
        guard maxPoints > 2 else { return [points[0], points[points.count - 1]] }
        var kept = [Bool](repeating: false, count: points.count)
        kept[0] = true
        kept[points.count - 1] = true
        var count = 2
        var open = [farthest(points, 0, points.count - 1)].compactMap { $0 }
        while count < maxPoints, let widest = open.indices.max(by: { open[$0].meters < open[$1].meters }) {
            let stretch = open.remove(at: widest)
            guard stretch.meters > tolerance else { break }
            kept[stretch.index] = true
            count += 1
            if let left = farthest(points, stretch.start, stretch.index) { open.append(left) }
            if let right = farthest(points, stretch.index, stretch.end) { open.append(right) }
        }
        return points.indices.filter { kept[$0] }.map { points[$0] }
    }

    /// A stretch between two kept points and its point farthest from the chord.
    private struct Stretch {
        let start: Int, end: Int, index: Int, meters: Double
    }

    private static func farthest(_ points: [Coordinate], _ start: Int, _ end: Int) -> Stretch? {
        guard end - start > 1 else { return nil }
        let a = points[start], b = points[end]
        let scale = cos((a.latitude + b.latitude) / 2 * Haversine.radiansPerDegree) * Haversine.earthRadius * Haversine.radiansPerDegree
        let yScale = Haversine.earthRadius * Haversine.radiansPerDegree
        func xy(_ point: Coordinate) -> (x: Double, y: Double) {
            (longitudeDelta(point.longitude, a.longitude) * scale, (point.latitude - a.latitude) * yScale)
        }
        let chord = xy(b)
        let length2 = chord.x * chord.x + chord.y * chord.y
        var best = (index: start + 1, meters: -1.0)
        for index in (start + 1)..<end {
            let p = xy(points[index])
            var dx = p.x, dy = p.y
            if length2 > 0 {
                let t = max(0, min(1, (p.x * chord.x + p.y * chord.y) / length2))
                dx -= t * chord.x
                dy -= t * chord.y
            }
            let meters = (dx * dx + dy * dy).squareRoot()
            if meters > best.meters { best = (index, meters) }
        }
        return Stretch(start: start, end: end, index: best.index, meters: best.meters)
    }

    /// `longitude - origin` in degrees, the short way round the antimeridian.
    public static func longitudeDelta(_ longitude: Double, _ origin: Double) -> Double {
        var delta = longitude - origin
        if delta > 180 { delta -= 360 } else if delta < -180 { delta += 360 }
        return delta
    }
}
