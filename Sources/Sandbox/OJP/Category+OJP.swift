/// How OJP 2.0 names the timetable's categories: `Mode/PtMode` with its SIRI submode,
/// `ProductCategory` and the published service name, as the Swiss service writes them
/// (recorded: `rail`/`S`/`S-Bahn`/`S7`, `rail`/`IC`/`InterCity`/`IC6`, `bus`/`B`/`Bus`/`560`,
/// `tram`/`T`/`8`, `water`/`BAT`/`3212`).
extension Category {
    /// The category's `Mode`: `PtMode`, the SIRI submode element and value that follow it where
    /// the service writes one, and `Name/Text` (what the vehicle is called).
    private var mode: (ptMode: String, submode: (element: String, value: String)?, name: String) {
        switch self {
        case .interCity: ("rail", ("siri:RailSubmode", "longDistance"), "Zug")
        case .interRegio: ("rail", ("siri:RailSubmode", "interregionalRail"), "Zug")
        case .sBahn: ("rail", ("siri:RailSubmode", "suburbanRailway"), "Zug")
        case .regio: ("rail", ("siri:RailSubmode", "regionalRail"), "Zug")
        case .bus: ("bus", ("siri:BusSubmode", "localBus"), "Bus")
        case .tram: ("tram", ("siri:TramSubmode", "cityTram"), "Tram")
        case .ship: ("water", nil, "Schiff")
        case .cableway: ("telecabin", nil, "Luftseilbahn")
        }
    }

    /// `Mode/PtMode`.
    var ptMode: String { mode.ptMode }
    /// The SIRI submode element and value that follow `PtMode`, where the service writes one.
    var submode: (element: String, value: String)? { mode.submode }
    /// `Mode/Name/Text`: what the vehicle is called.
    var modeName: String { mode.name }

    /// `Mode/ShortName` and `ProductCategory/ShortName`: the Swiss category code (`B` for a bus,
    /// where HAFAS wrote `BUS`).
    var ojpShortName: String { self == .bus ? "B" : rawValue }
}

extension Ride {
    /// `PublishedServiceName` and `PublicCode`: a train's category and line run together (`IC1`,
    /// `S6`), the line alone for the rest (`31`), as the Swiss service publishes them.
    var publishedName: String { category.isTrain ? category.rawValue + line : line }
}
