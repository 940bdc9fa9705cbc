import Synchronization

/// Fetches upstream responses over HTTP with libcurl: one multi handle on one thread, an
/// `async` API, connection reuse and HTTP/2, transparent decompression, timeouts, a size cap,
/// and redirects followed only to allowed hosts.
///
/// ```swift
/// let fetcher = try CurlFetcher(configuration: FetchConfiguration())
/// let response = try await fetcher.fetch(FetchRequest(url: "https://example.org/feed.xml"))
/// ```
///
/// A task cancelled while it waits gets `FetchError.cancelled` at once, and its transfer is aborted.
public final class CurlFetcher: Sendable {
    /// The settings every request uses.
    public let configuration: FetchConfiguration
    /// The fetch thread, started by the first request: a service that never asks an upstream
    /// initializes neither libcurl nor TLS.
    private let state = Mutex<(loop: MultiLoop?, stopped: Bool)>((nil, false))
    let nextID = Atomic<Int>(0)

    /// A fetcher; its thread starts with the first request.
    public init(configuration: FetchConfiguration = FetchConfiguration()) throws(FetchError) {
        self.configuration = configuration
    }

    deinit {
        shutdown()
    }

    /// Stops the fetch thread; requests still running, and any made later, fail with `cancelled`.
    public func shutdown() {
        let loop = state.withLock { state -> MultiLoop? in
            state.stopped = true
            return state.loop
        }
        loop?.stop()
    }

    /// The running loop, started now if this is the first request.
    func runningLoop(for url: String) throws(FetchError) -> MultiLoop {
        try state.withLock { state throws(FetchError) -> MultiLoop in
            guard !state.stopped else { throw FetchError(kind: .cancelled, message: "the fetcher is shut down", url: url) }
            if let loop = state.loop { return loop }
            let loop = try MultiLoop()
            state.loop = loop
            return loop
        }
    }

    /// Sends a request and follows redirects within the configuration's bounds.
    public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        guard let origin = URLParts(request.url) else {
            throw FetchError(kind: .invalidURL, message: "not an absolute http(s) URL", url: request.url)
        }
        var current = request
        var redirects = 0
        while true {
            let response = try await perform(current)
            guard let next = try redirect(after: response, of: current, from: request.url, origin: origin, redirects: redirects) else {
                return FetchResponse(
                    status: response.status, headers: response.headers, body: response.body, url: current.url, redirects: redirects)
            }
            redirects += 1
            current = next
        }
    }

    /// The request a redirect leads to, nil when `response` is not one; throws when the redirect
    /// is one too many or leaves the allowed hosts.
    func redirect(
        after response: FetchResponse, of current: FetchRequest, from url: String, origin: URLParts, redirects: Int
    ) throws(FetchError) -> FetchRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location") else { return nil }
        guard redirects < configuration.maxRedirects else {
            throw FetchError(kind: .tooManyRedirects, message: "more than \(configuration.maxRedirects) redirects", url: url)
        }
        guard let target = URLParts(location), target.host == origin.host || configuration.allowedHosts.contains(target.host) else {
            throw FetchError(kind: .redirectRefused, message: "a redirect to \(location) leaves the allowed hosts", url: url)
        }
        // 303, and 301/302 after a POST as browsers do, become a GET without a body.
        let keepMethod = response.status == 307 || response.status == 308 || current.method == "GET"
        var next = current
        next.method = keepMethod ? current.method : "GET"
        next.url = location
        next.body = keepMethod ? current.body : nil
        return next
    }

    /// One exchange, no redirects.
    private func perform(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let id = nextID.add(1, ordering: .relaxed).newValue
        return try await perform(request, id: id, loop: try runningLoop(for: request.url), channel: nil)
    }

    /// One exchange as transfer `id` on `loop`; with a `channel`, it returns once the head has
    /// arrived and the body goes to the channel.
    func perform(_ request: FetchRequest, id: Int, loop: MultiLoop, channel: BodyChannel?) async throws(FetchError) -> FetchResponse {
        let transfer = try EasyTransfer(id: id, request: request, configuration: configuration, channel: channel)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    if transfer.attach(continuation) {
                        if Task.isCancelled {
                            transfer.finish(.failure(FetchError(kind: .cancelled, message: "the request was cancelled", url: request.url)))
                        } else {
                            loop.submit(transfer)
                        }
                    } else {
                        continuation.resume(throwing: FetchError(kind: .cancelled, message: "the request was cancelled", url: request.url))
                    }
                }
            } onCancel: {
                // The caller stops waiting now; the loop aborts the transfer when it sees the id.
                transfer.finish(.failure(FetchError(kind: .cancelled, message: "the request was cancelled", url: request.url)))
                loop.cancel(id)
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw FetchError(kind: .transfer, message: "\(error)", url: request.url)
        }
    }
}

/// The scheme and host of an absolute http(s) URL.
struct URLParts: Equatable {
    let scheme: String
    let host: String

    init?(_ url: String) {
        let lower = url.lowercased()
        let rest: Substring
        if lower.hasPrefix("http://") {
            scheme = "http"
            rest = lower.dropFirst(7)
        } else if lower.hasPrefix("https://") {
            scheme = "https"
            rest = lower.dropFirst(8)
        } else {
            return nil
        }
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        let hostPart: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            hostPart = authority[...close]
        } else {
            hostPart = authority.prefix { $0 != ":" }
        }
        guard !hostPart.isEmpty else { return nil }
        host = String(hostPart)
    }
}
