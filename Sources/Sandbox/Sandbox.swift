/// Upstream simulators that answer in the real upstream formats, so that the service runs
/// offline through its real scraping path.
///
/// - `Timetable/`: ``TimetableModel``, a deterministic Swiss timetable made from a station list
///   (lines, runs, connections, boards, delays, a cancelled train a day), with no I/O.
/// - `ExtXML/`: SBB's HAFAS extxml.exe over that model: requests read by
///   ``ExtXMLRequest``, answers written by ``ExtXMLService`` in the recorded XML.
/// - `Server/`: ``SandboxServer``, a loopback HTTP server answering `POST /bin/extxml.exe`.
///
/// Further formats (HAFAS `query.exe` HTML, OJP 2.0) are further renderers over the same
/// ``Connection`` and ``BoardEntry`` values, with their own request readers and server routes.
public enum Sandbox {}
