public import Kernel

/// A route's canary: the parameters of one cheap request that shows whether the upstream still
/// answers, and answers as the route expects (`gottago upstreams check` sends it).
///
/// ```xml
/// <canary>
///   <param name="from">Bern</param>
///   <param name="date" now="yyyymmdd"/>      <!-- the current date in the route's time zone -->
///   <param name="key" option="api-key"/>     <!-- the operator's --api-key -->
/// </canary>
/// ```
///
/// Parameters it leaves out take their defaults; the loader checks that every required one is given.
public struct Canary: Sendable, Equatable {
    /// One parameter's value.
    public struct Parameter: Sendable, Equatable {
        /// The route parameter it sets.
        public let name: String
        /// Where its value comes from.
        public let value: Value
    }

    /// Where a canary parameter's value comes from.
    public enum Value: Sendable, Equatable {
        /// This text.
        case text(String)
        /// The moment the canary is sent, in the route's time zone, in this form.
        case now(Moment)
        /// A setting of the operator's (`api-key`), given when the canary is sent.
        case option(String)
    }

    /// The forms `now` can take, as route parameters want them.
    public enum Moment: String, Sendable, CaseIterable {
        /// `2026-12-01`
        case date
        /// `20261201`
        case yyyymmdd
        /// `01.12.26`
        case dotted = "dd.mm.yy"
        /// `08:00`
        case time = "hh:mm"
        /// `2026-12-01T08:00`
        case minute = "datetime"
        /// `2026-12-01T08:00:00+01:00`
        case iso8601
    }

    /// The settings a canary may refer to with `option`.
    public static let options: Set<String> = ["api-key"]

    /// The parameters, in the route file's order.
    public let parameters: [Parameter]

    /// A canary with these parameters.
    public init(parameters: [Parameter]) {
        self.parameters = parameters
    }

    /// The parameter values for a request at `seconds` since 1970, `now` read in `zone`;
    /// `option` values come from `options` (left out when it has none).
    public func values(at seconds: Int64, in zone: ZoneRules, options: (String) -> String? = { _ in nil }) -> [String: String] {
        let stamp = ZonedTime.iso8601(atUTC: seconds, in: zone) ?? "1970-01-01T00:00:00+00:00"
        var values: [String: String] = [:]
        for parameter in parameters {
            switch parameter.value {
            case .text(let text): values[parameter.name] = text
            case .now(let moment): values[parameter.name] = Self.format(stamp, as: moment)
            case .option(let name): values[parameter.name] = options(name)
            }
        }
        return values
    }

    /// One ISO 8601 date-time with offset (`YYYY-MM-DDTHH:MM:SS+hh:mm`) in the form asked for.
    static func format(_ stamp: String, as moment: Moment) -> String {
        let characters = Array(stamp)
        let year = String(characters[0..<4]), month = String(characters[5..<7]), day = String(characters[8..<10])
        switch moment {
        case .date: return String(characters[0..<10])
        case .yyyymmdd: return year + month + day
        case .dotted: return "\(day).\(month).\(year.suffix(2))"
        case .time: return String(characters[11..<16])
        case .minute: return String(characters[0..<16])
        case .iso8601: return stamp
        }
    }
}
