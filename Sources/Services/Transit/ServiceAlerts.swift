public import Kernel
public import Model
public import Scrape

/// A GTFS-Realtime alerts feed as the join reads it, from the records of `Routes/gtfs-rt-alerts`:
/// each alert with its active periods and the entities it informs, entities of one id merged
/// (iRail sends each language of an alert as an entity of its own, under one id).
public struct ServiceAlerts: Sendable {
    /// What an alert is about: every field it gives must match (the reference's rule).
    public struct Selector: Sendable, Equatable {
        public var agencyID: String?
        public var routeID: String?
        public var routeType: Int?
        public var stopID: String?
        public var tripID: String?
        public var directionID: Int?

        /// Creates a selector.
        public init(agencyID: String? = nil, routeID: String? = nil, routeType: Int? = nil, stopID: String? = nil, tripID: String? = nil, directionID: Int? = nil) {
            self.agencyID = agencyID
            self.routeID = routeID
            self.routeType = routeType
            self.stopID = stopID
            self.tripID = tripID
            self.directionID = directionID
        }
    }

    /// One alert: its text in every language, when it applies, what it is about.
    public struct Entry: Sendable, Equatable {
        public var id: String
        public var cause: String?
        public var effect: String?
        public var severity: String?
        /// Unix seconds; an open end is nil. No period: active whenever the feed holds it.
        public var periods: [(from: Int64?, until: Int64?)]
        public var informed: [Selector]
        /// Texts by language ("" when the feed names none), in feed order.
        public var headers: [(language: String, text: String)]
        public var descriptions: [(language: String, text: String)]
        public var urls: [(language: String, text: String)]

        public static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.id == rhs.id && lhs.cause == rhs.cause && lhs.effect == rhs.effect && lhs.severity == rhs.severity
                && lhs.periods.map(\.from) == rhs.periods.map(\.from) && lhs.periods.map(\.until) == rhs.periods.map(\.until)
                && lhs.informed == rhs.informed && lhs.headers.map(\.text) == rhs.headers.map(\.text)
                && lhs.descriptions.map(\.text) == rhs.descriptions.map(\.text) && lhs.urls.map(\.text) == rhs.urls.map(\.text)
        }

        /// The period in force at `now`, or nil when none is; an alert without periods is in force.
        func period(at now: Int64) -> (from: Int64?, until: Int64?)? {
            guard !periods.isEmpty else { return (nil, nil) }
            return periods.first { ($0.from ?? Int64.min) <= now && now < ($0.until ?? Int64.max) }
        }

        /// Whether it is about a run of `routeID` and `tripID` leaving one of `stopIDs`, of
        /// `agencyID`; a route type or direction the caller does not know is not held against it.
        func concerns(agencyID: String?, routeID: String, routeType: Int? = nil, tripID: String?, stopIDs: [String], directionID: Int? = nil) -> Bool {
            informed.contains { selector in
                Self.matches(selector.agencyID, agencyID) && Self.matches(selector.routeID, routeID)
                    && Self.matches(selector.routeType, routeType) && Self.matches(selector.tripID, tripID)
                    && (selector.stopID.map(stopIDs.contains) ?? true) && Self.matches(selector.directionID, directionID)
            }
        }

        /// Whether it is about a station as a whole (its stop, or the whole agency, with no route,
        /// trip or direction named): shown once with the station, not with each departure.
        func concernsStation(agencyID: String?, stopIDs: [String]) -> Bool {
            informed.contains { selector in
                selector.routeID == nil && selector.tripID == nil && selector.routeType == nil && selector.directionID == nil
                    && Self.matches(selector.agencyID, agencyID) && (selector.stopID.map(stopIDs.contains) ?? true)
            }
        }

        /// A selector's field matches when it is absent, the value unknown, or both equal.
        private static func matches<Value: Equatable>(_ field: Value?, _ value: Value?) -> Bool {
            guard let field, let value else { return true }
            return field == value
        }

        /// The alert as a document shows it: texts in `language` when the feed has it, else in
        /// the first language it gives; the period in force at `now`, in `zone`.
        func alert(language: String, at now: Int64, zone: ZoneRules) -> Alert {
            let period = period(at: now)
            return Alert(
                id: id, header: Self.text(headers, language), description: Self.text(descriptions, language), cause: cause, effect: effect,
                severity: severity, from: period?.from.flatMap { OffsetDateTime(checking: $0, in: zone) },
                until: period?.until.flatMap { OffsetDateTime(checking: $0, in: zone) }, url: Self.text(urls, language))
        }

        static func text(_ texts: [(language: String, text: String)], _ language: String) -> String? {
            let written = texts.filter { !$0.text.isEmpty }
            return (written.first { $0.language == language } ?? written.first { $0.language.isEmpty } ?? written.first)?.text
        }
    }

    /// The feed's own timestamp, Unix seconds.
    public var generated: Int64?
    public private(set) var entries: [Entry]

    /// A feed of these alerts; entries of one id are merged.
    public init(generated: Int64?, entries: [Entry]) {
        self.generated = generated
        var merged: [Entry] = []
        var positions: [String: Int] = [:]
        for entry in entries {
            guard let position = positions[entry.id] else {
                positions[entry.id] = merged.count
                merged.append(entry)
                continue
            }
            merged[position].headers += entry.headers
            merged[position].descriptions += entry.descriptions
            merged[position].urls += entry.urls
            merged[position].informed += entry.informed.filter { !merged[position].informed.contains($0) }
            if merged[position].periods.isEmpty { merged[position].periods = entry.periods }
        }
        self.entries = merged
    }

    /// The alerts of the route's records.
    public init(records lists: [Record.Member], zone: ZoneRules) {
        let feed = ConnectionRecords.list("feed", in: lists).first
        let texts = { (record: Record, list: String) in
            record.list(list).map { (language: $0.value("language") ?? "", text: $0.value("text") ?? "") }
        }
        let entries = ConnectionRecords.list("alerts", in: lists).compactMap { record -> Entry? in
            guard let id = record.value("id") else { return nil }
            return Entry(
                id: id, cause: record.value("cause"), effect: record.value("effect"), severity: record.value("severity"),
                periods: record.list("periods").map { ($0.time("from", in: zone)?.instant, $0.time("until", in: zone)?.instant) },
                informed: record.list("informed").map { entity in
                    Selector(
                        agencyID: entity.value("agency_id"), routeID: entity.value("route_id"), routeType: entity.value("route_type").flatMap { Int($0) },
                        stopID: entity.value("stop_id"), tripID: entity.value("trip_id"), directionID: entity.value("direction_id").flatMap { Int($0) })
                },
                headers: texts(record, "header"), descriptions: texts(record, "description"), urls: texts(record, "url"))
        }
        self.init(generated: feed?.time("generated", in: zone)?.instant, entries: entries)
    }

    /// The alerts in force at `now`.
    public func active(at now: Int64) -> [Entry] {
        entries.filter { $0.period(at: now) != nil }
    }
}
