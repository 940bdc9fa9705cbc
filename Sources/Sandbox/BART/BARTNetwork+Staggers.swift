extension BARTNetwork {
    /// Seconds each route's trains start after the schedule's times, so that the lines sharing
    /// a track spread over the headway instead of arriving together: route by route, the whole
    /// minute that keeps its trains farthest from those of the routes already placed, summed
    /// over the platforms they share (Richmond's Orange and Red trains alternate, as in
    /// etd-RICH-2015-07-01).
    static func staggers(for routes: [BARTRoute], headway: Int) -> [Int] {
        let headway = max(headway, 60)
        // Per "station platform", the phases (seconds into the headway) of the trains placed there.
        var placed: [String: [Int]] = [:]
        var staggers: [Int] = []
        for route in routes {
            let tracks = route.stations.indices.dropLast().map { (route.stations[$0] + " " + String(route.platforms[$0]), route.offsets[$0]) }
            var best = (stagger: 0, score: -1)
            for stagger in stride(from: 0, to: headway, by: 60) {
                var score = 0
                for (track, offset) in tracks {
                    guard let phases = placed[track] else { continue }
                    let phase = (stagger + offset) % headway
                    score += phases.map { min(abs(phase - $0), headway - abs(phase - $0)) }.min() ?? 0
                }
                if score > best.score { best = (stagger, score) }
            }
            staggers.append(best.stagger)
            for (track, offset) in tracks { placed[track, default: []].append((best.stagger + offset) % headway) }
        }
        return staggers
    }
}
