public import Markup

/// The XML Schema of the timetable documents, served at `/api/schema/sbb.xsd`, derived from the
/// documents' declarations.
///
/// A thin client can validate what it reads; the tests validate every timetable response they
/// produce against it with `xmllint --schema`. Elements are only ever added, as optional ones.
public enum SBBSchema {
    /// The file: schedules, station boards, nearby stations, locations and the error document.
    public static let file = SchemaFile(
        path: "/api/schema/sbb.xsd",
        summary: "GottaGo timetable documents: schedules (connections), station boards, nearby stations and locations, and the error document.",
        documents: [
            Schedules.document.declaration, StationBoard.document.declaration, NearbyStations.document.declaration,
            StationMatches.document.declaration, ErrorShape.document.declaration,
        ])

    /// The XSD text.
    public static let xsd = file.xsd
}
