internal import CCurl

/// The single owner of one curl easy handle and of everything it points at while a request runs.
///
/// One `Transfer` is reused for consecutive requests: `curl_easy_reset` clears the options but keeps
/// the handle's live connections, which is what lets `HTTPTestClient` observe keep-alive reuse.
/// Not `Sendable`: an easy handle may only be used by one thread at a time.
final class Transfer {
    /// The `CURL *`; valid until deinit.
    let handle: UnsafeMutableRawPointer
    /// A caller-defined index (the lane in `ConcurrentRequests`), untouched by curl.
    var tag = 0
    /// CURLOPT_ERRORBUFFER target; curl writes into it, so it must outlive every perform.
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// CURLOPT_HTTPHEADER list; curl keeps only the pointer.
    private var headerList = HeaderList()
    private var url = ""
    private var httpVersion = ""
    private var headers: [(String, String)] = []
    private var body: [UInt8] = []
    /// Called with each piece of the body as curl delivers it; false hangs up (see `HTTPTestClient.stream`).
    var onChunk: (([UInt8]) -> Bool)?
    /// The pieces of the body in arrival order, when `onChunk` is set.
    private(set) var chunks: [[UInt8]] = []

    init() throws(HTTPTestError) {
        try CurlGlobal.ensureInitialized()
        guard let handle = curl_easy_init() else {
            throw HTTPTestError(kind: .setup, code: 0, message: "curl_easy_init failed", url: "")
        }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// Returns the transfer stored in an easy handle's CURLOPT_PRIVATE by `prepare`.
    static func owning(_ handle: UnsafeMutableRawPointer) -> Transfer? {
        var raw: UnsafeMutableRawPointer?
        guard ccurl_easy_getinfo_pointer(handle, CURLINFO_PRIVATE, &raw) == CURLE_OK, let raw else { return nil }
        return Unmanaged<Transfer>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Clears the previous request and response and sets every option for `request`.
    func prepare(_ request: TestRequest) throws(HTTPTestError) {
        curl_easy_reset(handle)
        url = request.url
        httpVersion = ""
        headers = []
        body = []
        chunks = []
        errorBuffer[0] = 0
        try setCommonOptions(request)
        try setMethodAndBody(request)
        let list = try HeaderList(lines: request.headerLines)
        try set(CURLOPT_HTTPHEADER, slist: list.pointer)
        // Replacing the old list frees it; curl already points at the new one.
        headerList = list
    }

    /// Runs the prepared request on this thread (easy interface) and returns its outcome.
    func perform() -> Result<TestResponse, HTTPTestError> {
        finish(curl_easy_perform(handle))
    }

    /// Turns the transfer's final code (from `curl_easy_perform` or a multi `CURLMSG_DONE`) into a result.
    func finish(_ code: CURLcode) -> Result<TestResponse, HTTPTestError> {
        if let error = CurlCheck.transfer(code, detail: String(cString: errorBuffer), url: url) {
            return .failure(error)
        }
        var status = 0
        var connects = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_NUM_CONNECTS, &connects)
        return .success(TestResponse(
            status: status, httpVersion: httpVersion, headers: headers, body: body, newConnections: connects
        ))
    }

    private func setCommonOptions(_ request: TestRequest) throws(HTTPTestError) {
        try set(CURLOPT_URL, request.url)
        try set(CURLOPT_PATH_AS_IS, 1)
        try set(CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1))
        // Tests run many threads; curl's timeout handling must not use SIGALRM.
        try set(CURLOPT_NOSIGNAL, 1)
        // An http_proxy in the environment would silently route loopback tests elsewhere.
        try set(CURLOPT_PROXY, "")
        try set(CURLOPT_FOLLOWLOCATION, 0)
        try set(CURLOPT_HTTP_CONTENT_DECODING, 0)
        try set(CURLOPT_TIMEOUT_MS, Int((request.timeout * 1000).rounded()))
        try set(CURLOPT_FRESH_CONNECT, request.freshConnection ? 1 : 0)
        try set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
        let me = Unmanaged.passUnretained(self).toOpaque()
        try set(CURLOPT_PRIVATE, pointer: me)
        try set(CURLOPT_HEADERDATA, pointer: me)
        try set(CURLOPT_WRITEDATA, pointer: me)
        try set(CURLOPT_HEADERFUNCTION, callback: { data, size, count, userdata in
            guard let userdata else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue().receiveHeaderLine(bytes)
            return size * count
        })
        try set(CURLOPT_WRITEFUNCTION, callback: { data, size, count, userdata in
            guard let userdata else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
            let transfer = Unmanaged<Transfer>.fromOpaque(userdata).takeUnretainedValue()
            if let onChunk = transfer.onChunk {
                // Anything but the full count makes curl abort the transfer: the client hangs up.
                guard onChunk(Array(bytes)) else { return 0 }
                transfer.chunks.append(Array(bytes))
            }
            transfer.body.append(contentsOf: bytes)
            return size * count
        })
    }

