public import Markup

/// A named place on the map: a town from the gazetteer, a postal code, or what a geocoding
/// upstream answered: `<place>`.
public struct Place: Sendable, Hashable {
    /// The gazetteer's id (GeoNames), when the place comes from it.
    public var id: Int?
    public var name: String
    /// The first-level division's code ("MD", "BE"), or its name where the upstream gives no code.
    public var admin: String?
    /// The division's name ("Maryland"), where known.
    public var adminName: String?
    /// The country's name.
    public var country: String?
    /// ISO 3166-1 alpha-2, upper case.
    public var countryCode: String?
    public var latitude: Double
    public var longitude: Double
    public var postcode: String?
    public var population: Int?
    /// The IANA time zone, where known.
    public var timeZone: String?
    /// `place`, `postcode`, or the upstream's own kind (`city`, `house`).
    public var kind: String?
    /// The upstream's full address line, where it gives one.
    public var display: String?

    /// Creates a place.
    public init(
        id: Int? = nil, name: String, admin: String? = nil, adminName: String? = nil, country: String? = nil, countryCode: String? = nil,
        latitude: Double, longitude: Double, postcode: String? = nil, population: Int? = nil, timeZone: String? = nil,
        kind: String? = nil, display: String? = nil
    ) {
        self.id = id
        self.name = name
        self.admin = admin
        self.adminName = adminName
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.postcode = postcode
        self.population = population
        self.timeZone = timeZone
        self.kind = kind
        self.display = display
    }

    /// "Bethesda, MD, US": the name with its division and country, for messages and logs.
    public var label: String {
        ([name] + [admin, countryCode].compactMap { $0?.isEmpty == false ? $0 : nil }).joined(separator: ", ")
    }

    /// The members every place element shares; a document adds its own after them (distance, weather).
    public static let shape = Shape<Place>.children("Place", [
        .optional("id", .integer, summary: "The gazetteer's id (GeoNames), for its places.") { $0.id },
        .leaf("name", .string) { $0.name },
        .optional("admin", .string, summary: "First-level division: state or canton code (\"MD\", \"BE\"), and its name where known.") {
            $0.admin?.isEmpty == false ? $0.admin : nil
        },
        .optional("admin_name", .string) { $0.adminName },
        .optional("country", .string) { $0.country },
        .optional("country_code", .string) { $0.countryCode },
        .optional("postcode", .string) { $0.postcode },
        .leaf("lat", .latitude) { Place.rounded($0.latitude, 5) },
        .leaf("lon", .longitude) { Place.rounded($0.longitude, 5) },
        .optional("population", .count) { $0.population },
        .optional("timezone", .string) { $0.timeZone },
        .optional("kind", .string, summary: "place, postcode, or the upstream's own kind.") { $0.kind },
        .optional("display", .string) { $0.display },
    ])

    public var node: Node { Self.shape.node("place", self) }

    /// `value` rounded to `digits` decimals.
    public static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}

/// A distance: `<distance>` with metres, and kilometres and miles to one decimal; a distance
/// measured in miles (BART's) is written miles first, without metres.
public struct Distance: Sendable, Hashable {
    /// The unit a distance was measured in, which decides the units it is written in and their order.
    public enum Unit: Int, Sendable {
        /// `m`, `km`, `miles` (the weather and geocoding documents).
        case meters
        /// `miles`, `km` (the BART documents).
        case miles
    }

    public static let metresPerMile = 1609.344

    /// The distance in `unit`.
    public var value: Double
    public var unit: Unit

    /// Creates a distance in metres.
    public init(meters: Double) {
        value = meters
        unit = .meters
    }

    /// Creates a distance in miles.
    public init(miles: Double) {
        value = miles
        unit = .miles
    }

    public var meters: Double { unit == .meters ? value : value * Self.metresPerMile }
    public var kilometers: Double { Place.rounded(meters / 1000, 1) }
    public var miles: Double { Place.rounded(unit == .miles ? value : value / Self.metresPerMile, 1) }

    /// One Distance for every document: its units in any order, metres only where measured in metres.
    public static let shape = Shape<Distance>.unordered(
        "Distance", summary: "Metres, and kilometres and miles to one decimal; a distance measured in miles (BART) has no metres and comes miles first.",
        [
            .leaf("m", .count) { Int($0.meters.rounded()) },
            .leaf("km", .decimal) { $0.kilometers },
            .leaf("miles", .decimal) { $0.miles },
        ],
        orders: [["m", "km", "miles"], ["miles", "km"]]
    ) { $0.unit.rawValue }

    public var node: Node { Self.shape.node("distance", self) }
}

/// A temperature in °C with its °F, each to one decimal: `<c>` and `<f>` inside the named element.
public struct Temperature: Sendable, Hashable {
    public var celsius: Double

    /// Creates a temperature.
    public init(celsius: Double) { self.celsius = celsius }

    public var fahrenheit: Double { Place.rounded(celsius * 9 / 5 + 32, 1) }

    /// °C and °F, each to one decimal.
    public static let shape = Shape<Temperature>.children("Temperature", summary: "°C and °F, each to one decimal.", [
        .leaf("c", .decimal) { Place.rounded($0.celsius, 1) },
        .leaf("f", .decimal) { $0.fahrenheit },
    ])

    /// The element `name` with `c` and `f`.
    public func node(_ name: String) -> Node { Self.shape.node(name, self) }
}
