import Model
import Upstream
import Kernel

extension RouteWeatherService {
    /// What a walk along the route gives: the rows with their weather in driving order, where
    /// the reverse lookups that asked an upstream came from, and whether every point was looked
    /// up (a lookup that failed, not one that found no place, left a point out another time may find).
    struct Walked: Sendable {
        let rows: [Filled]
        let provenances: [Provenance]
        let complete: Bool
    }

    /// The rows along the route, each row's weather asked as soon as the row is known: the place
    /// at every sampled point in driving order, the ends being the places asked for, repeats
    /// dropped; at most `concurrency` weather requests at once, a new one as soon as one ends.
    ///
    /// Events keep their stages in order: every `places` progress, then the `weather` stage's
    /// (the rows that were ready during the walk first). `asking` is told of each row in driving
    /// order, before its `weather` task starts.
    func rows(
        along route: DrivingRoute, from: Place, to: Place, query: RouteWeatherQuery, events: @escaping @Sendable (RouteWeatherEvent) -> Void,
        asking: (RoutePlace) -> Void = { _ in }, weather: @escaping @Sendable (Int, RoutePlace) async -> Filled
    ) async -> Walked {
        let samples = route.meters == 0 ? [(position: from.coordinate, meters: 0.0)] : route.samples(every: query.spacing)
        let total = samples.count
        events(.progress(stage: .places, done: 0, total: total))
        return await withTaskGroup(of: (Int, Filled).self) { group in
            var lookups = ReverseLookups(service: self, samples: samples, from: from, to: to, ahead: concurrency, ends: route.meters > 0)
            var seen = Set<String>()
            var count = 0
            var running = 0
            var ready: [(Int, Filled)] = []
            for (index, sample) in samples.enumerated() {
                let place = await lookups.place(index)
                events(.progress(stage: .places, done: index + 1, total: total))
                guard let place, seen.insert(Self.key(place, query.dedupe)).inserted else { continue }
                let row = RoutePlace(index: count, place: place, distance: Distance(meters: sample.meters))
                count += 1
                if running >= concurrency, let done = await group.next() {
                    ready.append(done)
                    running -= 1
                }
                asking(row)
                group.addTask { (row.index, await weather(row.index, row)) }
                running += 1
            }
            var rows = [Filled?](repeating: nil, count: count)
            let done = Counter()
            events(.progress(stage: .weather, done: 0, total: count))
            func finish(_ index: Int, _ filled: Filled) {
                rows[index] = filled
                events(.place(filled.row))
                events(.progress(stage: .weather, done: done.next(), total: count))
            }
            for (index, filled) in ready { finish(index, filled) }
            while let (index, filled) = await group.next() { finish(index, filled) }
            return Walked(rows: rows.map { $0! }, provenances: lookups.provenances, complete: lookups.complete)
        }
    }
}

/// The places at a route's sampled points, asked in driving order: from the gazetteer in batches
/// of `batch` points (one transaction each, no waiting), from a geocoding upstream up to `ahead`
/// at once.
struct ReverseLookups {
    /// Points looked up in the gazetteer at once: few enough that the first rows' weather is
    /// asked at once, enough to share the connection's lock and transaction.
    static let batch = 16

    let service: RouteWeatherService
    let samples: [(position: Coordinate, meters: Double)]
    let from: Place
    let to: Place
    let ahead: Int
    /// Whether the last point is the end (a route of its own, not one place).
    let ends: Bool
    /// The lookups under way, by point, for an upstream geocoder.
    private var started: [Int: Task<Result<(place: Place, provenance: Provenance?), PlaceError>, Never>] = [:]
    /// The gazetteer's places of the points looked up ahead, by point.
    private var local: [Int: Place?] = [:]
    private var next = 1
    private(set) var provenances: [Provenance] = []
    private(set) var complete = true

    init(service: RouteWeatherService, samples: [(position: Coordinate, meters: Double)], from: Place, to: Place, ahead: Int, ends: Bool) {
        self.service = service
        self.samples = samples
        self.from = from
        self.to = to
        self.ahead = max(1, ahead)
        self.ends = ends
    }

    /// The place at point `index` (asked in order), or nil where none is found.
    mutating func place(_ index: Int) async -> Place? {
        if index == 0 { return from }
        if index == samples.count - 1, ends { return to }
        let inner = ends ? samples.count - 1 : samples.count
        if service.geocoding.reversesLocally {
            if local[index] == nil {
                let points = index..<min(index + Self.batch, inner)
                let places = service.geocoding.reverseLocally(points.map { (samples[$0].position.latitude, samples[$0].position.longitude) })
                local = Dictionary(uniqueKeysWithValues: zip(points, places))
            }
            // A point without a place is left out, as `reverse` finds none there.
            return local.removeValue(forKey: index) ?? nil
        }
        // Keep up to `ahead` of the inner points asked at once.
        while next < inner, next < index + ahead {
            let position = samples[next].position
            let geocoding = service.geocoding
            started[next] = Task { await geocoding.reverseAnswer(latitude: position.latitude, longitude: position.longitude) }
            next += 1
        }
        guard let lookup = started.removeValue(forKey: index) else { return nil }
        switch await lookup.value {
        case .success(let found):
            if let provenance = found.provenance { provenances.append(provenance) }
            return found.place
        case .failure(let error):
            if error.code != ServiceCode.noPlaces { complete = false }
            return nil
        }
    }
}
