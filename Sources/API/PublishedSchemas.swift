public import Markup
import Model

/// Every XML Schema the service publishes, each with the documents it declares: for
/// `/api/schema/…`, the OpenAPI description and the tests that validate every document.
///
/// ```swift
/// for file in PublishedSchemas.all {
///     for document in file.documents { print(file.path, document.name, JSONValue.render(document.documentJSONSchema())) }
/// }
/// ```
public enum PublishedSchemas {
    /// The timetable, BART, weather, upstreams and service schema files.
    public static let all: [SchemaFile] = DocumentSchemas.all + [UpstreamsSchema.file, ServiceDocuments.schema]

    /// The schema files declaring a document whose root element is `name` (`stations` is both a
    /// timetable and a BART document).
    public static func files(declaring name: String) -> [SchemaFile] {
        all.filter { $0.documents.contains { $0.name == name } }
    }
}
