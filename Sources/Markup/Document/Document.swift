internal import CLibXML2

/// A parsed upstream response: an HTML, XML, JSON or GTFS-Realtime document as a libxml2 tree, ready for XPath.
///
/// ```swift
/// let document = try Document.parse(bytes, as: .html, options: ParseOptions(contentType: "text/html; charset=iso-8859-1"))
/// let rows = try XPathEvaluator(document).nodes(XPathExpression("//tr[contains(@class,'ovConLine')]"))
/// ```
///
/// libxml2 parses the bytes themselves, never a re-encoded string. XML is parsed without network
/// access, without loading DTDs and without defining entities, so external entities (XXE) and
/// entity expansion bombs cannot take effect. Not `Sendable`: parse, extract, copy the values
/// out, and let the document go on the thread that made it.
public final class Document {
    let pointer: xmlDocPtr
    /// The memory the tree was parsed into; it goes after the tree (stored properties are
    /// released after `deinit` has run).
    let arena: DocumentArena?
    /// The syntax the document was parsed as.
    public let format: DocumentFormat
    /// The encoding the bytes were decoded with (`UTF-8`, `windows-1252`, …).
    public let encoding: String
    /// What libxml2 complained about while parsing (HTML is always repaired; this says how much).
    public let diagnostics: ParseDiagnostics
    /// The bounds this document was parsed under; XPath evaluation uses its operation limit.
    public let limits: DocumentLimits

    init(
        pointer: xmlDocPtr, format: DocumentFormat, encoding: String, diagnostics: ParseDiagnostics, limits: DocumentLimits,
        arena: DocumentArena? = nil
    ) {
        self.pointer = pointer
        self.arena = arena
        self.format = format
        self.encoding = encoding
        self.diagnostics = diagnostics
        self.limits = limits
    }

    deinit {
        // A tree parsed into an arena holds nothing else: the parse allocates only from it (an
        // allocation it cannot make fails, never falls back to malloc), and a document is never
        // changed after. The arena frees it whole, without a walk over every node.
        if arena == nil { xmlFreeDoc(pointer) }
    }

    /// Parses a response body.
    public static func parse(
        _ bytes: [UInt8], as format: DocumentFormat, options: ParseOptions = ParseOptions()
    ) throws(DocumentError) -> Document {
        try parse(bytes, as: format, options: options, schema: nil)
    }

    /// Parses a response body; a protobuf format is read with `schema` instead of its own.
    static func parse(
        _ bytes: [UInt8], as format: DocumentFormat, options: ParseOptions, schema: ProtobufSchema?
    ) throws(DocumentError) -> Document {
        LibXML.ensureInitialized()
        guard bytes.count <= options.limits.maxInputBytes else {
            throw DocumentError(.tooLarge, "The document has \(bytes.count) bytes; the limit is \(options.limits.maxInputBytes).")
        }
        let arena = DocumentArena(inputBytes: bytes.count)
        let document: Document
        switch format {
        case .json:
            document = try JSONDocumentBuilder.build(bytes, options: options, arena: arena)
        case .gtfsRealtime:
            document = try ProtobufDocumentBuilder.build(bytes, schema: schema ?? .gtfsRealtime, format: format, options: options, arena: arena)
        case .html, .xml:
            let parsed = bytes.withUnsafeBytes { raw in
                Result { () throws(DocumentError) in try parseMarkup(raw, format: format, options: options, arena: arena) }
            }
            document = try parsed.get()
        }
        try document.checkDepth()
        arena?.parsedBytes = arena?.takenBytes ?? 0
        return document
    }

    /// The root element, if the document has one.
    public var root: DocumentNode? {
        xmlDocGetRootElement(pointer).map { DocumentNode(document: self, pointer: $0) }
    }

