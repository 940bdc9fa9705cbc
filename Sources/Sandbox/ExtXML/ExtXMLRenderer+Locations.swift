/// `ResC/LocValRes`: scored stations per lookup; a name that matches nothing gets an empty list.
extension ExtXMLRenderer {
    func locations(_ lookups: [(id: String, matches: [StationMatch])]) -> [UInt8] {
        Self.document { writer in
            for lookup in lookups {
                let attributes = [("flag", "FINAL"), ("id", lookup.id)]
                guard !lookup.matches.isEmpty else {
                    writer.empty("LocValRes", attributes)
                    continue
                }
                writer.element("LocValRes", attributes) { writer in
                    for match in lookup.matches {
                        let station = match.station
                        writer.empty("Station", [
                            ("name", match.name), ("score", String(match.score)),
                            ("prodclass", String(self.model.productClasses(at: station))),
                            ("externalId", station.id + "#85"), ("externalStationNr", station.id), ("type", "WGS84"),
                            ("x", Self.micro(station.longitude)), ("y", Self.micro(station.latitude)),
                        ])
                    }
                }
            }
        }
    }
}
