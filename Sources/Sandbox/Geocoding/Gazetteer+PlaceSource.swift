public import Store

/// The embedded gazetteer is the simulators' source of places as it is.
extension Gazetteer: PlaceSource {}
