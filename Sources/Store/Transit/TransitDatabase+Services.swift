public import Kernel

extension TransitDatabase {
    private static let weekdayColumns = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The service ids that run on `date`: calendar.txt's whose weekday flag is set and whose
    /// range holds the date, plus calendar_dates.txt's exceptions of type 1, less those of type 2.
    public func services(on date: LocalDate) throws(TransitDatabaseError) -> Set<String> {
        try withConnection { connection throws(SQLiteFailure) in try Self.services(on: date, connection) }
    }

    static func services(on date: LocalDate, _ connection: Connection) throws(SQLiteFailure) -> Set<String> {
        // 1970-01-01 was a Thursday, index 3 from Monday.
        let weekday = Int(((ServiceDay.days(date) + 3) % 7 + 7) % 7)
        let compact = Int64(ServiceDay.compact(date))
        var services = Set<String>()
        try connection.statement("""
            SELECT service FROM calendar WHERE \(weekdayColumns[weekday]) = 1 AND start_date <= ?1 AND end_date >= ?1
            """).run([.integer(compact)]) { row in services.insert(row.text(0)) }
        try connection.statement("SELECT service, exception_type FROM calendar_dates WHERE date = ?1").run([.integer(compact)]) {
            row in
            if row.integer(1) == 1 {
                services.insert(row.text(0))
            } else {
                services.remove(row.text(0))
            }
        }
        return services
    }
}
