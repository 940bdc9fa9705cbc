import Synchronization

/// At most so many log lines a second from one source, with the number left out said later.
///
/// libmicrohttpd logs each malformed request it refuses, so a client could otherwise drive the
/// log's volume; past the budget, lines are counted instead of written.
final class LineBudget: Sendable {
    /// What to do with one line.
    enum Verdict: Equatable {
        /// Write it, after a line saying how many were left out since the last one written.
        case write(leftOut: Int)
        /// Leave it out.
        case leaveOut
    }

    private let perSecond: Int
    private let state = Mutex((second: Int64(0), written: 0, leftOut: 0))

    /// A budget of `perSecond` lines in each second.
    init(perSecond: Int) {
        self.perSecond = perSecond
    }

    /// Whether a line at `second` (any monotonic count of seconds) is written.
    func admit(at second: Int64) -> Verdict {
        state.withLock { state in
            if state.second != second {
                state.second = second
                state.written = 0
            }
            guard state.written < perSecond else {
                state.leftOut += 1
                return .leaveOut
            }
            state.written += 1
            defer { state.leftOut = 0 }
            return .write(leftOut: state.leftOut)
        }
    }
}
