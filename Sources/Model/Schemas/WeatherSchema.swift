public import Markup

/// The XML Schema of the weather and geocoding documents, served at `/api/schema/weather.xsd`,
/// derived from the documents' declarations.
///
/// The tests validate every weather and geocoding response they produce against it with
/// `xmllint --schema`. Elements are only ever added, as optional ones.
public enum WeatherSchema {
    /// The file: the weather along a driving route, one place's forecast, places found, and the error document.
    public static let file = SchemaFile(
        path: "/api/schema/weather.xsd",
        summary: "GottaGo weather and geocoding documents: the weather along a driving route, one place's forecast, places found, "
            + "and the error document.",
        documents: [
            RouteWeather.document.declaration, WeatherForecast.document.declaration, Places.document.declaration,
            ErrorShape.document.declaration,
        ])

    /// The XSD text.
    public static let xsd = file.xsd
}
