import Compression
import Kernel

/// A recorded static GTFS feed made current: its service calendar moved to the days around the
/// sandbox's clock, everything else as the agency published it.
///
/// calendar.txt's periods become `start ... end` (a year either side of the day the sandbox
/// starts on), so each service runs on its weekdays as it did; calendar_dates.txt's exceptions
/// (holidays of the recorded year, meaningless in another) are dropped, its header kept;
/// feed_info.txt's validity follows. A feed without a calendar.txt keeps its dates.
enum StaticFeedCalendar {
    /// The archive with its calendar moved; the recorded archive when it cannot be read.
    static func current(_ recorded: [UInt8], start: LocalDate, end: LocalDate) -> [UInt8] {
        guard let archive = try? ZipArchive(recorded) else { return recorded }
        var writer = ZipWriter()
        for entry in archive.entries where !entry.isDirectory {
            guard let bytes = try? archive.contents(of: entry) else { return recorded }
            let text = String(decoding: bytes, as: UTF8.self)
            switch entry.name {
            case "calendar.txt": writer.add(entry.name, Array(replacing(text, columns: ["start_date": start, "end_date": end]).utf8))
            case "feed_info.txt": writer.add(entry.name, Array(replacing(text, columns: ["feed_start_date": start, "feed_end_date": end]).utf8))
            case "calendar_dates.txt": writer.add(entry.name, Array((text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "").utf8) + [0x0A])
            default: writer.add(entry.name, bytes)
            }
        }
        return writer.finish()
    }

    /// The CSV text with the named date columns of every row set (the recorded files quote no field).
    static func replacing(_ text: String, columns: [String: LocalDate]) -> String {
        var lines = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).map(String.init)
        guard let header = lines.first else { return text }
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map { $0.filter { $0 != " " && $0 != "\u{FEFF}" } }
        let replaced = names.enumerated().compactMap { index, name in columns[name].map { (index, $0.compact) } }
        for row in lines.indices.dropFirst() {
            var fields = lines[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for (index, value) in replaced where index < fields.count { fields[index] = value }
            lines[row] = fields.joined(separator: ",")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

