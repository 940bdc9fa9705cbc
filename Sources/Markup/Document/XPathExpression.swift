#if canImport(Glibc)
import Glibc
#endif
internal import CLibXML2
import Synchronization

/// A compiled XPath 1.0 expression, shared by every evaluation of a route.
///
/// ```swift
/// let rows = try XPathExpression("//table[contains(@class,'ovTable')]//tr")
/// ```
///
/// A path of plain child steps (`data/instant/details/air_temperature`, `td/a/@href`), as most
/// fields are, is also kept as a ``ChildPath``, which the evaluator walks itself.
public struct XPathExpression: Sendable, CustomStringConvertible {
    /// The expression as written.
    public let source: String
    let compiled: CompiledXPath
    /// The expression as a walk over child elements, when it is one.
    let childPath: ChildPath?

    /// Compiles an expression; a syntax error throws with libxml2's message.
    public init(_ source: String) throws(DocumentError) {
        LibXML.ensureInitialized()
        let collector = DiagnosticsCollector()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), DiagnosticsCollector.callback)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        guard !source.utf8.contains(0), let pointer = DocumentArena.outside({ xmlXPathCompile(source) }) else {
            let reason = collector.diagnostics.messages.first.map { String($0.drop { $0 != " " }.dropFirst()) }
            throw DocumentError(.invalidXPath, "Invalid XPath \"\(source)\": \(reason ?? "does not compile")")
        }
        self.source = source
        compiled = CompiledXPath(pointer, source: source)
        childPath = ChildPath(source)
    }

    public var description: String { source }
}

/// Owns the compiled forms of one expression, each evaluated by one thread at a time.
///
/// With Debian's libxml2 2.9.14, one compiled expression evaluated on several threads at once now
/// and then selected nothing (a field missing, a list empty; `ConcurrentExtractionTests` saw it in
/// about one run in three when nothing kept them apart). An evaluation therefore takes a compiled
/// copy no other evaluation is using, and gives it back after; when every copy is in use, it
/// compiles another. There are never more copies than evaluations that once ran at the same time,
/// so at most one per thread, and two extractions of one route run side by side instead of taking
/// turns at every field.
final class CompiledXPath: Sendable {
    private let source: String
    /// Copies no evaluation is using.
    private let idle: Mutex<[Copy]>

    /// One compiled copy, handed from one evaluation to the next under `idle`'s lock.
    private struct Copy: @unchecked Sendable {
        let pointer: xmlXPathCompExprPtr
    }

    init(_ pointer: xmlXPathCompExprPtr, source: String) {
        self.source = source
        idle = Mutex([Copy(pointer: pointer)])
    }

    deinit {
        idle.withLock { copies in
            for copy in copies { xmlXPathFreeCompExpr(copy.pointer) }
        }
    }

    /// Evaluates the expression in `context` with a copy of its own; nil when libxml2 fails
    /// (or cannot allocate another copy).
    func evaluate(in context: xmlXPathContextPtr) -> xmlXPathObjectPtr? {
        guard let pointer = checkOut() else { return nil }
        defer { checkIn(pointer) }
        return xmlXPathCompiledEval(pointer, context)
    }

    /// How many compiled copies exist that no evaluation is using.
    var idleCopies: Int {
        idle.withLock { $0.count }
    }

    /// A copy for one evaluation: an idle one, or a new one when none is idle.
    func checkOut() -> xmlXPathCompExprPtr? {
        // It compiled once, so it compiles again; only an allocation can fail.
        // A new copy outlives the document being evaluated: never in its arena.
        idle.withLock { $0.popLast() }?.pointer ?? DocumentArena.outside { xmlXPathCompile(source) }
    }

    /// Gives back a copy `checkOut` returned, once its evaluation is over.
    func checkIn(_ pointer: xmlXPathCompExprPtr) {
        let copy = Copy(pointer: pointer)
        idle.withLock { $0.append(copy) }
    }
}
