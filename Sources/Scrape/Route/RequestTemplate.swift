import Markup

/// The upstream request of a route, with `{parameter}` placeholders in its URL, headers and body.
public struct RequestTemplate: Sendable {
    /// `GET` or `POST`.
    public let method: String
    /// The URL; values inserted here are percent-encoded in their parameter's encoding.
    public let url: String
    /// Header fields; values inserted here must be a single line.
    public let headers: [(name: String, value: String)]
    /// The body; values inserted here are XML-escaped, then the body is encoded in `bodyEncoding`,
    /// or, in a JSON body, written as JSON (see ``BodyFormat``).
    public let body: String?
    /// The character encoding of the body.
    public let bodyEncoding: TextEncoding
    /// How values are written into the body.
    public var bodyFormat: BodyFormat = .xml

    /// How a body template takes its values.
    public enum BodyFormat: String, Sendable {
        /// XML-escaped, in the body's charset.
        case xml
        /// Inside a string literal, JSON-escaped; elsewhere a JSON number or refused; always UTF-8.
        case json
    }

    /// The names of the placeholders and sections used anywhere in the template.
    var placeholders: [String] {
        ([url] + headers.map(\.value) + (body.map { [$0] } ?? [])).flatMap(Self.placeholders(in:))
    }

    static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        scan(template) { piece in
            switch piece {
            case .placeholder(let name), .sectionStart(let name): names.append(name)
            case .text, .sectionEnd: break
            }
        }
        return names
    }

    /// A template's text, `{name}` placeholders and `{#name}…{/name}` sections, in order. A brace
    /// not followed by a name (optionally after `#` or `/`) and `}` is text, so JSON or other
    /// braces in a body template stay as they are.
    enum Piece: Equatable {
        case text(Substring)
        case placeholder(String)
        case sectionStart(String)
        case sectionEnd(String)
    }

    static func scan<E: Error>(_ template: String, _ visit: (Piece) throws(E) -> Void) throws(E) {
        var textStart = template.startIndex
        var index = template.startIndex
        while index < template.endIndex {
            guard template[index] == "{" else {
                index = template.index(after: index)
                continue
            }
            var nameStart = template.index(after: index)
            let mark = nameStart < template.endIndex ? template[nameStart] : " "
            if mark == "#" || mark == "/" { nameStart = template.index(after: nameStart) }
            var end = nameStart
            while end < template.endIndex, template[end].isLetter || template[end].isNumber || template[end] == "_" { end = template.index(after: end) }
            guard end < template.endIndex, template[end] == "}", end > nameStart else {
                index = template.index(after: index)
                continue
            }
            let name = String(template[nameStart..<end])
            try visit(.text(template[textStart..<index]))
            try visit(mark == "#" ? .sectionStart(name) : mark == "/" ? .sectionEnd(name) : .placeholder(name))
            index = template.index(after: end)
            textStart = index
        }
        try visit(.text(template[textStart...]))
    }

    /// Why a template's sections do not fit together, or nil: every `{#name}` is closed by its
    /// `{/name}`, sections do not nest, and a repeatable parameter appears only inside its own section.
    static func sectionProblem(in template: String, repeatable: Set<String>) -> String? {
        var open: String?
        var problem: String?
        scan(template) { piece in
            guard problem == nil else { return }
            switch piece {
            case .text:
                break
            case .sectionStart(let name):
                if let open { problem = "the section {#\(name)} is inside {#\(open)}; sections do not nest" }
                open = name
            case .sectionEnd(let name):
                if open != name { problem = "{/\(name)} closes no open {#\(name)}" }
                open = nil
            case .placeholder(let name):
                if repeatable.contains(name), open != name {
                    problem = "{\(name)} takes several values, so it can only appear inside {#\(name)}…{/\(name)}"
                }
            }
        }
        if problem == nil, let open { problem = "the section {#\(open)} is not closed with {/\(open)}" }
        return problem
    }
}

/// A request ready to send upstream.
public struct UpstreamRequest: Sendable, Equatable {
    /// `GET` or `POST`.
    public let method: String
    /// The absolute URL.
    public let url: String
    /// Header fields in order.
    public let headers: [HTTPField]
    /// The body bytes, for `POST`.
    public let body: [UInt8]?

    /// One header field.
    public struct HTTPField: Sendable, Equatable {
        public let name: String
        public let value: String
    }
}

/// Why a request could not be built from the given parameters.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The offending parameter.
    public let parameter: String
    /// What is wrong with it.
    public let message: String

    public var description: String { "parameter \(parameter): \(message)" }
}

