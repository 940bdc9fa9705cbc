import Markup

extension Member {
    /// The `<credit>` of a weather document, declared once for every document that carries one.
    static func weatherCredit(_ read: @escaping @Sendable (Value) -> String?) -> Member {
        .optional("credit", .string, summary: "The attribution the weather upstream's licence asks for (met.no, Open-Meteo: CC BY 4.0).", read)
    }
}
