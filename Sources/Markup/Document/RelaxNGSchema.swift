internal import CLibXML2

/// A compiled RelaxNG schema (libxml2's `xmlRelaxNG`) that checks XML documents.
///
/// ```swift
/// let schema = try RelaxNGSchema(bytes: rng)
/// try schema.validate(routeBytes, name: "Routes/sbb/route.xml")  // DocumentError with a line
/// ```
///
/// The single owner of its `xmlRelaxNGPtr`, freed in `deinit`; not `Sendable`, like every type
/// that owns a libxml2 pointer. Documents are read with `NONET` and without entity expansion
/// or DTD loading. See https://gnome.pages.gitlab.gnome.org/libxml2/devhelp/libxml2-relaxng.html.
public final class RelaxNGSchema {
    private let schema: xmlRelaxNGPtr

    /// libxml2 registers RelaxNG's datatype libraries on first use, unguarded: two schemas compiled
    /// at once for the first time can each find the other's half-made table ("type 'token' is not
    /// exported"). Done once, before any compile.
    private static let typesRegistered: Bool = {
        LibXML.ensureInitialized()
        return xmlRelaxNGInitTypes() == 0
    }()

    /// Compiles a schema from its bytes; a schema that does not compile throws `invalidSchema`.
    public init(bytes: [UInt8]) throws(DocumentError) {
        _ = Self.typesRegistered
        let collector = RelaxNGErrorCollector()
        let parsed: xmlRelaxNGPtr? = bytes.withUnsafeBytes { raw in
            guard let context = xmlRelaxNGNewMemParserCtxt(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count)) else {
                return nil
            }
            defer { xmlRelaxNGFreeParserCtxt(context) }
            xmlRelaxNGSetParserStructuredErrors(context, RelaxNGErrorCollector.callback, Unmanaged.passUnretained(collector).toOpaque())
            return xmlRelaxNGParse(context)
        }
        guard let parsed else {
            throw DocumentError(.invalidSchema, collector.first?.message ?? "does not compile", line: collector.first?.line)
        }
        schema = parsed
    }

    deinit {
        xmlRelaxNGFree(schema)
    }

    /// Checks one document's bytes; the first problem is thrown with its line. `name` is the
    /// document's name for libxml2 (its URL), such as its path.
    public func validate(_ bytes: [UInt8], name: String) throws(DocumentError) {
        let collector = RelaxNGErrorCollector()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), RelaxNGErrorCollector.callback)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBytes { raw in
            xmlReadMemory(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), name, nil, options)
        }
        guard let document else {
            throw DocumentError(.malformed, collector.first?.message ?? "unreadable", line: collector.first?.line)
        }
        defer { xmlFreeDoc(document) }
        guard let context = xmlRelaxNGNewValidCtxt(schema) else { throw DocumentError(.validator, "cannot validate", line: nil) }
        defer { xmlRelaxNGFreeValidCtxt(context) }
        xmlRelaxNGSetValidStructuredErrors(context, RelaxNGErrorCollector.callback, Unmanaged.passUnretained(collector).toOpaque())
        guard xmlRelaxNGValidateDoc(context, document) == 0 else {
            let message = collector.first?.message ?? "invalid"
            var line = collector.first?.line ?? 0
            if line == 0 { line = Self.firstLine(of: message, in: bytes) ?? 0 }
            throw DocumentError(.invalid, message, line: line)
        }
    }

    /// libxml2 gives no line for a bad attribute ("Element cache failed to validate attributes"):
    /// the line of the first element with that name.
    static func firstLine(of message: String, in bytes: [UInt8]) -> Int? {
        let words = message.split(separator: " ")
        guard words.count > 1, words[0] == "Element" else { return nil }
        let tag = Array(("<" + words[1]).utf8)
        var line = 1
        var index = 0
        while index + tag.count < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            if bytes[index] == tag[0], bytes[index..<index + tag.count].elementsEqual(tag) {
                let next = bytes[index + tag.count]
                if next == UInt8(ascii: " ") || next == UInt8(ascii: "/") || next == UInt8(ascii: ">") || next == UInt8(ascii: "\n") {
                    return line
                }
            }
            index += 1
        }
        return nil
    }
}

/// The first error libxml2 reports while compiling or validating.
private final class RelaxNGErrorCollector {
    var first: (line: Int, message: String)?

    static let callback: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let collector = Unmanaged<RelaxNGErrorCollector>.fromOpaque(userData).takeUnretainedValue()
        guard collector.first == nil else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
        while message.hasSuffix("\n") { message.removeLast() }
        var line = Int(error.pointee.line)
        if line == 0, let node = error.pointee.node {
            line = Int(xmlGetLineNo(node.assumingMemoryBound(to: xmlNode.self)))
        }
        collector.first = (line, message)
    }
}
