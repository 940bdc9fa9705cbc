/// UTC offsets of IANA time zones, from the system's zone database; a zone it does not know
/// gets the offset of its place's longitude, in whole hours.
enum ZoneOffset {
    /// Seconds east of UTC in `zone` at `instant`.
    static func seconds(_ zone: String, at instant: Int64, longitude: Double) -> Int {
        PlaceZone(zone, longitude: longitude).offset(at: instant)
    }
}
