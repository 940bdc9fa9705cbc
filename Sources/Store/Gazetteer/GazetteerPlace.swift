/// A populated place or a US ZIP code from the embedded gazetteer.
public struct GazetteerPlace: Sendable, Hashable {
    /// The GeoNames id; for a ZIP code found as such, the code negated (`90210` → −90210).
    public var id: Int
    /// The place's name (`Bethesda`), or the ZIP code's city.
    public var name: String
    /// The first-level division's code (`MD`, `BE`, `ON`); "" when there is none.
    public var admin: String
    /// The division's English name (`Maryland`) where the gazetteer knows it.
    public var adminName: String?
    /// The ISO 3166-1 alpha-2 country code (`US`).
    public var countryCode: String
    /// The country's English short name (`United States`).
    public var country: String
    /// Degrees north, WGS 84.
    public var latitude: Double
    /// Degrees east, WGS 84.
    public var longitude: Double
    /// Inhabitants as GeoNames counts them; 0 for a ZIP code.
    public var population: Int
    /// The IANA time zone (`America/New_York`).
    public var timeZone: String
    /// In the US and its territories: the place's ZIP code (its city's main delivery-area code
    /// within 30 km, else the nearest one within 30 km), or the code itself for a `.postcode`
    /// result; else nil.
    public var postcode: String?
    /// Whether this is a place or a ZIP code.
    public var kind: Kind

    /// What a result stands for.
    public enum Kind: String, Sendable {
        /// A populated place (GeoNames).
        case place
        /// A US ZIP code, at its own position.
        case postcode
    }

    /// Creates a place.
    public init(
        id: Int, name: String, admin: String, adminName: String?, countryCode: String, country: String,
        latitude: Double, longitude: Double, population: Int, timeZone: String, postcode: String?, kind: Kind
    ) {
        self.id = id
        self.name = name
        self.admin = admin
        self.adminName = adminName
        self.countryCode = countryCode
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.timeZone = timeZone
        self.postcode = postcode
        self.kind = kind
    }
}
