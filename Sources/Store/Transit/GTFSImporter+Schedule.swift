extension GTFSImporter {
    enum StopTimeColumn: String, GTFSColumn {
        case trip = "trip_id", arrival = "arrival_time", departure = "departure_time", stop = "stop_id"
        case sequence = "stop_sequence", headsign = "stop_headsign", pickup = "pickup_type", dropOff = "drop_off_type"
        static let required: [Self] = [.trip, .stop, .sequence]
    }

    enum CalendarColumn: String, GTFSColumn {
        case service = "service_id", monday, tuesday, wednesday, thursday, friday, saturday, sunday
        case start = "start_date", end = "end_date"
        static let required: [Self] = allCases
        static let weekdays: [Self] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]
    }

    enum CalendarDateColumn: String, GTFSColumn {
        case service = "service_id", date, exception = "exception_type"
        static let required: [Self] = allCases
    }

    enum FrequencyColumn: String, GTFSColumn {
        case trip = "trip_id", start = "start_time", end = "end_time", headway = "headway_secs", exact = "exact_times"
        static let required: [Self] = [.trip, .start, .end, .headway]
    }

    enum FeedInfoColumn: String, GTFSColumn {
        case version = "feed_version", start = "feed_start_date", end = "feed_end_date"
        static let required: [Self] = []
    }
}

extension GTFSImporter.Writer {
    /// stop_times.txt, the big one (FGC: 15.6 MB). A time that is not a GTFS time fails the
    /// import; a missing one (an untimed stop between timepoints) is kept NULL, and when only one
    /// of arrival and departure is given it stands for both.
    func importStopTimes() throws(GTFSImportError) {
        let insert = try statement("""
            INSERT INTO stop_times (trip, sequence, stop, arrival, departure, pickup_type, drop_off_type, headsign)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        // A feed lists a trip's stop times together, so one lookup per trip is the usual cost.
        var lastTrip: [UInt8] = []
        var lastRow = 0
        try read("stop_times.txt", as: GTFSImporter.StopTimeColumn.self, table: "stop_times") { row throws(GTFSImportError) in
            let trip = try row.required(.trip)
            if lastTrip.isEmpty || !trip.elementsEqual(lastTrip) {
                lastRow = try tripRow(trip, row: row, column: .trip)
                lastTrip = Array(trip)
            }
            let arrival = try row.time(.arrival)
            let departure = try row.time(.departure)
            try row.insert(insert, [
                .integer(lastRow), .integer(row.requiredInteger(.sequence, in: 0...Int(Int32.max))), .bytes(row.required(.stop)),
                .integer(arrival ?? departure), .integer(departure ?? arrival),
                .integer(row.integer(.pickup, in: 0...3) ?? 0), .integer(row.integer(.dropOff, in: 0...3) ?? 0),
                .bytes(row.bytes(.headsign)),
            ])
        }
    }

    /// The row number of the trip whose id is `trip`; an id trips.txt lacks fails the import.
    private func tripRow<Column>(
        _ trip: UnsafeBufferPointer<UInt8>, row: GTFSRow<Column>, column: Column
    ) throws(GTFSImportError) -> Int {
        let lookup = try statement("SELECT row FROM trips WHERE id = ?1")
        var found: Int64?
        do {
            try lookup.run([.text(String(decoding: trip, as: UTF8.self))]) { result in found = result.integer(0) }
        } catch {
            throw GTFSImportError(kind: .database, message: "\(row.location): \(error.message)")
        }
        guard let found else { throw row.invalid(column, trip, "is not a trip of trips.txt") }
        return Int(found)
    }

    /// calendar.txt: weekly patterns within a date range.
    func importCalendar() throws(GTFSImportError) {
        let insert = try statement("""
            INSERT INTO calendar (service, monday, tuesday, wednesday, thursday, friday, saturday, sunday, start_date, end_date)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """)
        try read("calendar.txt", as: GTFSImporter.CalendarColumn.self, table: "calendar") { row throws(GTFSImportError) in
            var fields: [GTFSField] = [.bytes(try row.required(.service))]
            for day in GTFSImporter.CalendarColumn.weekdays {
                fields.append(.integer(try row.requiredInteger(day, in: 0...1)))
            }
            _ = try row.required(.start)
            _ = try row.required(.end)
            fields += [.integer(try row.date(.start)), .integer(try row.date(.end))]
            try row.insert(insert, fields)
        }
    }

    /// calendar_dates.txt: service added (1) or removed (2) on single dates.
    func importCalendarDates() throws(GTFSImportError) {
        let insert = try statement("INSERT INTO calendar_dates (service, date, exception_type) VALUES (?1, ?2, ?3)")
        try read("calendar_dates.txt", as: GTFSImporter.CalendarDateColumn.self, table: "calendar_dates") {
            row throws(GTFSImportError) in
            _ = try row.required(.date)
            try row.insert(insert, [
                .bytes(row.required(.service)), .integer(row.date(.date)), .integer(row.requiredInteger(.exception, in: 1...2)),
            ])
        }
    }

    /// frequencies.txt: trips run every `headway_secs` from `start_time` until before `end_time`.
    func importFrequencies() throws(GTFSImportError) {
        let insert = try statement("""
            INSERT INTO frequencies (trip, start_time, end_time, headway_secs, exact_times) VALUES (?1, ?2, ?3, ?4, ?5)
            """)
        try read("frequencies.txt", as: GTFSImporter.FrequencyColumn.self, table: "frequencies") { row throws(GTFSImportError) in
            let trip = try tripRow(row.required(.trip), row: row, column: .trip)
            _ = try row.required(.start)
            _ = try row.required(.end)
            guard let start = try row.time(.start), let end = try row.time(.end), start <= end else {
                throw GTFSImportError(kind: .invalidValue, message: "\(row.location): end_time before start_time")
            }
            try row.insert(insert, [
                .integer(trip), .integer(start), .integer(end), .integer(row.requiredInteger(.headway, in: 1...86_400)),
                .integer(row.integer(.exact, in: 0...1) ?? 0),
            ])
        }
    }

    /// feed_info.txt's first row: the version and the dates the feed covers, for the summary.
    func importFeedInfo() throws(GTFSImportError) {
        var first = true
        try read("feed_info.txt", as: GTFSImporter.FeedInfoColumn.self, table: "feed_info") { row throws(GTFSImportError) in
            guard first else { return }
            first = false
            summary.feedVersion = row.text(.version)
            summary.feedStartDate = row.text(.start)
            summary.feedEndDate = row.text(.end)
        }
        summary.counts["feed_info"] = nil
    }
}