    private func setMethodAndBody(_ request: TestRequest) throws(HTTPTestError) {
        if request.method == "HEAD" {
            // CUSTOMREQUEST "HEAD" would make curl wait for a body that never comes.
            try set(CURLOPT_NOBODY, 1)
            return
        }
        if let body = request.body ?? (request.method == "POST" ? [] : nil) {
            try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: curl_off_t(body.count))
            if body.isEmpty {
                try set(CURLOPT_COPYPOSTFIELDS, "")
            } else {
                // COPYPOSTFIELDS copies immediately, so the borrowed pointer need not outlive this call.
                let code = body.withUnsafeBytes { ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress)) }
                try CurlCheck.setup(code, "CURLOPT_COPYPOSTFIELDS", url: url)
            }
        }
        if request.method != "GET" || request.body != nil, request.method != "POST" {
            try set(CURLOPT_CUSTOMREQUEST, request.method)
        }
    }

    /// Collects one raw header line; a new status line (after a 1xx) starts the headers over.
    private func receiveHeaderLine(_ bytes: UnsafeRawBufferPointer) {
        let line = Substring(String(decoding: bytes, as: UTF8.self)).trimmingOWS()
        if line.hasPrefix("HTTP/") {
            httpVersion = String(line.prefix { $0 != " " })
            headers = []
        } else if let field = HeaderLookup.parseField(line) {
            headers.append(field)
        }
    }

    private func set(_ option: CURLoption, _ value: Int) throws(HTTPTestError) {
        try CurlCheck.setup(ccurl_easy_setopt_long(handle, option, value), "curl option \(option.rawValue)", url: url)
    }

    private func set(_ option: CURLoption, _ value: String) throws(HTTPTestError) {
        // curl copies string options (https://curl.se/libcurl/c/curl_easy_setopt.html), so a temporary C string is enough.
        try CurlCheck.setup(ccurl_easy_setopt_string(handle, option, value), "curl option \(option.rawValue)", url: url)
    }

    private func set(_ option: CURLoption, offset: curl_off_t) throws(HTTPTestError) {
        try CurlCheck.setup(ccurl_easy_setopt_offset(handle, option, offset), "curl option \(option.rawValue)", url: url)
    }

    private func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) throws(HTTPTestError) {
        try CurlCheck.setup(ccurl_easy_setopt_pointer(handle, option, pointer), "curl option \(option.rawValue)", url: url)
    }

    private func set(_ option: CURLoption, slist: UnsafeMutablePointer<curl_slist>?) throws(HTTPTestError) {
        try CurlCheck.setup(ccurl_easy_setopt_slist(handle, option, slist), "curl option \(option.rawValue)", url: url)
    }

    private func set(_ option: CURLoption, callback: ccurl_data_callback) throws(HTTPTestError) {
        try CurlCheck.setup(ccurl_easy_setopt_data_callback(handle, option, callback), "curl option \(option.rawValue)", url: url)
    }
}

@available(*, unavailable)
extension Transfer: Sendable {}
