import Model

/// SIRI SX situations as the Swiss OJP 2.0 service writes them: all of an answer's in its response
/// context (`TripResponseContext/Situations/PtSituation`, `StopEventResponseContext/…`), each
/// referred to from the `Service` of the legs and stop events it applies to
/// (`Service/SituationFullRefs/SituationFullRef`), as `ojp2-kpublictransport-ch2-journey-situation.xml`
/// and `ojp2-ojp-js-ser-response-situations.xml` record them. `siri:Affects` stays empty there too:
/// the references are the only link between a situation and a run.
extension OJPRenderer {
    /// `Situations`, empty when there are none (recorded: `<Situations />`), each situation once.
    static func situations(_ situations: [Situation], into writer: inout AnswerWriter) {
        var seen = Set<String>()
        let unique = situations.filter { seen.insert($0.number).inserted }
        guard !unique.isEmpty else {
            writer.empty("Situations")
            return
        }
        writer.element("Situations") { writer in
            for situation in unique { ptSituation(situation, into: &writer) }
        }
    }

    /// One `PtSituation`, its children in the recorded order. The recorded Swiss answers write
    /// `AlertCause` `unknown` and give the cause in `ReasonText`; the sandbox writes SIRI's code
    /// for it (`constructionWork`, `liftFailure`) and the text. They write no `siri:Severity`,
    /// only `siri:Priority`, and so does the sandbox.
    private static func ptSituation(_ situation: Situation, into writer: inout AnswerWriter) {
        writer.element("PtSituation") { writer in
            writer.leaf("siri:CreationTime", OJPTime.utc(situation.creation.instant))
            writer.leaf("siri:ParticipantRef", situation.participant)
            writer.leaf("siri:SituationNumber", situation.number)
            writer.leaf("siri:Version", "1")
            writer.element("siri:Source") { $0.leaf("siri:SourceType", "directReport") }
            writer.element("siri:ValidityPeriod") { writer in
                writer.leaf("siri:StartTime", OJPTime.utc(situation.start.instant))
                writer.leaf("siri:EndTime", OJPTime.utc(situation.end.instant))
            }
            writer.leaf("siri:AlertCause", situation.cause)
            writer.leaf("siri:Priority", String(situation.priority))
            writer.leaf("siri:ScopeType", situation.scope.rawValue)
            writer.leaf("siri:Language", "de")
            writer.element("siri:PublishingActions") { writer in
                writer.element("siri:PublishingAction") { writer in
                    writer.element("siri:PublishAtScope") { writer in
                        writer.leaf("siri:ScopeType", situation.scope.rawValue)
                        writer.empty("siri:Affects")
                    }
                    writer.element("siri:PassengerInformationAction") { writer in
                        writer.empty("siri:ActionRef")
                        writer.leaf("siri:RecordedAtTime", OJPTime.utc(situation.creation.instant))
                        writer.leaf("siri:Perspective", situation.scope == .line ? "vehicleJourney" : "stopPoint")
                        textualContent(situation, into: &writer)
                    }
                }
            }
        }
    }

    private static func textualContent(_ situation: Situation, into writer: inout AnswerWriter) {
        let german = [("xml:lang", "de")]
        writer.element("siri:TextualContent") { writer in
            writer.element("siri:SummaryContent") { $0.leaf("siri:SummaryText", situation.summary, german) }
            writer.element("siri:ReasonContent") { $0.leaf("siri:ReasonText", situation.reason, german) }
            writer.element("siri:DescriptionContent") { $0.leaf("siri:DescriptionText", situation.description, german) }
            writer.element("siri:DurationContent") { $0.leaf("siri:DurationText", situation.duration, german) }
            writer.element("siri:InfoLink") { writer in
                writer.leaf("siri:Uri", situation.url)
                writer.leaf("siri:Label", situation.urlLabel, german)
            }
        }
    }

    /// `SituationFullRefs`, the last child of a `Service`, when the ride has situations.
    static func situationReferences(_ situations: [Situation], into writer: inout AnswerWriter) {
        guard !situations.isEmpty else { return }
        writer.element("SituationFullRefs") { writer in
            for situation in situations {
                writer.element("SituationFullRef") { writer in
                    writer.leaf("siri:ParticipantRef", situation.participant)
                    writer.leaf("siri:SituationNumber", situation.number)
                }
            }
        }
    }
}
