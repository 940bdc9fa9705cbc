internal import CCurl
import Synchronization

/// One HTTP exchange on a libcurl easy handle, from submission to the continuation's one resume.
///
/// Created on the caller's task, then touched only by the multi loop's thread until it completes;
/// the continuation is the one piece shared with the caller (for cancellation), behind a Mutex
/// whose state machine resumes it exactly once.
final class EasyTransfer: @unchecked Sendable {
    let id: Int
    let handle: UnsafeMutableRawPointer
    let url: String
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// libcurl's words for a failure (`CURLOPT_ERRORBUFFER`), written by the loop thread.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private let requestBody: [UInt8]
    let maxBodyBytes: Int
    /// Where a streamed body goes; nil for a body collected whole.
    let channel: BodyChannel?

    // Loop thread only.
    private(set) var body: [UInt8] = []
    private(set) var headers: [(name: String, value: String)] = []
    private(set) var exceeded = false
    /// A streamed transfer's caller has its head (status and headers); loop thread only.
    private var headDelivered = false
    /// A streamed body in an encoding it cannot have: the transfer is aborted.
    private var refused = false
    /// A streamed transfer answered a redirect: its body is dropped and the head waits for the end,
    /// when libcurl has resolved the target.
    private var redirecting = false
    private var dropped = 0

    private enum State {
        case waiting(CheckedContinuation<FetchResponse, any Error>?)
        case done
    }
    private let state = Mutex(State.waiting(nil))

    /// A transfer; with a `channel`, the continuation gets the head and the body goes to the channel.
    init(id: Int, request: FetchRequest, configuration: FetchConfiguration, channel: BodyChannel? = nil) throws(FetchError) {
        guard let handle = curl_easy_init() else {
            throw FetchError(kind: .transfer, message: "curl_easy_init failed", url: request.url)
        }
        self.id = id
        self.handle = handle
        url = request.url
        requestBody = request.body ?? []
        maxBodyBytes = configuration.maxBodyBytes
        self.channel = channel
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        // Every property is set by now, so on a throw deinit runs and frees the handle and list.
        try configure(request, configuration)
    }

