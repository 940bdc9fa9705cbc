public import Model
import Store
import Upstream
public import Kernel

extension TimetableService {
    /// The position a query gives, as the directory takes it.
    typealias Position = (latitude: Double, longitude: Double)

    /// Each distinct name resolved: the directory first, then the provider's station search, at
    /// once, for the names the directory does not know.
    func resolve(_ names: [String], near position: Position?, anywhere: Bool = false) async -> [String: Result<Station, ScheduleError>] {
        var resolved: [String: Result<Station, ScheduleError>] = [:]
        var unknown: [String] = []
        for name in names where resolved[name] == nil {
            if anywhere, let place = place(name) {
                resolved[name] = .success(place)
                continue
            }
            let found = resolveInDirectory(name, near: position)
            resolved[name] = found
            if case .failure(let error) = found, error.code == ServiceCode.unknownStation { unknown.append(name) }
        }
        guard !unknown.isEmpty, provider.locationsRoute != nil else { return resolved }
        let looked = await withTaskGroup(of: (String, Result<Station, ScheduleError>?).self) { group in
            for name in unknown {
                group.addTask { (name, await self.lookUp(name)) }
            }
            var looked: [(String, Result<Station, ScheduleError>?)] = []
            for await answer in group { looked.append(answer) }
            return looked
        }
        for case (let name, let result?) in looked { resolved[name] = result }
        return resolved
    }

    /// One name resolved: the directory first, then the provider's station search.
    func resolve(_ name: String, near position: Position?, anywhere: Bool = false) async -> Result<Station, ScheduleError> {
        await resolve([name], near: position, anywhere: anywhere)[name]!
    }

    /// A place given as itself rather than by a name: `lat,lon` (for a provider that takes
    /// positions, the position; for another, the Swiss directory's station nearest it), or a
    /// stop id of a MOTIS provider's feeds (`de-DELFI_de:02000:8002553`, feed-prefixed with `_`).
    func place(_ text: String) -> Station? {
        if let position = Self.position(text) {
            guard provider.takesPositions else { return nearby(position, limit: 1).first?.station }
            return Station(id: "", name: text, latitude: position.latitude, longitude: position.longitude)
        }
        if provider.takesPositions, text.contains("_"), !text.contains(" ") {
            return Station(id: text, name: text, latitude: 0, longitude: 0)
        }
        return nil
    }

    /// `lat,lon` in degrees, on the globe; nil for anything else.
    static func position(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, text.utf8.count <= 40, let latitude = Double(parts[0].filter { $0 != " " }),
            let longitude = Double(parts[1].filter { $0 != " " })
        else { return nil }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The directory's answer: one station, several (`ambiguous_station` with the candidates), or
    /// none (`unknown_station` with suggestions).
    func resolveInDirectory(_ name: String, near position: Position?) -> Result<Station, ScheduleError> {
        // A position off the globe was refused with the request; a directory failure reads as unknown.
        switch (try? directory.resolve(name, near: position)) ?? .unknown(suggestions: []) {
        case .found(let station):
            return .success(station)
        case .ambiguous(let candidates):
            // The directory lists at most `maximumCandidates` (26 stops are named Rathaus).
            let count = candidates.count < StationDirectory.maximumCandidates ? "\(candidates.count)" : "\(candidates.count) or more"
            return .failure(ScheduleError(
                code: ServiceCode.ambiguousStation,
                message: "\"\(name)\" matches \(count) stations; name one of them, or send lat and lon.",
                candidates: Array(candidates.prefix(10))))
        case .unknown(let suggestions):
            return .failure(ScheduleError(
                code: ServiceCode.unknownStation,
                message: "No station is called \"\(name)\"." + (suggestions.isEmpty ? "" : " Did you mean one of the suggestions?"),
                candidates: Array(suggestions.prefix(5))))
        }
    }

    /// A name asked of the provider's station search, whose answer the upstream keeps for the
    /// route's cache times (a day): its first station, the upstream's failure, or nil when it
    /// knows no station either (the directory's answer, with its suggestions, stands).
    func lookUp(_ name: String) async -> Result<Station, ScheduleError>? {
        guard let routeID = provider.locationsRoute, let route = upstreams.catalog[routeID] else { return nil }
        let today = when(date: nil, time: LocalTime(hour: 0, minute: 0))
        guard let parameters = provider.locationParameters(name: name, on: today) else { return nil }
        let answer: UpstreamClient.Answer
        do {
            answer = try await upstreams.client(for: route).extract(route, parameters: parameters)
        } catch {
            return .failure(ScheduleError(code: error.code, message: error.message))
        }
        switch answer.extraction.outcome {
        // A search that finds nothing (a station search's unknown station, a place search's no places).
        case .failure(let failure) where failure.code == ServiceCode.unknownStation || failure.code == ServiceCode.noPlaces:
            return nil
        case .failure(let failure):
            return .failure(ScheduleError(code: failure.code, message: failure.message))
        case .success(let lists):
            return LocationRecords.first(lists).map { .success($0) }
        }
    }
}

extension TimetableService {
    /// A name resolved as transport.opendata.ch resolves it, taking the first of its search's
    /// answers: where several stations match equally well, the first candidate (the nearest
    /// with a position); else the directory's station, the provider's, or the failure.
    /// Names the directory does not know are asked of the provider's station search at once.
    public func firstStations(_ names: [String], near position: Coordinate?) async -> [String: Result<Station, ScheduleError>] {
        let resolved = await resolve(names, near: position.map { ($0.latitude, $0.longitude) })
        return resolved.mapValues { result in
            if case .failure(let error) = result, error.code == ServiceCode.ambiguousStation, let first = error.candidates.first {
                return .success(first)
            }
            return result
        }
    }

    /// The directory's station for a name the timetable wrote (a section's ends), the first of
    /// several that share it; nil when the directory has none.
    public func station(named name: String) -> Station? {
        switch try? directory.resolve(name) {
        case .found(let station)?: station
        case .ambiguous(let candidates)?: candidates.first
        default: nil
        }
    }
}
