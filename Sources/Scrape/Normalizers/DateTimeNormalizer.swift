import Kernel

/// `datetime(date=REF_OR_LITERAL, after=REF, elapsed=REF)`: joins a "YYYY-MM-DD" date with a time from `time` ("HH:MM:SS" or "HH:MM:SS+Nd") in the route's zone → "2016-12-24T00:10:00+01:00"; with `after`, a result more than 12 hours before the referenced datetime moves on by whole days, and a time that happens twice is the later occurrence when only that one is not before it; with `after` and `elapsed` (an ISO duration), a wall-clock time that happens twice (the autumn overlap) is the occurrence `elapsed` after `after`, when one is.
struct DateTimeNormalizer: Normalizer {
    private let date: ValueSource
    private let after: ValueSource?
    private let elapsed: ValueSource?
    // More than this before `after` counts as having crossed midnight.
    private static let rolloverWindow: Int64 = 12 * 3600

    init(arguments: inout StepArguments) throws(NormalizerError) {
        guard let date = arguments.keyedSource("date") else {
            throw NormalizerError("datetime: missing date=, e.g. datetime(date=$date)")
        }
        if case .literal(let text) = date, DateNormalizer.parse(text, format: .iso) == nil {
            throw NormalizerError("datetime: date \(NormalizerError.quoted(text)) is not a YYYY-MM-DD date")
        }
        self.date = date
        after = arguments.keyedSource("after")
        elapsed = arguments.keyedSource("elapsed")
        if elapsed != nil, after == nil { throw NormalizerError("datetime: elapsed= needs after=, the time it counts from") }
    }

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        try values(value, in: context).map(\.text)
    }

    func values(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [FieldValue] {
        let zone = context.timeZone
        guard let time = TimeValue.parse(value) else {
            throw NormalizerError("datetime: \(NormalizerError.quoted(value)) is not a time")
        }
        let instant: Int64
        switch time {
        case .dateTime(let dateTime):
            // Already a full datetime: only the zone changes, the date argument and rollover do not apply.
            instant = dateTime.instant(in: zone)
        case .wallClock(let days, let secondOfDay):
            guard let text = date.resolve(in: context), !text.isEmpty else {
                throw NormalizerError("datetime: the date \(date.syntax) has no value")
            }
            guard let day = DateNormalizer.parse(text, format: .iso) else {
                throw NormalizerError("datetime: the date \(NormalizerError.quoted(text)) from \(date.syntax) is not a YYYY-MM-DD date")
            }
            let local = (day.daysSinceEpoch + Int64(days)) * 86_400 + Int64(secondOfDay)
            instant = try occurrence(rolledOver(local: local, in: context), in: context)
        }
        guard let time = OffsetDateTime(checking: instant, in: zone) else {
            throw NormalizerError("datetime: \(NormalizerError.quoted(value)) is out of range")
        }
        return [.time(time)]
    }

    /// The instant of a local time, moved on by days until it is no more than 12 hours before
    /// `after`, with the local reading it stands for.
    private func rolledOver(local: Int64, in context: any NormalizerContext) throws(NormalizerError) -> (instant: Int64, local: Int64) {
        let zone = context.timeZone
        var instant = zone.instant(ofLocal: local)
        guard let reference = try reference(after, in: context) else { return (instant, local) }
        let earliest = reference - Self.rolloverWindow
        var days: Int64 = 0
        // Whole local days keep the wall-clock time across DST changes; a few rounds settle the DST hour.
        for _ in 0..<8 where instant < earliest {
            days += max(1, (earliest - instant) / 86_400)
            instant = zone.instant(ofLocal: local + days * 86_400)
        }
        // A reading that happens twice (autumn overlap) is its later occurrence when only that one is not before `after`.
        let reading = local + days * 86_400
        let later = reading - Int64(zone.offset(atUTC: instant + 2 * 3600))
        if later > instant, later + Int64(zone.offset(atUTC: later)) == reading, instant < reference, later >= reference {
            instant = later
        }
        return (instant, reading)
    }

    /// The instant `elapsed` after `after` when it reads as the same wall-clock time (the later
    /// occurrence in an autumn overlap), else the instant found.
    private func occurrence(_ found: (instant: Int64, local: Int64), in context: any NormalizerContext) throws(NormalizerError) -> Int64 {
        guard let elapsed, let text = elapsed.resolve(in: context), let seconds = DurationNormalizer.seconds(text),
            let start = try reference(after, in: context)
        else { return found.instant }
        let expected = start + seconds
        return expected + Int64(context.timeZone.offset(atUTC: expected)) == found.local ? expected : found.instant
    }

    /// The instant a referenced datetime names, or nil when the reference has no value.
    private func reference(_ source: ValueSource?, in context: any NormalizerContext) throws(NormalizerError) -> Int64? {
        // A date-time an earlier step made is read as it is, without its text.
        if case .reference(let reference)? = source, case .time(let time)? = context.fieldValue(of: reference) { return time.instant }
        guard let source, let text = source.resolve(in: context), !TrimNormalizer.trimmed(text).isEmpty else { return nil }
        guard let reference = ISODateTime.parse(TrimNormalizer.trimmed(text)) else {
            throw NormalizerError("datetime: the value \(NormalizerError.quoted(text)) of \(source.syntax) is not a datetime")
        }
        return reference.instant(in: context.timeZone)
    }
}
