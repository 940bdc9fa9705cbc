/// A chain of great-circle segments measured in road metres: each segment's road length is its
/// great-circle length times the detour factor, and a road distance maps back to a point.
struct RoadPath {
    /// The chain's corners, origin first.
    let nodes: [GeoPoint]
    /// Road metres from the origin to each node.
    let offsets: [Double]
    /// Road metres from origin to destination.
    var length: Double { offsets.last ?? 0 }
    /// The densest spacing of geometry points, in great-circle metres.
    static let spacing = 3_000.0

    init(nodes: [GeoPoint], detourFactor: Double) {
        self.nodes = nodes
        var offsets = [0.0]
        for (a, b) in zip(nodes, nodes.dropFirst()) { offsets.append(offsets.last! + a.meters(to: b) * detourFactor) }
        self.offsets = offsets
    }

    /// The segment a road distance falls in.
    func segment(at distance: Double) -> Int {
        var index = 0
        while index + 2 < offsets.count && offsets[index + 1] <= distance { index += 1 }
        return index
    }

    /// The point at a road distance from the origin.
    func position(at distance: Double) -> GeoPoint {
        guard nodes.count > 1 else { return nodes[0] }
        let index = segment(at: distance)
        let span = offsets[index + 1] - offsets[index]
        let fraction = span > 0 ? max(0, min(1, (distance - offsets[index]) / span)) : 0
        if fraction >= 1 { return nodes[index + 1] }
        if fraction <= 0 { return nodes[index] }
        return nodes[index].interpolated(to: nodes[index + 1], fraction: fraction)
    }

    /// The geometry between two road distances: both ends and the densified points between.
    func points(from start: Double, to end: Double) -> [GeoPoint] {
        var points = [position(at: start)]
        guard nodes.count > 1, end > start else { return points }
        for index in 0..<(nodes.count - 1) where offsets[index + 1] > start && offsets[index] < end {
            let span = offsets[index + 1] - offsets[index]
            let count = Int((nodes[index].meters(to: nodes[index + 1]) / Self.spacing).rounded(.up))
            for k in 0...max(count, 1) {
                let at = offsets[index] + span * Double(k) / Double(max(count, 1))
                guard at > start && at < end else { continue }
                let point = nodes[index].interpolated(to: nodes[index + 1], fraction: Double(k) / Double(max(count, 1)))
                if points.last != point { points.append(point) }
            }
        }
        let last = position(at: end)
        if points.last != last { points.append(last) }
        return points
    }
}
