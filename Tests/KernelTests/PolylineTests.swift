import Foundation
import Testing
import Kernel

@Suite("Polyline")
struct PolylineTests {
    /// A zigzag eastwards along a parallel: `count` points, every other one `offset` degrees north.
    static func zigzag(_ count: Int, offset: Double, latitude: Double = 40) -> [Coordinate] {
        (0..<count).map { Coordinate(latitude: latitude + ($0 % 2 == 1 ? offset : 0), longitude: -100 + Double($0) * 0.01)! }
    }

    /// The distance in metres from a point to the nearest point of a line (sampled finely).
    static func distance(_ point: Coordinate, to line: [Coordinate]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            for step in 0...200 {
                let t = Double(step) / 200
                let on = Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t, longitude: a.longitude + (b.longitude - a.longitude) * t)!
                best = min(best, point.meters(to: on))
            }
        }
        return best
    }

    @Test("A straight line keeps its ends only")
    func straight() {
        let line = Self.zigzag(500, offset: 0)
        #expect(Polyline.simplified(line, tolerance: 10, maxPoints: 300) == [line[0], line[499]])
    }

    @Test("Every point dropped lies within the tolerance; the ends are kept; the order is the line's")
    func tolerance() {
        // A wave: each point a few hundred metres off the chord.
        let line = (0..<2000).map { index in
            Coordinate(latitude: 40 + 0.01 * sin(Double(index) / 40), longitude: -100 + Double(index) * 0.002)!
        }
        let simple = Polyline.simplified(line, tolerance: 100, maxPoints: 1000)
        #expect(simple.first == line.first && simple.last == line.last)
        #expect(simple.count > 2 && simple.count < 300, "\(simple.count)")
        let indexes = simple.map { point in line.firstIndex(of: point)! }
        #expect(indexes == indexes.sorted())
        for point in line.enumerated() where point.offset % 37 == 0 {
            #expect(Self.distance(point.element, to: simple) <= 101, "point \(point.offset)")
        }
    }

    @Test("At most maxPoints: the largest deviations are kept first")
    func capped() {
        let line = Self.zigzag(1001, offset: 0.01)
        let simple = Polyline.simplified(line, tolerance: 1, maxPoints: 300)
        #expect(simple.count == 300)
        #expect(simple.first == line.first && simple.last == line.last)
        // One big detour among small ones is kept first.
        var detour = Self.zigzag(101, offset: 0.0001)
        detour[50] = Coordinate(latitude: 41, longitude: detour[50].longitude)!
        #expect(Polyline.simplified(detour, tolerance: 1, maxPoints: 3) == [detour[0], detour[50], detour[100]])
    }

    @Test("Short lines and tiny limits")
    func small() {
        let line = Self.zigzag(5, offset: 0.1)
        #expect(Polyline.simplified([], tolerance: 10, maxPoints: 300).isEmpty)
        #expect(Polyline.simplified(Array(line.prefix(1)), tolerance: 10, maxPoints: 300) == Array(line.prefix(1)))
        #expect(Polyline.simplified(Array(line.prefix(2)), tolerance: 10, maxPoints: 300) == Array(line.prefix(2)))
        #expect(Polyline.simplified(line, tolerance: 10, maxPoints: 0) == [line[0], line[4]])
        #expect(Polyline.simplified(line, tolerance: 10, maxPoints: 300) == line)
    }

    @Test("Longitude differences go the short way round")
    func antimeridian() {
        #expect(Polyline.longitudeDelta(-179, 179) == 2)
        #expect(Polyline.longitudeDelta(179, -179) == -2)
        #expect(Polyline.longitudeDelta(10, -10) == 20)
    }
}
