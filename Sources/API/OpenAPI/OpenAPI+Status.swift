extension OpenAPI {
    /// The HTTP status an error code is answered with: the error catalog's, the one place the
    /// OpenAPI document reads statuses from; nil for a code the catalog does not know.
    static func status(of code: String) -> Int? {
        ErrorCatalog.entry(for: code)?.status
    }
}
