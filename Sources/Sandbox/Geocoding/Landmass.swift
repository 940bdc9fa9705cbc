/// Which landmass a country is on, for the directions simulator's one rule about oceans: two
/// points can be driven between only when the countries of their nearest places share a
/// landmass. The Americas are one (the Pan-American Highway), Europe, Asia and Africa another
/// (Great Britain joined through the Channel Tunnel); islands and countries not listed are a
/// landmass of their own, so a route stays within such a country.
enum Landmass: Hashable {
    case americas
    case afroEurasia
    case australia
    case own(String)

    init(countryCode code: String) {
        let code = code.uppercased()
        if Self.americanCountries.contains(code) {
            self = .americas
        } else if Self.afroEurasianCountries.contains(code) {
            self = .afroEurasia
        } else if code == "AU" {
            self = .australia
        } else {
            self = .own(code)
        }
    }

    private static let americanCountries: Set<String> = [
        "US", "CA", "MX", "GT", "BZ", "SV", "HN", "NI", "CR", "PA", "CO", "VE", "EC", "PE", "BO", "BR", "PY", "UY", "AR", "CL", "GY", "SR", "GF",
    ]

    private static let afroEurasianCountries: Set<String> = [
        "CH", "DE", "AT", "FR", "IT", "LI", "LU", "BE", "NL", "DK", "SE", "NO", "FI", "PL", "CZ", "SK", "HU", "SI", "HR", "BA", "RS", "ME",
        "MK", "AL", "GR", "BG", "RO", "MD", "UA", "BY", "LT", "LV", "EE", "RU", "ES", "PT", "AD", "MC", "SM", "VA", "GB", "TR", "GE", "AM",
        "AZ", "KZ", "UZ", "TM", "KG", "TJ", "CN", "MN", "IN", "PK", "AF", "IR", "IQ", "SY", "LB", "IL", "JO", "SA", "YE", "OM", "AE", "QA",
        "KW", "BH", "NP", "BT", "BD", "MM", "TH", "LA", "KH", "VN", "MY", "SG", "KP", "KR", "EG", "LY", "TN", "DZ", "MA", "SD", "ET", "KE",
        "TZ", "UG", "NG", "GH", "SN", "ML", "NE", "TD", "CM", "CD", "CG", "AO", "ZM", "ZW", "MZ", "ZA", "NA", "BW",
    ]
}
