public import Kernel

/// Why a document could not be parsed or queried.
///
/// ```swift
/// do { _ = try Document.parse(bytes, as: .xml) }
/// catch where error.kind == .tooLarge { … }
/// ```
public typealias DocumentError = LineError<Document>

extension ErrorKind<Document> {
    /// The input is larger than the limit.
    public static var tooLarge: Self { Self("too_large") }
    /// The element tree is deeper than the limit.
    public static var tooDeep: Self { Self("too_deep") }
    /// The bytes are not a document of the expected format.
    public static var malformed: Self { Self("malformed") }
    /// An XPath expression does not compile or cannot be evaluated.
    public static var invalidXPath: Self { Self("invalid_xpath") }
    /// An XPath evaluation needed more steps than allowed.
    public static var xpathLimit: Self { Self("xpath_limit") }
}
