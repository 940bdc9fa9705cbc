extension BodyChannel {
    /// A streamed body's buffer, reader and end, with no I/O: each event returns what to do.
    ///
    /// The buffer holds at most `limit` bytes before the transfer is paused (one chunk may pass
    /// the limit: it is the one that fills the buffer). The end is set once, by the transfer
    /// (`close`) or by the reader (`cancel`), whichever comes first.
    struct StateMachine {
        typealias Waiter = CheckedContinuation<[UInt8]?, any Error>

        let limit: Int
        private var chunks: [[UInt8]] = []
        private var first = 0
        private var buffered = 0
        private var paused = false
        private var waiter: Waiter?
        private var end: Result<Void, FetchError>?
        private var cancelled = false

        init(limit: Int) {
            self.limit = max(limit, 1)
        }

        enum OfferAction {
            /// Hand the chunk to the reader waiting for it.
            case deliver(Waiter)
            /// Kept in the buffer.
            case buffered
            /// The buffer is full: the chunk is not taken.
            case pause
            /// Nobody reads any more.
            case refuse
        }

        /// A chunk arrived: straight to a waiting reader, into the buffer, or refused while it is full.
        mutating func offer(_ chunk: [UInt8]) -> OfferAction {
            if cancelled || end != nil { return .refuse }
            if let waiter {
                self.waiter = nil
                return .deliver(waiter)
            }
            guard buffered < limit else {
                paused = true
                return .pause
            }
            buffered += chunk.count
            chunks.append(chunk)
            return .buffered
        }

        /// The transfer ended; a waiting reader (the buffer is then empty) gets the end now.
        mutating func close(_ result: Result<Void, FetchError>) -> Waiter? {
            guard end == nil else { return nil }
            end = result
            defer { waiter = nil }
            return waiter
        }

        enum TakeAction {
            /// The next chunk; `resumeTransfer` when the buffer has room again for a paused transfer.
            case chunk([UInt8], resumeTransfer: Bool)
            case end(Result<[UInt8]?, FetchError>)
            case wait
        }

        /// The reader asks for the next chunk.
        mutating func take() -> TakeAction {
            if !cancelled, first < chunks.count {
                let chunk = chunks[first]
                first += 1
                buffered -= chunk.count
                if first == chunks.count {
                    chunks.removeAll(keepingCapacity: true)
                    first = 0
                }
                let resume = paused && buffered < limit
                if resume { paused = false }
                return .chunk(chunk, resumeTransfer: resume)
            }
            if let end { return .end(end.map { nil }) }
            return .wait
        }

        /// The reader waits, unless something arrived since it asked; `.wait` means a second reader.
        mutating func wait(_ continuation: Waiter) -> TakeAction? {
            guard waiter == nil else { return .wait }
            let action = take()
            if case .wait = action {
                waiter = continuation
                return nil
            }
            return action
        }

        /// The reader stops: the buffer is dropped; returns whether the transfer must be aborted
        /// (it had not ended) and the waiter to fail.
        mutating func cancel(_ error: FetchError) -> (abort: Bool, waiter: Waiter?) {
            guard !cancelled else { return (false, nil) }
            cancelled = true
            chunks.removeAll()
            first = 0
            buffered = 0
            let abort = end == nil
            if abort { end = .failure(error) }
            defer { waiter = nil }
            return (abort, waiter)
        }
    }
}
