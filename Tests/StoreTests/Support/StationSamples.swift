import Model

/// A small fixed station list: real Swiss stops and a few made up to test folding and ranking.
enum StationSamples {
    static let bern = Station(id: "8507000", name: "Bern", latitude: 46.948832, longitude: 7.439136, locality: "Bern")
    static let bernBahnhof = Station(id: "8576646", name: "Bern, Bahnhof", latitude: 46.948104, longitude: 7.440213,
                                     locality: "Bern", kind: .tram)
    static let zurichHB = Station(id: "8503000", name: "Zürich HB", latitude: 47.378177, longitude: 8.540192, locality: "Zürich")
    static let thunRathaus = Station(id: "8950002", name: "Thun, Rathaus", latitude: 46.7519, longitude: 7.6131,
                                     locality: "Thun", kind: .bus)

    static let all: [Station] = [
        bern,
        bernBahnhof,
        Station(id: "8507110", name: "Bern, Zytglogge", latitude: 46.947842, longitude: 7.447504, locality: "Bern", kind: .tram),
        Station(id: "8950001", name: "Bern, Rathaus", latitude: 46.9482, longitude: 7.4525, locality: "Bern", kind: .bus),
        zurichHB,
        Station(id: "8503006", name: "Zürich Oerlikon", latitude: 47.411527, longitude: 8.544112, locality: "Zürich"),
        Station(id: "8503010", name: "Zürich Enge", latitude: 47.3641, longitude: 8.530808, locality: "Zürich"),
        Station(id: "8591309", name: "Zürich, Rathaus", latitude: 47.37174, longitude: 8.54288, locality: "Zürich", kind: .tram),
        Station(id: "8950100", name: "Zürich, Weinbergstraße", latitude: 47.3836, longitude: 8.5445, locality: "Zürich", kind: .bus),
        Station(id: "8507100", name: "Thun", latitude: 46.75118, longitude: 7.62166, locality: "Thun"),
        thunRathaus,
        Station(id: "8950003", name: "Schaffhausen, Rathaus", latitude: 47.691, longitude: 8.6359, locality: "Schaffhausen",
                kind: .bus),
        Station(id: "8503424", name: "Schaffhausen", latitude: 47.69697, longitude: 8.63162, locality: "Schaffhausen"),
        Station(id: "8501008", name: "Genève", latitude: 46.210219, longitude: 6.142435, locality: "Genève"),
        Station(id: "8501026", name: "Genève-Aéroport", latitude: 46.232543, longitude: 6.111974, locality: "Genève"),
        Station(id: "8504221", name: "Neuchâtel", latitude: 46.99682, longitude: 6.935804, locality: "Neuchâtel"),
        Station(id: "8504300", name: "Biel/Bienne", latitude: 47.132889, longitude: 7.242906, locality: "Biel/Bienne"),
        Station(id: "8500010", name: "Basel SBB", latitude: 47.547403, longitude: 7.589564, locality: "Basel"),
        Station(id: "8508489", name: "Kehrsiten-Bürgenstock", latitude: 47.003063, longitude: 8.382323,
                locality: "Ennetbürgen", kind: .ship),
        Station(id: "8950018", name: "Säntis", latitude: 47.2494, longitude: 9.3433, locality: "Säntis", kind: .cableway),
        Station(id: "8950200", name: "Lausanne, Place de la Gare / Garçons", latitude: 46.5168, longitude: 6.6291,
                locality: "Lausanne", kind: .bus),
    ]
}
