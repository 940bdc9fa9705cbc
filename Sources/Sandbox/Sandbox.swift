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
/// - `Opendata/`: transport.opendata.ch v1's connections, station boards and location searches,
///   GET queries answered by ``OpendataService`` in the API's JSON (`PHPJSON`).
/// - `BART/`: BART's real-time departures: ``BARTNetwork``, the five lines with a deterministic
///   timetable, delays and station outages; ``BARTFeedService``, the etd API and the legacy
///   bart_eta.xml feed over it at the clock's instant.
/// - `Geocoding/`: ``PlaceSource``, the places (`Model.Place`) the next three answer from (the embedded gazetteer,
///   or a ``PlaceList`` in tests); ``GeocodingSimulator``, Nominatim search and reverse and Google
///   Geocoding.
/// - `Directions/`: ``DirectionsModel``, driving routes along great-circle segments between larger
///   places, with steps and a geometry; ``DirectionsSimulator``, Google Directions XML, OSRM JSON
///   and GraphHopper GPX over it.
/// - `Weather/`: ``WeatherModel``, deterministic weather by latitude, season, time of day and
///   passing systems; over it today's weather APIs, ``MetNoSimulator`` (MET Norway
///   Locationforecast 2.0), ``OpenMeteoSimulator`` (Open-Meteo) and ``NWSAPISimulator``
///   (api.weather.gov), and ``WeatherSimulator``, the retired yr.no forecast.xml, Google weather
///   and NWS DWML.
/// - `Server/`: ``SandboxServer``, a loopback HTTP server answering all of them on their routes' paths.
///
/// Each format is a renderer over the same ``Connection``, ``BoardEntry`` and ``StationMatch``
/// values, with its own request reader.
public enum Sandbox {}
