internal import CCurl

extension FetchError {
    /// The error a failed transfer's libcurl code stands for, with libcurl's own words (its error
    /// buffer) and the code as the message.
    ///
    /// What libcurl 7.88 returns for each fault, found by making the fault happen on loopback
    /// (`FaultServer`, `CurlFaultTests`):
    ///
    /// | fault | code | libcurl says |
    /// |---|---|---|
    /// | bytes that are not HTTP | `CURLE_UNSUPPORTED_PROTOCOL` (1) | Received HTTP/0.9 when not allowed |
    /// | a status line that is not HTTP's | `CURLE_UNSUPPORTED_PROTOCOL` (1) | Unsupported HTTP version in response |
    /// | a header line without a colon | `CURLE_WEIRD_SERVER_REPLY` (8) | Header without colon |
    /// | a chunk size that is not hex | `CURLE_RECV_ERROR` (56), no `errno` | Illegal or missing hexadecimal sequence in chunked-encoding |
    /// | a reset | `CURLE_RECV_ERROR` (56), `ECONNRESET` | Recv failure: Connection reset by peer |
    /// | closed before any byte | `CURLE_GOT_NOTHING` (52) | Empty reply from server |
    /// | closed inside the body | `CURLE_PARTIAL_FILE` (18) | transfer closed with 500 bytes remaining to read |
    /// | a header line over 100 KiB | `CURLE_OUT_OF_MEMORY` (27) | (nothing) |
    /// | a TLS alert for our hello | `CURLE_SSL_CONNECT_ERROR` (35) | …sslv3 alert handshake failure |
    /// | a self-signed certificate | `CURLE_PEER_FAILED_VERIFICATION` (60) | SSL certificate problem: self-signed certificate |
    /// | a name that does not resolve | `CURLE_COULDNT_RESOLVE_HOST` (6) | Could not resolve host: … |
    /// | nobody listening | `CURLE_COULDNT_CONNECT` (7) | Failed to connect to … Couldn't connect to server |
    /// | a body dripping past the timeout | `CURLE_OPERATION_TIMEDOUT` (28) | Operation timed out after … |
    ///
    /// Redirects are followed by the fetcher and gzip is decoded by it, so libcurl's own
    /// `CURLE_TOO_MANY_REDIRECTS` and `CURLE_BAD_CONTENT_ENCODING` do not occur; they are mapped
    /// all the same.
    init(curl code: CURLcode, said detail: String, systemError: Int, url: String) {
        let words = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        self.init(kind: Self.kind(of: code, systemError: systemError), message: "\(words) (libcurl error \(code.rawValue))", url: url)
    }

    private static func kind(of code: CURLcode, systemError: Int) -> Kind {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            .timeout
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            .nameNotResolved
        case CURLE_COULDNT_CONNECT:
            .unreachable
        case CURLE_GOT_NOTHING:
            .emptyReply
        case CURLE_PARTIAL_FILE:
            .truncated
        case CURLE_RECV_ERROR:
            // libcurl reports a malformed chunk as a receive error too; only a socket's failure
            // leaves a system error behind.
            systemError == 0 ? .badHTTP : .connectionLost
        case CURLE_SEND_ERROR, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            .connectionLost
        case CURLE_UNSUPPORTED_PROTOCOL:
            // The URL's scheme was checked before libcurl saw it (http and https only), so this
            // is about the reply.
            .notHTTP
        case CURLE_WEIRD_SERVER_REPLY:
            .badHTTP
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            .certificate
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CIPHER, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED,
            CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED, CURLE_USE_SSL_FAILED, CURLE_SSL_CRL_BADFILE:
            .tls
        case CURLE_OUT_OF_MEMORY, CURLE_FILESIZE_EXCEEDED:
            // libcurl refuses a header line over CURL_MAX_HTTP_HEADER (100 KiB) with this code.
            .tooLarge
        case CURLE_BAD_CONTENT_ENCODING:
            .badEncoding
        case CURLE_TOO_MANY_REDIRECTS:
            .tooManyRedirects
        case CURLE_URL_MALFORMAT:
            .invalidURL
        default:
            .transfer
        }
    }
}
