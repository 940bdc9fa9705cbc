/// Upstream simulators that answer in the real upstream formats, so that the service runs
/// offline through its real scraping path.
///
/// - `Timetable/`: ``TimetableModel``, a deterministic Swiss timetable made from a station list
///   (lines, runs, connections, boards, delays, a cancelled train a day), with no I/O.
/// - `ExtXML/`: SBB's HAFAS extxml.exe over that model: requests read by
///   ``ExtXMLRequest``, answers written by ``ExtXMLService`` in the recorded XML.
/// - `QueryHTML/`: SBB's legacy HAFAS pages (query.exe, stboard.exe, ajax-getstop.exe), as messy
///   ISO-8859-1 HTML and JS literals, read by ``QueryHTMLRequest``, written by ``QueryHTMLService``.
/// - `OJP/`: OJP 2.0 trips, location searches and stop events, read by ``OJPRequest``, written by
///   ``OJPService``.
/// - `BART/`: BART's real-time departures: ``BARTNetwork``, the five lines with a deterministic
///   timetable, delays and station outages; ``BARTFeedService``, the etd API and the legacy
///   bart_eta.xml feed over it at the clock's instant.
/// - `Server/`: ``SandboxServer``, a loopback HTTP server answering all three on their routes' paths.
///
/// Each format is a renderer over the same ``Connection``, ``BoardEntry`` and ``StationMatch``
/// values, with its own request reader.
public enum Sandbox {}
