/// The syntax of an upstream response.
public enum DocumentFormat: String, Sendable, CaseIterable {
    /// HTML as browsers take it: never rejected, repaired by libxml2's HTML parser.
    case html
    /// XML: well-formed unless the caller asks for recovery.
    case xml
    /// JSON, mapped onto an XML tree so that the same XPath applies.
    case json
    /// A GTFS-Realtime `FeedMessage` (protobuf), mapped onto an XML tree named by its schema
    /// (``ProtobufSchema/gtfsRealtime``).
    case gtfsRealtime = "gtfs-rt"
}

/// Bounds on the work one document may cost.
public struct DocumentLimits: Sendable, Equatable {
    /// The largest input accepted, in bytes.
    public var maxInputBytes = 8 * 1024 * 1024
    /// The deepest element nesting accepted (libxml2's own XML limit is 256 as well).
    public var maxDepth = 256
    /// The most XPath steps one evaluation may take (libxml2's `opLimit`).
    public var maxXPathOperations = 10_000_000

    /// The defaults: 8 MiB, depth 256, ten million XPath steps.
    public init() {}
}

/// How to parse one response.
public struct ParseOptions: Sendable, Equatable {
    /// The response's `Content-Type` header, whose `charset` parameter is used when the bytes carry no BOM.
    public var contentType: String?
    /// XML only: build what libxml2 can from a document that is not well-formed, instead of failing.
    public var recover = false
    /// The size, depth and XPath bounds.
    public var limits = DocumentLimits()

    /// Options with the defaults: no content type, strict XML, default limits.
    public init(contentType: String? = nil, recover: Bool = false, limits: DocumentLimits = DocumentLimits()) {
        self.contentType = contentType
        self.recover = recover
        self.limits = limits
    }
}