    deinit {
        curl_easy_cleanup(handle)
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    /// What libcurl said about the failure, or "" when it said nothing
    /// (https://curl.se/libcurl/c/CURLOPT_ERRORBUFFER.html).
    var errorText: String {
        errorBuffer.pointee == 0 ? "" : String(cString: errorBuffer)
    }

    private func configure(_ request: FetchRequest, _ configuration: FetchConfiguration) throws(FetchError) {
        func set(_ code: CURLcode, _ what: String) throws(FetchError) {
            guard code == CURLE_OK else {
                throw FetchError(kind: .transfer, message: "\(what): \(String(cString: curl_easy_strerror(code)))", url: request.url)
            }
        }
        try set(ccurl_easy_setopt_string(handle, CURLOPT_URL, request.url), "url")
        // Only http and https, for the request and for anything it could be redirected to.
        try set(ccurl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https"), "protocols")
        try set(ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "nosignal")
        try set(ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
        // Redirects are followed by the fetcher, which checks each target's host first.
        try set(ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0), "followlocation")
        try set(ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, Int((request.connectTimeout ?? configuration.connectTimeout) * 1000)), "connect timeout")
        try set(ccurl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int((request.totalTimeout ?? configuration.totalTimeout) * 1000)), "timeout")
        // gzip, decoded by the fetcher rather than libcurl: libcurl accepts a gzip stream cut
        // short as a complete body, and the size cap must apply to the decoded bytes.
        try set(ccurl_easy_setopt_long(handle, CURLOPT_HTTP_CONTENT_DECODING, 0), "content decoding")
        // A streamed body is passed on as it arrives, so it is asked for unencoded.
        if channel == nil { headerList = curl_slist_append(headerList, "Accept-Encoding: gzip") }
        try set(ccurl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)), "http version")
        try set(ccurl_easy_setopt_string(handle, CURLOPT_USERAGENT, configuration.userAgent), "user-agent")
        for header in request.headers {
            guard !header.name.isEmpty, !(header.name + header.value).unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                throw FetchError(kind: .invalidURL, message: "header \(header.name) is not a single line", url: request.url)
            }
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        // No "Expect: 100-continue" round trip for small POST bodies.
        headerList = curl_slist_append(headerList, "Expect:")
        try set(ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList), "headers")
        switch request.method {
        case "GET":
            break
        case "POST":
            try set(ccurl_easy_setopt_long(handle, CURLOPT_POST, 1), "post")
            try set(ccurl_easy_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(requestBody.count)), "post size")
            try set(requestBody.withUnsafeBytes { ccurl_easy_setopt_copy_postfields(handle, $0.baseAddress, $0.count) }, "post body")
        default:
            try set(ccurl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method), "method")
        }
        let me = Unmanaged.passUnretained(self).toOpaque()
        try set(ccurl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, { data, size, count, user in
            guard let data, let user else { return 0 }
            return Unmanaged<EasyTransfer>.fromOpaque(user).takeUnretainedValue().receive(data, size * count)
        }), "write function")
        try set(ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me), "write data")
        try set(ccurl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, { data, size, count, user in
            guard let data, let user else { return 0 }
            return Unmanaged<EasyTransfer>.fromOpaque(user).takeUnretainedValue().header(data, size * count)
        }), "header function")
        try set(ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, me), "header data")
    }

    private func receive(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        if let channel {
            if redirecting {
                dropped += count
                exceeded = dropped > maxBodyBytes
                return exceeded ? 0 : count
            }
            if !headDelivered { deliverHead() }
            if refused { return 0 }
            switch channel.offer(UnsafeRawBufferPointer(start: data, count: count)) {
            case .accepted: return count
            // libcurl keeps these bytes and hands them again once the loop unpauses the transfer
            // (https://curl.se/libcurl/c/CURLOPT_WRITEFUNCTION.html).
            case .pause: return Int(CURL_WRITEFUNC_PAUSE)
            case .refused: return 0
            }
        }
        guard body.count + count <= maxBodyBytes else {
            exceeded = true
            return 0  // libcurl aborts the transfer with CURLE_WRITE_ERROR
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        return count
    }

    private func header(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        let line = data.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
        if line.hasPrefix("HTTP/") {
            headers.removeAll()  // a new response (after 100 Continue): its headers only
        } else if let colon = line.firstIndex(of: ":"), headers.count < 200 {
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
            headers.append((name, value))
        } else if channel != nil, !headDelivered, line == "\r\n" || line == "\n" {
            // The blank line ends a head; an interim 1xx head is followed by the real one.
            var status = 0
            _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            if (300..<400).contains(status), headers.contains(where: { $0.name.lowercased() == "location" }) {
                redirecting = true
            } else if status >= 200 {
                deliverHead()
            }
        }
        return refused ? 0 : count
    }

    /// Resumes a streamed transfer's caller with the status and headers, or refuses an encoded body.
    private func deliverHead() {
        headDelivered = true
        var status = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        let encoding = headers.last { $0.name.lowercased() == "content-encoding" }?.value.lowercased() ?? "identity"
        guard encoding == "identity" || encoding.isEmpty else {
            refused = true
            finish(.failure(FetchError(kind: .badEncoding, message: "unexpected Content-Encoding \(encoding) on a streamed body", url: url)))
            return
        }
        finish(.success(FetchResponse(status: status, headers: headers, body: [], url: url, redirects: 0)))
    }

    // MARK: The continuation

    /// Stores the continuation; false if the transfer was already finished (cancelled first).
    func attach(_ continuation: CheckedContinuation<FetchResponse, any Error>) -> Bool {
        state.withLock { state in
            guard case .waiting = state else { return false }
            state = .waiting(continuation)
            return true
        }
    }

    /// Resumes the caller once; later calls do nothing.
    func finish(_ result: Result<FetchResponse, FetchError>) {
        let continuation = state.withLock { state -> CheckedContinuation<FetchResponse, any Error>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .done
            return continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    /// The transfer is over: the caller gets the result if it is still waiting, and a streamed
    /// body's reader gets its end.
    func end(_ result: Result<FetchResponse, FetchError>) {
        finish(result)
        channel?.close(result.map { _ in () })
    }

    /// Whether `finish` already ran.
    var isFinished: Bool {
        state.withLock { if case .done = $0 { return true } else { return false } }
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var view = self[...]
        while let first = view.first, characters.contains(first) { view = view.dropFirst() }
        while let last = view.last, characters.contains(last) { view = view.dropLast() }
        return String(view)
    }
}
