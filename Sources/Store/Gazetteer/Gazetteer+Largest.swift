public import Model

extension Gazetteer {
    /// The smallest population a place needs to be among the largest in a box: it bounds the
    /// index walk for a box with few places in it.
    static let largestFloor = 1_000

    /// The `limit` most populous places of 1,000 people or more inside a latitude-longitude box,
    /// most populous first (at most 200).
    ///
    /// A `west` greater than `east` is a box across the antimeridian. Throws `invalidCoordinate`
    /// for a corner off the globe; an empty latitude range finds nothing.
    public func largestPlaces(south: Double, north: Double, west: Double, east: Double, limit: Int) throws(GazetteerError) -> [Place] {
        try Self.validate(latitude: south, longitude: west)
        try Self.validate(latitude: north, longitude: east)
        let limit = min(limit, Self.maximumLimit)
        guard limit > 0, south <= north else { return [] }
        let ranges: [ClosedRange<Double>] = west <= east ? [west...east] : [west...180, -180...east]
        var found: [Place] = []
        for id in try largestIDs(latitudes: south...north, ranges: ranges, limit: limit) {
            if let place = try place(id: id) { found.append(place) }
        }
        return found
    }

    private func largestIDs(latitudes: ClosedRange<Double>, ranges: [ClosedRange<Double>], limit: Int) throws(GazetteerError) -> [Int] {
        try connection.withLock { connection throws(GazetteerError) in
            var found: [(id: Int, population: Int)] = []
            for longitudes in ranges {
                found += try connection.largest(latitudes: latitudes, longitudes: longitudes, minimumPopulation: Self.largestFloor, limit: limit)
            }
            // Equal populations by id, so that the answer does not depend on the index's order.
            return found.sorted { ($0.population, $1.id) > ($1.population, $0.id) }.prefix(limit).map(\.id)
        }
    }
}
