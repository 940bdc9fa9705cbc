#if canImport(Glibc)
import Glibc
#endif

/// One `progress` event: `{"stage":"weather","done":12,"total":87}`.
struct GetProgress: Equatable {
    var stage: String
    var done: Int
    var total: Int

    /// Reads the three fields from a flat JSON object; nil when one is missing.
    init?(json: String) {
        var stage: String?
        var done: Int?
        var total: Int?
        var scanner = FlatJSONScanner(json)
        while let (key, value) = scanner.next() {
            switch (key, value) {
            case ("stage", .string(let text)): stage = text
            case ("done", .number(let number)): done = number
            case ("total", .number(let number)): total = number
            default: break
            }
        }
        guard let stage, let done, let total else { return nil }
        self.stage = stage
        self.done = done
        self.total = total
    }

    init(stage: String, done: Int, total: Int) {
        self.stage = stage
        self.done = done
        self.total = total
    }

    /// The share done, 0 to 100.
    var percent: Int { total > 0 ? min(max(done * 100 / total, 0), 100) : 0 }
}

/// Shows progress on standard error: a bar redrawn in place on a terminal, one line per stage otherwise.
struct GetProgressDisplay {
    let isTerminal: Bool
    let write: (String) -> Void
    private var lastStage: String?
    private var drawn = false

    init(isTerminal: Bool, write: @escaping (String) -> Void) {
        self.isTerminal = isTerminal
        self.write = write
    }

    mutating func show(_ progress: GetProgress) {
        if isTerminal {
            write("\r\u{1B}[2K" + Self.bar(progress))
            drawn = true
        } else if progress.stage != lastStage {
            write("\(progress.stage): \(progress.done)/\(progress.total)\n")
        }
        lastStage = progress.stage
    }

    /// Clears the bar, so that what follows starts on a clean line.
    mutating func clear() {
        guard drawn else { return }
        write("\r\u{1B}[2K")
        drawn = false
    }

    /// `weather [########············] 12/87  13%`
    static func bar(_ progress: GetProgress, width: Int = 24) -> String {
        let filled = progress.percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        return "\(progress.stage) [\(bar)] \(progress.done)/\(progress.total) \(progress.percent)%"
    }
}

/// The top-level members of a flat JSON object whose values are strings or integers; others are skipped.
struct FlatJSONScanner {
    enum Value: Equatable {
        case string(String)
        case number(Int)
        case other
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
        skip { $0 != UInt8(ascii: "{") }
        index += 1
    }

    mutating func next() -> (String, Value)? {
        skip { $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "}") }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
        skip { $0 != UInt8(ascii: ":") }
        index += 1
        skip { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") { return string().map { (key, .string($0)) } }
        let start = index
        skip { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "}") }
        let token = String(decoding: bytes[start..<index], as: UTF8.self).filter { !$0.isWhitespace }
        return (key, Int(token).map { .number($0) } ?? .other)
    }

    /// A string at `index` (on its opening quote), with the escapes a progress event can hold.
    private mutating func string() -> String? {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\"), index < bytes.count else {
                text.append(byte)
                continue
            }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                let hex = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self)
                index += 4
                if let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) { text += Array(String(scalar).utf8) }
            default: text.append(escaped)
            }
        }
        return nil
    }

    private mutating func skip(while condition: (UInt8) -> Bool) {
        while index < bytes.count, condition(bytes[index]) { index += 1 }
    }
}
