internal import CLibXML2

/// A compiled XPath 1.0 expression, shared by every evaluation of a route.
///
/// ```swift
/// let rows = try XPathExpression("//table[contains(@class,'ovTable')]//tr")
/// ```
public struct XPathExpression: Sendable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    let compiled: CompiledXPath

    /// Compiles an expression; a syntax error throws with libxml2's message.
    public init(_ source: String) throws(DocumentError) {
        LibXML.ensureInitialized()
        let collector = DiagnosticsCollector()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), DiagnosticsCollector.callback)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        guard !source.utf8.contains(0), let pointer = xmlXPathCompile(source) else {
            let reason = collector.diagnostics.messages.first.map { String($0.drop { $0 != " " }.dropFirst()) }
            throw DocumentError(.invalidXPath, "Invalid XPath \"\(source)\": \(reason ?? "does not compile")")
        }
        self.source = source
        compiled = CompiledXPath(pointer)
    }

    public var description: String { source }
}

/// Owns a compiled expression. libxml2 only reads a compiled expression while evaluating it (each
/// evaluation has its own context), so one may be evaluated on several threads at once.
final class CompiledXPath: @unchecked Sendable {
    let pointer: xmlXPathCompExprPtr

    init(_ pointer: xmlXPathCompExprPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlXPathFreeCompExpr(pointer)
    }
}
