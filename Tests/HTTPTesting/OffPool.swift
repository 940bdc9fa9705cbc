import Foundation

/// Runs blocking work (a libcurl transfer) on its own thread, so that tests never block the
/// cooperative pool that the server's async handlers need: on two cores, two blocked pool
/// threads would otherwise deadlock the test until the client times out.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
