/// How OJP 2.0 names the timetable's categories: `Mode/PtMode` with its SIRI submode,
/// `ProductCategory` and the published service name, as the Swiss service writes them
/// (recorded: `rail`/`S`/`S-Bahn`/`S7`, `rail`/`IC`/`InterCity`/`IC6`, `bus`/`B`/`Bus`/`560`,
/// `tram`/`T`/`8`, `water`/`BAT`/`3212`).
extension Category {
    /// `Mode/PtMode`.
    var ptMode: String {
        switch self {
        case .interCity, .interRegio, .sBahn, .regio: "rail"
        case .bus: "bus"
        case .tram: "tram"
        case .ship: "water"
        case .cableway: "telecabin"
        }
    }

    /// The SIRI submode element and value that follow `PtMode`, where the service writes one.
    var submode: (element: String, value: String)? {
        switch self {
        case .interCity: ("siri:RailSubmode", "longDistance")
        case .interRegio: ("siri:RailSubmode", "interregionalRail")
        case .sBahn: ("siri:RailSubmode", "suburbanRailway")
        case .regio: ("siri:RailSubmode", "regionalRail")
        case .bus: ("siri:BusSubmode", "localBus")
        case .tram: ("siri:TramSubmode", "cityTram")
        case .ship, .cableway: nil
        }
    }

    /// `Mode/Name/Text`: what the vehicle is called.
    var modeName: String {
        switch self {
        case .interCity, .interRegio, .sBahn, .regio: "Zug"
        case .bus: "Bus"
        case .tram: "Tram"
        case .ship: "Schiff"
        case .cableway: "Luftseilbahn"
        }
    }

    /// `Mode/ShortName` and `ProductCategory/ShortName`: the Swiss category code (`B` for a bus,
    /// where HAFAS wrote `BUS`).
    var ojpShortName: String { self == .bus ? "B" : rawValue }
}

extension Ride {
    /// `PublishedServiceName` and `PublicCode`: a train's category and line run together (`IC1`,
    /// `S6`), the line alone for the rest (`31`), as the Swiss service publishes them.
    var publishedName: String { category.isTrain ? category.rawValue + line : line }
}
