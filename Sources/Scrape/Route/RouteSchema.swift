internal import CLibXML2

/// `Routes/route.rng`, compiled once, checking route files before they are read.
final class RouteSchema {
    private let schema: xmlRelaxNGPtr
    private let path: String

    /// libxml2 registers RelaxNG's datatype libraries on first use, unguarded: two schemas compiled
    /// at once for the first time can each find the other's half-made table ("type 'token' is not
    /// exported"). Done once, before any compile.
    private static let typesRegistered: Bool = xmlRelaxNGInitTypes() == 0

    /// Compiles the schema; a broken schema is reported like a broken route.
    init(bytes: [UInt8], path: String) throws(RouteError) {
        _ = Self.typesRegistered
        self.path = path
        let collector = RelaxNGErrors()
        let parsed: xmlRelaxNGPtr? = bytes.withUnsafeBytes { raw in
            guard let context = xmlRelaxNGNewMemParserCtxt(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count)) else {
                return nil
            }
            defer { xmlRelaxNGFreeParserCtxt(context) }
            xmlRelaxNGSetParserStructuredErrors(context, RelaxNGErrors.callback, Unmanaged.passUnretained(collector).toOpaque())
            return xmlRelaxNGParse(context)
        }
        guard let parsed else {
            throw RouteError(path, line: collector.first?.line, "invalid schema: \(collector.first?.message ?? "does not compile")")
        }
        schema = parsed
    }

    deinit {
        xmlRelaxNGFree(schema)
    }

    /// Checks one route file's bytes; the first violation is thrown with its line.
    func validate(_ bytes: [UInt8], file: String) throws(RouteError) {
        let collector = RelaxNGErrors()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque(), RelaxNGErrors.callback)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBytes { raw in
            xmlReadMemory(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count), file, nil, options)
        }
        guard let document else {
            throw RouteError(file, line: collector.first?.line, "not well-formed XML: \(collector.first?.message ?? "unreadable")")
        }
        defer { xmlFreeDoc(document) }
        guard let context = xmlRelaxNGNewValidCtxt(schema) else { throw RouteError(file, line: nil, "cannot validate") }
        defer { xmlRelaxNGFreeValidCtxt(context) }
        xmlRelaxNGSetValidStructuredErrors(context, RelaxNGErrors.callback, Unmanaged.passUnretained(collector).toOpaque())
        guard xmlRelaxNGValidateDoc(context, document) == 0 else {
            let message = collector.first?.message ?? "invalid"
            var line = collector.first?.line ?? 0
            if line == 0 { line = Self.firstLine(of: message, in: bytes) ?? 0 }
            throw RouteError(file, line: line == 0 ? nil : line, "does not match Routes/route.rng: \(message)")
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
private final class RelaxNGErrors {
    var first: (line: Int, message: String)?

    static let callback: xmlStructuredErrorFunc = { userData, error in
        guard let userData, let error else { return }
        let collector = Unmanaged<RelaxNGErrors>.fromOpaque(userData).takeUnretainedValue()
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