    private static func parseMarkup(
        _ raw: UnsafeRawBufferPointer, format: DocumentFormat, options: ParseOptions, arena: DocumentArena?
    ) throws(DocumentError) -> Document {
        var charset = Charset.resolve(raw, contentType: options.contentType, format: format)
        let body = UnsafeRawBufferPointer(rebasing: raw[charset.markLength...])
        charset = charset.narrowed(for: body)
        guard body.count <= Int(Int32.max) else { throw DocumentError(.tooLarge, "The document is too large.") }
        let collector = DiagnosticsCollector()
        // The thread's structured error handler: libxml2 keeps it per thread, so parses on other
        // threads are unaffected; it is removed again before returning.
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), DiagnosticsCollector.callback)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let base = body.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer<CChar>(bitPattern: 1)
        let read = { () throws(DocumentError) -> (xmlDocPtr?, Bool) in
            try readMarkup(base, count: body.count, format: format, charset: charset, recover: options.recover)
        }
        let (parsed, wellFormed) = if let arena { try arena.run(read) } else { try read() }
        guard let parsed, wellFormed || options.recover else {
            // A tree in an arena goes with it.
            if let parsed, arena == nil { xmlFreeDoc(parsed) }
            let fatal = collector.lastFatal
            let message = fatal?.message ?? "The document is empty or not \(format.rawValue.uppercased())."
            let kind: DocumentError.Kind = message.contains("Excessive depth") ? .tooDeep : .malformed
            throw DocumentError(kind, "Not well-formed \(format.rawValue.uppercased()): \(message)", line: fatal?.line)
        }
        let encoding = format == .xml && charset.source == .defaulted
            ? (LibXML.string(parsed.pointee.encoding).map { Charset.supported($0) ?? $0 } ?? "UTF-8") : charset.name
        return Document(
            pointer: parsed, format: format, encoding: encoding, diagnostics: collector.diagnostics, limits: options.limits, arena: arena)
    }

    /// libxml2's parse of the bytes, and whether they were well-formed (HTML always is).
    private static func readMarkup(
        _ base: UnsafePointer<CChar>?, count: Int, format: DocumentFormat, charset: Charset, recover: Bool
    ) throws(DocumentError) -> (xmlDocPtr?, Bool) {
        let parsed: xmlDocPtr?
        let wellFormed: Bool
        switch format {
        case .html:
            guard let context = htmlNewParserCtxt() else { throw DocumentError(.malformed, "libxml2 could not allocate a parser.") }
            defer { htmlFreeParserCtxt(context) }
            let flags = HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_IGNORE_ENC.rawValue | HTML_PARSE_COMPACT.rawValue
            parsed = htmlCtxtReadMemory(context, base, Int32(count), nil, charset.name, Int32(flags))
            wellFormed = true
        default:
            guard let context = xmlNewParserCtxt() else { throw DocumentError(.malformed, "libxml2 could not allocate a parser.") }
            defer { xmlFreeParserCtxt(context) }
            // Entity declarations are dropped: no entity is ever defined, so none is ever expanded
            // or fetched (with NONET and without DTDLOAD nothing is loaded either).
            context.pointee.sax.pointee.entityDecl = { _, _, _, _, _, _ in }
            context.pointee.sax.pointee.unparsedEntityDecl = { _, _, _, _, _ in }
            var flags = XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
            if charset.source != .defaulted { flags |= XML_PARSE_IGNORE_ENC.rawValue }
            if recover { flags |= XML_PARSE_RECOVER.rawValue }
            parsed = xmlCtxtReadMemory(context, base, Int32(count), nil, charset.source == .defaulted ? nil : charset.name, Int32(flags))
            wellFormed = context.pointee.wellFormed != 0
        }
        return (parsed, wellFormed)
    }

    /// Fails when elements nest deeper than the limit; walks the tree without recursion.
    private func checkDepth() throws(DocumentError) {
        guard var node = xmlDocGetRootElement(pointer) else { return }
        var depth = 1
        let limit = limits.maxDepth
        while true {
            if depth > limit {
                throw DocumentError(.tooDeep, "Elements nest deeper than \(limit) levels.", line: Int(xmlGetLineNo(node)))
            }
            if let child = node.pointee.children, node.pointee.type == XML_ELEMENT_NODE {
                node = child
                depth += 1
                continue
            }
            while node.pointee.next == nil {
                guard let parent = node.pointee.parent, depth > 1 else { return }
                node = parent
                depth -= 1
            }
            guard let next = node.pointee.next else { return }
            node = next
        }
    }
}
