import Kernel

/// `epoch`: Unix time in whole seconds (GTFS-Realtime's `timestamp`, `time`, `start`, `end`) →
/// the instant in the route's zone as "YYYY-MM-DDTHH:MM:SS+01:00".
struct EpochNormalizer: Normalizer {
    /// The last second of year 9999, the latest instant an ISO datetime of four-digit years holds.
    private static let latest: Int64 = 253_402_300_799

    init(arguments: inout StepArguments) {}

    func normalize(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [String] {
        try values(value, in: context).map(\.text)
    }

    func values(_ value: String, in context: any NormalizerContext) throws(NormalizerError) -> [FieldValue] {
        let trimmed = value.utf8.count <= 40 ? TrimNormalizer.trimmed(value) : ""
        guard let seconds = Int64(trimmed), (0...Self.latest).contains(seconds),
            let time = OffsetDateTime(checking: seconds, in: context.timeZone)
        else {
            throw NormalizerError("epoch: \(NormalizerError.quoted(value)) is not a Unix time in seconds from 1970 to 9999")
        }
        return [.time(time)]
    }
}
