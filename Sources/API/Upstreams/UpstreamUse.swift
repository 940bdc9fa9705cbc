/// How the service uses one upstream: the roles its chosen providers give it, and whether the
/// embedded sandbox stands in for it.
public struct UpstreamUse: Sendable, Equatable {
    /// One role: what it answers and the provider chosen for it.
    public struct Role: Sendable, Equatable {
        /// `timetable`, `departures`, `weather`, `directions` or `geocoding`.
        public let name: String
        /// The provider chosen (`hafas-extxml`, `bart-etd`, …).
        public let provider: String

        /// A role played by a provider.
        public init(name: String, provider: String) {
            self.name = name
            self.provider = provider
        }
    }

    /// The roles, in the order the options list them.
    public var roles: [Role]
    /// Whether the embedded sandbox answers in its place.
    public var sandbox: Bool

    /// A use with these roles.
    public init(roles: [Role] = [], sandbox: Bool = false) {
        self.roles = roles
        self.sandbox = sandbox
    }
}

/// What one canary request gave (`gottago upstreams check`).
public struct CanaryResult: Sendable, Equatable {
    /// The route that was asked.
    public let route: String
    /// `ok`, the route's own error code, or the upstream failure's code.
    public let code: String
    /// The HTTP status a client would have had: 200, or the error catalog's for the code.
    public var status: Int { code == "ok" ? 200 : ErrorCatalog.status(of: code) }
    /// Records in the answer's lists, top level.
    public let records: Int
    /// What went wrong, for people.
    public let message: String?

    /// Whether the upstream answered: records, or an error answer of the route's own (the
    /// upstream answered, about the canary's parameters); not an upstream failure.
    public let answered: Bool

    /// A canary's result.
    public init(route: String, code: String, records: Int, message: String?, answered: Bool) {
        self.route = route
        self.code = code
        self.records = records
        self.message = message
        self.answered = answered
    }
}
