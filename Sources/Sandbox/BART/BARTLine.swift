/// One of BART's five lines: its color as the etd feed writes it and its stations in order.
///
/// The station lists follow the system map since the Berryessa extension (2020): Yellow runs
/// Antioch–SFO, Orange Richmond–Berryessa, Green Berryessa–Daly City, Red Richmond–Millbrae
/// (past San Bruno straight to Millbrae, not through the airport), Blue Dublin/Pleasanton–Daly
/// City. The Oakland Airport connector (OAKL) is no line of the etd feed.
///
/// ```swift
/// BARTLine.orange.stations.first   // "RICH"
/// BARTLine.orange.hexcolor         // "#ff9933"
/// ```
public struct BARTLine: Sendable, Hashable {
    /// The color name, upper case, as `<color>` writes it (`ORANGE`).
    public let color: String
    /// The color as `<hexcolor>` writes it (`#ff9933`).
    public let hexcolor: String
    /// Station abbreviations from the first terminal to the last.
    public let stations: [String]
    /// The feed's direction of trains towards the last station; the other way is the opposite.
    public let forward: BARTDirection
    /// Where the line passes through the Oakland core: trains run towards it up to
    /// `stations[core]` and away from it after `stations[core + 1]` (see ``BARTRoute``'s platforms).
    let core: Int
    /// Platforms that the towards/away rule does not give: the line's own tracks at a shared station.
    let platforms: [String: [BARTDirection: Int]]

    /// A line; `coreAfter` names the station after which the line leaves the Oakland core.
    init(
        color: String, hexcolor: String, forward: BARTDirection, coreAfter: String, stations: String,
        platforms: [String: [BARTDirection: Int]] = [:]
    ) {
        self.color = color
        self.hexcolor = hexcolor
        self.forward = forward
        self.stations = stations.split(separator: " ").map(String.init)
        core = self.stations.firstIndex(of: coreAfter) ?? 0
        self.platforms = platforms
    }

    // Directions as the 2021 feed writes them (etd-ALL-2021-12-20): towards Antioch, Richmond,
    // Berryessa (Green) and Dublin/Pleasanton is "North", the other way "South". Older captures
    // differ (2015 calls Daly City trains at Fruitvale "North"); one convention per line direction
    // is what a client can rely on.

    /// Antioch – SFO.
    public static let yellow = BARTLine(
        color: "YELLOW", hexcolor: "#ffff33", forward: .south, coreAfter: "12TH",
        stations: "ANTC PCTR PITT NCON CONC PHIL WCRK LAFY ORIN ROCK MCAR 19TH 12TH WOAK EMBR MONT POWL CIVC 16TH 24TH GLEN BALB DALY COLM SSAN SBRN SFIA",
        // MacArthur's second island and the upper level of 12th and 19th St. (etd-ALL-2021-12-20).
        platforms: ["MCAR": [.north: 3, .south: 4], "19TH": [.north: 3], "12TH": [.north: 3]])
    /// Richmond – Berryessa/North San Jose.
    public static let orange = BARTLine(
        color: "ORANGE", hexcolor: "#ff9933", forward: .south, coreAfter: "12TH",
        stations: "RICH DELN PLZA NBRK DBRK ASHB MCAR 19TH 12TH LAKE FTVL COLS SANL BAYF HAYW SHAY UCTY FRMT WARM MLPT BERY")
    /// Berryessa/North San Jose – Daly City.
    public static let green = BARTLine(
        color: "GREEN", hexcolor: "#339933", forward: .south, coreAfter: "LAKE",
        stations: "BERY MLPT WARM FRMT UCTY SHAY HAYW BAYF SANL COLS FTVL LAKE WOAK EMBR MONT POWL CIVC 16TH 24TH GLEN BALB DALY")
    /// Richmond – Millbrae.
    public static let red = BARTLine(
        color: "RED", hexcolor: "#ff0000", forward: .south, coreAfter: "12TH",
        stations: "RICH DELN PLZA NBRK DBRK ASHB MCAR 19TH 12TH WOAK EMBR MONT POWL CIVC 16TH 24TH GLEN BALB DALY COLM SSAN SBRN MLBR")
    /// Dublin/Pleasanton – Daly City.
    public static let blue = BARTLine(
        color: "BLUE", hexcolor: "#0099cc", forward: .south, coreAfter: "LAKE",
        stations: "DUBL WDUB CAST BAYF SANL COLS FTVL LAKE WOAK EMBR MONT POWL CIVC 16TH 24TH GLEN BALB DALY")

    /// The five lines.
    public static let all: [BARTLine] = [yellow, orange, green, red, blue]
}

/// The direction a train runs, as `<direction>` writes it.
public enum BARTDirection: String, Sendable, Hashable {
    case north = "North"
    case south = "South"

    /// The other direction.
    public var opposite: BARTDirection { self == .north ? .south : .north }
}
