/// An instant as BART's feeds write it, in Pacific time: `<date>07/01/2015</date>` and
/// `<time>04:16:04 PM PDT</time>` (a 12-hour clock and the zone's abbreviation).
struct BARTTimestamp: Sendable, Hashable {
    /// `MM/DD/YYYY`.
    let date: String
    /// `hh:mm:ss AM PDT`.
    let time: String
    /// The local year, for the legacy feed's copyright line.
    let year: Int

    init(_ instant: Int64, clock: TimetableClock) {
        let moment = clock.moment(instant)
        let local = moment.local
        date = padded(local.date.month, 2) + "/" + padded(local.date.day, 2) + "/" + padded(local.date.year, 4)
        let hour = local.hour % 12 == 0 ? 12 : local.hour % 12
        time = padded(hour, 2) + ":" + padded(local.minute, 2) + ":" + padded(local.second, 2) + (local.hour < 12 ? " AM " : " PM ")
            + Self.abbreviation(utcOffset: moment.utcOffset)
        year = local.date.year
    }

    /// PDT or PST; another offset (a clock in UTC without a tz database) by its own name.
    static func abbreviation(utcOffset: Int) -> String {
        switch utcOffset {
        case -7 * 3600: "PDT"
        case -8 * 3600: "PST"
        case 0: "UTC"
        default: "UTC" + (utcOffset < 0 ? "-" : "+") + padded(abs(utcOffset) / 3600, 2) + padded(abs(utcOffset) / 60 % 60, 2)
        }
    }
}
