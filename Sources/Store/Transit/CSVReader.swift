/// A CSV reader fed one chunk at a time, as a zip entry inflates: RFC 4180 and what GTFS feeds
/// really hold.
///
/// ```swift
/// var reader = CSVReader()
/// try archive.forEachChunk(of: entry) { chunk in try reader.feed(chunk) { record in take(record) } }
/// try reader.finish { record in take(record) }
/// ```
///
/// A UTF-8 byte-order mark at the start is skipped; rows end at CRLF, LF or a lone CR; quoted
/// fields hold commas, line breaks and `""` for a quote; blank lines are skipped. Lenient where
/// feeds are sloppy and the meaning is plain: a quote inside an unquoted field is kept, text after
/// a closing quote joins the field. Only the row being read is in memory, and it is bounded.
public struct CSVReader {
    private enum State {
        case fieldStart
        case unquoted
        case quoted
        /// A quote inside a quoted field: an escaped quote or the field's end.
        case quoteInQuoted
        /// A CR ended the row; a LF right after belongs to it.
        case afterCR
    }

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The most bytes one row may hold.
    public let maximumRowBytes: Int
    /// The most fields one row may hold.
    public let maximumFields: Int

    private var state = State.fieldStart
    /// The row's bytes, field after field, and where each finished field ends.
    private var row: [UInt8] = []
    private var ends: [Int] = []
    private var line = 1
    private var rowLine = 1
    private var quoteLine = 1
    private var startingRow = true
    private var markMatched = 0
    private var markChecked = false

    /// A reader whose rows hold at most `maximumRowBytes` bytes in at most `maximumFields` fields.
    public init(maximumRowBytes: Int = 64 * 1024, maximumFields: Int = 1024) {
        self.maximumRowBytes = max(maximumRowBytes, 1)
        self.maximumFields = max(maximumFields, 1)
    }

    /// Reads `chunk`, calling `body` with each row it completes; errors from `body` pass through.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ body: (CSVRecord) throws -> Void) throws {
        var index = markChecked ? 0 : try skipMark(chunk)
        while index < chunk.count {
            if startingRow {
                rowLine = line
                startingRow = false
            }
            switch state {
            case .fieldStart:
                if chunk[index] == Self.quote {
                    state = .quoted
                    quoteLine = line
                    index += 1
                } else {
                    state = .unquoted
                }
            case .unquoted:
                var end = index
                while end < chunk.count, !Self.endsUnquoted(chunk[end]) { end += 1 }
                try append(chunk, index..<end)
                index = end
                guard index < chunk.count else { return }
                index += 1
                try separator(chunk[index - 1], body)
            case .quoted:
                var end = index
                while end < chunk.count, chunk[end] != Self.quote {
                    if chunk[end] == Self.lineFeed { line += 1 }
                    end += 1
                }
                try append(chunk, index..<end)
                index = end
                guard index < chunk.count else { return }
                index += 1
                state = .quoteInQuoted
            case .quoteInQuoted:
                let byte = chunk[index]
                if byte == Self.quote {
                    try append(Self.quote)
                    state = .quoted
                    index += 1
                } else if byte == Self.comma || byte == Self.lineFeed || byte == Self.carriageReturn {
                    index += 1
                    try separator(byte, body)
                } else {
                    state = .unquoted
                }
            case .afterCR:
                state = .fieldStart
                if chunk[index] == Self.lineFeed { index += 1 }
            }
        }
    }

    /// Ends the text, calling `body` with a last row that had no line break after it.
    ///
    /// Throws `malformed` for a quoted field still open at the end.
    public mutating func finish(_ body: (CSVRecord) throws -> Void) throws {
        if !markChecked, markMatched > 0 {
            // A text shorter than a byte-order mark that began like one.
            markChecked = true
            try append(Self.byteOrderMark[..<markMatched])
            state = .unquoted
        }
        switch state {
        case .quoted:
            throw CSVError(kind: .malformed, message: "\(quoteLine): a quoted field never ends")
        case .afterCR:
            break
        case .fieldStart where ends.isEmpty && row.isEmpty:
            break
        default:
            try endRow(body)
        }
        state = .fieldStart
    }

    private static func endsUnquoted(_ byte: UInt8) -> Bool {
        byte == comma || byte == lineFeed || byte == carriageReturn
    }

    /// Handles the comma or line break that ended a field.
    private mutating func separator(_ byte: UInt8, _ body: (CSVRecord) throws -> Void) throws {
        switch byte {
        case Self.comma:
            try endField()
            state = .fieldStart
        case Self.lineFeed:
            line += 1
            try endRow(body)
            state = .fieldStart
        default:
            line += 1
            try endRow(body)
            state = .afterCR
        }
    }

    /// Skips a byte-order mark at the very start, which may arrive split over chunks.
    private mutating func skipMark(_ chunk: UnsafeRawBufferPointer) throws -> Int {
        var index = 0
        while !markChecked, index < chunk.count {
            if chunk[index] == Self.byteOrderMark[markMatched] {
                markMatched += 1
                index += 1
                markChecked = markMatched == Self.byteOrderMark.count
            } else {
                markChecked = true
                if markMatched > 0 {
                    // Not a mark after all: its first bytes were text.
                    startingRow = false
                    try append(Self.byteOrderMark[..<markMatched])
                    state = .unquoted
                }
            }
        }
        return index
    }

    private mutating func append(_ chunk: UnsafeRawBufferPointer, _ range: Range<Int>) throws {
        guard !range.isEmpty else { return }
        try reserve(range.count)
        row.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[range]))
    }

    private mutating func append(_ bytes: some Collection<UInt8>) throws {
        try reserve(bytes.count)
        row.append(contentsOf: bytes)
    }

    private mutating func append(_ byte: UInt8) throws {
        try reserve(1)
        row.append(byte)
    }

    private func reserve(_ count: Int) throws {
        guard row.count + count <= maximumRowBytes else {
            let open = state == .quoted || state == .quoteInQuoted ? " (a quote opened on line \(quoteLine) may never close)" : ""
            throw CSVError(kind: .tooLong, message: "\(rowLine): a row longer than \(maximumRowBytes) bytes\(open)")
        }
    }

    private mutating func endField() throws {
        guard ends.count < maximumFields else {
            throw CSVError(kind: .tooLong, message: "\(rowLine): a row with more than \(maximumFields) fields")
        }
        ends.append(row.count)
    }

    private mutating func endRow(_ body: (CSVRecord) throws -> Void) throws {
        try endField()
        defer {
            row.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            startingRow = true
        }
        // A blank line is no row; a feed's trailing blank lines and CRLF doubling are common.
        if ends.count == 1, ends[0] == 0 { return }
        try row.withUnsafeBufferPointer { bytes in
            try ends.withUnsafeBufferPointer { ends in
                try body(CSVRecord(line: rowLine, bytes: bytes, ends: ends))
            }
        }
    }
}
