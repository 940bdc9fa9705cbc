internal import CLibXML2
internal import ParseArena

/// Process-wide libxml2 set-up and the conversions every caller needs.
enum LibXML {
    /// libxml2 must be initialised once before threads use it (its global tables are then read-only).
    ///
    /// Its memory functions are set first: they allocate from the thread's `DocumentArena` while
    /// a document is parsed, and are malloc's otherwise. They free either kind, so memory libxml2
    /// allocated before they were set is freed correctly too.
    ///
    /// A document's `<?oasis-xml-catalog?>` instruction is ignored: an upstream answer has no
    /// business choosing catalogs, and honouring it would build libxml2's global catalog, on
    /// first use, in whatever document's arena was the thread's then.
    private static let initialized: Void = {
        xmlMemSetup(parse_arena_free, parse_arena_malloc, parse_arena_realloc, parse_arena_strdup)
        xmlInitParser()
        xmlCatalogSetDefaults(XML_CATA_ALLOW_NONE)
    }()

    static func ensureInitialized() {
        _ = initialized
    }

    /// Copies a libxml2 string; invalid UTF-8 (which libxml2 lets through from broken input) is repaired.
    static func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        guard let text else { return nil }
        return String(decoding: UnsafeBufferPointer(start: text, count: strlen(text)), as: UTF8.self)
    }

    /// Copies and frees a string that libxml2 allocated for the caller.
    static func take(_ text: UnsafeMutablePointer<xmlChar>?) -> String? {
        guard let text else { return nil }
        defer { cxml_free(text) }
        return string(text)
    }

    /// A node's XPath string value. An element or attribute whose only child is a text (or CDATA)
    /// node, as nearly every one a route reads is, gives that child's text without libxml2
    /// building a copy of it first; anything else is libxml2's `string()`.
    static func stringValue(_ node: xmlNodePtr) -> String {
        let type = node.pointee.type
        if type == XML_ELEMENT_NODE || type == XML_ATTRIBUTE_NODE {
            // An attribute's children sit where an element's do.
            guard let child = node.pointee.children else { return "" }
            if child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE || child.pointee.type == XML_CDATA_SECTION_NODE {
                return string(child.pointee.content) ?? ""
            }
        }
        return take(xmlXPathCastNodeToString(node)) ?? ""
    }

    private static func strlen(_ text: UnsafePointer<xmlChar>) -> Int {
        var count = 0
        while text[count] != 0 { count += 1 }
        return count
    }
}

/// Diagnostics libxml2 reported while parsing a document: kept for the log, never fatal for HTML.
public struct ParseDiagnostics: Sendable, Equatable {
    /// How many errors and warnings were reported.
    public internal(set) var count = 0
    /// The first few, as `line: message`.
    public internal(set) var messages: [String] = []

    static let kept = 5

    mutating func add(_ message: String, line: Int) {
        count += 1
        if messages.count < Self.kept { messages.append("\(line): \(message)") }
    }
}

/// Receives libxml2's structured errors for one parse, as the thread's structured error handler.
final class DiagnosticsCollector {
    var diagnostics = ParseDiagnostics()
    var lastFatal: (message: String, line: Int)?

    /// The C callback: `userData` is the collector registered with `xmlSetStructuredErrorFunc`.
    static let callback: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let collector = Unmanaged<DiagnosticsCollector>.fromOpaque(userData).takeUnretainedValue()
        let message = LibXML.string(UnsafeRawPointer(error.pointee.message)?.assumingMemoryBound(to: xmlChar.self))
            .map { String($0.trimmingTrailingNewlines) } ?? "error \(error.pointee.code)"
        let line = Int(error.pointee.line)
        collector.diagnostics.add(message, line: line)
        if error.pointee.level == XML_ERR_FATAL, collector.lastFatal == nil { collector.lastFatal = (message, line) }
    }
}

extension String {
    fileprivate var trimmingTrailingNewlines: Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == "\n" { end = index(before: end) }
        return self[startIndex..<end]
    }
}
