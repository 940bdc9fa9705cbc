import Server
import Services
import Kernel

extension Parameter {
    /// The parameter's checked value from a request; nil when it is not given. Anything wrong
    /// is a 400 `invalid_parameter` naming the parameter.
    func given(in request: Request) throws -> ParameterValue? {
        switch location {
        case .path:
            if case .stations(let max) = kind {
                return .list(try Self.stations(request.parameters.list(name), name, max: max).map(ParameterValue.text))
            }
            return try parse(try request.parameters.string(name))
        case .query:
            if case .position = kind { return try position(request) }
            let texts = bracketed ? request.query.values(for: name) + request.query.values(for: name + "[]") : request.query.values(for: name)
            guard !texts.isEmpty else {
                if required { throw Self.invalid(name, "is required") }
                return nil
            }
            guard texts.count <= repeats else {
                throw Self.invalid(name, repeats == 1 ? "may be given only once" : "may be given at most \(repeats) times")
            }
            if case .stations = kind {
                let names = try Self.stations(texts, name, max: repeats, allowEmptyList: true)
                return repeats == 1 ? .text(names[0]) : .list(names.map(ParameterValue.text))
            }
            return repeats == 1 ? try parse(texts[0]) : .list(try texts.map { try parse($0) })
        }
    }

    /// The declared default as a value, or nil.
    var defaultParameterValue: ParameterValue? {
        switch defaultValue {
        case .int(let value)?: .integer(value)
        case .string(let text)?: try? parse(text)
        case .bool(let value)?: .flag(value)
        default: nil
        }
    }

