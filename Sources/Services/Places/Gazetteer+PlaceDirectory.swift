public import Store

/// The embedded gazetteer is the services' place directory as it is: it answers places of the documents.
extension Gazetteer: PlaceDirectory {}
