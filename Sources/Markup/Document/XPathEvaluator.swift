internal import CLibXML2

/// Evaluates compiled expressions against one document, with a route's namespace prefixes.
///
/// ```swift
/// let xpath = try XPathEvaluator(document, namespaces: [("ojp", "http://www.vdv.de/ojp")])
/// for trip in try xpath.nodes(trips) { let start = try xpath.strings(startTime, at: trip) }
/// ```
///
/// Prefixes are bound here, not taken from the document: OJP 1.0 and 2.0 responses use different
/// prefixes (or none) for the same namespace URIs, and the expressions match on URIs. Every
/// evaluation is bounded by the document's XPath operation limit.
public final class XPathEvaluator {
    private let document: Document
    private let context: xmlXPathContextPtr
    /// Receives libxml2's messages while an evaluation runs; one per evaluator, not per evaluation.
    private let collector = DiagnosticsCollector()

    /// Prepares evaluation over `document`; a prefix or URI libxml2 refuses throws.
    public init(_ document: Document, namespaces: [(prefix: String, uri: String)] = []) throws(DocumentError) {
        guard let context = xmlXPathNewContext(document.pointer) else {
            throw DocumentError(.invalidXPath, "libxml2 could not allocate an XPath context.")
        }
        self.document = document
        self.context = context
        // libxml2 frees and allocates every intermediate node set and value of every step without
        // its per-context cache (off by default); a field's path is a few steps, so with it on an
        // evaluation allocates a fraction of what it did.
        xmlXPathContextSetCache(context, 1, -1, 0)
        for (prefix, uri) in namespaces where xmlXPathRegisterNs(context, prefix, uri) != 0 {
            throw DocumentError(.invalidXPath, "Cannot bind namespace prefix \"\(prefix)\" to \"\(uri)\".")
        }
    }

    deinit {
        xmlXPathFreeContext(context)
    }

    /// Binds `$name` to a number for the evaluations that follow, replacing its earlier value.
    public func setVariable(_ name: String, to value: Double) {
        // The context takes ownership of the new value and frees the one it replaces.
        xmlXPathRegisterVariable(context, name, xmlXPathNewFloat(value))
    }

    /// Binds `$name` to a string for the evaluations that follow, replacing its earlier value.
    public func setVariable(_ name: String, to value: String) {
        xmlXPathRegisterVariable(context, name, xmlXPathNewString(value))
    }

    /// The nodes an expression selects, in document order; a non-node result is an error.
    public func nodes(_ expression: XPathExpression, at node: DocumentNode? = nil) throws(DocumentError) -> [DocumentNode] {
        try evaluate(expression, at: node) { result throws(DocumentError) in
            guard result.pointee.type == XPATH_NODESET else {
                throw DocumentError(.invalidXPath, "XPath \"\(expression.source)\" does not select nodes.")
            }
            return Self.nodePointers(result).compactMap { pointer in
                pointer.pointee.type == XML_NAMESPACE_DECL ? nil : DocumentNode(document: document, pointer: pointer)
            }
        }
    }

    /// The string values of what an expression yields: one per selected node, or the one value of
    /// a string, number or boolean expression (`"true"`/`"false"`).
    public func strings(_ expression: XPathExpression, at node: DocumentNode? = nil) throws(DocumentError) -> [String] {
        if let path = expression.childPath, let start = walkStart(node) {
            var values: [String] = []
            path.walk(from: start, document: documentNode) { selected in
                values.append(LibXML.stringValue(selected))
                return true
            }
            return values
        }
        return try evaluate(expression, at: node) { result in
            switch result.pointee.type {
            case XPATH_NODESET:
                return Self.nodePointers(result).map(LibXML.stringValue)
            case XPATH_STRING:
                return [LibXML.string(result.pointee.stringval) ?? ""]
            case XPATH_NUMBER:
                return [LibXML.take(xmlXPathCastNumberToString(result.pointee.floatval)) ?? ""]
            case XPATH_BOOLEAN:
                return [result.pointee.boolval != 0 ? "true" : "false"]
            default:
                return []
            }
        }
    }