    /// One value of this kind, or a 400 saying what it must be.
    func parse(_ text: String) throws(HTTPError) -> ParameterValue {
        switch kind {
        case .integer(let range):
            guard let value = Int(text), range.contains(value) else { throw failure(text) }
            return .integer(value)
        case .date:
            guard let date = LocalDate(iso: text) else { throw failure(text) }
            return .date(date)
        case .time:
            guard let time = LocalTime(iso: text) else { throw failure(text) }
            return .time(time)
        case .timeOfDay:
            guard let time = Self.timeOfDay(text) else { throw failure(text) }
            return .time(time)
        case .dateTime(let space, let seconds):
            let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
            let pieces = parts.count == 2 || !space ? parts : text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.count == 2, let date = LocalDate(iso: String(pieces[0])),
                let time = seconds ? Self.timeOfDay(String(pieces[1])) : LocalTime(iso: String(pieces[1]))
            else {
                throw failure(text)
            }
            return .dateTime(date, time)
        case .number(let range):
            // Digits, a sign and a point only: Double's own parser also takes "nan", "inf" and hex.
            guard text.utf8.count <= 32, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2D || $0 == 0x2B }),
                let value = Double(text), range.contains(value)
            else { throw failure(text) }
            return .number(value)
        case .choice(let words):
            guard words.contains(text) else { throw failure(text) }
            return .text(text)
        case .flag:
            switch text {
            case "1", "true": return .flag(true)
            case "0", "false": return .flag(false)
            default: throw failure(text)
            }
        case .stations:
            return .text(try Self.stations([text], name, max: 1)[0])
        case .placeName(let maxLength):
            return .text(try Self.placeName(text, name, maxLength: maxLength))
        case .text:
            guard !text.isEmpty, !text.unicodeScalars.contains(where: Self.isControl) else { throw failure(text) }
            return .text(text)
        case .position:
            throw failure(text)
        }
    }

    /// What a value of this kind must be, in the words of the 400 that refuses it.
    var problemText: String {
        if let problem { return problem }
        switch kind {
        case .integer(let range): return "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .date: return "must be a date as YYYY-MM-DD, such as 2026-12-01"
        case .time: return "must be a time as HH:MM from 00:00 to 23:59"
        case .timeOfDay: return "must be a time as HH:MM, HH:MM:SS or HH:MM:SS.ffffff, from 00:00 to 23:59:59"
        case .dateTime(let space, let seconds):
            return "must be a date and time as YYYY-MM-DD\(space ? " " : "T")HH:MM\(seconds ? "[:SS]" : ""), such as 2026-12-01\(space ? " " : "T")08:00"
        case .number(let range): return "must be a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))"
        case .choice(let words):
            return words.count == 2 ? "must be \(words[0]) or \(words[1])" : "must be one of \(words.joined(separator: ", "))"
        case .flag: return "must be 1 or 0"
        case .stations: return "must be a station name"
        case .placeName: return "must name a place"
        case .text: return "must be a text without control characters"
        case .position: return "must be a position"
        }
    }

    private func failure(_ text: String) -> HTTPError {
        if case .choice(let words) = kind, words.count > 2, problem == nil {
            return Self.invalid(name, "\(problemText); got \"\(text.prefix(40))\"")
        }
        return Self.invalid(name, problemText)
    }

    /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.f` with 1 to 6 digits of fraction, to the minute.
    static func timeOfDay(_ text: String) -> LocalTime? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 5, let time = LocalTime(iso: String(decoding: bytes[0..<5], as: UTF8.self)) else { return nil }
        if bytes.count == 5 { return time }
        let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
        // `:SS`, seconds 00 to 59, then nothing or a point and 1 to 6 digits.
        guard bytes.count >= 8, bytes[5] == UInt8(ascii: ":"), (0x30...0x35).contains(bytes[6]), isDigit(bytes[7]) else { return nil }
        if bytes.count == 8 { return time }
        guard bytes[8] == UInt8(ascii: "."), (10...15).contains(bytes.count), bytes[9...].allSatisfy(isDigit) else { return nil }
        return time
    }

    /// A bound as a message writes it: `90`, not `90.0`.
    static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// `lat` and `lon` together, or neither.
    private func position(_ request: Request) throws(HTTPError) -> ParameterValue? {
        let lat = try Self.single(request, "lat"), lon = try Self.single(request, "lon")
        switch (lat, lon) {
        case (nil, nil):
            if required { throw Self.invalid("lat", "and lon are required") }
            return nil
        case (let lat?, let lon?):
            guard let latitude = Double(lat), latitude.isFinite, (-90...90).contains(latitude) else {
                throw Self.invalid("lat", "must be a latitude in degrees from -90 to 90")
            }
            guard let longitude = Double(lon), longitude.isFinite, (-180...180).contains(longitude),
                let position = Coordinate(latitude: latitude, longitude: longitude)
            else {
                throw Self.invalid("lon", "must be a longitude in degrees from -180 to 180")
            }
            return .position(position)
        default:
            throw Self.invalid(lat == nil ? "lat" : "lon", "must be given together with \(lat == nil ? "lon" : "lat")")
        }
    }

    /// A query parameter given at most once.
    static func single(_ request: Request, _ name: String) throws(HTTPError) -> String? {
        let values = request.query.values(for: name)
        guard values.count <= 1 else { throw invalid(name, "may be given only once") }
        return values.first
    }

    /// Station names: 1…`max` of them, none blank or longer than `maxStationName` characters.
    static func stations(_ names: [String], _ parameter: String, max: Int, allowEmptyList: Bool = false) throws(HTTPError) -> [String] {
        guard allowEmptyList || !names.isEmpty else { throw invalid(parameter, "needs at least one station") }
        guard !names.contains(where: { $0.unicodeScalars.contains(where: isControl) }) else {
            throw invalid(parameter, "has a control character in a station name")
        }
        guard names.count <= max else { throw invalid(parameter, "has \(names.count) stations; at most \(max) are allowed") }
        return try names.enumerated().map { (index, name) throws(HTTPError) -> String in
            let trimmed = name.trimmingWhitespace()
            let position = names.count > 1 ? " (station \(index + 1))" : ""
            guard !trimmed.isEmpty else { throw invalid(parameter, "has an empty station name\(position)") }
            // Counted in Unicode scalars, as JSON Schema's maxLength counts.
            guard trimmed.unicodeScalars.count <= maxStationName else {
                throw invalid(parameter, "has a station name longer than \(maxStationName) characters\(position)")
            }
            return trimmed
        }
    }

    /// A place name: no control characters, trimmed, not empty, at most `maxLength` characters.
    static func placeName(_ text: String, _ parameter: String, maxLength: Int) throws(HTTPError) -> String {
        guard !text.unicodeScalars.contains(where: isControl) else { throw invalid(parameter, "must not contain control characters") }
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw invalid(parameter, "must name a place") }
        guard trimmed.unicodeScalars.count <= maxLength else { throw invalid(parameter, "must be at most \(maxLength) characters") }
        return trimmed
    }

    /// A C0 or C1 control character, or DEL (Unicode's `Cc`), which no text parameter may hold.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The 400 for a bad parameter.
    static func invalid(_ parameter: String, _ problem: String) -> HTTPError {
        .catalogued("invalid_parameter", "Parameter \(parameter) \(problem).")
    }
}

extension String {
    /// The text without white space at either end.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
