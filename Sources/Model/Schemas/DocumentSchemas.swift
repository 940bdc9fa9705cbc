public import Markup

/// The XML Schemas of the documents Model declares, derived from the declarations and served at
/// `/api/schema/…`.
///
/// A thin client can validate what it reads; the tests validate every document they produce
/// against them with `xmllint --schema`. Elements are only ever added, as optional ones.
public enum DocumentSchemas {
    /// Schedules, station boards, nearby stations, locations and the error document.
    public static let sbb = SchemaFile(
        path: "/api/schema/sbb.xsd",
        summary: "GottaGo timetable documents: schedules (connections), station boards, nearby stations and locations, and the error document.",
        documents: [
            Schedules.document.declaration, StationBoard.document.declaration, NearbyStations.document.declaration,
            StationMatches.document.declaration, ErrorShape.document.declaration,
        ])

    /// BART stations, one station's departures, the nearest stations with theirs, and the error document.
    public static let bart = SchemaFile(
        path: "/api/schema/bart.xsd",
        summary: "GottaGo BART documents: stations, one station's departures, the nearest stations with theirs, and the error document.",
        documents: [
            BARTStationList.document.declaration, BARTDepartures.document.declaration, BARTNearby.document.declaration,
            ErrorShape.document.declaration,
        ])

    /// The weather along a driving route, one place's forecast, places found, and the error document.
    public static let weather = SchemaFile(
        path: "/api/schema/weather.xsd",
        summary: "GottaGo weather and geocoding documents: the weather along a driving route, one place's forecast, places found, "
            + "and the error document.",
        documents: [
            RouteWeather.document.declaration, WeatherForecast.document.declaration, Places.document.declaration,
            ErrorShape.document.declaration,
        ])

    /// Any agency's stops, departures, nearby stations, alerts and agencies, and the error document.
    public static let transit = SchemaFile(
        path: "/api/schema/transit.xsd",
        summary: "GottaGo transit documents (GTFS and GTFS-Realtime of any agency): agencies, stops, a stop's departures, "
            + "the stations near a position with theirs, alerts, and the error document.",
        documents: [
            TransitAgencies.document.declaration, TransitStops.document.declaration, TransitDepartures.document.declaration,
            TransitNearby.document.declaration, TransitAlerts.document.declaration, ErrorShape.document.declaration,
        ])

    /// The timetable, BART, transit and weather schema files.
    public static let all: [SchemaFile] = [sbb, bart, transit, weather]
}
