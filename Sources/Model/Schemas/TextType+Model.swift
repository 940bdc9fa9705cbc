public import Markup
public import Kernel

// The text types the published documents share, each declared once; the XSDs write each named
// one as a simple type of that name.

extension TextType where Value == String {
    /// ISO 8601 local time with its UTC offset: `2026-12-01T08:02:00+01:00`.
    public static var time: Self {
        .pattern(
            "Time", #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}"#, base: .dateTime,
            summary: "ISO 8601 local time with its UTC offset: 2026-12-01T08:02:00+01:00.")
    }

    /// A stable machine code: `ambiguous_station`, `upstream_timeout`.
    public static var code: Self { .pattern("Code", "[a-z][a-z0-9_]*") }

    /// What carries a timetable section: Train, Bus, Tram, Ship, Cableway, Walk or Other.
    public static var vehicle: Self { .enumeration("Vehicle", ["Train", "Bus", "Tram", "Ship", "Cableway", "Walk", "Other"]) }

    /// What stops at a station.
    public static var stationKind: Self { .enumeration("StationKind", Station.Kind.allCases.map(\.rawValue)) }

    /// A BART station's abbreviation, `EMBR`.
    public static var abbr: Self { .pattern("Abbr", "[A-Z0-9]{1,8}") }
}

extension TextType where Value == OffsetDateTime {
    /// ISO 8601 local time with its UTC offset, written from a typed date-time: the same `Time` type.
    public static var time: Self { Self(TextType<String>.time.declaration) }
}

extension TextType where Value == Int {
    /// An HTTP error status.
    public static var status: Self { .range("Status", 400...599) }

    /// Expected occupancy, 1 (low) to 3 (high); 0 when the upstream says it does not know.
    public static var occupancy: Self { .range("Occupancy", 0...3) }
}

extension TextType where Value == Double {
    /// WGS 84 latitude in degrees.
    public static var latitude: Self { .range("Latitude", -90...90, base: .double) }

    /// WGS 84 longitude in degrees.
    public static var longitude: Self { .range("Longitude", -180...180, base: .double) }
}
