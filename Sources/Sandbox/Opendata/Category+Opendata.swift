import Model

/// How transport.opendata.ch names the timetable's runs: timetable.search.ch's category code
/// (`*G`: `S`, `IR`, `B` for a bus), the line as the number (`*L`: `12`), the run's number
/// zero-padded to six digits as the name (`*Z`: `019254`), and the products of a connection as
/// search.ch writes its lines (`S12`, `IR 16`), as the 2021 and 2025 answers record them.
extension Category {
    /// `category`.
    var opendataName: String { self == .bus ? "B" : rawValue }

    /// `icon` of a location: what stops there.
    static func opendataIcon(_ kind: Station.Kind) -> String { kind.rawValue }
}

extension Ride {
    /// `name`: the run's number with six digits (`019254`).
    var opendataName: String { number.count >= 6 ? number : String(repeating: "0", count: 6 - number.count) + number }

    /// An entry of `products`: S-Bahn lines run together (`S12`), the others spaced (`IR 16`).
    var opendataProduct: String {
        category == .sBahn ? category.opendataName + line : category.opendataName + " " + line
    }

    /// `capacity1st` and `capacity2nd`, the expected load from 1 (low) to 3 (high): given for trains
    /// only, the same for the same run on the same day.
    var opendataCapacity: (first: Int?, second: Int?) {
        guard category.isTrain else { return (nil, nil) }
        let day = (stops.first?.departure ?? stops.first?.arrival).map { String($0.local.date.daysSinceEpoch) } ?? ""
        return (1 + StableHash(number, day, "1st").pick(3), 1 + StableHash(number, day, "2nd").pick(3))
    }
}
