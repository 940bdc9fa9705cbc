import Kernel
import Synchronization

/// What the HTTP core reads its deadlines off (the head deadline, the idle timeout, a stalled body
/// or reader, the lingering close): the monotonic clock, or a clock that moves only when told.
///
/// On the monotonic clock each loop checks its connections' deadlines once a second. On a manual
/// clock it checks them only when asked (`HTTPServer.checkDeadlines()`), so a test moves time past
/// a deadline and sees the connection cut, however fast or slow the machine is:
///
/// ```swift
/// let clock = DeadlineClock.manual()
/// configuration.deadlineClock = clock
/// // … a head that stops halfway …
/// clock.advance(seconds: 11)
/// await server.checkDeadlines()   // the connection is cut and counted
/// ```
public final class DeadlineClock: Sendable {
    /// Whether deadlines are checked only when asked.
    public let isManual: Bool
    /// Nanoseconds on the manual clock (unused on the monotonic one).
    private let manualNanoseconds = Atomic<UInt64>(1_000_000_000)

    private init(manual: Bool) {
        isManual = manual
    }

    /// The system's monotonic clock, checked once a second.
    public static let monotonic = DeadlineClock(manual: false)

    /// A clock that stands still until `advance(seconds:)`.
    public static func manual() -> DeadlineClock { DeadlineClock(manual: true) }

    /// Now, in nanoseconds.
    public var now: UInt64 {
        isManual ? manualNanoseconds.load(ordering: .acquiring) : Timestamp.monotonicNanoseconds()
    }

    /// Moves a manual clock on; the monotonic clock cannot be moved.
    public func advance(seconds: Double) {
        precondition(seconds >= 0, "a clock only moves forward")
        precondition(isManual, "the monotonic clock moves by itself")
        manualNanoseconds.add(UInt64(seconds * 1e9), ordering: .releasing)
    }
}

/// What the event loops' connections are doing, counted at one moment: what a test waits for
/// before it moves a manual clock past a deadline.
public struct ConnectionCensus: Sendable, Equatable {
    /// Connections open.
    public var open = 0
    /// Reading a request's head: the head deadline runs.
    public var readingHead = 0
    /// Reading a request's body, its head done.
    public var readingBody = 0
    /// With bytes of an answer the client has not taken yet.
    public var waitingToWrite = 0

    public init() {}

    mutating func add(_ other: ConnectionCensus) {
        open += other.open
        readingHead += other.readingHead
        readingBody += other.readingBody
        waitingToWrite += other.waitingToWrite
    }
}
