import Model

/// Answers GETs of the legacy HAFAS pages of fahrplan.sbb.ch from a timetable, as the server
/// did around 2010: connections (`query.exe/dn`), station boards (`stboard.exe/dn`, also under
/// its bahn.de name `bhftafel.exe/dn`) and station lookups (`ajax-getstop.exe/dn`).
///
/// ```swift
/// let service = QueryHTMLService(model: TimetableModel(stations: SwissStations.all))
/// let answer = service.respond(
///     path: QueryHTMLService.connectionsPath,
///     query: "REQ0JourneyStopsS0G=Bern&REQ0JourneyStopsZ0G=Z%FCrich+HB&REQ0JourneyDate=12.05.26&REQ0JourneyTime=07:50")
/// // answer.status == 200, answer.contentType == "text/html; charset=iso-8859-1"
/// ```
///
/// Like the real server it answers what it cannot find with a page and status 200: the query
/// form with an error box, or with candidate lists when a name is not unique. Only an unknown
/// path (404) and an over-long query string (414) get an Apache status page.
public struct QueryHTMLService: Sendable {
    /// The connection search.
    public static let connectionsPath = "/bin/query.exe/dn"
    /// The station board.
    public static let boardPath = "/bin/stboard.exe/dn"
    /// The station board under the name bahn.de and the pages' own links use.
    public static let boardAliasPath = "/bin/bhftafel.exe/dn"
    /// The station lookup behind the pages' input suggestions.
    public static let locationsPath = "/bin/ajax-getstop.exe/dn"

    /// Connections per result page.
    public static let connectionCount = 4
    /// Board entries (`maxJourneys`).
    public static let boardLength = ResultCount(standard: 20, maximum: 100)
    /// Stations per lookup (`REQ0JourneyStopsB`).
    public static let lookupLength = ResultCount(standard: 12, maximum: 40)

    /// The pages' `Content-Type`.
    public static let htmlContentType = "text/html; charset=iso-8859-1"
    /// The lookup's `Content-Type`.
    public static let javaScriptContentType = "text/javascript; charset=iso-8859-1"

    /// The timetable answered from.
    public let model: TimetableModel

    /// A service over a timetable.
    public init(model: TimetableModel) {
        self.model = model
    }

    /// The three pages, by path.
    enum Endpoint: Sendable {
        case connections, board, locations

        init?(path: String) {
            switch path {
            case QueryHTMLService.connectionsPath: self = .connections
            case QueryHTMLService.boardPath, QueryHTMLService.boardAliasPath: self = .board
            case QueryHTMLService.locationsPath: self = .locations
            default: return nil
            }
        }
    }

    /// For a GET of `path` with the raw (still percent-encoded) query string: status, Content-Type, body bytes.
    public func respond(path: String, query: String) -> (status: Int, contentType: String, body: [UInt8]) {
        guard let endpoint = Endpoint(path: path) else { return Self.notFound }
        let contentType = endpoint == .locations ? Self.javaScriptContentType : Self.htmlContentType
        let renderer = QueryHTMLRenderer(model: model, seed: path + "?" + query)
        let request: QueryHTMLRequest
        do {
            request = try QueryHTMLRequest.parse(path: path, query: query)
        } catch {
            switch error.kind {
            case .unknownPath:
                return Self.notFound
            case .queryTooLong:
                return (414, Self.htmlContentType, Self.apachePage(
                    414, "Request-URI Too Long", "The requested URL's length exceeds the capacity limit for this server."))
            case .valueTooLong(let name):
                return (200, contentType, refusal(endpoint, .tooLong(name), renderer: renderer))
            case .missing:
                return (200, contentType, refusal(endpoint, endpoint == .board ? .missingBoardStation : .missingStations, renderer: renderer))
            }
        }
        return (200, contentType, respond(to: request, renderer: renderer))
    }

    /// The answer to a parsed request.
    public func respond(to request: QueryHTMLRequest) -> [UInt8] {
        respond(to: request, renderer: QueryHTMLRenderer(model: model, seed: "\(request)"))
    }

    private func respond(to request: QueryHTMLRequest, renderer: QueryHTMLRenderer) -> [UInt8] {
        switch request {
        case .connections(let query): connections(query, renderer: renderer)
        case .stationBoard(let query): board(query, renderer: renderer)
        case .locations(let query): locations(query, renderer: renderer)
        }
    }

