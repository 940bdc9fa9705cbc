public import Model
import Store
import Synchronization
public import Upstream
public import Kernel

/// Forecasts for places, asked once per ~10 km grid cell and day: concurrent requests for one
/// cell wait for the same upstream answer, and the answer serves the cell while it is fresh.
///
/// ```swift
/// let weather = try WeatherService(upstreams: upstreams, provider: .yr)
/// let report = await weather.forecast(for: bethesda, today: "2026-11-30")   // .success(forecast, age)
/// ```
public final class WeatherService: Sendable {
    /// A forecast, how old it is and where it came from.
    public struct Report: Sendable {
        public let forecast: Forecast
        /// Seconds since the upstream gave it.
        public let age: Int
        /// The upstream answer's source, age and freshness: until when a document made with it may be kept.
        public let provenance: Provenance
    }

    /// What one forecast is asked for: a place's grid cell and the day it is there.
    struct Key: Hashable {
        let cell: GridCell
        let date: String

        init(_ place: Place, today: String) {
            cell = GridCell(latitude: place.latitude, longitude: place.longitude)
            date = today
        }
    }

    private struct Fetched {
        let forecast: Forecast
        /// Where the upstream answer came from, when the upstream gave it and until when it is fresh.
        let provenance: Provenance
    }

    private struct Slot {
        let task: Task<Result<Fetched, PlaceError>, Never>
        /// Until when a finished answer serves the cell (milliseconds); nil while under way.
        var until: Int64?
    }

    public let provider: WeatherProvider
    let upstreams: Upstreams
    /// The wall clock in milliseconds.
    public let now: @Sendable () -> Int64
    /// The most cells kept.
    let capacity: Int
    private let slots = Mutex<[Key: Slot]>([:])
    private let requests = Atomic<Int>(0)

    /// A service over the provider's route in `upstreams`.
    public init(upstreams: Upstreams, provider: WeatherProvider, capacity: Int = 20_000, now: @escaping @Sendable () -> Int64 = WallClock.milliseconds) throws {
        guard upstreams.catalog[provider.routeID] != nil else {
            throw ServiceSetupError("the weather (\(provider.rawValue)) needs the route \(provider.routeID), which the route folder does not have")
        }
        self.upstreams = upstreams
        self.provider = provider
        self.capacity = capacity
        self.now = now
    }

    /// The attribution the upstream's licence asks for, from its last forecast that gave one.
    public var credit: String? { lastCredit.withLock { $0 } }
    private let lastCredit = Mutex<String?>(nil)

    /// Upstream requests made so far (one per cell and day, unless an answer expired or failed).
    public var upstreamRequests: Int { requests.load(ordering: .relaxed) }

    /// The forecast for a place's cell on the day that is `today` at the place.
    public func forecast(for place: Place, today: String) async -> Result<Report, PlaceError> {
        let key = Key(place, today: today)
        let current = now()
        let (task, kept) = slots.withLock { slots -> (Task<Result<Fetched, PlaceError>, Never>, Bool) in
            if let slot = slots[key], slot.until.map({ $0 > current }) ?? true { return (slot.task, slot.until != nil) }
            if slots.count >= capacity { Self.evict(&slots, now: current, keeping: capacity / 2) }
            let task = Task { await self.fetch(place, today: today) }
            slots[key] = Slot(task: task, until: nil)
            return (task, false)
        }
        let result = await task.value
        slots.withLock { slots in
            guard slots[key]?.until == nil else { return }
            switch result {
            case .success(let answer):
                slots[key]?.until = answer.provenance.freshUntil
                if let credit = answer.forecast.credit { lastCredit.withLock { $0 = credit } }
            case .failure: slots[key] = nil
            }
        }
        return result.map { fetched in
            var provenance = fetched.provenance
            provenance.age = Int(max(0, now() - provenance.storedAt) / 1000)
            // A cell kept here from an earlier request is a hit, whatever the upstream's cache said then.
            if kept, provenance.source == .miss { provenance.source = .hit }
            return Report(forecast: fetched.forecast, age: provenance.age, provenance: provenance)
        }
    }

    /// Drops the expired cells, then finished ones, until at most `keeping` are left; cells
    /// under way stay, as their waiters hold them.
    private static func evict(_ slots: inout [Key: Slot], now: Int64, keeping: Int) {
        slots = slots.filter { $0.value.until.map { $0 > now } ?? true }
        for (key, slot) in slots where slots.count > keeping && slot.until != nil {
            slots[key] = nil
        }
    }

    private func fetch(_ place: Place, today: String) async -> Result<Fetched, PlaceError> {
        requests.add(1, ordering: .relaxed)
        switch await UpstreamRecords.fetch(upstreams, route: provider.routeID, provider.parameters(for: place)) {
        case .success(let fetched):
            let forecast = WeatherRecords.forecast(fetched.lists, today: today)
            // An answer without a single day is the upstream's fault, not a place without weather.
            guard !forecast.days.isEmpty else {
                return .failure(PlaceError(code: UpstreamFailure.Code.error, message: "The weather upstream gave no days for \(place.label)."))
            }
            return .success(Fetched(forecast: forecast, provenance: fetched.answer.provenance))
        case .failure(let error):
            return .failure(error)
        }
    }
}
