import Kernel

/// A GET to the legacy HAFAS pages of fahrplan.sbb.ch as the sandbox understands it: the
/// query-string parameters of `query.exe/dn` (connections), `stboard.exe/dn` (a station board)
/// and `ajax-getstop.exe/dn` (a station lookup).
///
/// ```
/// /bin/query.exe/dn?REQ0JourneyStopsS0G=Z%FCrich+HB&REQ0JourneyStopsZ0G=Bern
///     &REQ0JourneyDate=12.05.26&REQ0JourneyTime=07:50&REQ0HafasSearchForw=1&start=Suchen
/// /bin/stboard.exe/dn?input=8507000&boardType=dep&date=12.05.26&time=07:50&maxJourneys=20&start=yes
/// /bin/ajax-getstop.exe/dn?REQ0JourneyStopsS0A=1&REQ0JourneyStopsS0G=Rathaus?&REQ0JourneyStopsB=12
/// ```
///
/// Values are read as the server read them (see ``QueryString``); stations stay text here and
/// are looked up by ``QueryHTMLService``, dates and times are checked by ``localTime(date:time:)``.
public enum QueryHTMLRequest: Sendable, Equatable {
    /// `query.exe/dn`: connections between two stations.
    case connections(ConnectionQuery)
    /// `stboard.exe/dn` (or `bhftafel.exe/dn`): a station's departures or arrivals.
    case stationBoard(BoardQuery)
    /// `ajax-getstop.exe/dn`: stations matching a text.
    case locations(LocationQuery)

    /// The longest station text or other value read (the pages' own inputs take 60 characters).
    public static let maximumValueLength = 200
    /// HAFAS takes up to five via stations (`REQ0JourneyStops1.0G` … `REQ0JourneyStops5.0G`).
    public static let maximumVias = 5

    /// What a connection search asks.
    public struct ConnectionQuery: Sendable, Equatable {
        /// `REQ0JourneyStopsS0G` (or `S`, or the location id `REQ0JourneyStopsS0ID`): a name, an id,
        /// `Name#id`, or a HAFAS location id `A=1@O=…@L=8507000@`.
        public var from: String
        /// `REQ0JourneyStopsZ0G` (or `Z`, or `REQ0JourneyStopsZ0ID`).
        public var to: String
        /// `REQ0JourneyStops1.0G` …, in order; a repeated `REQ0JourneyStops1.0G` adds one more.
        public var via: [String] = []
        /// `REQ0JourneyDate` (or `date`): `DD.MM.YY`, `DD.MM.YYYY`, optionally after a weekday (`Di, `).
        public var date: String
        /// `REQ0JourneyTime` (or `time`): `HH:MM`.
        public var time: String
        /// The time is the arrival time: `REQ0HafasSearchForw=0`, `timesel=arrive`, or the
        /// sandbox's `arrival=1` (a URL template cannot turn a route's 1 into HAFAS's 0).
        public var isArrivalTime = false
    }

    /// What a station board asks.
    public struct BoardQuery: Sendable, Equatable {
        /// `input`: a name, an id or `Name#id` (as the pages' own links write it).
        public var input: String
        /// `date`: `DD.MM.YY` or `DD.MM.YYYY`.
        public var date: String
        /// `time`: `HH:MM`, optionally with a minute offset (`19:19-60`, the pages' "früher" link).
        public var time: String
        /// `boardType=arr`.
        public var isArrivalBoard = false
        /// `maxJourneys`, when given as a number.
        public var maxJourneys: Int?
    }

    /// What a station lookup asks.
    public struct LocationQuery: Sendable, Equatable {
        /// `REQ0JourneyStopsS0G` (or `S`): the text typed so far, HAFAS's `?` wildcard allowed.
        public var text: String
        /// `REQ0JourneyStopsB`: how many stations at most, when given as a number.
        public var maxResults: Int?
    }

