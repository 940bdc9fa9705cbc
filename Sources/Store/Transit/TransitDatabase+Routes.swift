extension TransitDatabase {
    /// What riders see of a route: its name (the short name, else the long name) and colours.
    public struct RouteLook: Sendable, Hashable {
        public var name: String?
        public var color: String?
        public var textColor: String?
    }

    /// The route with `id`, if the feed has it: for a run the real-time feed adds, which has no
    /// trip in the timetable to name its route.
    public func route(id: String) throws(TransitDatabaseError) -> RouteLook? {
        try withConnection { connection throws(SQLiteFailure) in
            var found: RouteLook?
            try connection.statement("SELECT coalesce(nullif(short_name, ''), long_name), color, text_color FROM routes WHERE id = ?1").run([.text(id)]) { row in
                found = RouteLook(name: row.optionalText(0), color: row.optionalText(1), textColor: row.optionalText(2))
            }
            return found
        }
    }
}
