import Model

/// `OJPLocationInformationDelivery`: one `PlaceResult` per stop, with its modes and a probability.
///
/// As recorded: by name, `Name` is the stop with its town in brackets (`Bern Bümpliz Süd (Bern)`);
/// by position, the stop without its town (`Bahnhofstrasse/HB` for `Zürich, Bahnhofstrasse/HB`).
extension OJPRenderer {
    /// A stop found, how it is named in the result and how likely it is the one meant (0…1, in thousandths).
    struct PlaceMatch {
        let station: Station
        let name: String
        let probability: Int
    }

    func locations(_ matches: [PlaceMatch]) -> [UInt8] {
        document { writer in
            delivery("OJPLocationInformationDelivery", into: &writer) { writer in
                for match in matches {
                    writer.element("PlaceResult") { writer in
                        writer.element("Place") { writer in
                            writer.element("StopPlace") { writer in
                                writer.leaf("StopPlaceRef", match.station.id)
                                writer.text("StopPlaceName", match.station.name)
                            }
                            writer.text("Name", match.name)
                            Self.geoPosition(match.station, into: &writer)
                            for mode in modes(at: match.station) {
                                writer.element("Mode") { writer in
                                    writer.leaf("PtMode", mode.ptMode)
                                    if let submode = mode.submode { writer.leaf(submode.element, submode.value) }
                                }
                            }
                        }
                        writer.leaf("Complete", "true")
                        writer.leaf("Probability", Self.decimal(Int64(match.probability), places: 3))
                    }
                }
            }
        }
    }

    /// One category per mode that serves a station (rail, tram, bus, water, telecabin).
    private func modes(at station: Station) -> [Category] {
        let classes = model.productClasses(at: station)
        return [Category.regio, .tram, .bus, .ship, .cableway].filter { category in
            let bits = category == .regio
                ? [Category.interCity, .interRegio, .sBahn, .regio].reduce(0) { $0 | 1 << $1.productClass } : 1 << category.productClass
            return classes & bits != 0
        }
    }

    /// `Name/Text` of a stop found by name: the stop with its town in brackets.
    static func nameWithTown(_ station: Station) -> String {
        station.locality.isEmpty ? station.name : "\(station.name) (\(station.locality))"
    }

    /// `Name/Text` of a stop found by position: the stop without its town (`Zürich, Paradeplatz` → `Paradeplatz`).
    static func nameWithoutTown(_ station: Station) -> String {
        let prefix = station.locality + ", "
        guard !station.locality.isEmpty, station.name.hasPrefix(prefix), station.name.count > prefix.count else { return station.name }
        return String(station.name.dropFirst(prefix.count))
    }
}
