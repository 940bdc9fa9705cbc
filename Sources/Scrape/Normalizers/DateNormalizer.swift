import Kernel

/// `date(format)`: reads `yyyymmdd` (20161223), `dd.mm.yy` (17.12.17, years 20yy), `dd.mm.yyyy`, `mm/dd/yyyy` (07/01/2015) or `iso` (2016-12-23, or the date part of a full ISO datetime) → "YYYY-MM-DD"; invalid calendar dates such as 31.02. are errors.
struct DateNormalizer: Normalizer {
    /// The accepted input layouts.
    enum Format: String, CaseIterable {
        case yyyymmdd
        case ddmmyy = "dd.mm.yy"
        case ddmmyyyy = "dd.mm.yyyy"
        case mmddyyyy = "mm/dd/yyyy"
        case iso
    }

    private let format: Format

    init(arguments: inout StepArguments) throws(NormalizerError) {
        let text = try arguments.positionalLiteral("the format")
        guard let text, let format = Format(rawValue: text) else {
            let expected = Format.allCases.map(\.rawValue).joined(separator: ", ")
            let shown = text.map { "unknown format \(NormalizerError.quoted($0))" } ?? "missing format"
            throw NormalizerError("date: \(shown) (expected \(expected))")
        }
        self.format = format
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        guard let date = Self.parse(value, format: format) else {
            throw NormalizerError("date: \(NormalizerError.quoted(value)) is not a valid \(format.rawValue) date")
        }
        return [date.description]
    }

    /// Reads a date in a format; `nil` when the text or the calendar date is invalid.
    static func parse(_ value: String, format: Format) -> CivilDate? {
        let text = TrimNormalizer.trimmed(value)
        guard text.utf8.count <= 64 else { return nil }
        var scanner = TextScanner(text)
        let date: CivilDate?
        switch format {
        case .yyyymmdd:
            guard let year = scanner.fixedDigits(4), let month = scanner.fixedDigits(2),
                  let day = scanner.fixedDigits(2) else { return nil }
            date = CivilDate(year: year, month: month, day: day)
        case .ddmmyy, .ddmmyyyy:
            let digits = format == .ddmmyy ? 2 : 4
            guard let day = scanner.number(minDigits: 1, maxDigits: 2), scanner.take("."),
                  let month = scanner.number(minDigits: 1, maxDigits: 2), scanner.take("."),
                  let year = scanner.number(minDigits: digits, maxDigits: digits) else { return nil }
            date = CivilDate(year: digits == 2 ? 2000 + year : year, month: month, day: day)
        case .mmddyyyy:
            guard let month = scanner.number(minDigits: 1, maxDigits: 2), scanner.take("/"),
                  let day = scanner.number(minDigits: 1, maxDigits: 2), scanner.take("/"),
                  let year = scanner.number(minDigits: 4, maxDigits: 4) else { return nil }
            date = CivilDate(year: year, month: month, day: day)
        case .iso:
            if let dateTime = ISODateTime.parse(text) { return dateTime.date }
            date = scanner.isoDate()
        }
        return scanner.isAtEnd ? date : nil
    }
}
