public import Model

/// Which upstream answers the timetable, as a set of routes and the parameters each takes.
public enum TimetableProvider: String, Sendable, CaseIterable {
    /// SBB's HAFAS XML interface (extxml.exe): POST XML in ISO-8859-1.
    case hafasExtxml = "hafas-extxml"

    /// The upstream its routes name.
    public var upstream: String {
        switch self {
        case .hafasExtxml: "hafas-extxml"
        }
    }

    /// The routes the provider needs.
    public var routeIDs: [String] { [connectionsRoute] }

    /// The route that answers connections.
    public var connectionsRoute: String {
        switch self {
        case .hafasExtxml: "hafas-extxml-connections"
        }
    }

    /// The connections route's parameters for one pair.
    public func connectionParameters(from: Station, to: Station, date: LocalDate, time: LocalTime, arrival: Bool) -> [String: String] {
        switch self {
        case .hafasExtxml:
            ["from": from.name, "to": to.name, "date": date.compact, "time": time.description, "arrival": arrival ? "1" : "0"]
        }
    }
}