extension Route {
    /// Builds the upstream request for these parameter values (defaults fill in the rest).
    ///
    /// A url-typed parameter's value must be an absolute http(s) address on one of its hosts; with
    /// `anyHost` (the upstream is sent to an origin, which replaces the address's host) any host
    /// passes. Only a repeatable parameter takes a list, of at most its `repeat` values.
    public func upstreamRequest(_ values: [String: RouteParameter.Value], anyHost: Bool = false) throws(RequestError) -> UpstreamRequest {
        var resolved: [String: RouteParameter.Value] = [:]
        for parameter in parameters {
            if let value = values[parameter.name] {
                resolved[parameter.name] = value
            } else if let value = parameter.defaultValue {
                resolved[parameter.name] = .one(value)
            } else if parameter.required {
                throw RequestError(parameter: parameter.name, message: "is required")
            }
        }
        for name in values.keys where !parameters.contains(where: { $0.name == name }) {
            throw RequestError(parameter: name, message: "is not a parameter of route \(id)")
        }
        for parameter in parameters {
            guard let value = resolved[parameter.name] else { continue }
            // No value holds a line feed: a line is what a value is, in every upstream format.
            if value.values.contains(where: { $0.contains("\n") }) {
                throw RequestError(parameter: parameter.name, message: "takes one value, not several lines")
            }
            guard case .list(let list) = value else { continue }
            guard parameter.isRepeatable else { throw RequestError(parameter: parameter.name, message: "takes one value, not a list") }
            guard list.count <= parameter.maxValues else {
                throw RequestError(parameter: parameter.name, message: "takes at most \(parameter.maxValues) values, not \(list.count)")
            }
        }
        let url = try Self.fill(request.url, resolved) { name, value, _ throws(RequestError) in
            let parameter = parameters.first { $0.name == name }
            if let hosts = parameter?.urlHosts {
                guard let address = Address(value) else {
                    throw RequestError(parameter: name, message: "must be an absolute http or https URL")
                }
                guard anyHost || hosts.contains(address.host) else {
                    throw RequestError(parameter: name, message: "must be a URL on \(hosts.joined(separator: " or ")), not on \(address.host)")
                }
                return value
            }
            return try PercentEncoding.encode(value, as: parameter?.urlEncoding ?? .utf8, parameter: name)
        }
        let headers = try request.headers.map { header throws(RequestError) in
            UpstreamRequest.HTTPField(name: header.name, value: try Self.fill(header.value, resolved) { name, value, _ throws(RequestError) in
                guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else {
                    throw RequestError(parameter: name, message: "must be a single line")
                }
                return value
            })
        }
        let body = try request.body.map { template throws(RequestError) in
            switch request.bodyFormat {
            case .xml:
                let text = try Self.fill(template, resolved) { _, value, _ in XMLText.escape(value) }
                return XMLText.encode(text, as: request.bodyEncoding)
            case .json:
                return Array(try Self.fill(template, resolved, JSONText.value).utf8)
            }
        }
        return UpstreamRequest(method: request.method, url: url, headers: headers, body: body)
    }

    /// Builds the upstream request for parameters that each take one value.
    public func upstreamRequest(_ values: [String: String], anyHost: Bool = false) throws(RequestError) -> UpstreamRequest {
        try upstreamRequest([String: RouteParameter.Value](singleValues: values), anyHost: anyHost)
    }

    /// The template with its placeholders filled in. A section `{#name}…{/name}` is written once
    /// per value of `name`, with `{name}` inside it standing for that value; it is left out when
    /// `name` is missing or has no value but empty ones. `transform` gets each value with its
    /// parameter's name and whether the template's text puts it inside a JSON string literal.
    private static func fill(
        _ template: String, _ values: [String: RouteParameter.Value], _ transform: (String, String, JSONText.Context) throws(RequestError) -> String
    ) throws(RequestError) -> String {
        var output = ""
        var context = JSONText.Context()
        // The section being collected, with its pieces, to be written once per value.
        var section: (name: String, pieces: [RequestTemplate.Piece])?
        func write(_ piece: RequestTemplate.Piece, current: (name: String, value: String)?) throws(RequestError) {
            switch piece {
            case .text(let text):
                output += text
                context.advance(over: text)
            case .placeholder(let name):
                if let current, current.name == name {
                    output += try transform(name, current.value, context)
                } else if let value = values[name]?.single {
                    output += try transform(name, value, context)
                } else {
                    output += "{\(name)}"
                }
            case .sectionStart, .sectionEnd:
                break
            }
        }
        try RequestTemplate.scan(template) { piece throws(RequestError) in
            switch piece {
            case .sectionStart(let name):
                section = (name, [])
            case .sectionEnd(let name) where section?.name == name:
                let pieces = section!.pieces
                section = nil
                for item in values[name]?.values ?? [] where !item.isEmpty {
                    for inner in pieces { try write(inner, current: (name, item)) }
                }
            default:
                if section != nil { section!.pieces.append(piece) } else { try write(piece, current: nil) }
            }
        }
        return output
    }
}

/// Percent-encoding of URL parameter values.
enum PercentEncoding {
    /// Encodes everything but RFC 3986 unreserved characters; Latin-1 parameters encode `ü` as `%FC`.
    static func encode(_ value: String, as encoding: TextEncoding, parameter: String) throws(RequestError) -> String {
        var bytes: [UInt8] = []
        switch encoding {
        case .utf8:
            bytes = Array(value.utf8)
        case .latin1:
            for scalar in value.unicodeScalars {
                guard scalar.value <= 0xFF else {
                    throw RequestError(parameter: parameter, message: "\"\(scalar)\" cannot be sent in ISO-8859-1")
                }
                bytes.append(UInt8(scalar.value))
            }
        }
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Text for XML request bodies.
enum XMLText {
    /// Escapes a value for an attribute in either quote style, or for text, dropping characters XML 1.0 cannot carry.
    static func escape(_ value: String) -> String {
        XMLRenderer.escaped(value).split(separator: "'", omittingEmptySubsequences: false).joined(separator: "&apos;")
    }

    /// The body's bytes; in ISO-8859-1 a character beyond Latin-1 becomes a character reference.
    static func encode(_ text: String, as encoding: TextEncoding) -> [UInt8] {
        switch encoding {
        case .utf8:
            return Array(text.utf8)
        case .latin1:
            var bytes: [UInt8] = []
            for scalar in text.unicodeScalars {
                if scalar.value <= 0xFF {
                    bytes.append(UInt8(scalar.value))
                } else {
                    bytes += Array("&#\(scalar.value);".utf8)
                }
            }
            return bytes
        }
    }
}
