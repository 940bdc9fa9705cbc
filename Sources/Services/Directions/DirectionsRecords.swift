import Scrape
import Kernel

/// Turns a directions route's `routes` records (distance_m, duration_s, the geometry as `points`
/// or `track`, `steps`; see `Routes/README.md`) into the first driving route.
enum DirectionsRecords {
    static func route(_ lists: [Record.Member]) -> DrivingRoute? {
        guard let record = UpstreamRecords.list("routes", in: lists).first else { return nil }
        var points = ConnectionRecords.values(record, "points").compactMap(coordinate)
        if points.isEmpty {
            points = record.list("track").compactMap { $0.value("location").flatMap(coordinate) }
        }
        let steps = record.list("steps").map { step in
            DrivingRoute.Step(
                instruction: step.value("instruction") ?? step.value("name"), location: step.value("location").flatMap(coordinate),
                meters: UpstreamRecords.number(step, "distance_m") ?? 0, seconds: UpstreamRecords.number(step, "duration_s") ?? 0)
        }
        guard points.count >= 1 else { return nil }
        var meters = UpstreamRecords.number(record, "distance_m") ?? 0
        if meters <= 0 { meters = zip(points, points.dropFirst()).reduce(0) { $0 + DrivingRoute.meters($1.0, $1.1) } }
        let seconds = UpstreamRecords.number(record, "duration_s") ?? steps.reduce(0) { $0 + $1.seconds }
        return DrivingRoute(meters: meters, seconds: seconds, points: points, steps: steps)
    }

    /// "lat,lon" as a position on the globe.
    static func coordinate(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",")
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }
}