    /// Reads a GET of one of the three paths.
    public static func parse(path: String, query: String) throws(QueryHTMLRequestError) -> QueryHTMLRequest {
        guard let endpoint = QueryHTMLService.Endpoint(path: path) else { throw .unknownPath(path) }
        let parameters = try QueryString(parsing: query)
        switch endpoint {
        case .connections: return .connections(try connectionQuery(parameters))
        case .board: return .stationBoard(try boardQuery(parameters))
        case .locations: return .locations(try locationQuery(parameters))
        }
    }

    static func connectionQuery(_ query: QueryString) throws(QueryHTMLRequestError) -> ConnectionQuery {
        let from = query.first(of: "REQ0JourneyStopsS0G", "S", "REQ0JourneyStopsS0ID")
        let to = query.first(of: "REQ0JourneyStopsZ0G", "Z", "REQ0JourneyStopsZ0ID")
        guard let from else { throw .missing("REQ0JourneyStopsS0G") }
        guard let to else { throw .missing("REQ0JourneyStopsZ0G") }
        var via: [(number: Int, order: Int, value: String)] = []
        for (order, pair) in query.pairs.enumerated() {
            guard let number = viaNumber(pair.name), !pair.value.allSatisfy(\.isWhitespace) else { continue }
            via.append((number, order, pair.value))
        }
        let vias = via.sorted { ($0.number, $0.order) < ($1.number, $1.order) }.prefix(maximumVias).map(\.value)
        let date = query.first(of: "REQ0JourneyDate", "date") ?? ""
        let time = query.first(of: "REQ0JourneyTime", "time") ?? ""
        for (name, value) in [("REQ0JourneyStopsS0G", from), ("REQ0JourneyStopsZ0G", to), ("REQ0JourneyDate", date), ("REQ0JourneyTime", time)]
            + vias.map({ ("REQ0JourneyStops1.0G", $0) }) {
            try checkLength(name, value)
        }
        let arrival = query.first("REQ0HafasSearchForw") == "0" || query.first("timesel")?.lowercased() == "arrive"
            || query.first("arrival") == "1"
        return ConnectionQuery(from: from, to: to, via: Array(vias), date: date, time: time, isArrivalTime: arrival)
    }

    static func boardQuery(_ query: QueryString) throws(QueryHTMLRequestError) -> BoardQuery {
        guard let input = query.first(of: "input") else { throw .missing("input") }
        let date = query.first("date") ?? "", time = query.first("time") ?? ""
        for (name, value) in [("input", input), ("date", date), ("time", time)] { try checkLength(name, value) }
        let limit = query.first("maxJourneys").flatMap { Int($0.trimmingSpaces) }
        return BoardQuery(
            input: input, date: date, time: time, isArrivalBoard: query.first("boardType")?.lowercased() == "arr", maxJourneys: limit)
    }

    static func locationQuery(_ query: QueryString) throws(QueryHTMLRequestError) -> LocationQuery {
        let text = query.first(of: "REQ0JourneyStopsS0G", "S") ?? ""
        try checkLength("REQ0JourneyStopsS0G", text)
        return LocationQuery(text: text, maxResults: query.first("REQ0JourneyStopsB").flatMap { Int($0.trimmingSpaces) })
    }

    /// `3` for `REQ0JourneyStops3.0G`; nil for any other name (`S0G` and `Z0G` are start and goal).
    private static func viaNumber(_ name: String) -> Int? {
        guard name.hasPrefix("REQ0JourneyStops"), name.hasSuffix(".0G") else { return nil }
        let digits = name.dropFirst("REQ0JourneyStops".count).dropLast(".0G".count)
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let number = Int(digits), number >= 1 else { return nil }
        return number
    }

    private static func checkLength(_ name: String, _ value: String) throws(QueryHTMLRequestError) {
        if value.unicodeScalars.count > maximumValueLength { throw .valueTooLong(name) }
    }

