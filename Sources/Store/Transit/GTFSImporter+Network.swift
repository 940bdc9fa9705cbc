import Kernel

extension GTFSImporter {
    enum AgencyColumn: String, GTFSColumn {
        case id = "agency_id", name = "agency_name", url = "agency_url", timezone = "agency_timezone"
        static let required: [Self] = [.name, .timezone]
    }

    enum StopColumn: String, GTFSColumn {
        case id = "stop_id", code = "stop_code", name = "stop_name", latitude = "stop_lat", longitude = "stop_lon"
        case locationType = "location_type", parent = "parent_station", platform = "platform_code"
        static let required: [Self] = [.id]
    }

    enum RouteColumn: String, GTFSColumn {
        case id = "route_id", agency = "agency_id", shortName = "route_short_name", longName = "route_long_name"
        case type = "route_type", color = "route_color", textColor = "route_text_color"
        static let required: [Self] = [.id, .type]
    }

    enum TripColumn: String, GTFSColumn {
        case route = "route_id", service = "service_id", id = "trip_id", headsign = "trip_headsign"
        case direction = "direction_id", block = "block_id", shape = "shape_id"
        static let required: [Self] = [.route, .service, .id]
    }
}

extension GTFSImporter.Writer {
    /// agency.txt; the first agency's zone is the feed's, as the reference requires every
    /// agency to share one.
    func importAgencies() throws(GTFSImportError) {
        let insert = try statement("INSERT INTO agency (id, name, url, timezone) VALUES (?1, ?2, ?3, ?4)")
        try read("agency.txt", as: GTFSImporter.AgencyColumn.self, table: "agency") { row throws(GTFSImportError) in
            let zone = try row.required(.timezone)
            if summary.timeZone.isEmpty {
                let name = String(decoding: zone, as: UTF8.self)
                guard (try? ZoneRules.named(name)) != nil else {
                    throw row.invalid(.timezone, zone, "is not a time zone of the tz database")
                }
                summary.timeZone = name
            }
            try row.insert(insert, [.bytes(row.bytes(.id)), .bytes(row.required(.name)), .bytes(row.bytes(.url)), .bytes(zone)])
        }
        guard !summary.timeZone.isEmpty else {
            throw GTFSImportError(kind: .invalidValue, message: "agency.txt: no agency")
        }
    }

    /// stops.txt, with each name folded for search. An empty location_type is a stop (0), as
    /// Sound Transit's platforms leave it.
    func importStops() throws(GTFSImportError) {
        let insert = try statement("""
            INSERT INTO stops (id, code, name, folded_name, lat, lon, location_type, parent_station, platform_code)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
            """)
        try read("stops.txt", as: GTFSImporter.StopColumn.self, table: "stops") { row throws(GTFSImportError) in
            let name = row.text(.name)
            try row.insert(insert, [
                .bytes(row.required(.id)), .bytes(row.bytes(.code)), .text(name),
                .text(name.flatMap { StationDirectory.Folding.fold($0) } ?? ""),
                .real(row.real(.latitude, in: -90...90)), .real(row.real(.longitude, in: -180...180)),
                .integer(row.integer(.locationType, in: 0...4) ?? 0), .bytes(row.bytes(.parent)), .bytes(row.bytes(.platform)),
            ])
        }
    }

    /// routes.txt; the extended route types (100…1700) are kept as numbers.
    func importRoutes() throws(GTFSImportError) {
        let insert = try statement("""
            INSERT INTO routes (id, agency, short_name, long_name, type, color, text_color) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        try read("routes.txt", as: GTFSImporter.RouteColumn.self, table: "routes") { row throws(GTFSImportError) in
            try row.insert(insert, [
                .bytes(row.required(.id)), .bytes(row.bytes(.agency)), .bytes(row.bytes(.shortName)),
                .bytes(row.bytes(.longName)), .integer(row.requiredInteger(.type, in: 0...9999)), .bytes(row.bytes(.color)), .bytes(row.bytes(.textColor)),
            ])
        }
    }

    /// trips.txt; each trip gets its row number, which the stop times refer to.
    func importTrips() throws(GTFSImportError) {
        let insert = try statement("""
            INSERT INTO trips (id, route, service, headsign, direction, block, shape) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        try read("trips.txt", as: GTFSImporter.TripColumn.self, table: "trips") { row throws(GTFSImportError) in
            try row.insert(insert, [
                .bytes(row.required(.id)), .bytes(row.required(.route)), .bytes(row.required(.service)),
                .bytes(row.bytes(.headsign)), .integer(row.integer(.direction, in: 0...1)), .bytes(row.bytes(.block)),
                .bytes(row.bytes(.shape)),
            ])
        }
    }
}
