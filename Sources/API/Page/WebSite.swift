import Kernel
import Server

/// The web page's files as served: `index.html` at `/`, with its references to `/web/` pointed
/// at the site's version, and every file at `/web/{version}/{name}`.
///
/// The version is a digest over every file, so a file's URL changes whenever any file does and
/// the files can be cached for a year; only `/` is revalidated.
///
/// ```swift
/// let site = WebSite.embedded()          // Web/ as built into the binary
/// site.version                           // "3f1c0a9be2d47c55"
/// site.file(named: "app.js")?.contentType // "text/javascript; charset=utf-8"
/// ```
public struct WebSite: Sendable {
    /// One file as served: its bytes with their ETag and gzip form, and its media type.
    struct File: Sendable {
        let body: PreparedBody
        let contentType: String
    }

    /// The first 16 hex digits of a SHA-256 over every file's name and digest.
    public let version: String
    /// `index.html`, rewritten to name the other files under the version.
    let index: File
    private let files: [String: File]

    /// The names of the files, sorted.
    public var names: [String] { files.keys.sorted() }

    /// A file by its name, as it is served under `/web/{version}/`.
    func file(named name: String) -> File? { files[name] }

    /// The site from its files (name, bytes, SHA-256 in hex); each name must have a known
    /// extension, and `index.html` must be one of them.
    init(files list: [(name: String, bytes: [UInt8], sha256: String)]) throws(WebSiteError) {
        var files: [String: File] = [:]
        var summary: [UInt8] = []
        for (name, bytes, digest) in list.sorted(by: { $0.name < $1.name }) {
            guard Self.isServable(name) else { throw .badName(name) }
            guard let type = Self.contentType(of: name) else { throw .unknownType(name) }
            files[name] = File(body: PreparedBody(bytes), contentType: type)
            summary += Array(name.utf8) + [0] + Array(digest.utf8) + [10]
        }
        guard let page = list.first(where: { $0.name == "index.html" }) else { throw .noIndex }
        version = String(SHA256.hex(summary).prefix(16))
        index = File(body: PreparedBody(Self.versioned(page.bytes, version)), contentType: "text/html; charset=utf-8")
        self.files = files
    }

    /// `"/web/` replaced by `"/web/{version}/` wherever it occurs (the page's `src` and `href` attributes).
    static func versioned(_ html: [UInt8], _ version: String) -> [UInt8] {
        let marker = Array("\"/web/".utf8)
        let replacement = marker + Array(version.utf8) + [UInt8(ascii: "/")]
        var output: [UInt8] = []
        output.reserveCapacity(html.count + 256)
        var index = 0
        while index < html.count {
            if html[index] == marker[0], html.count - index >= marker.count, html[index..<(index + marker.count)].elementsEqual(marker) {
                output += replacement
                index += marker.count
            } else {
                output.append(html[index])
                index += 1
            }
        }
        return output
    }

    /// A name the URL's last segment can carry as is: letters, digits, `.`, `_` and `-`, not starting with a dot.
    static func isServable(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 64 else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default: false
            }
        }
    }

    /// The media type a file is served with, by its extension; nil for one the site does not serve.
    static func contentType(of name: String) -> String? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...] {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "webmanifest": return "application/manifest+json"
        case "txt": return "text/plain; charset=utf-8"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        default: return nil
        }
    }
}

/// Why a web site's files cannot be served.
public struct WebSiteError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    public let description: String

    static let noIndex = WebSiteError(description: "index.html is missing: it is the page at /")

    static func badName(_ name: String) -> WebSiteError {
        WebSiteError(description: "\(name): a page file's name is letters, digits, '.', '_' and '-', up to 64 characters")
    }

    static func unknownType(_ name: String) -> WebSiteError {
        WebSiteError(description: "\(name): not a type of file the page serves (html, js, mjs, css, svg, webmanifest, txt, png, ico, woff2; .xml and .json would be read as a format)")
    }

    static func unreadable(_ failure: Files.Failure) -> WebSiteError { WebSiteError(description: failure.description) }
}
