import Synchronization

/// The pipe between a streamed transfer's write callback (the loop thread) and the one task that
/// reads the body: chunks in order, a bounded buffer with the transfer paused while it is full,
/// and an end (success, failure or cancellation) delivered exactly once.
///
/// The decisions live in `StateMachine`, a pure value; this class only runs its actions, outside
/// the lock.
final class BodyChannel: Sendable {
    private let state: Mutex<StateMachine>
    private let id: Int
    private let loop: MultiLoop
    let url: String

    init(id: Int, loop: MultiLoop, bufferBytes: Int, url: String) {
        state = Mutex(StateMachine(limit: bufferBytes))
        self.id = id
        self.loop = loop
        self.url = url
    }

    // MARK: The loop thread's side

    /// What the write callback does with bytes it was given.
    enum Offer {
        /// Taken: tell libcurl they were all written.
        case accepted
        /// The buffer is full: pause the transfer; libcurl hands the same bytes again on resume.
        case pause
        /// Nobody reads any more: abort the transfer.
        case refused
    }

    /// Offers bytes the transfer received.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
        let chunk = Array(bytes)
        switch state.withLock({ $0.offer(chunk) }) {
        case .deliver(let waiter):
            waiter.resume(returning: chunk)
            return .accepted
        case .buffered:
            return .accepted
        case .pause:
            return .pause
        case .refuse:
            return .refused
        }
    }

    /// Ends the body: the reader gets the bytes still buffered, then nil or the error.
    func close(_ result: Result<Void, FetchError>) {
        let waiter = state.withLock { $0.close(result) }
        waiter?.resume(result)
    }

    // MARK: The reader's side

    /// The next chunk, nil at the end; a cancelled task ends the transfer and gets `cancelled`.
    func next() async throws(FetchError) -> [UInt8]? {
        switch state.withLock({ $0.take() }) {
        case .chunk(let chunk, let resumeTransfer):
            if resumeTransfer { loop.resume(id) }
            return chunk
        case .end(let result):
            return try result.get()
        case .wait:
            break
        }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
                    let ready = state.withLock { $0.wait(continuation) }
                    switch ready {
                    case .none: break
                    case .chunk(let chunk, let resumeTransfer)?:
                        continuation.resume(returning: chunk)
                        if resumeTransfer { loop.resume(id) }
                    case .end(let result)?:
                        continuation.resume(with: result.mapError { $0 as any Error })
                    case .wait?:
                        continuation.resume(throwing: FetchError(kind: .transfer, message: "a streamed body has one reader", url: url))
                    }
                }
            } onCancel: {
                cancel()
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw FetchError(kind: .transfer, message: "\(error)", url: url)
        }
    }

    /// Stops reading: a waiting reader gets `cancelled`, and the transfer is aborted.
    func cancel() {
        let error = FetchError(kind: .cancelled, message: "the request was cancelled", url: url)
        let (ended, waiter) = state.withLock { $0.cancel(error) }
        waiter?.resume(throwing: error)
        if ended { loop.cancel(id) }
    }
}

extension CheckedContinuation where T == [UInt8]?, E == any Error {
    fileprivate func resume(_ result: Result<Void, FetchError>) {
        resume(with: result.map { nil }.mapError { $0 as any Error })
    }
}
