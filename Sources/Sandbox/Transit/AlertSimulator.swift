/// GTFS-Realtime service alerts for a day of a network: an elevator out of service at a
/// station and a notice for the whole agency in two languages, active over the day that starts
/// at `dayStart`, and delays on a route, active from two hours before the instant to an hour
/// after it.
struct AlertSimulator {
    /// The agency's id, a station's stop id and name, a route's id and name.
    let agency: String
    let station: (id: String, name: String)
    let route: (id: String, name: String)

    /// The feed at `instant`, the service day starting at `dayStart` (Unix seconds).
    func feed(at instant: Int64, dayStart: Int64) -> [UInt8] {
        var header = ProtobufWriter()
        header.string(1, "2.0")
        header.varint(2, 0)
        header.varint(3, instant)
        var feed = ProtobufWriter()
        feed.message(1, header)
        let day = (dayStart, dayStart + 86_400)
        feed.message(2, alert(
            "elevator-\(station.id)", period: day, entity: { $0.string(5, station.id) }, cause: 9, effect: 11,
            header: [("en", "Elevator out of service at \(station.name)")],
            description: [("en", "The street elevator at \(station.name) is out of service for maintenance. Use the elevator at the other entrance.")]))
        feed.message(2, alert(
            "delays-\(route.id)", period: (max(dayStart, instant - 7200), instant + 3600), entity: { $0.string(2, route.id) }, cause: 3,
            effect: 3, header: [("en", "Delays of up to 10 minutes on the \(route.name) line")],
            description: [("en", "An equipment problem earlier today delays trains on the \(route.name) line by up to 10 minutes.")]))
        feed.message(2, alert(
            "notice-\(agency)", period: day, entity: { $0.string(1, agency) }, cause: 2, effect: 7,
            header: [("en", "Bikes are welcome on every train"), ("es", "Las bicicletas son bienvenidas en todos los trenes")],
            description: [("en", "Please keep aisles and doors clear."), ("es", "Por favor, mantenga libres los pasillos y las puertas.")]))
        return feed.bytes
    }

    private func alert(
        _ id: String, period: (Int64, Int64), entity: (inout ProtobufWriter) -> Void, cause: Int64, effect: Int64,
        header: [(String, String)], description: [(String, String)]
    ) -> ProtobufWriter {
        var range = ProtobufWriter()
        range.varint(1, period.0)
        range.varint(2, period.1)
        var informed = ProtobufWriter()
        entity(&informed)
        var alert = ProtobufWriter()
        alert.message(1, range)
        alert.message(5, informed)
        alert.varint(6, cause)
        alert.varint(7, effect)
        alert.message(10, Self.translated(header))
        alert.message(11, Self.translated(description))
        var wrapped = ProtobufWriter()
        wrapped.string(1, id)
        wrapped.message(5, alert)
        return wrapped
    }

    private static func translated(_ texts: [(String, String)]) -> ProtobufWriter {
        var string = ProtobufWriter()
        for (language, text) in texts {
            var translation = ProtobufWriter()
            translation.string(1, text)
            translation.string(2, language)
            string.message(1, translation)
        }
        return string
    }
}
