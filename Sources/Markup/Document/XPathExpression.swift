#if canImport(Glibc)
import Glibc
#endif
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

/// Owns a compiled expression, evaluated by one thread at a time.
///
/// With Debian's libxml2 2.9.14, one compiled expression evaluated on several threads at once now
/// and then selected nothing (a field missing, a list empty; `ConcurrentExtractionTests` saw it in
/// about one run in three without this lock): evaluation is not safe to share. Evaluations of one
/// expression therefore take turns; different expressions, and so different fields and routes,
/// still run side by side.
final class CompiledXPath: @unchecked Sendable {
    let pointer: xmlXPathCompExprPtr
    private var mutex = pthread_mutex_t()

    init(_ pointer: xmlXPathCompExprPtr) {
        self.pointer = pointer
        pthread_mutex_init(&mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(&mutex)
        xmlXPathFreeCompExpr(pointer)
    }

    /// Evaluates the expression in `context`, alone.
    func evaluate(in context: xmlXPathContextPtr) -> xmlXPathObjectPtr? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return xmlXPathCompiledEval(pointer, context)
    }
}
