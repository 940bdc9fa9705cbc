/// The kinds of service the sandbox timetable runs, with HAFAS's product classes.
public enum Category: String, Sendable, CaseIterable {
    /// Long-distance trains between the largest stations.
    case interCity = "IC"
    /// Faster trains between nearer large stations.
    case interRegio = "IR"
    /// Suburban trains from a large station to the stations around it.
    case sBahn = "S"
    /// Regional trains on longer lines, and direct links between nearby stations.
    case regio = "R"
    /// Buses from a railway station to the stops around it.
    case bus = "BUS"
    /// Trams, where the stops are tram stops.
    case tram = "T"
    /// Boats.
    case ship = "BAT"
    /// Cable cars.
    case cableway = "LB"

    /// The HAFAS product class: the `code` of the CATEGORY attribute and the bit of the `Prod`
    /// mask of a request (SBB: 1 IC, 2 IR, 5 S/R, 4 ship, 6 bus, 7 cableway, 9 tram).
    public var productClass: Int { traits.productClass }

    /// The long name HAFAS writes in the LONG variant of the category.
    public var longName: String { traits.longName }

    /// The German name, as the HAFAS pages and OJP's `ProductCategory/Name` write it.
    public var germanName: String { traits.germanName }

    /// Whether it runs on rails between railway stations (and so has platforms).
    public var isTrain: Bool { traits.isTrain }

    /// Whether its name carries the train number rather than the line (`IC 712` versus `S 6`).
    var isLongDistance: Bool { self == .interCity || self == .interRegio }

    /// The operator's short and long name.
    var operatorNames: (short: String, long: String) { traits.operatorNames }

    /// Effective speed between stops in km/h, stops included.
    var speed: Double { traits.speed }

    /// How much longer the way is than the straight line.
    var detour: Double { traits.detour }

    /// Minutes between two runs in the day.
    var headway: Int { traits.headway }

    /// The shortest time between two stops in minutes.
    var minimumStep: Int { traits.minimumStep }

    /// Minutes a train stands at an intermediate stop.
    var dwell: Int { isTrain ? 1 : 0 }

    /// Minutes between two stops `metres` apart.
    func minutes(forMetres metres: Double) -> Int {
        max(minimumStep, Int((metres * detour / 1000 / speed * 60).rounded()))
    }

    /// What the timetable knows of a category, as its row in ``traits``.
    private struct Traits {
        let productClass: Int, longName: String, germanName: String, isTrain: Bool
        let operatorNames: (short: String, long: String)
        let speed: Double, detour: Double, headway: Int, minimumStep: Int
    }

    private static let sbb = (short: "SBB", long: "Schweizerische Bundesbahnen SBB")

    /// Every category's traits, one row each.
    private var traits: Traits {
        switch self {
        case .interCity: Traits(productClass: 1, longName: "InterCity", germanName: "InterCity", isTrain: true, operatorNames: Self.sbb, speed: 100, detour: 1.0, headway: 30, minimumStep: 2)
        case .interRegio: Traits(productClass: 2, longName: "InterRegio", germanName: "InterRegio", isTrain: true, operatorNames: Self.sbb, speed: 85, detour: 1.0, headway: 30, minimumStep: 2)
        case .sBahn: Traits(productClass: 5, longName: "Urban train", germanName: "S-Bahn", isTrain: true, operatorNames: Self.sbb, speed: 60, detour: 1.15, headway: 30, minimumStep: 2)
        case .regio: Traits(productClass: 5, longName: "Regio", germanName: "Regio", isTrain: true, operatorNames: Self.sbb, speed: 60, detour: 1.15, headway: 60, minimumStep: 2)
        case .bus: Traits(productClass: 6, longName: "Bus", germanName: "Bus", isTrain: false, operatorNames: ("PAG", "PostAuto AG"), speed: 25, detour: 1.3, headway: 15, minimumStep: 1)
        case .tram: Traits(productClass: 9, longName: "Tram", germanName: "Tram", isTrain: false, operatorNames: ("VB", "Verkehrsbetriebe"), speed: 18, detour: 1.3, headway: 10, minimumStep: 1)
        case .ship: Traits(productClass: 4, longName: "Ship", germanName: "Schiff", isTrain: false, operatorNames: ("SGV", "Schifffahrtsgesellschaft"), speed: 20, detour: 1.15, headway: 60, minimumStep: 4)
        case .cableway: Traits(productClass: 7, longName: "Cableway", germanName: "Luftseilbahn", isTrain: false, operatorNames: ("LB", "Luftseilbahn"), speed: 12, detour: 1.0, headway: 20, minimumStep: 2)
        }
    }
}
