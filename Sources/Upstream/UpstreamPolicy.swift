/// How one upstream is treated: politeness toward it and how long its answers are kept.
public struct UpstreamPolicy: Sendable {
    /// Requests to it at once.
    public var maxConcurrent = 8
    /// Requests per second on average, and the burst allowed.
    public var rate = 10.0
    public var burst = 20
    /// Consecutive failures that open the circuit, and seconds it stays open.
    public var breakerThreshold = 5
    public var breakerCooldown = 30.0
    /// Retries of a GET after a connection failure, with jittered backoff.
    public var retries = 1
    /// Seconds an answer is fresh; then served stale while one refresh runs; then kept for errors.
    public var freshFor = 60.0
    public var staleWhileRevalidate = 300.0
    public var staleIfError = 3_600.0
    /// Seconds an upstream's own error answer (no connections, unknown station) is kept.
    public var failureFreshFor = 30.0
    /// With a shared cache: how long one instance holds the fetch lock for a key, and how long
    /// another instance waits for that value before fetching itself.
    public var lockFor = 10.0
    public var lockWait = 2.0

    /// The defaults.
    public init() {}
}