    /// A date and a time as the pages take them, as a wall-clock reading; nil when either is not
    /// one (`31.02.26`, `25:00`, an empty date).
    ///
    /// Dates are `D.M.YY` or `D.M.YYYY`, optionally after a weekday and a comma (`Di, 12.05.26`,
    /// as the pages echo them); two-digit years are 20YY. Times are `H:MM`, optionally followed
    /// by a signed minute offset that may carry into the previous or next day (`00:10-60`).
    public static func localTime(date: String, time: String) -> LocalDateTime? {
        guard let day = calendarDate(date), let (minutes, offset) = clockMinutes(time) else { return nil }
        let base = LocalDateTime(date: day, secondOfDay: minutes * 60)
        return offset == 0 ? base : LocalDateTime(wallSeconds: base.wallSeconds + Int64(offset) * 60)
    }

    static func calendarDate(_ text: String) -> CalendarDate? {
        var text = Substring(text.trimmingSpaces)
        if let comma = text.firstIndex(of: ","), text[..<comma].allSatisfy(\.isLetter), (1...3).contains(text[..<comma].count) {
            text = Substring(String(text[text.index(after: comma)...]).trimmingSpaces)
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              (1...2).contains(parts[0].count), (1...2).contains(parts[1].count), parts[2].count == 2 || parts[2].count == 4,
              let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2])
        else { return nil }
        return CalendarDate(year: parts[2].count == 2 ? 2000 + year : year, month: month, day: day)
    }

    /// Minutes after midnight and the signed offset in minutes, from `H:MM[+-N]`.
    static func clockMinutes(_ text: String) -> (minutes: Int, offset: Int)? {
        let text = text.trimmingSpaces
        var clock = Substring(text), offset = 0
        if let sign = text.firstIndex(where: { $0 == "+" || $0 == "-" }) {
            let digits = text[text.index(after: sign)...]
            guard (1...4).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let value = Int(digits), value <= 1440 else { return nil }
            offset = text[sign] == "-" ? -value : value
            clock = text[..<sign]
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), let hour = Int(parts[0]), let minute = Int(parts[1]),
              hour < 24, minute < 60
        else { return nil }
        return (hour * 60 + minute, offset)
    }
}

/// Why a GET is not a request the sandbox can answer with a page.
public struct QueryHTMLRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Kind: Equatable {
        case unknownPath(String)
        case queryTooLong(Int)
        case valueTooLong(String)
        case missing(String)
    }

    let kind: Kind

    /// Not one of the service's paths.
    public static func unknownPath(_ path: String) -> QueryHTMLRequestError { QueryHTMLRequestError(kind: .unknownPath(path)) }
    /// The raw query string is longer than ``QueryString/maximumLength`` bytes.
    public static func queryTooLong(_ length: Int) -> QueryHTMLRequestError { QueryHTMLRequestError(kind: .queryTooLong(length)) }
    /// A value is longer than ``QueryHTMLRequest/maximumValueLength`` characters.
    public static func valueTooLong(_ parameter: String) -> QueryHTMLRequestError { QueryHTMLRequestError(kind: .valueTooLong(parameter)) }
    /// A parameter the page needs is absent or blank.
    public static func missing(_ parameter: String) -> QueryHTMLRequestError { QueryHTMLRequestError(kind: .missing(parameter)) }

    /// What is wrong, in English.
    public var description: String {
        switch kind {
        case .unknownPath(let path): "no page at \(path)"
        case .queryTooLong(let length): "the query string has \(length) bytes; the limit is \(QueryString.maximumLength)"
        case .valueTooLong(let name): "\(name) is longer than \(QueryHTMLRequest.maximumValueLength) characters"
        case .missing(let name): "\(name) is missing"
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs, line breaks and no-break spaces.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isSpace($0) }),
              let last = scalars.lastIndex(where: { !Self.isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{A0}"
    }
}

extension Character {
    /// 0 to 9 only (not other scripts' digits, which `isNumber` accepts).
    var isASCIIDigit: Bool { isASCII && isNumber }
}
