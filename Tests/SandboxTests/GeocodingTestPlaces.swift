import Markup
import Model
@testable import Sandbox
import Scrape
import Testing

/// Real places (GeoNames coordinates and populations) along I-70, I-44 and I-40 from Maryland to
/// Los Angeles, a few other US cities, Switzerland and its neighbours, Luleå and Sydney.
enum TestPlaces {
    static func us(_ name: String, _ admin: String, _ state: String, _ lat: Double, _ lon: Double, _ population: Int, _ zone: String, _ zip: String? = nil) -> Place {
        Place(name: name, admin: admin, adminName: state, country: "United States", countryCode: "US",
              latitude: lat, longitude: lon, postcode: zip, population: population, timeZone: "America/" + zone)
    }

    static func place(_ name: String, _ admin: String, _ region: String, _ country: String, _ code: String, _ lat: Double, _ lon: Double, _ population: Int, _ zone: String, _ postcode: String? = nil) -> Place {
        Place(name: name, admin: admin, adminName: region, country: country, countryCode: code,
              latitude: lat, longitude: lon, postcode: postcode, population: population, timeZone: zone)
    }

    static let bethesda = us("Bethesda", "MD", "Maryland", 38.98067, -77.10026, 63_374, "New_York", "20814")
    static let beverlyHills = us("Beverly Hills", "CA", "California", 34.07362, -118.40036, 34_109, "Los_Angeles", "90210")
    static let bern = place("Bern", "BE", "Bern", "Switzerland", "CH", 46.94809, 7.44744, 121_631, "Europe/Zurich", "3000")
    static let zurich = place("Zürich", "ZH", "Zurich", "Switzerland", "CH", 47.36667, 8.55, 341_730, "Europe/Zurich", "8001")
    static let thun = place("Thun", "BE", "Bern", "Switzerland", "CH", 46.75118, 7.62166, 43_568, "Europe/Zurich", "3600")
    static let newYork = us("New York", "NY", "New York", 40.71427, -74.00597, 8_804_190, "New_York", "10001")
    static let lulea = place("Luleå", "BD", "Norrbotten", "Sweden", "SE", 65.58415, 22.15465, 48_638, "Europe/Stockholm")
    static let sydney = place("Sydney", "NSW", "New South Wales", "Australia", "AU", -33.86785, 151.20732, 4_627_345, "Australia/Sydney", "2000")

