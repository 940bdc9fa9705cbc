internal import CCurl

/// Opens one connection per URL, all at once, and drives them together with curl multi.
///
/// For load and connection-limit tests: 2,000 transfers against a live server, with results in
/// input order. Each URL is a lane with its own fresh connection; with `requestsPerConnection`
/// above 1 the lane sends its next request after the previous response, on a kept-alive
/// connection taken from the multi's pool.
///
/// ```swift
/// let results = try ConcurrentRequests.run(urls: Array(repeating: url, count: 2_000))
/// #expect(results.allSatisfy { (try? $0.get().status) == 200 })
/// ```
public enum ConcurrentRequests {
    /// Runs every URL concurrently, each on its own new connection, and waits for all of them.
    ///
    /// - Parameters:
    ///   - urls: One lane (connection) per URL; the same URL may repeat.
    ///   - headers: Header fields sent with every request.
    ///   - timeout: Limit in seconds for each single request, connect included.
    ///   - requestsPerConnection: Requests each lane sends one after another (keep-alive).
    /// - Returns: `urls.count * requestsPerConnection` results, lane-major: request `j` of lane `i`
    ///   is at `i * requestsPerConnection + j`. A failed request is a `.failure`; later requests
    ///   of its lane still run, on a new connection (visible in `newConnections`).
    /// - Throws: Only when curl or the descriptor limit cannot be set up.
    public static func run(
        urls: [String],
        headers: [(String, String)] = [],
        timeout: Double = 30,
        requestsPerConnection: Int = 1
    ) throws(HTTPTestError) -> [Result<TestResponse, HTTPTestError>] {
        let perLane = max(1, requestsPerConnection)
        // Descriptors: one socket per lane plus curl's own wakeup pipe and the test process's files.
        if urls.count + 256 > 1024 {
            try raiseOpenFileLimit(minimum: max(8192, urls.count + 256))
        }
        let multi = try MultiHandle()
        try configure(multi, lanes: urls.count)

        var lanes = LaneTable(urls: urls, headers: headers, timeout: timeout, perLane: perLane)
        for lane in urls.indices {
            try lanes.start(lane, in: multi)
        }
        // curl enforces each request's timeout; this outer bound only guards against a curl bug hanging the test.
        let deadline = ContinuousClock.now + .seconds(timeout * Double(perLane) + 30)
        while lanes.active > 0, ContinuousClock.now < deadline {
            try multi.perform()
            while let (transfer, code) = multi.nextCompleted() {
                try multi.remove(transfer)
                try lanes.complete(transfer, code: code, in: multi)
            }
            if lanes.active > 0 {
                try multi.poll(milliseconds: 250)
            }
        }
        return lanes.results()
    }

    private static func configure(_ multi: MultiHandle, lanes: Int) throws(HTTPTestError) {
        // 0 means unlimited: every lane must connect at once, none may queue behind another.
        try multi.set(CURLMOPT_MAX_HOST_CONNECTIONS, 0)
        try multi.set(CURLMOPT_MAX_TOTAL_CONNECTIONS, 0)
        try multi.set(CURLMOPT_PIPELINING, Int(CURLPIPE_NOTHING))
        // The pool must hold every lane's idle connection between its keep-alive requests.
        try multi.set(CURLMOPT_MAXCONNECTS, max(lanes, 1))
    }
}

/// Per-lane progress of a `ConcurrentRequests.run`: the transfers, how far each got, and results.
private struct LaneTable {
    private let urls: [String]
    private let headers: [(String, String)]
    private let timeout: Double
    private let perLane: Int
    private var transfers: [Transfer] = []
    private var completed: [Int]
    private var slots: [Result<TestResponse, HTTPTestError>?]
    private(set) var active: Int

    init(urls: [String], headers: [(String, String)], timeout: Double, perLane: Int) {
        self.urls = urls
        self.headers = headers
        self.timeout = timeout
        self.perLane = perLane
        completed = Array(repeating: 0, count: urls.count)
        slots = Array(repeating: nil, count: urls.count * perLane)
        active = urls.count
    }

    /// Creates lane `lane`'s easy handle and adds its first request on a fresh connection.
    mutating func start(_ lane: Int, in multi: MultiHandle) throws(HTTPTestError) {
        let transfer = try Transfer()
        transfer.tag = lane
        transfers.append(transfer)
        try transfer.prepare(request(lane, fresh: true))
        try multi.add(transfer)
    }

    /// Stores a finished request's result and queues the lane's next request, if any.
    mutating func complete(_ transfer: Transfer, code: CURLcode, in multi: MultiHandle) throws(HTTPTestError) {
        let lane = transfer.tag
        slots[lane * perLane + completed[lane]] = transfer.finish(code)
        completed[lane] += 1
        guard completed[lane] < perLane else {
            active -= 1
            return
        }
        try transfer.prepare(request(lane, fresh: false))
        try multi.add(transfer)
    }

    /// All results in lane-major order; requests that never finished report `.timedOut`.
    func results() -> [Result<TestResponse, HTTPTestError>] {
        slots.enumerated().map { index, slot in
            slot ?? .failure(HTTPTestError(
                kind: .timedOut, code: 0, message: "request did not finish before the run's deadline",
                url: urls[index / perLane]
            ))
        }
    }

    private func request(_ lane: Int, fresh: Bool) -> TestRequest {
        TestRequest(url: urls[lane], headers: headers, timeout: timeout, freshConnection: fresh)
    }
}
