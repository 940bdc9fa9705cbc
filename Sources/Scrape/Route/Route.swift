public import Markup
public import Kernel

/// One upstream request and how its response becomes normalized records, loaded from
/// `Routes/<id>/route.xml` with every XPath compiled and every normalizer chain checked.
public struct Route: Sendable {
    /// The route's id, which is also its folder's name (`hafas-extxml-connections`).
    public let id: String
    /// What the route serves: timetable, departures, weather, directions or geocoding.
    public let domain: String
    /// The upstream it talks to; routes naming the same one share its politeness and settings.
    public let upstream: String
    /// One line saying what the route fetches.
    public let summary: String
    /// The parameters the request template takes.
    public let parameters: [RouteParameter]
    /// The upstream request, with `{parameter}` placeholders.
    public let request: RequestTemplate
    /// How the response is parsed.
    public let response: ResponseSpec
    /// How long its answers are kept, when the route says; otherwise the upstream's settings apply.
    public let cache: CacheTimes?
    /// Conditions under which a response is an error rather than data, in order.
    public let errors: [ErrorRule]
    /// What an unparsable response means.
    public let unparsable: Failure
    /// The records to extract.
    public let records: [RecordSpec]
    /// The SHA-like digest of the route file, so that cached records of an older shape are never reused.
    public let digest: String
    /// The parameters of one request that checks the upstream, when the route has them.
    public internal(set) var canary: Canary?
    /// When the upstream stopped answering, for a route kept as history.
    public internal(set) var retired: Retirement?
    /// The follow-up request that completes this route's answer, when it has one.
    public internal(set) var follow: FollowUp?
    /// What the upstream's terms ask of its clients, when the route says.
    public internal(set) var politeness: PolitenessPreset?
}

/// An upstream's own terms, as a route file states them (`<politeness>`): requests at once, per
/// second and in a burst for the whole upstream (the strictest its routes name), and a daily
/// budget for this route's requests. The operator's `--upstream` settings win over them.
public struct PolitenessPreset: Sendable, Equatable {
    public var maxConcurrent: Int?
    public var rate: Double?
    public var burst: Int?
    /// Requests of this route a day, the day as the route's zone counts it.
    public var dailyQuota: Int?
    /// The name of a bucket of its own (beside the upstream's) that `rate` and `burst` are for,
    /// shared with the upstream's other routes that name it; nil when they are the whole
    /// upstream's. For an upstream whose terms count some requests apart (Transitous: journeys
    /// apart from stop times and place searches).
    public var bucket: String?
    /// With a bucket: at most `burst` requests in any `window` seconds (a sliding window), in
    /// place of the token bucket's refill at `rate`.
    public var window: Double?
}

/// A request made after a route's answer, to an address that answer gives (api.weather.gov's
/// points answer names the forecast's URL): `route` is asked with the first route's parameters
/// and its url-typed `parameter` set to `field` of the first record of `list`.
public struct FollowUp: Sendable, Equatable {
    /// The route asked next.
    public let route: String
    /// Its url-typed parameter that takes the address.
    public let parameter: String
    /// Where the address is in the first answer: the list and the field of its first record.
    public let list: String
    public let field: String
}

extension Route {
    /// The XPath variable holding a record's position (1-based) in its list's `each` selection,
    /// while its fields and nested lists are read; 0 outside records.
    public static let indexVariable = "index"
}

/// How long a cached answer is fresh, served stale while refreshed, and kept for errors, in seconds.
public struct CacheTimes: Sendable, Equatable {
    /// Served from the cache without asking the upstream.
    public var fresh: Double
    /// Then served stale at once while one background refresh runs.
    public var staleWhileRevalidate: Double
    /// Until then served when the upstream fails.
    public var staleIfError: Double
    /// Whether an answer's `Expires` header, when it lies ahead, decides its freshness instead of
    /// `fresh`: the upstream is not asked again before then (met.no's terms).
    public var usesExpires: Bool
    /// Whether a refresh sends the answer's `Last-Modified` back as `If-Modified-Since`, a 304
    /// keeping the records it had.
    public var conditional: Bool

    /// Times in seconds.
    public init(fresh: Double, staleWhileRevalidate: Double, staleIfError: Double, usesExpires: Bool = false, conditional: Bool = false) {
        self.fresh = fresh
        self.staleWhileRevalidate = staleWhileRevalidate
        self.staleIfError = staleIfError
        self.usesExpires = usesExpires
        self.conditional = conditional
    }
}

/// A request parameter.
public struct RouteParameter: Sendable, Equatable {
    /// The name used in `{name}` placeholders.
    public let name: String
    /// Whether a request must supply it.
    public let required: Bool
    /// The value used when a request does not supply it.
    public let defaultValue: String?
    /// How the value is percent-encoded in the URL.
    public let urlEncoding: TextEncoding
    /// What the parameter means.
    public let summary: String
    /// How many values it takes (`repeat` in the route file): more than one makes it repeatable,
    /// given as a ``RouteParameter.Value/list(_:)``, each value written by the request's `{#name}` section.
    public let maxValues: Int
    /// For a url-typed parameter (a whole address, written as it is), the hosts it may name; nil
    /// for an ordinary value.
    public var urlHosts: [String]? = nil

    /// Whether the value is a whole address.
    public var isURL: Bool { urlHosts != nil }

    /// Whether it takes several values.
    public var isRepeatable: Bool { maxValues > 1 }

