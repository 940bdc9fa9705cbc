import Server

extension HTTPError {
    /// An error of the API's own, answered as the error catalog says for its code.
    static func catalogued(_ code: String, _ message: String, retryAfter: Int? = nil) -> HTTPError {
        HTTPError(status: ErrorCatalog.status(of: code), code: code, message: message, headers: ErrorCatalog.headers(for: code, retryAfter: retryAfter))
    }
}
