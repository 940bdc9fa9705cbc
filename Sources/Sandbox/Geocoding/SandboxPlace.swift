/// A populated place as the simulators need it: a name, where it is, how large, and its time zone.
public struct SandboxPlace: Sendable, Hashable {
    /// The place's own name ("Bethesda").
    public var name: String
    /// The first-level division's code ("MD", "BE"), when known.
    public var admin: String?
    /// The first-level division's name ("Maryland", "Bern"), when known.
    public var adminName: String?
    /// The country's English name ("United States").
    public var country: String
    /// The ISO 3166-1 alpha-2 code, upper case ("US").
    public var countryCode: String
    /// WGS 84 latitude in degrees.
    public var latitude: Double
    /// WGS 84 longitude in degrees.
    public var longitude: Double
    /// Inhabitants; 0 when unknown.
    public var population: Int
    /// The IANA time zone ("America/New_York").
    public var timeZone: String
    /// A postcode of the place ("90210"), when known.
    public var postcode: String?

    /// A place from its parts.
    public init(
        name: String, admin: String? = nil, adminName: String? = nil, country: String, countryCode: String,
        latitude: Double, longitude: Double, population: Int = 0, timeZone: String, postcode: String? = nil
    ) {
        self.name = name
        self.admin = admin
        self.adminName = adminName
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.timeZone = timeZone
        self.postcode = postcode
    }
}