    static let all: [Place] = [
        bethesda, beverlyHills, bern, zurich, thun, newYork, lulea, sydney,
        us("Washington", "DC", "District of Columbia", 38.89511, -77.03637, 689_545, "New_York", "20001"),
        us("Frederick", "MD", "Maryland", 39.41427, -77.41054, 78_171, "New_York", "21701"),
        us("Hagerstown", "MD", "Maryland", 39.64176, -77.71999, 43_527, "New_York", "21740"),
        us("Breezewood", "PA", "Pennsylvania", 39.99841, -78.24113, 1_009, "New_York", "15533"),
        us("Pittsburgh", "PA", "Pennsylvania", 40.44062, -79.99589, 302_971, "New_York", "15201"),
        us("Wheeling", "WV", "West Virginia", 40.06396, -80.72091, 27_062, "New_York"),
        us("Columbus", "OH", "Ohio", 39.96118, -82.99879, 905_748, "New_York", "43215"),
        us("Dayton", "OH", "Ohio", 39.75895, -84.19161, 137_644, "New_York"),
        us("Cincinnati", "OH", "Ohio", 39.12711, -84.51439, 309_317, "New_York"),
        us("Indianapolis", "IN", "Indiana", 39.76838, -86.15804, 887_642, "Indiana/Indianapolis", "46204"),
        us("Louisville", "KY", "Kentucky", 38.25424, -85.75941, 597_337, "Kentucky/Louisville"),
        us("Terre Haute", "IN", "Indiana", 39.4667, -87.41391, 58_389, "Indiana/Indianapolis"),
        us("Effingham", "IL", "Illinois", 39.12004, -88.54338, 12_384, "Chicago"),
        us("St. Louis", "MO", "Missouri", 38.62727, -90.19789, 301_578, "Chicago", "63101"),
        us("Rolla", "MO", "Missouri", 37.95143, -91.77127, 20_214, "Chicago"),
        us("Springfield", "MO", "Missouri", 37.21533, -93.29824, 169_176, "Chicago", "65806"),
        us("Joplin", "MO", "Missouri", 37.08423, -94.51328, 52_195, "Chicago"),
        us("Nashville", "TN", "Tennessee", 36.16589, -86.78444, 670_820, "Chicago"),
        us("Memphis", "TN", "Tennessee", 35.14953, -90.04898, 651_073, "Chicago"),
        us("Little Rock", "AR", "Arkansas", 34.74648, -92.28959, 202_591, "Chicago"),
        us("Tulsa", "OK", "Oklahoma", 36.15398, -95.99277, 413_066, "Chicago", "74103"),
        us("Oklahoma City", "OK", "Oklahoma", 35.46756, -97.51643, 681_054, "Chicago", "73102"),
        us("Kansas City", "MO", "Missouri", 39.09973, -94.57857, 508_090, "Chicago"),
        us("Chicago", "IL", "Illinois", 41.85003, -87.65005, 2_746_388, "Chicago"),
        us("Amarillo", "TX", "Texas", 35.222, -101.8313, 200_393, "Chicago", "79101"),
        us("Tucumcari", "NM", "New Mexico", 35.17172, -103.72497, 5_363, "Denver"),
        us("Denver", "CO", "Colorado", 39.73915, -104.9847, 715_522, "Denver"),
        us("Albuquerque", "NM", "New Mexico", 35.08449, -106.65114, 564_559, "Denver", "87102"),
        us("Gallup", "NM", "New Mexico", 35.52808, -108.74258, 21_899, "Denver"),
        us("Flagstaff", "AZ", "Arizona", 35.19807, -111.65127, 76_831, "Phoenix", "86001"),
        us("Phoenix", "AZ", "Arizona", 33.44838, -112.07404, 1_608_139, "Phoenix"),
        us("Kingman", "AZ", "Arizona", 35.18944, -114.05301, 32_689, "Phoenix"),
        us("Las Vegas", "NV", "Nevada", 36.17497, -115.13722, 641_903, "Los_Angeles"),
        us("Needles", "CA", "California", 34.84806, -114.61413, 4_931, "Los_Angeles"),
        us("Barstow", "CA", "California", 34.89859, -117.02282, 25_415, "Los_Angeles"),
        us("San Bernardino", "CA", "California", 34.10834, -117.28977, 222_101, "Los_Angeles"),
        us("Los Angeles", "CA", "California", 34.05223, -118.24368, 3_990_456, "Los_Angeles", "90012"),
        place("Basel", "BS", "Basel-City", "Switzerland", "CH", 47.55839, 7.57327, 164_488, "Europe/Zurich", "4001"),
        place("Lausanne", "VD", "Vaud", "Switzerland", "CH", 46.516, 6.63282, 139_111, "Europe/Zurich", "1003"),
        place("Geneva", "GE", "Geneva", "Switzerland", "CH", 46.20222, 6.14569, 183_981, "Europe/Zurich", "1201"),
        place("Luzern", "LU", "Lucerne", "Switzerland", "CH", 47.05048, 8.30635, 81_691, "Europe/Zurich", "6003"),
        place("Munich", "BY", "Bavaria", "Germany", "DE", 48.13743, 11.57549, 1_260_391, "Europe/Berlin", "80331"),
        place("Stuttgart", "BW", "Baden-Württemberg", "Germany", "DE", 48.78232, 9.17702, 630_305, "Europe/Berlin", "70173"),
        place("Paris", "IDF", "Île-de-France", "France", "FR", 48.85341, 2.3488, 2_138_551, "Europe/Paris", "75001"),
        place("Lyon", "ARA", "Auvergne-Rhône-Alpes", "France", "FR", 45.74846, 4.84671, 522_969, "Europe/Paris", "69001"),
        place("Milan", "25", "Lombardy", "Italy", "IT", 45.46427, 9.18951, 1_371_498, "Europe/Rome", "20121"),
    ]

    static let source = PlaceList(all)
    static let model = DirectionsModel(places: source)
    /// 2026-07-15T12:00:00Z, a summer noon for the clocks of the weather and geocoding tests.
    static let july15: Int64 = 1_784_116_800
}

/// Runs a repository route against one of the place simulators: the route builds its URL, the
/// service answers the URL's path and query, the route extracts the answer.
struct WebRouteRun {
    let extraction: Extraction
    let answer: WebAnswer

    init(_ routeID: String, _ parameters: [String: String], respond: (String, Substring?) -> WebAnswer) throws {
        let route = try #require(TestTimetable.routes[routeID])
        let url = try route.upstreamRequest(parameters).url
        let afterScheme = try #require(url.range(of: "://")).upperBound
        let pathAndQuery = url[afterScheme...].drop { $0 != "/" }
        let path = pathAndQuery.prefix { $0 != "?" }
        let query = pathAndQuery.contains("?") ? pathAndQuery.drop { $0 != "?" }.dropFirst() : nil
        answer = respond(String(path), query.map { Substring($0) })
        extraction = Extractor.run(route, body: answer.body, contentType: answer.contentType, parameters: parameters)
    }

    /// The records of a top-level list; a failure is an issue.
    func records(_ list: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Record] {
        extraction.records(list, sourceLocation: sourceLocation)
    }

    /// Evaluates an XPath over the answer and returns its string values.
    func strings(_ path: String) throws -> [String] {
        let document = try Document.parse(answer.body, as: .xml)
        return try XPathEvaluator(document).strings(XPathExpression(path))
    }
}
