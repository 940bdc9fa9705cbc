public import Kernel

extension TransitDatabase {
    /// The columns `stop(from:)` reads, in order.
    static let stopColumns = "id, code, name, lat, lon, location_type, parent_station, platform_code"
    /// Stops that stand for themselves: stations, and stops or platforms outside any station the
    /// feed lists. A platform is found through its station (`children(of:)`).
    private static let topLevel = """
        location_type IN (0, 1)
        AND (parent_station IS NULL OR NOT EXISTS (SELECT 1 FROM stops AS p WHERE p.id = stops.parent_station))
        """

    /// Stops and stations whose name contains `text`, ignoring case and accents: names that begin
    /// with it first, then names with a word that does, then the rest, shorter names first.
    public func stops(matching text: String, limit: Int = 20) throws(TransitDatabaseError) -> [GTFSStop] {
        guard let folded = StationDirectory.Folding.fold(text), !folded.isEmpty, limit > 0 else { return [] }
        return try withConnection { connection throws(SQLiteFailure) in
            var stops: [GTFSStop] = []
            try connection.statement("""
                SELECT \(Self.stopColumns) FROM stops
                WHERE instr(folded_name, ?1) > 0 AND \(Self.topLevel)
                ORDER BY CASE WHEN substr(folded_name, 1, length(?1)) = ?1 THEN 0
                              WHEN instr(folded_name, ' ' || ?1) > 0 THEN 1 ELSE 2 END,
                         length(folded_name), folded_name, id
                LIMIT ?2
                """).run([.text(folded), .integer(Int64(limit))]) { row in stops.append(Self.stop(row)) }
            return stops
        }
    }

    /// The stops and stations nearest a position, nearest first, with their distances.
    ///
    /// Every positioned stop is measured: a feed holds thousands of stops, not millions, and the
    /// haversine is cheap beside the SQLite reads.
    public func nearest(latitude: Double, longitude: Double, limit: Int = 10) throws(TransitDatabaseError) -> [NearbyGTFSStop] {
        guard Coordinate(latitude: latitude, longitude: longitude) != nil else {
            throw TransitDatabaseError(kind: .invalidCoordinate, message: "latitude \(latitude), longitude \(longitude) is not a position on the globe")
        }
        guard limit > 0 else { return [] }
        let origin = Haversine(latitude: latitude, longitude: longitude)
        let measured = try withConnection { connection throws(SQLiteFailure) in
            var measured: [(stop: GTFSStop, haversine: Double)] = []
            try connection.statement("""
                SELECT \(Self.stopColumns) FROM stops WHERE lat IS NOT NULL AND lon IS NOT NULL AND \(Self.topLevel)
                """).run([]) { row in
                let stop = Self.stop(row)
                measured.append((stop, origin.haversine(latitude: stop.latitude ?? 0, longitude: stop.longitude ?? 0)))
            }
            return measured
        }
        return measured.sorted { ($0.haversine, $0.stop.id) < ($1.haversine, $1.stop.id) }.prefix(limit).map {
            NearbyGTFSStop(stop: $0.stop, meters: Haversine.meters(haversine: $0.haversine))
        }
    }

    /// The stop or station with `id`, if the feed has it.
    public func stop(id: String) throws(TransitDatabaseError) -> GTFSStop? {
        try withConnection { connection throws(SQLiteFailure) in
            var stop: GTFSStop?
            try connection.statement("SELECT \(Self.stopColumns) FROM stops WHERE id = ?1").run([.text(id)]) { row in
                stop = Self.stop(row)
            }
            return stop
        }
    }

    /// The platforms, entrances and other stops whose parent station is `id`, by platform code.
    public func children(of id: String) throws(TransitDatabaseError) -> [GTFSStop] {
        try withConnection { connection throws(SQLiteFailure) in
            var stops: [GTFSStop] = []
            try connection.statement("""
                SELECT \(Self.stopColumns) FROM stops WHERE parent_station = ?1
                ORDER BY location_type, coalesce(platform_code, code, id), id
                """).run([.text(id)]) { row in stops.append(Self.stop(row)) }
            return stops
        }
    }

    /// The stop in a row of `stopColumns`.
    static func stop(_ row: borrowing Row) -> GTFSStop {
        GTFSStop(
            id: row.text(0), code: row.optionalText(1), name: row.text(2), latitude: row.isNull(3) ? nil : row.real(3),
            longitude: row.isNull(4) ? nil : row.real(4), locationType: Int(row.integer(5)), parentStation: row.optionalText(6),
            platformCode: row.optionalText(7))
    }
}
