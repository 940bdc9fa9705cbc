internal import CCurl

/// Turns libcurl return codes into `HTTPTestError`s; the only place that compares against `CURLE_OK`.
enum CurlCheck {
    /// Throws a `.setup` error when configuring an easy handle fails.
    static func setup(_ code: CURLcode, _ what: @autoclosure () -> String, url: String) throws(HTTPTestError) {
        guard code != CURLE_OK else { return }
        throw HTTPTestError(kind: .setup, code: Int(code.rawValue), message: "\(what()): \(describe(code))", url: url)
    }

    /// Throws a `.setup` error when a multi-handle call fails.
    static func multi(_ code: CURLMcode, _ what: @autoclosure () -> String) throws(HTTPTestError) {
        guard code != CURLM_OK else { return }
        let message = String(cString: curl_multi_strerror(code))
        throw HTTPTestError(kind: .setup, code: Int(code.rawValue), message: "\(what()): \(message)", url: "")
    }

    /// Maps a finished transfer's code to an error, preferring curl's detailed error buffer.
    static func transfer(_ code: CURLcode, detail: String, url: String) -> HTTPTestError? {
        guard code != CURLE_OK else { return nil }
        let message = detail.isEmpty ? describe(code) : detail
        return HTTPTestError(kind: kind(of: code), code: Int(code.rawValue), message: message, url: url)
    }

    private static func kind(of code: CURLcode) -> HTTPTestError.Kind {
        switch code {
        case CURLE_COULDNT_CONNECT: .connectionRefused
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_GOT_NOTHING: .emptyReply
        // curl reports a peer that closes mid-body as a partial file, a reset as a receive error.
        case CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_SEND_ERROR: .connectionReset
        case CURLE_WEIRD_SERVER_REPLY, CURLE_UNSUPPORTED_PROTOCOL: .malformedResponse
        default: .transfer
        }
    }

    private static func describe(_ code: CURLcode) -> String {
        String(cString: curl_easy_strerror(code))
    }
}