    /// A parameter as the route file declares it.
    public init(
        name: String, required: Bool = false, defaultValue: String? = nil, urlEncoding: TextEncoding = .utf8, summary: String = "",
        maxValues: Int = 1
    ) {
        self.name = name
        self.required = required
        self.defaultValue = defaultValue
        self.urlEncoding = urlEncoding
        self.summary = summary
        self.maxValues = maxValues
    }
}

/// A character encoding a route can ask for when it sends text upstream.
public enum TextEncoding: String, Sendable, Equatable {
    case utf8 = "utf-8"
    case latin1 = "iso-8859-1"
}

/// How the response is parsed.
public struct ResponseSpec: Sendable {
    /// HTML, XML or JSON.
    public let format: DocumentFormat
    /// XML only: keep what libxml2 can recover from a document that is not well-formed.
    public let recover: Bool
    /// The zone local times are in (`Europe/Zurich`), unless `timeZoneParameter` names it.
    public let timeZone: ZoneRules
    /// The parameter whose value is the zone of local times (`timezone="{tz}"`: a place's own
    /// zone), or nil for the fixed `timeZone`.
    public let timeZoneParameter: String?
    /// Prefixes the route's XPath uses, bound to namespace URIs.
    public let namespaces: [(prefix: String, uri: String)]
}

/// An error a response can stand for: a stable code, whose doing it is, and a message.
///
/// How a client is answered for the code is decided above Scrape, by the API's error catalog.
public struct Failure: Sendable {
    /// The machine-readable code (`no_connections`), one of `FailureCodes.kinds`.
    public let code: String
    /// Whether the upstream answered the request or failed.
    public let kind: FailureKind
    /// The message, unless `messageXPath` gives one.
    public let message: String
    /// The route file line that declares it; 0 for the default `unparsable`.
    public let line: Int
    /// An XPath whose string value is the message, read from the response.
    // Two optionals rather than an enum: a multi-payload enum keeps its case in the pointer's
    // spare bits, which LeakSanitizer (`make fuzz`) cannot follow and reports as a leak.
    public let messageXPath: XPathExpression?
}

/// A condition under which a response is an error: when `condition` is true, `failure` applies,
/// with the records (such as an ambiguous station's candidates) extracted for the client.
public struct ErrorRule: Sendable {
    /// An XPath evaluated as a boolean against the document.
    public let condition: XPathExpression
    /// The error it means.
    public let failure: Failure
    /// Details to extract, such as candidates.
    public let records: [RecordSpec]
    /// The route file line, for messages.
    public let line: Int
}

/// A list of records: the nodes `each` selects, relative to the enclosing record's node.
public struct RecordSpec: Sendable {
    /// The element name of one record.
    public let name: String
    /// The element name of the list.
    public let list: String
    /// The XPath selecting one node per record.
    public let each: XPathExpression
    /// The most records kept.
    public let limit: Int
    /// Fields and nested record lists, in output order.
    public let members: [Member]
    /// The route file line, for messages.
    public let line: Int

    /// A field or a nested list: one reference either way, so that going through a record's
    /// members copies no field's properties. Read through `kind`.
    // Two optionals rather than an enum of two references: such an enum keeps its case in the
    // pointers' spare bits, which LeakSanitizer (`make fuzz`) cannot follow and reports as a leak.
    public struct Member: Sendable {
        private let field: FieldSpec?
        private let nested: Nested?

        private final class Nested: Sendable {
            let spec: RecordSpec
            init(_ spec: RecordSpec) { self.spec = spec }
        }

        /// What a member is, to switch over.
        public enum Kind: Sendable {
            case field(FieldSpec)
            case records(RecordSpec)
        }

        public var kind: Kind {
            if let field { .field(field) } else { .records(nested!.spec) }
        }

        /// A field.
        public static func field(_ field: FieldSpec) -> Member { Member(field: field, nested: nil) }
        /// A nested list of records.
        public static func records(_ spec: RecordSpec) -> Member { Member(field: nil, nested: Nested(spec)) }
    }
}

/// One value of a record.
///
/// A class: extraction goes through a record's fields once per record, and passing a field
/// around then costs one reference count instead of one per property.
public final class FieldSpec: Sendable {
    /// The element name, also how later fields refer to it (`$name`).
    public let name: String
    /// The XPath of its raw values, relative to the record's node.
    public let xpath: XPathExpression
    /// Whether a record without it is dropped.
    public let required: Bool
    /// The value used when the XPath finds nothing (after normalization failed or found nothing).
    public let defaultValue: String?
    /// The normalizers applied to the raw values.
    public let normalizers: NormalizerChain?
    /// When set, every value is kept, each in an element of this name inside the field's element.
    public let item: String?
    /// Whether the field is left out of the output (kept for references only).
    public let hidden: Bool
    /// The route file line, for messages.
    public let line: Int
    /// The earlier fields of the record its XPath reads as variables (`$symbol`), bound to their
    /// values (the empty string when missing) before it is evaluated.
    public let xpathReferences: [String]

    public init(
        name: String, xpath: XPathExpression, required: Bool, defaultValue: String?, normalizers: NormalizerChain?, item: String?,
        hidden: Bool, line: Int, xpathReferences: [String] = []
    ) {
        self.name = name
        self.xpath = xpath
        self.required = required
        self.defaultValue = defaultValue
        self.normalizers = normalizers
        self.item = item
        self.hidden = hidden
        self.line = line
        self.xpathReferences = xpathReferences
    }
}
