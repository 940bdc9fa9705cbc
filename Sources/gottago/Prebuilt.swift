import Dispatch
import Synchronization

/// A value built on another thread while start-up goes on: the station directory is built
/// while the sandbox's timetable is made, each on one of the cores.
final class Prebuilt<Value: Sendable>: Sendable {
    private let group = DispatchGroup()
    private let result = Mutex<Result<Value, any Error>?>(nil)

    /// Starts building.
    init(_ build: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async(group: group) { [self] in
            let built = Result { try build() }
            result.withLock { $0 = built }
        }
    }

    /// The value, once built; rethrows what building threw.
    func get() throws -> Value {
        group.wait()
        return try result.withLock { $0 }!.get()
    }
}
