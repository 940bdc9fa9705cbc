public import Markup

/// The XML Schema of the BART departures documents, served at `/api/schema/bart.xsd`, derived
/// from the documents' declarations.
///
/// The tests validate every departures response they produce against it with `xmllint
/// --schema`. Elements are only ever added, as optional ones.
public enum BARTSchema {
    /// The file: stations, one station's departures, the nearest stations with theirs, and the error document.
    public static let file = SchemaFile(
        path: "/api/schema/bart.xsd",
        summary: "GottaGo BART documents: stations, one station's departures, the nearest stations with theirs, and the error document.",
        documents: [
            BARTStationList.document.declaration, BARTDepartures.document.declaration, BARTNearby.document.declaration,
            ErrorShape.document.declaration,
        ])

    /// The XSD text.
    public static let xsd = file.xsd
}
