internal import CCurl

/// One blocking libcurl GET whose body is handed over piece by piece as it arrives, for
/// `gottago get` (the service's `Fetch` client returns whole bodies only).
///
/// Not `Sendable`: the easy handle belongs to the thread that runs the transfer.
final class GetTransfer {
    /// What ended the transfer.
    enum Failure: Error {
        /// No connection could be made (refused, unresolvable, unreachable, connect timeout).
        case connection(String)
        /// The connection broke or timed out after it was made.
        case transfer(String)
    }

    private let handle: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var onHead: ((Int, String?) -> Void)?
    private var onData: (([UInt8]) -> Void)?
    private var headReported = false

    init?() {
        guard curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Runs the GET; `onHead` gets the status and `Content-Type` before the first body bytes.
    /// - Returns: The final status code.
    func run(
        url: String, headers: [String], connectTimeout: Int,
        onHead: @escaping (Int, String?) -> Void, onData: @escaping ([UInt8]) -> Void
    ) -> Result<Int, Failure> {
        self.onHead = onHead
        self.onData = onData
        defer {
            self.onHead = nil
            self.onData = nil
        }
        for line in headers { headerList = curl_slist_append(headerList, line) }
        let me = Unmanaged.passUnretained(self).toOpaque()
        var code = ccurl_easy_setopt_string(handle, CURLOPT_URL, url)
        for (option, value) in [
            (CURLOPT_NOSIGNAL, 1), (CURLOPT_CONNECTTIMEOUT, connectTimeout), (CURLOPT_FOLLOWLOCATION, 1),
            (CURLOPT_MAXREDIRS, 5), (CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)),
        ] where code == CURLE_OK {
            code = ccurl_easy_setopt_long(handle, option, value)
        }
        if code == CURLE_OK { code = ccurl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") }
        if code == CURLE_OK { code = ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headerList) }
        if code == CURLE_OK { code = ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)) }
        if code == CURLE_OK { code = ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, me) }
        if code == CURLE_OK {
            code = ccurl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
                guard let userdata else { return 0 }
                let bytes = UnsafeRawBufferPointer(start: data, count: size * count)
                Unmanaged<GetTransfer>.fromOpaque(userdata).takeUnretainedValue().receive(bytes)
                return size * count
            }
        }
        if code == CURLE_OK { code = curl_easy_perform(handle) }
        guard code == CURLE_OK else { return .failure(failure(code)) }
        reportHead()
        return .success(status)
    }

    private var status: Int {
        var status = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return status
    }

    private func receive(_ bytes: UnsafeRawBufferPointer) {
        reportHead()
        onData?(Array(bytes))
    }

    private func reportHead() {
        guard !headReported else { return }
        headReported = true
        var type: UnsafeMutableRawPointer?
        let found = ccurl_easy_getinfo_pointer(handle, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK
        let contentType = found ? type.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } : nil
        onHead?(status, contentType)
    }

    private func failure(_ code: CURLcode) -> Failure {
        let detail = errorBuffer[0] != 0 ? String(cString: errorBuffer) : String(cString: curl_easy_strerror(code))
        switch code {
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_URL_MALFORMAT,
            CURLE_UNSUPPORTED_PROTOCOL:
            return .connection(detail)
        case CURLE_OPERATION_TIMEDOUT where !headReported:
            return .connection(detail)
        default:
            return .transfer(detail)
        }
    }
}