    private func refusal(_ endpoint: Endpoint, _ error: QueryHTMLError, renderer: QueryHTMLRenderer) -> [UInt8] {
        switch endpoint {
        case .connections: renderer.connectionsError(error, query: nil)
        case .board: renderer.boardError(error, query: nil)
        case .locations: QueryHTMLRenderer.locationsError("1")
        }
    }

    private func connections(_ query: QueryHTMLRequest.ConnectionQuery, renderer: QueryHTMLRenderer) -> [UInt8] {
        var fields: [(QueryHTMLError.Role, String)] = [(.start, query.from), (.goal, query.to)]
        fields += query.via.enumerated().map { (.via($0.offset + 1), $0.element) }
        var chosen: [QueryHTMLError.Role: Station] = [:]
        var ambiguous: [(QueryHTMLError.Role, [StationMatch])] = []
        for (role, input) in fields {
            switch model.choice(for: input) {
            case .station(let station): chosen[role] = station
            case .ambiguous(let matches): ambiguous.append((role, matches))
            case .unknown: return renderer.connectionsError(.unknownStation(role, input: input), query: query)
            }
        }
        guard ambiguous.isEmpty, let from = chosen[.start], let to = chosen[.goal] else {
            return renderer.connectionsError(.ambiguous, query: query, candidates: ambiguous)
        }
        let via = query.via.indices.compactMap { chosen[.via($0 + 1)] }
        guard let time = QueryHTMLRequest.localTime(date: query.date, time: query.time) else {
            return renderer.connectionsError(.invalidDate, query: query)
        }
        let found: [Connection]
        do {
            found = via.isEmpty
                ? try model.connections(from: from, to: to, at: time, isArrivalTime: query.isArrivalTime, limit: Self.connectionCount)
                : try model.connections(from: from, to: to, via: via, at: time, isArrivalTime: query.isArrivalTime, limit: Self.connectionCount)
        } catch {
            return renderer.connectionsError(error == .tooClose ? .sameStation : .unknownStation(.start, input: query.from), query: query)
        }
        guard !found.isEmpty else { return renderer.connectionsError(.noConnections, query: query) }
        return renderer.connections(found, query: query, from: from, to: to, via: via)
    }

    private func board(_ query: QueryHTMLRequest.BoardQuery, renderer: QueryHTMLRenderer) -> [UInt8] {
        let station: Station
        switch model.choice(for: query.input) {
        case .station(let found): station = found
        case .ambiguous(let matches): return renderer.boardError(.ambiguous, query: query, candidates: matches)
        case .unknown: return renderer.boardError(.unknownStation(.board, input: query.input), query: query)
        }
        guard let time = QueryHTMLRequest.localTime(date: query.date, time: query.time) else {
            return renderer.boardError(.invalidDate, query: query)
        }
        let limit = Self.boardLength.clamped(query.maxJourneys)
        let entries = (try? query.isArrivalBoard
            ? model.arrivals(at: station, from: time, limit: limit)
            : model.departures(at: station, from: time, limit: limit)) ?? []
        guard !entries.isEmpty else { return renderer.boardError(.noDepartures, query: query) }
        return renderer.board(entries, station: station, at: time, arrivals: query.isArrivalBoard)
    }

    private func locations(_ query: QueryHTMLRequest.LocationQuery, renderer: QueryHTMLRenderer) -> [UInt8] {
        let pattern = String(query.text.trimmingSpaces.reversed().drop { $0 == "?" || $0 == "!" }.reversed())
        let limit = Self.lookupLength.clamped(query.maxResults)
        return renderer.locations(pattern.isEmpty ? [] : model.matches(for: pattern, limit: limit))
    }

    private static var notFound: (status: Int, contentType: String, body: [UInt8]) {
        (404, htmlContentType, apachePage(404, "Not Found", "The requested URL was not found on this server."))
    }

    /// The page Apache answers with for a status of its own.
    static func apachePage(_ status: Int, _ title: String, _ text: String) -> [UInt8] {
        var html = HTMLWriter()
        html.line(#"<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">"#)
        html.line("<html><head>")
        html.line("<title>\(status) \(title)</title>")
        html.line("</head><body>")
        html.line("<h1>\(title)</h1>")
        html.line("<p>\(text)<br />")
        html.line("</p>")
        html.line("</body></html>")
        return html.bytes
    }
}
