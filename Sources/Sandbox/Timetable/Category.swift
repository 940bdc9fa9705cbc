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
    public var productClass: Int {
        switch self {
        case .interCity: 1
        case .interRegio: 2
        case .sBahn, .regio: 5
        case .ship: 4
        case .bus: 6
        case .cableway: 7
        case .tram: 9
        }
    }

    /// The long name HAFAS writes in the LONG variant of the category.
    public var longName: String {
        switch self {
        case .interCity: "InterCity"
        case .interRegio: "InterRegio"
        case .sBahn: "Urban train"
        case .regio: "Regio"
        case .bus: "Bus"
        case .tram: "Tram"
        case .ship: "Ship"
        case .cableway: "Cableway"
        }
    }

    /// The German name, as the HAFAS pages and OJP's `ProductCategory/Name` write it.
    public var germanName: String {
        switch self {
        case .interCity: "InterCity"
        case .interRegio: "InterRegio"
        case .sBahn: "S-Bahn"
        case .regio: "Regio"
        case .bus: "Bus"
        case .tram: "Tram"
        case .ship: "Schiff"
        case .cableway: "Luftseilbahn"
        }
    }

    /// Whether it runs on rails between railway stations (and so has platforms).
    public var isTrain: Bool {
        switch self {
        case .interCity, .interRegio, .sBahn, .regio: true
        case .bus, .tram, .ship, .cableway: false
        }
    }

    /// Whether its name carries the train number rather than the line (`IC 712` versus `S 6`).
    var isLongDistance: Bool { self == .interCity || self == .interRegio }

    /// The operator's short and long name.
    var operatorNames: (short: String, long: String) {
        switch self {
        case .interCity, .interRegio, .sBahn, .regio: ("SBB", "Schweizerische Bundesbahnen SBB")
        case .bus: ("PAG", "PostAuto AG")
        case .tram: ("VB", "Verkehrsbetriebe")
        case .ship: ("SGV", "Schifffahrtsgesellschaft")
        case .cableway: ("LB", "Luftseilbahn")
        }
    }

    /// Effective speed between stops in km/h, stops included.
    var speed: Double {
        switch self {
        case .interCity: 100
        case .interRegio: 85
        case .sBahn, .regio: 60
        case .bus: 25
        case .tram: 18
        case .ship: 20
        case .cableway: 12
        }
    }

    /// How much longer the way is than the straight line.
    var detour: Double {
        switch self {
        case .interCity, .interRegio, .cableway: 1.0
        case .sBahn, .regio, .ship: 1.15
        case .bus, .tram: 1.3
        }
    }

    /// Minutes between two runs in the day.
    var headway: Int {
        switch self {
        case .interCity, .interRegio, .sBahn: 30
        case .regio, .ship: 60
        case .bus: 15
        case .tram: 10
        case .cableway: 20
        }
    }

    /// The shortest time between two stops in minutes.
    var minimumStep: Int {
        switch self {
        case .interCity, .interRegio, .sBahn, .regio, .cableway: 2
        case .bus, .tram: 1
        case .ship: 4
        }
    }

    /// Minutes a train stands at an intermediate stop.
    var dwell: Int { isTrain ? 1 : 0 }

    /// Minutes between two stops `metres` apart.
    func minutes(forMetres metres: Double) -> Int {
        max(minimumStep, Int((metres * detour / 1000 / speed * 60).rounded()))
    }
}
