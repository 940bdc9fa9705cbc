public import Model

extension StationDirectory {
    /// Every kind of station.
    public static let allKinds = Set(Station.Kind.allCases)

    /// The `limit` stations of `kinds` nearest to a position, nearest first, with their
    /// great-circle distance in metres; stations at the same distance in the order they were
    /// given.
    ///
    /// The position index answers boxes, so the search asks for the box around a circle,
    /// widening the circle until it holds `limit` stations, then ranks them by exact distance;
    /// when the `limit`-th lies beyond the circle it asks once more for the box of that
    /// distance. Never a scan of every station, except when fewer than `limit` stations of
    /// `kinds` exist or the position is half a globe away from all of them. Distances are on a
    /// sphere (`Origin`); the boxes are exact on it near the poles and across the antimeridian
    /// too (`SearchBox`), so nothing assumes the stations lie in Switzerland or California.
    ///
    /// Throws `invalidCoordinate` for a latitude outside −90…90 or a longitude outside
    /// −180…180 (NaN included).
    public func nearest(
        latitude: Double, longitude: Double, limit: Int = 10, kinds: Set<Station.Kind> = StationDirectory.allKinds
    ) throws(StationDirectoryError) -> [(station: Station, meters: Double)] {
        try Self.validate(latitude: latitude, longitude: longitude)
        let limit = min(limit, count), mask = Self.mask(kinds)
        guard limit > 0, mask != 0 else { return [] }
        let origin = Origin(latitude: latitude, longitude: longitude)
        var radius = spacing * Double(limit).squareRoot()
        var rows: [Int64] = []
        var ranked: [(row: Int, haversine: Double)] = []
        while true {
            rows.removeAll(keepingCapacity: true)
            let box = SearchBox(around: origin, radius: radius)
            try connection.withLock { connection throws(StationDirectoryError) in try connection.collect(box, into: &rows) }
            ranked.removeAll(keepingCapacity: true)
            for row in rows {
                let station = stations[Int(row) - 1]
                guard Self.bit(station.kind) & mask != 0 else { continue }
                ranked.append((Int(row) - 1, origin.haversine(latitude: station.latitude, longitude: station.longitude)))
            }
            guard ranked.count >= limit || box.coversGlobe else {
                // Too few: widen by what the density found so far suggests, at least 1.5 times.
                let growth = ranked.isEmpty ? 4 : (Double(limit) / Double(ranked.count)).squareRoot() * 1.2
                radius *= min(4, max(1.5, growth))
                continue
            }
            ranked.sort { ($0.haversine, $0.row) < ($1.haversine, $1.row) }
            let count = min(limit, ranked.count)
            let farthest = count > 0 ? Origin.meters(haversine: ranked[count - 1].haversine) : 0
            if farthest <= radius || box.coversGlobe {
                return ranked.prefix(count).map { (stations[$0.row], Origin.meters(haversine: $0.haversine)) }
            }
            // The box held `limit` stations, but a nearer one may lie outside the circle it was
            // drawn around: the box around the `limit`-th one's distance holds every nearer one.
            radius = farthest * (1 + 1e-12)
        }
    }

    /// Throws `invalidCoordinate` unless the position lies on the globe.
    static func validate(latitude: Double, longitude: Double) throws(StationDirectoryError) {
        guard (-90.0...90.0).contains(latitude), (-180.0...180.0).contains(longitude) else {
            throw StationDirectoryError(kind: .invalidCoordinate,
                                        message: "latitude \(latitude), longitude \(longitude) is not a position on the globe")
        }
    }
}
