import Model

/// The three endpoints, from a query to the timetable's answer or the API's refusal.
extension OpendataService {
    func connections(_ query: WebQuery) -> WebAnswer {
        let via = query.all("via[]") + query.all("via")
        var problems: [String] = []
        let limit = Self.number(query["limit"]) ?? Self.connections.standard
        let page = Self.number(query["page"]) ?? 0
        if limit > Self.connections.maximum { problems.append("Maximal value of argument `limit` is \(Self.connections.maximum).") }
        if page > Self.maximumPage { problems.append("Maximal value of argument `page` is \(Self.maximumPage).") }
        if via.count > Self.maximumVia { problems.append("Invalid via count (max \(Self.maximumVia) allowed).") }
        let fromText = query["from"] ?? "", toText = query["to"] ?? ""
        // As timetable.search.ch answers a route without both ends (recorded).
        guard !fromText.trimmingSpaces.isEmpty, !toText.trimmingSpaces.isEmpty else {
            return Self.json(500, OpendataRenderer.errors("Error from timetable.search.ch: Incomplete route description."))
        }
        guard problems.isEmpty else { return Self.json(400, OpendataRenderer.validationErrors(problems)) }
        guard let from = station(fromText), let to = station(toText) else { return Self.json(200, OpendataRenderer.stationsNotFound()) }
        let stops = via.map(station)
        guard !stops.contains(nil) else { return Self.json(200, OpendataRenderer.stationsNotFound()) }
        guard let at = reading(date: query["date"], time: query["time"]) else {
            return Self.json(500, OpendataRenderer.errors("Error from timetable.search.ch: Invalid date or time."))
        }
        let arriving = query["isArrivalTime"] == "1" || query["isArrivalTime"] == "true"
        // The API asks for up to 16 and hands out the page's slice of them (lib/Transport/API.php);
        // an arrival search pages back in time.
        let start = min(page * limit, Self.connections.maximum - limit)
        let found: [Connection]
        do {
            found = try model.connections(
                from: from, to: to, via: stops.compactMap { $0 }, at: at, isArrivalTime: arriving, limit: start + limit)
        } catch {
            // The same station at both ends: nothing to ride.
            return Self.json(200, renderer.connections([], from: from, to: to))
        }
        let slice = arriving ? Array(found.prefix(limit)) : Array(found.dropFirst(start))
        return Self.json(200, renderer.connections(slice, from: from, to: to))
    }

    func board(_ query: WebQuery) -> WebAnswer {
        let limit = Self.number(query["limit"]) ?? Self.journeys.standard
        guard limit <= Self.journeys.maximum else {
            return WebAnswer(status: 400, contentType: "text/html; charset=UTF-8", body: Array("Invalid value for Parameter `limit`.".utf8))
        }
        let name = [query["id"], query["station"]].compactMap { $0 }.first { !$0.trimmingSpaces.isEmpty }
        guard let name else { return Self.json(400, OpendataRenderer.errors("Parameter station or id is required.")) }
        guard let station = station(name) else { return Self.json(200, OpendataRenderer.boardNotFound()) }
        let text = query["datetime"] ?? query["date"] ?? ""
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard let at = text.isEmpty ? reading(date: nil, time: nil) : parts.count == 2 ? reading(date: parts[0], time: parts[1]) : nil else {
            return Self.json(500, OpendataRenderer.errors("Failed to parse time string (\(text))."))
        }
        let arrivals = query["type"] == "arrival"
        do {
            // Not a hard limit: the runs at the time of the last one within it come too.
            let wanted = max(1, limit)
            let found = arrivals ? try model.arrivals(at: station, from: at, limit: wanted + 20) : try model.departures(at: station, from: at, limit: wanted + 20)
            var entries = Array(found.prefix(wanted))
            if let last = entries.last {
                entries += found.dropFirst(wanted).prefix { $0.stop.time.instant == last.stop.time.instant }
            }
            return Self.json(200, renderer.board(entries, at: station))
        } catch {
            return Self.json(200, OpendataRenderer.boardNotFound())
        }
    }

    func locations(_ query: WebQuery) -> WebAnswer {
        if let text = query["query"], !text.trimmingSpaces.isEmpty {
            // The sandbox knows stations only: addresses and points of interest find nothing.
            let type = query["type"] ?? "all"
            guard type == "all" || type == "station", text.utf8.count <= 256 else { return Self.json(200, OpendataRenderer.locations([])) }
            // A town's name matches its main station twice (as the town and by its own name): once here.
            var seen = Set<String>()
            let found = model.matches(for: text.trimmingSpaces, limit: Self.locationCount + 1).filter { seen.insert($0.station.id).inserted }
            return Self.json(200, OpendataRenderer.locations(found.prefix(Self.locationCount).map { ($0.station, nil) }))
        }
        guard let point = WebQuery.coordinate((query["x"] ?? "") + "," + (query["y"] ?? "")) else {
            return Self.json(200, OpendataRenderer.locations([]))
        }
        let here = Station(id: "", name: "", latitude: point.latitude, longitude: point.longitude)
        let near = model.stations.map { ($0, Geo.distance(here, $0)) }.filter { $0.1 <= Self.nearbyRadius }
            .sorted { ($0.1, $0.0.id) < ($1.1, $1.0.id) }.prefix(Self.locationCount)
        return Self.json(200, OpendataRenderer.locations(near.map { ($0.0, $0.1) }))
    }

    /// A whole number of at least 1, or nil for none (PHP takes a missing, zero or unreadable value as unset).
    static func number(_ text: String?) -> Int? {
        guard let text, text.utf8.count <= 9, let value = Int(text), value >= 1 else { return nil }
        return value
    }
}
