import Model
import Scrape

/// Turns a geocoding route's `places` records (name, display, lat, lon, country, country_code,
/// admin, city, postcode, kind, score; see `Routes/README.md`) into places.
enum PlaceRecords {
    static func places(_ lists: [Record.Member]) -> [Place] {
        UpstreamRecords.list("places", in: lists).compactMap(place)
    }

    static func place(_ record: Record) -> Place? {
        guard let name = record.value("city") ?? record.value("name"), !name.isEmpty else { return nil }
        return Place(
            name: name, admin: record.value("admin"), country: record.value("country"), countryCode: record.value("country_code")?.uppercased(),
            latitude: UpstreamRecords.number(record, "lat") ?? .nan, longitude: UpstreamRecords.number(record, "lon") ?? .nan,
            postcode: record.value("postcode"), kind: record.value("kind"), display: record.value("display"))
    }
}