    /// The first string value that is not blank, converting nodes only until one is found: for
    /// single-valued fields, where most selections hold one node but some hold hundreds.
    public func firstNonBlankString(_ expression: XPathExpression, at node: DocumentNode? = nil) throws(DocumentError) -> String? {
        if let path = expression.childPath, let start = walkStart(node) {
            var found: String?
            path.walk(from: start, document: documentNode) { selected in
                let text = LibXML.stringValue(selected)
                guard !text.isBlank else { return true }
                found = text
                return false
            }
            return found
        }
        return try evaluate(expression, at: node) { result in
            let value: String?
            switch result.pointee.type {
            case XPATH_NODESET:
                guard let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else { return nil }
                for index in 0..<Int(set.pointee.nodeNr) {
                    guard let node = table[index] else { continue }
                    let text = LibXML.stringValue(node)
                    if !text.isBlank { return text }
                }
                return nil
            case XPATH_STRING:
                value = LibXML.string(result.pointee.stringval)
            case XPATH_NUMBER:
                value = LibXML.take(xmlXPathCastNumberToString(result.pointee.floatval))
            case XPATH_BOOLEAN:
                value = result.pointee.boolval != 0 ? "true" : "false"
            default:
                value = nil
            }
            return value.flatMap { $0.isBlank ? nil : $0 }
        }
    }

    /// The boolean value of an expression, as XPath's `boolean()` would give it.
    public func boolean(_ expression: XPathExpression, at node: DocumentNode? = nil) throws(DocumentError) -> Bool {
        try evaluate(expression, at: node) { result in xmlXPathCastToBoolean(result) != 0 }
    }

    /// The document as the node a path starts from.
    private var documentNode: xmlNodePtr {
        UnsafeMutableRawPointer(document.pointer).assumingMemoryBound(to: xmlNode.self)
    }

    /// Where a ``ChildPath`` walk starts for `node`: an element, or the document for none; nil for
    /// other nodes (an attribute, a text), which libxml2 evaluates instead.
    private func walkStart(_ node: DocumentNode?) -> xmlNodePtr? {
        guard let node else { return documentNode }
        return node.pointer.pointee.type == XML_ELEMENT_NODE ? node.pointer : nil
    }

    private func evaluate<T>(
        _ expression: XPathExpression, at node: DocumentNode?, _ read: (xmlXPathObjectPtr) throws(DocumentError) -> T
    ) throws(DocumentError) -> T {
        // The node sets and values of an evaluation come from the document's arena while it has room.
        guard let arena = document.arena, arena.takesEvaluations else { return try evaluateHere(expression, at: node, read) }
        return try arena.run { () throws(DocumentError) in try evaluateHere(expression, at: node, read) }
    }

    private func evaluateHere<T>(
        _ expression: XPathExpression, at node: DocumentNode?, _ read: (xmlXPathObjectPtr) throws(DocumentError) -> T
    ) throws(DocumentError) -> T {
        context.pointee.node = node?.pointer ?? documentNode
        let limit = UInt(max(document.limits.maxXPathOperations, 1))
        context.pointee.opLimit = limit
        context.pointee.opCount = 0
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), DiagnosticsCollector.callback)
        let result = expression.compiled.evaluate(in: context)
        xmlSetStructuredErrorFunc(nil, nil)
        guard let result else {
            defer { collector.diagnostics = ParseDiagnostics() }
            if context.pointee.opCount >= limit {
                throw DocumentError(.xpathLimit, "XPath \"\(expression.source)\" needed more than \(limit) steps.")
            }
            let reason = collector.diagnostics.messages.first.map { String($0.drop { $0 != " " }.dropFirst()) }
            throw DocumentError(.invalidXPath, "XPath \"\(expression.source)\" failed: \(reason ?? "evaluation error")")
        }
        defer { xmlXPathFreeObject(result) }
        return try read(result)
    }

    private static func nodePointers(_ result: xmlXPathObjectPtr) -> [xmlNodePtr] {
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else { return [] }
        return (0..<Int(set.pointee.nodeNr)).compactMap { table[$0] }
    }
}

extension String {
    /// Whether the text is empty or only whitespace.
    public var isBlank: Bool {
        var ascii = true
        for byte in utf8 where byte != 0x20 && !(0x09...0x0D).contains(byte) {
            // An ASCII character other than a space starts a character that is not whitespace.
            if byte < 0x80 { return false }
            ascii = false
        }
        return ascii || allSatisfy(\.isWhitespace)
    }
}
