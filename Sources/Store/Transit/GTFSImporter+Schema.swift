extension GTFSImporter {
    /// The version of the tables below; `TransitDatabase` refuses a file of another.
    static let format = 1

    /// The tables, and the unique indexes that must refuse a repeated id as its row comes in.
    ///
    /// The build file needs no journal and no syncs: it is thrown away if anything fails, and
    /// renamed into place only once closed. (https://www.sqlite.org/pragma.html#pragma_journal_mode)
    /// Trips are numbered (`row`), so each of the many stop times keeps a number, not the id.
    static let schema = """
        PRAGMA journal_mode = OFF;
        PRAGMA synchronous = OFF;
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE agency (id TEXT, name TEXT NOT NULL, url TEXT, timezone TEXT NOT NULL);
        CREATE TABLE stops (
            id TEXT NOT NULL, code TEXT, name TEXT, folded_name TEXT NOT NULL, lat REAL, lon REAL,
            location_type INTEGER NOT NULL, parent_station TEXT, platform_code TEXT);
        CREATE UNIQUE INDEX stops_id ON stops (id);
        CREATE TABLE routes (
            id TEXT NOT NULL, agency TEXT, short_name TEXT, long_name TEXT, type INTEGER NOT NULL,
            color TEXT, text_color TEXT);
        CREATE UNIQUE INDEX routes_id ON routes (id);
        CREATE TABLE trips (
            row INTEGER PRIMARY KEY, id TEXT NOT NULL, route TEXT NOT NULL, service TEXT NOT NULL,
            headsign TEXT, direction INTEGER, block TEXT, shape TEXT,
            first_departure INTEGER, last_sequence INTEGER, frequency_based INTEGER NOT NULL DEFAULT 0);
        CREATE UNIQUE INDEX trips_id ON trips (id);
        CREATE TABLE stop_times (
            trip INTEGER NOT NULL, sequence INTEGER NOT NULL, stop TEXT NOT NULL, arrival INTEGER,
            departure INTEGER, pickup_type INTEGER NOT NULL, drop_off_type INTEGER NOT NULL, headsign TEXT);
        CREATE TABLE calendar (
            service TEXT NOT NULL, monday INTEGER NOT NULL, tuesday INTEGER NOT NULL, wednesday INTEGER NOT NULL,
            thursday INTEGER NOT NULL, friday INTEGER NOT NULL, saturday INTEGER NOT NULL, sunday INTEGER NOT NULL,
            start_date INTEGER NOT NULL, end_date INTEGER NOT NULL);
        CREATE TABLE calendar_dates (service TEXT NOT NULL, date INTEGER NOT NULL, exception_type INTEGER NOT NULL);
        CREATE TABLE frequencies (
            trip INTEGER NOT NULL, start_time INTEGER NOT NULL, end_time INTEGER NOT NULL,
            headway_secs INTEGER NOT NULL, exact_times INTEGER NOT NULL);
        """

    /// The indexes the queries use, built over the filled tables (sorted, with full pages), and
    /// what each trip's stop times say about it: its first departure (where frequency runs
    /// start from), its last stop (no departure there), whether frequencies.txt runs it.
    static let indexes = """
        CREATE INDEX stop_times_stop ON stop_times (stop, departure);
        CREATE INDEX stop_times_trip ON stop_times (trip, sequence);
        CREATE INDEX stops_parent ON stops (parent_station);
        CREATE INDEX calendar_service ON calendar (service);
        CREATE INDEX calendar_dates_date ON calendar_dates (date);
        CREATE INDEX frequencies_trip ON frequencies (trip);
        UPDATE trips SET
            first_departure = (SELECT departure FROM stop_times WHERE trip = trips.row ORDER BY sequence LIMIT 1),
            last_sequence = (SELECT max(sequence) FROM stop_times WHERE trip = trips.row),
            frequency_based = EXISTS (SELECT 1 FROM frequencies WHERE trip = trips.row);
        ANALYZE;
        """

    /// The latest departure of any service day, in seconds after its reference, frequency runs
    /// included: how many days back a service day can still reach a departure window.
    static let latestDeparture = """
        SELECT coalesce(max(latest), 0) FROM (
            SELECT max(departure) AS latest FROM stop_times
            UNION ALL
            SELECT max(f.end_time + (SELECT max(departure) FROM stop_times WHERE trip = f.trip) - t.first_departure)
            FROM frequencies f JOIN trips t ON t.row = f.trip)
        """
}
