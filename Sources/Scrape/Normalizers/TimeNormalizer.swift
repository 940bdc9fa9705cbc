import Kernel

/// `time`: reads `HH:MM`, `HH:MM:SS`, HAFAS `DDdHH:MM:SS`, `hh:mm[:ss] AM|PM [zone]` or an ISO datetime → "HH:MM:SS" plus "+Nd" for a day offset N > 0, or for ISO datetimes the instant in the route's zone as "YYYY-MM-DDTHH:MM:SS+01:00".
struct TimeNormalizer: Normalizer {
    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        try values(value, in: context).map(\.text)
    }

    /// A wall-clock time stays a text; a datetime is a typed time.
    func values(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [FieldValue] {
        switch TimeValue.parse(value) {
        case .wallClock(let days, let secondOfDay)?:
            return [.text(ISODateTime.clockText(secondOfDay) + (days > 0 ? "+\(days)d" : ""))]
        case .dateTime(let dateTime)?:
            let zone = context.timeZone
            guard let time = OffsetDateTime(checking: dateTime.instant(in: zone), in: zone) else {
                throw NormalizerError("time: \(NormalizerError.quoted(value)) is out of range")
            }
            return [.time(time)]
        case nil:
            throw NormalizerError("time: \(NormalizerError.quoted(value)) is not a time (expected HH:MM[:SS], DDdHH:MM:SS, hh:mm AM/PM or an ISO datetime)")
        }
    }
}
