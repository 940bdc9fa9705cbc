/// What `gottago get` makes of one response as it arrives: an event stream or a plain body.
struct GetSession {
    let verbose: Bool
    var display: GetProgressDisplay
    private var status = 0
    private var streaming = false
    private var reader = GetEventReader()
    private var body: [UInt8] = []
    /// The `done` or `error` event that ended the stream.
    private var outcome: GetEventReader.Event?

    init(verbose: Bool, display: GetProgressDisplay) {
        self.verbose = verbose
        self.display = display
    }

    mutating func head(status: Int, contentType: String?) {
        self.status = status
        let mediaType = contentType?.split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
        streaming = mediaType == "text/event-stream"
    }

    mutating func receive(_ bytes: [UInt8]) {
        guard streaming else {
            body += bytes
            return
        }
        for event in reader.feed(bytes) { handle(event) }
    }

    private mutating func handle(_ event: GetEventReader.Event) {
        switch event.name {
        case "progress":
            if let progress = GetProgress(json: event.data) { display.show(progress) }
        case "place":
            if verbose {
                display.clear()
                display.write("place: \(event.data)\n")
            }
        case "done", "error":
            if outcome == nil { outcome = event }
        default:
            break
        }
    }

    /// Writes the result and returns the exit status.
    mutating func finish(status: Int) -> Int32 {
        display.clear()
        self.status = status
        guard streaming else {
            Environment.write(String(decoding: body, as: UTF8.self), to: 1)
            guard (200..<300).contains(status) else {
                Environment.write("gottago get: HTTP \(status)\(Self.message(in: body).map { ": \($0)" } ?? "")\n", to: 2)
                return 1
            }
            return 0
        }
        guard let outcome else {
            Environment.write("gottago get: the event stream ended without a result (HTTP \(status))\n", to: 2)
            return 1
        }
        Environment.write(outcome.data.hasSuffix("\n") ? outcome.data : outcome.data + "\n", to: 1)
        if outcome.name == "error" || !(200..<300).contains(status) {
            let message = Self.message(in: Array(outcome.data.utf8)) ?? "the server answered an error"
            Environment.write("gottago get: \(message)\n", to: 2)
            return 1
        }
        return 0
    }

    /// The human message of an error document: XML `<message>` or problem+json `detail`.
    static func message(in document: [UInt8]) -> String? {
        let text = String(decoding: document, as: UTF8.self)
        if let start = text.firstRange(of: "<message>"), let end = text[start.upperBound...].firstRange(of: "</message>") {
            return String(text[start.upperBound..<end.lowerBound])
        }
        for (key, value) in FlatJSONScannerSequence(text) where key == "detail" {
            if case .string(let detail) = value { return detail }
        }
        return nil
    }
}

/// The members of a flat JSON object as a sequence.
struct FlatJSONScannerSequence: Sequence, IteratorProtocol {
    private var scanner: FlatJSONScanner

    init(_ text: String) {
        scanner = FlatJSONScanner(text)
    }

    mutating func next() -> (String, FlatJSONScanner.Value)? { scanner.next() }
}
