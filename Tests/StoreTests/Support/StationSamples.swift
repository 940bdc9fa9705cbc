import Model

/// A small fixed station list: real Swiss stops of the embedded DiDok list (ids, names,
/// positions, localities and kinds as there), chosen to test folding and ranking.
enum StationSamples {
    static let bern = Station(id: "8507000", name: "Bern", latitude: 46.94883, longitude: 7.43913, locality: "Bern")
    static let bernBahnhof = Station(id: "8576646", name: "Bern, Bahnhof", latitude: 46.94811, longitude: 7.44021,
                                     locality: "Bern", kind: .tram)
    static let zurichHB = Station(id: "8503000", name: "Zürich HB", latitude: 47.37818, longitude: 8.54021, locality: "Zürich")
    static let aarauRathaus = Station(id: "8578644", name: "Aarau, Rathaus", latitude: 47.39403, longitude: 8.04302,
                                      locality: "Aarau", kind: .bus)

    static let all: [Station] = [
        bern,
        bernBahnhof,
        Station(id: "8507110", name: "Bern, Zytglogge", latitude: 46.94784, longitude: 7.44750, locality: "Bern", kind: .tram),
        Station(id: "8590032", name: "Bern, Rathaus", latitude: 46.94805, longitude: 7.45266, locality: "Bern", kind: .bus),
        zurichHB,
        Station(id: "8503006", name: "Zürich Oerlikon", latitude: 47.41153, longitude: 8.54414, locality: "Zürich"),
        Station(id: "8503010", name: "Zürich Enge", latitude: 47.36410, longitude: 8.53082, locality: "Zürich"),
        Station(id: "8591309", name: "Zürich, Rathaus", latitude: 47.37174, longitude: 8.54288, locality: "Zürich", kind: .tram),
        Station(id: "8591299", name: "Zürich, Paradeplatz", latitude: 47.36973, longitude: 8.53892, locality: "Zürich", kind: .tram),
        Station(id: "8579967", name: "Kloten, Weinbergstrasse", latitude: 47.46616, longitude: 8.58015, locality: "Kloten", kind: .bus),
        Station(id: "8502113", name: "Aarau", latitude: 47.39136, longitude: 8.05127, locality: "Aarau"),
        aarauRathaus,
        Station(id: "8503479", name: "Schaffhausen, Kreuz", latitude: 47.69283, longitude: 8.62441, locality: "Schaffhausen",
                kind: .bus),
        Station(id: "8503424", name: "Schaffhausen", latitude: 47.69828, longitude: 8.63276, locality: "Schaffhausen"),
        Station(id: "8501008", name: "Genève", latitude: 46.21021, longitude: 6.14245, locality: "Genève"),
        Station(id: "8501026", name: "Genève-Aéroport", latitude: 46.23254, longitude: 6.11199, locality: "Genève"),
        Station(id: "8504221", name: "Neuchâtel", latitude: 46.99673, longitude: 6.93570, locality: "Neuchâtel"),
        Station(id: "8504300", name: "Biel/Bienne", latitude: 47.13290, longitude: 7.24291, locality: "Biel/Bienne"),
        Station(id: "8500010", name: "Basel SBB", latitude: 47.54741, longitude: 7.58956, locality: "Basel"),
        Station(id: "8508489", name: "Kehrsiten-Bürgenstock", latitude: 47.00299, longitude: 8.38242,
                locality: "Ennetbürgen", kind: .ship),
        Station(id: "8506269", name: "Säntis", latitude: 47.24929, longitude: 9.34210, locality: "Wildhaus", kind: .cableway),
        Station(id: "8579254", name: "Lausanne, St-François", latitude: 46.51937, longitude: 6.63348, locality: "Lausanne",
                kind: .bus),
    ]
}
