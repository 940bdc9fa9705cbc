internal import CLLHTTP

/// One connection's request parser: llhttp, strict (no lenient flags), with the head and body
/// gathered as llhttp hands them over and our limits checked as they grow. A message that is
/// complete pauses the parser, so a connection answers one request at a time and keeps what a
/// client pipelined behind it for later.
///
/// ```swift
/// let parser = RequestParser(limits: limits)
/// switch parser.feed(bytes) { case .complete(let used): …; case .needMore: …; case .failed(let error, _): … }
/// ```
final class RequestParser {
    /// What one call of `feed` ended with.
    enum Outcome {
        /// Every byte was taken; the message is not complete yet.
        case needMore
        /// The head is complete (`head` is set) and the rest of the bytes, from `used` on, are
        /// not parsed yet: the body is still to come, or the client must first be told to send it.
        case headComplete(used: Int)
        /// A whole message was read; bytes from `used` on belong to the next one.
        case complete(used: Int)
        /// The bytes are not a request we take: the error to answer with.
        case failed(HTTPError)
    }

    /// The request head as read so far.
    struct Head {
        var method = ""
        var target: [UInt8] = []
        var version = ""
        /// Empty, and without storage, until the first field: an idle connection holds no more.
        var headers = HTTPHeaders()
        /// The header section's size as counted against the limit: each name and value and 4.
        var headerBytes = 0
    }

    let limits: ServerConfiguration.Limits
    private let parser: UnsafeMutablePointer<llhttp_t>
    private(set) var head = Head()
    /// The body read so far.
    var body: [UInt8] = []
    /// Where a message's head or body stands.
    private(set) var inMessage = false
    private(set) var headDone = false
    private var messageDone = false
    /// The next field's name and value as their pieces arrive.
    private var fieldName = FieldPart()
    private var fieldValue = FieldPart()
    private var refusal: HTTPError?
    /// A message's method as it arrives, before llhttp sees it: llhttp knows a fixed list of
    /// methods, and a method that is a token but not on it is ours to answer (405 with `Allow`).
    private var methodBytes: [UInt8] = []
    private var scanningMethod = true
    private var customMethod: String?
    /// Where the bytes being parsed start.
    private var readBase: UnsafeRawPointer?
    /// Whether the last bytes parsed ended in a line break, perhaps with white space after it.
    private var lastReadEndedInLineBreak = false
    /// A method token longer than this is refused before it is read to its end.
    static let maxMethodBytes = 8 * 1024

    init(limits: ServerConfiguration.Limits) {
        self.limits = limits
        parser = .allocate(capacity: 1)
        llhttp_init(parser, HTTP_REQUEST, Self.settings)
    }

    deinit {
        parser.deallocate()
    }

    /// Whether llhttp says the connection may stay open after this message.
    var keepAlive: Bool { llhttp_should_keep_alive(parser) != 0 }
    /// Whether the message announced a body (a length above zero, or chunks).
    var expectsBody: Bool {
        let flags = UInt32(parser.pointee.flags)
        return flags & F_CHUNKED.rawValue != 0 || (flags & F_CONTENT_LENGTH.rawValue != 0 && parser.pointee.content_length > 0)
    }
    /// The declared `Content-Length`, when there is one.
    var declaredLength: Int? {
        UInt32(parser.pointee.flags) & F_CONTENT_LENGTH.rawValue != 0 ? Int(clamping: parser.pointee.content_length) : nil
    }

    /// Parses `bytes` from where the last call stopped.
    func feed(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard scanningMethod else { return execute(bytes) }
        // The method is gathered up to its space; then llhttp gets it (or, for a token it does
        // not know, GET in its place) and the rest. A method llhttp knows, whole in this read,
        // goes to llhttp as it is.
        if methodBytes.isEmpty, Self.startsWithKnownMethod(bytes) {
            scanningMethod = false
            return execute(bytes)
        }
        var index = 0
        if methodBytes.isEmpty {
            // Empty lines before a request are skipped, as llhttp skips them.
            while index < bytes.count, bytes[index] == 0x0D || bytes[index] == 0x0A { index += 1 }
        }
        guard let space = bytes[index...].firstIndex(of: 0x20) else {
            methodBytes.append(contentsOf: bytes[index...])
            if methodBytes.count > Self.maxMethodBytes || methodBytes.contains(where: { !Self.isTokenByte($0) }) {
                return gathered(methodBytes)
            }
            return .needMore
        }
        methodBytes.append(contentsOf: bytes[index..<space])
        scanningMethod = false
        let rest = UnsafeRawBufferPointer(rebasing: bytes[space...])
        let method = methodBytes
        methodBytes = []
        guard !method.isEmpty, method.allSatisfy(Self.isTokenByte), !Self.knownMethods.contains(method) else {
            return prefixed(method, rest, skipped: space)
        }
        customMethod = String(decoding: method, as: UTF8.self)
        return prefixed(Array("GET".utf8), rest, skipped: space)
    }

