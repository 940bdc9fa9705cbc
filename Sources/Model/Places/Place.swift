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

    /// The members every place element shares, with room for the document's own (distance, weather).
    public func members(_ extra: [Node?] = []) -> [Node?] {
        [
            .leaf("id", id),
            .leaf("name", name),
            .leaf("admin", admin?.isEmpty == false ? admin : nil),
            .leaf("admin_name", adminName),
            .leaf("country", country),
            .leaf("country_code", countryCode),
            .leaf("postcode", postcode),
            .leaf("lat", Place.rounded(latitude, 5)),
            .leaf("lon", Place.rounded(longitude, 5)),
            .leaf("population", population),
            .leaf("timezone", timeZone),
            .leaf("kind", kind),
            .leaf("display", display),
        ] + extra
    }

    public var node: Node { .element("place", members()) }

    /// `value` rounded to `digits` decimals.
    public static func rounded(_ value: Double, _ digits: Int) -> Double {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}

/// A distance from the start, in metres with kilometres and miles to one decimal: `<distance>`.
public struct Distance: Sendable, Hashable {
    public var meters: Double

    /// Creates a distance.
    public init(meters: Double) { self.meters = meters }

    public var kilometers: Double { Place.rounded(meters / 1000, 1) }
    public var miles: Double { Place.rounded(meters / 1609.344, 1) }

    public var node: Node {
        .element("distance", [.leaf("m", Int(meters.rounded())), .leaf("km", kilometers), .leaf("miles", miles)])
    }
}

/// A temperature in °C with its °F, each to one decimal: `<c>` and `<f>` inside the named element.
public struct Temperature: Sendable, Hashable {
    public var celsius: Double

    /// Creates a temperature.
    public init(celsius: Double) { self.celsius = celsius }

    public var fahrenheit: Double { Place.rounded(celsius * 9 / 5 + 32, 1) }

    /// The element `name` with `c` and `f`.
    public func node(_ name: String) -> Node {
        .element(name, [.leaf("c", Place.rounded(celsius, 1)), .leaf("f", fahrenheit)])
    }
}
