import Model
import Synchronization

/// Joined departures kept for the second they were made in: every client asking for the same
/// station in the same second (a board, a phone's nearby screen) shares one join, and a new
/// second, a new trip updates feed or a new alerts feed makes a new one.
final class BoardCache: Sendable {
    /// What one join was asked: the agency, the station's stop ids, from when, how far ahead, how many.
    struct Key: Hashable, Sendable {
        let agency: String
        let station: [String]
        let from: Int64
        let window: Int64
        let limit: Int
    }

    private struct State {
        var second: Int64 = .min
        /// The feeds' versions the boards were joined with.
        var versions: (Int, Int) = (0, 0)
        var boards: [Key: [TransitDeparture]] = [:]
    }

    /// The most boards kept in one second; past it the second's boards are dropped and made again.
    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The board kept for `key` in `second` with feeds of `versions`, or `make()`'s, kept.
    func board(_ key: Key, second: Int64, versions: (Int, Int), _ make: () -> [TransitDeparture]) -> [TransitDeparture] {
        let kept = state.withLock { state -> [TransitDeparture]? in
            guard state.second == second, state.versions == versions else { return nil }
            return state.boards[key]
        }
        if let kept { return kept }
        let made = make()
        state.withLock { state in
            // A join of an earlier second that ends late is not kept over a later second's.
            guard second >= state.second else { return }
            if state.second != second || state.versions != versions || state.boards.count >= capacity {
                state = State(second: second, versions: versions, boards: [:])
            }
            state.boards[key] = made
        }
        return made
    }
}