    /// llhttp over `prefix` and then `rest`; positions in the outcome count from `rest`'s start
    /// plus `skipped` (the bytes of the caller's buffer before `rest`).
    private func prefixed(_ prefix: [UInt8], _ rest: UnsafeRawBufferPointer, skipped: Int) -> Outcome {
        let first = prefix.withUnsafeBytes { execute($0) }
        guard case .needMore = first else {
            // The prefix alone ended the message (or failed): nothing of `rest` was used.
            if case .failed = first { return first }
            return shifted(first, by: skipped)
        }
        return shifted(execute(rest), by: skipped)
    }

    private func shifted(_ outcome: Outcome, by offset: Int) -> Outcome {
        switch outcome {
        case .headComplete(let used): .headComplete(used: used + offset)
        case .complete(let used): .complete(used: used + offset)
        default: outcome
        }
    }

    /// llhttp over bytes gathered here, when the whole input was taken.
    private func gathered(_ bytes: [UInt8]) -> Outcome {
        let outcome = bytes.withUnsafeBytes { execute($0) }
        if case .failed = outcome { return outcome }
        return .needMore
    }

    /// tchar (RFC 9110 §5.6.2).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// The methods llhttp knows for HTTP requests, by name, the most used first.
    static let knownMethods: [[UInt8]] = {
        let common = ["GET", "HEAD", "POST", "OPTIONS"].map { Array($0.utf8) }
        return common + methodNames.filter { !$0.isEmpty && !common.contains(Array($0.utf8)) }.map { Array($0.utf8) }
    }()
    private static let longestKnownMethod = knownMethods.map(\.count).max() ?? 0

    /// Whether `bytes` start with a method llhttp knows and its space.
    private static func startsWithKnownMethod(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // GET, nearly every request's, without a search.
        if bytes.count >= 4, bytes[0] == 0x47, bytes[1] == 0x45, bytes[2] == 0x54, bytes[3] == 0x20 { return true }
        guard let space = bytes.prefix(longestKnownMethod + 1).firstIndex(of: 0x20) else { return false }
        let method = UnsafeRawBufferPointer(rebasing: bytes[..<space])
        return knownMethods.contains { $0.elementsEqual(method) }
    }

    /// llhttp's method names by number, made once: its `HTTP_METHOD_MAP`, numbered 0 (DELETE)
    /// to 33 (SOURCE). `llhttp_method_name` aborts for a number it does not know.
    private static let methodNames: [String] = (0...33).map { value in
        llhttp_method_name(llhttp_method_t(UInt32(value))).map { String(cString: $0) } ?? ""
    }

