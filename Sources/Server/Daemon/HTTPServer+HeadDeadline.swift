internal import CMicroHTTPD
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// The head deadline: a request head must arrive in full within `headerTimeout`, as nginx's
/// `client_header_timeout` has it.
///
/// libmicrohttpd's own timeout counts idle time only, so a client that sends a byte now and then
/// could hold a connection for ever. libmicrohttpd calls us only once a head is complete, so a
/// sweep looks at every connection that waits for one. A new connection's head is timed from its
/// accept; between keep-alive requests, from the first byte of the next head, which the kernel's
/// TCP_INFO tells (the time since the socket last received data). A head past its deadline has
/// its socket shut down, which libmicrohttpd sees as the client leaving: it closes the connection
/// and frees its place. The client gets no answer, as from nginx.
extension HTTPServer {
    func startHeadDeadline() {
        let milliseconds = Int(min(1.0, max(0.05, configuration.limits.headerTimeout / 4)) * 1000)
        headWatch.withLock { timer in
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(
                deadline: .now() + .milliseconds(milliseconds), repeating: .milliseconds(milliseconds),
                leeway: .milliseconds(milliseconds / 4))
            source.setEventHandler { [weak self] in self?.sweepHeads() }
            source.resume()
            timer = source
        }
    }

    /// Cuts every connection whose head is past its deadline.
    func sweepHeads(now: UInt64 = Timestamp.monotonicNanoseconds()) {
        let limit = UInt64(configuration.limits.headerTimeout * 1e9)
        // Under the table's lock: libmicrohttpd reports a connection closed (which takes this lock)
        // before it closes its socket, so no descriptor here can have been closed and reused.
        connections.withLock { table in
            for state in table.open.values where headIsLate(state, now: now, limit: limit) {
                guard !state.timedOut.exchange(true, ordering: .relaxed) else { continue }
                // Counted first, so that whoever sees the connection close also sees it counted.
                metrics.headersTimedOut(1)
                _ = Glibc.shutdown(state.descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    private func headIsLate(_ state: ConnectionState, now: UInt64, limit: UInt64) -> Bool {
        let since = state.awaitingSince.load(ordering: .acquiring)
        let recorded = state.headStarted.load(ordering: .relaxed)
        let quiet = since != 0 && recorded == 0 ? cmhd_milliseconds_since_receive(state.descriptor) : 0
        guard let started = Self.headStart(awaitingSince: since, recorded: recorded, quietMilliseconds: quiet, now: now)
        else { return false }
        if recorded == 0 { state.headStarted.store(started, ordering: .relaxed) }
        // The head may have completed since `since` was read: then the wait is over.
        return now > started && now - started > limit && state.awaitingSince.load(ordering: .acquiring) == since
    }

    /// When the head a connection waits for began, or nil if it waits for none yet.
    /// - Parameters:
    ///   - since: When the connection began to wait (0: a request is being handled).
    ///   - recorded: The start found by an earlier sweep, or 0.
    ///   - quietMilliseconds: How long ago the socket last received data (negative: unknown).
    static func headStart(awaitingSince since: UInt64, recorded: UInt64, quietMilliseconds: Int64, now: UInt64) -> UInt64? {
        guard since != 0 else { return nil }
        guard recorded == 0 else { return recorded }
        guard quietMilliseconds >= 0 else { return nil }
        let received = now - min(now, UInt64(quietMilliseconds) * 1_000_000)
        // Nothing arrived since the last request ended: the connection is idle, which
        // libmicrohttpd's idle timeout looks after. The kernel keeps the receive time in ticks
        // (4 ms at 250 Hz), so the last request's own bytes can seem to come after a quick
        // answer; a head begun within the margin and then stalled is still bounded by the idle
        // timeout, and one that keeps trickling is seen at the next sweep.
        return received > since + receiveTimeMargin ? received : nil
    }

    /// How much later than a request's end its bytes may seem to arrive, by the kernel's clock ticks.
    static let receiveTimeMargin: UInt64 = 50_000_000
}
