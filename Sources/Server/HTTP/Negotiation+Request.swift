extension Negotiation {
    /// The format for the error document of a request that failed before negotiation finished.
    public static func bestEffortFormat(for request: Request) -> Format {
        bestEffortFormat(path: request.path, query: request.rawQuery, accept: request.headers["Accept"])
    }
}