    /// llhttp over `bytes`, from where it stopped.
    private func execute(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .needMore }
        parser.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        readBase = UnsafeRawPointer(base)
        defer {
            // The bytes go away: what is unfinished of a field is copied out of them.
            fieldName.gather()
            fieldValue.gather()
            parser.pointee.data = nil
            readBase = nil
            lastReadEndedInLineBreak = Self.endsInLineBreak(bytes, orElse: lastReadEndedInLineBreak)
        }
        let start = base.assumingMemoryBound(to: CChar.self)
        let result = llhttp_execute(parser, start, bytes.count)
        switch result {
        case HPE_OK:
            return .needMore
        case HPE_PAUSED, HPE_PAUSED_UPGRADE:
            let stop = llhttp_get_error_pos(parser).map { $0 - start } ?? bytes.count
            if result == HPE_PAUSED_UPGRADE { messageDone = true }
            llhttp_resume(parser)
            if let refusal { return .failed(refusal) }
            return messageDone ? .complete(used: stop) : .headComplete(used: stop)
        case HPE_INVALID_CONTENT_LENGTH where refusal == nil && String(cString: llhttp_get_error_reason(parser)).contains("overflow"):
            return .failed(.contentTooLarge(limit: limits.maxBodyBytes))
        default:
            if let refusal { return .failed(refusal) }
            return .failed(Self.error(for: result, reason: llhttp_get_error_reason(parser).map { String(cString: $0) } ?? ""))
        }
    }

    /// The body read, which the parser no longer holds.
    func takeBody() -> [UInt8] {
        defer { body = [] }
        return body
    }

    /// Ready for the next message, keeping nothing of the last.
    func reset() {
        head = Head()
        methodBytes = []
        scanningMethod = true
        customMethod = nil
        body = []
        inMessage = false
        headDone = false
        messageDone = false
        refusal = nil
        fieldName = FieldPart()
        fieldValue = FieldPart()
    }

    /// The error a parse failure is answered with.
    static func error(for code: llhttp_errno_t, reason: String) -> HTTPError {
        switch code {
        case HPE_INVALID_METHOD:
            return .badRequest("The request method is not a method this server knows.", code: "bad_request")
        case HPE_INVALID_URL:
            return .badRequest("The request target is not valid.", code: "bad_request")
        case HPE_INVALID_VERSION:
            return HTTPError(status: 505, code: "http_version_not_supported", message: "Only HTTP/1.0 and HTTP/1.1 are served.")
        case HPE_UNEXPECTED_CONTENT_LENGTH, HPE_INVALID_CONTENT_LENGTH, HPE_INVALID_TRANSFER_ENCODING, HPE_INVALID_CHUNK_SIZE,
            HPE_INVALID_EOF_STATE, HPE_STRICT:
            return .invalidFraming("The request's body length cannot be read unambiguously (\(reason)).")
        case HPE_INVALID_HEADER_TOKEN, HPE_LF_EXPECTED, HPE_CR_EXPECTED, HPE_INVALID_CONSTANT:
            return .invalidHeader("A header field line is malformed (\(reason)).")
        default:
            return .badRequest("The request is malformed (\(reason)).", code: "bad_request")
        }
    }

    // MARK: Callbacks

    fileprivate func messageBegin() -> Int32 {
        let method = customMethod
        reset()
        customMethod = method
        scanningMethod = false
        inMessage = true
        return 0
    }

    fileprivate func url(_ piece: UnsafeRawBufferPointer) -> Int32 {
        guard head.target.count + piece.count <= limits.maxTargetBytes else {
            return refuse(.uriTooLong(limit: limits.maxTargetBytes))
        }
        head.target.append(contentsOf: piece)
        return 0
    }

    fileprivate func fieldPiece(_ piece: UnsafeRawBufferPointer) -> Int32 {
        guard grow(by: piece.count) else { return -1 }
        fieldName.add(piece)
        return 0
    }

    fileprivate func valuePiece(_ piece: UnsafeRawBufferPointer) -> Int32 {
        guard grow(by: piece.count) else { return -1 }
        // llhttp takes a line that starts with white space as more of the value before it
        // (obs-fold), in a piece of its own, and one after an empty first line as the value
        // itself: a piece with only white space between it and a line break is refused (RFC 9112
        // §5.2). A value's first piece follows its name's colon; a piece that only continues
        // where the last read ended follows no line break.
        if !piece.isEmpty, followsLineBreak(piece) {
            return refuse(.invalidHeader("A header field value is folded over more than one line (obs-fold)."))
        }
        fieldValue.add(piece)
        return 0
    }

    /// Whether only white space stands between a line break and `piece`, in this read or, from
    /// its start, at the end of the last one. (llhttp ends an empty value with an empty piece
    /// after its line break: that one is no fold.)
    private func followsLineBreak(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard let at = piece.baseAddress, let base = readBase else { return false }
        return Self.endsInLineBreak(UnsafeRawBufferPointer(start: base, count: at - base), orElse: lastReadEndedInLineBreak)
    }

    /// Whether `bytes` end in a line break and white space at most; `earlier` when they are all
    /// white space.
    private static func endsInLineBreak(_ bytes: UnsafeRawBufferPointer, orElse earlier: Bool) -> Bool {
        for byte in bytes.reversed() {
            if byte == 0x0A { return true }
            if byte != 0x20 && byte != 0x09 { return false }
        }
        return earlier
    }

    fileprivate func valueComplete() -> Int32 {
        guard head.headers.count < limits.maxHeaderFields else {
            return refuse(.tooManyHeaderFields(limit: limits.maxHeaderFields))
        }
        head.headerBytes += 4
        // Room for a browser's fields at once, rather than growing one by one. llhttp leaves the
        // value's leading white space out; trailing white space is not part of it either (RFC 9110 §5.5).
        if head.headers.count == 0 { head.headers.reserveCapacity(12) }
        head.headers.add(fieldName.take(trimmingTrailingSpace: false), fieldValue.take(trimmingTrailingSpace: true))
        return 0
    }

    fileprivate func headersComplete() -> Int32 {
        let method = Int(parser.pointee.method)
        head.method = customMethod ?? (method < Self.methodNames.count ? Self.methodNames[method] : "")
        switch (parser.pointee.http_major, parser.pointee.http_minor) {
        case (1, 1): head.version = "HTTP/1.1"
        case (1, 0): head.version = "HTTP/1.0"
        case (let major, let minor): head.version = "HTTP/\(major).\(minor)"
        }
        fieldName = FieldPart()
        fieldValue = FieldPart()
        headDone = true
        // Stop before the body: the head is checked (and `100 Continue` sent) first.
        if expectsBody { return Int32(HPE_PAUSED.rawValue) }
        return 0
    }

    fileprivate func bodyPiece(_ piece: UnsafeRawBufferPointer) -> Int32 {
        guard body.count + piece.count <= limits.maxBodyBytes else { return refuse(.contentTooLarge(limit: limits.maxBodyBytes)) }
        body.append(contentsOf: piece)
        return 0
    }

    fileprivate func messageComplete() -> Int32 {
        messageDone = true
        return Int32(HPE_PAUSED.rawValue)
    }

    private func grow(by count: Int) -> Bool {
        head.headerBytes += count
        guard head.headerBytes <= limits.maxHeaderBytes else {
            _ = refuse(.headersTooLarge(limit: limits.maxHeaderBytes))
            return false
        }
        return true
    }

    private func refuse(_ error: HTTPError) -> Int32 {
        refusal = refusal ?? error
        return -1
    }

    // MARK: The C side

    private static func owner(_ parser: UnsafeMutablePointer<llhttp_t>?) -> RequestParser? {
        parser?.pointee.data.map { Unmanaged<RequestParser>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func piece(_ at: UnsafePointer<CChar>?, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: at.map { UnsafeRawPointer($0) }, count: at == nil ? 0 : length)
    }

    /// The callbacks, set once for every parser and never written again.
    nonisolated(unsafe) static let settings: UnsafeMutablePointer<llhttp_settings_t> = {
        let settings = UnsafeMutablePointer<llhttp_settings_t>.allocate(capacity: 1)
        llhttp_settings_init(settings)
        settings.pointee.on_message_begin = { owner($0)?.messageBegin() ?? -1 }
        settings.pointee.on_url = { owner($0)?.url(piece($1, $2)) ?? -1 }
        settings.pointee.on_header_field = { owner($0)?.fieldPiece(piece($1, $2)) ?? -1 }
        settings.pointee.on_header_value = { owner($0)?.valuePiece(piece($1, $2)) ?? -1 }
        settings.pointee.on_header_value_complete = { owner($0)?.valueComplete() ?? -1 }
        settings.pointee.on_headers_complete = { owner($0)?.headersComplete() ?? -1 }
        settings.pointee.on_body = { owner($0)?.bodyPiece(piece($1, $2)) ?? -1 }
        settings.pointee.on_message_complete = { owner($0)?.messageComplete() ?? -1 }
        return settings
    }()
}

/// A field's name or value as llhttp hands it over in pieces: where it lies in the bytes being
/// parsed while it is one piece (no copy), else gathered into an array of its own, which is kept
/// for the next field of the head.
private struct FieldPart {
    private var piece: UnsafeRawBufferPointer?
    private var bytes: [UInt8] = []

    mutating func add(_ more: UnsafeRawBufferPointer) {
        if piece == nil, bytes.isEmpty {
            piece = more
        } else {
            gather()
            bytes.append(contentsOf: more)
        }
    }

    /// Copies a piece out of the bytes being parsed, before they go away.
    mutating func gather() {
        guard let piece else { return }
        bytes.append(contentsOf: piece)
        self.piece = nil
    }

    /// The text, and the part ready for the next field.
    mutating func take(trimmingTrailingSpace: Bool) -> String {
        let isSpace = { (byte: UInt8) in trimmingTrailingSpace && (byte == 0x20 || byte == 0x09) }
        defer {
            piece = nil
            bytes.removeAll(keepingCapacity: true)
        }
        if var run = piece {
            while let last = run.last, isSpace(last) { run = UnsafeRawBufferPointer(rebasing: run.dropLast()) }
            return String(decoding: run, as: UTF8.self)
        }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
