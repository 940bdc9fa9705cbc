public import Markup

/// Every published schema of the documents Model declares, for `/api/schema/…` and OpenAPI.
public enum DocumentSchemas {
    /// The timetable, BART and weather schema files.
    public static let all: [SchemaFile] = [SBBSchema.file, BARTSchema.file, WeatherSchema.file]
}
