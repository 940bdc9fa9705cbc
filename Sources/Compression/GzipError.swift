internal import CZlib

/// A gzip stream that could not be decompressed, or a zlib failure.
///
/// Equality compares the kind of failure (`error == .truncated`); `detail` keeps zlib's message.
public struct GzipError: Error, Hashable, CustomStringConvertible {
    private enum Kind: Hashable {
        case truncated
        case corrupt
        case limitExceeded
        case zlib
    }

    private let kind: Kind

    /// The zlib return code, such as `Z_DATA_ERROR` (-3), when zlib reported the failure.
    public let zlibCode: Int

    /// zlib's own message (`incorrect header check`), or the limit that was exceeded.
    public let detail: String

    private init(_ kind: Kind, code: Int32 = Z_OK, detail: String = "") {
        self.kind = kind
        zlibCode = Int(code)
        self.detail = detail
    }

    /// The input ends before the gzip stream does.
    public static let truncated = GzipError(.truncated)

    /// The input is not a gzip (or zlib) stream, or its checksum is wrong.
    public static let corrupt = GzipError(.corrupt)

    /// The decompressed output would be larger than the limit.
    public static let limitExceeded = GzipError(.limitExceeded)

    /// zlib failed for another reason (out of memory, a version mismatch).
    public static let zlib = GzipError(.zlib)

    static func limitExceeded(_ limit: Int) -> GzipError {
        GzipError(.limitExceeded, detail: "more than \(limit) bytes")
    }

    static func lineTooLong(_ limit: Int) -> GzipError {
        GzipError(.limitExceeded, detail: "a line longer than \(limit) bytes")
    }

    /// Turns a zlib return code into an error; `Z_OK` and `Z_STREAM_END` pass.
    ///
    /// `Z_BUF_ERROR` means no progress was possible, which for inflate with all input given
    /// means the input is truncated. See https://zlib.net/manual.html#Basic.
    static func check(_ code: Int32, _ stream: UnsafePointer<z_stream>) throws(GzipError) {
        switch code {
        case Z_OK, Z_STREAM_END: return
        case Z_BUF_ERROR: throw GzipError(.truncated, code: code, detail: "unexpected end of input")
        case Z_DATA_ERROR, Z_NEED_DICT: throw GzipError(.corrupt, code: code, detail: message(code, stream))
        default: throw GzipError(.zlib, code: code, detail: message(code, stream))
        }
    }

    private static func message(_ code: Int32, _ stream: UnsafePointer<z_stream>) -> String {
        if let text = stream.pointee.msg { return String(cString: text) }
        return String(cString: zError(code))
    }

    /// The kind of failure and its detail, for logs.
    public var description: String {
        let what = switch kind {
        case .truncated: "truncated gzip input"
        case .corrupt: "corrupt gzip input"
        case .limitExceeded: "gzip output over the limit"
        case .zlib: "zlib error \(zlibCode)"
        }
        return detail.isEmpty ? what : "\(what): \(detail)"
    }

    /// Whether both are the same kind of failure, whatever their context.
    public static func == (lhs: GzipError, rhs: GzipError) -> Bool {
        lhs.kind == rhs.kind
    }

    /// Hashes the kind of failure, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
    }
}
