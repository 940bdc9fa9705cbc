/// The XML Schema of the weather and geocoding documents, served at `/api/schema/weather.xsd`.
///
/// The tests validate every weather and geocoding response they produce against it with
/// `xmllint --schema`. Elements are only ever added, as optional ones.
public enum WeatherSchema {
    public static let xsd = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!-- GottaGo weather and geocoding documents: the weather along a driving route, one place's forecast, places found, and the error document. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">

  <!-- The places along a driving route in driving order, each with the weather of the day. -->
  <xs:element name="routeweather">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="from"><xs:complexType><xs:group ref="PlaceFields"/></xs:complexType></xs:element>
        <xs:element name="to"><xs:complexType><xs:group ref="PlaceFields"/></xs:complexType></xs:element>
        <!-- Other places called as the start or the end was; the best-ranked one was taken. -->
        <xs:element name="alternatives" minOccurs="0">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="from" type="PlaceList" minOccurs="0"/>
              <xs:element name="to" type="PlaceList" minOccurs="0"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
        <!-- Days from today at the start (0 to 6), and that date. -->
        <xs:element name="day" type="xs:nonNegativeInteger"/>
        <xs:element name="date" type="xs:date"/>
        <xs:element name="depart" type="Time" minOccurs="0"/>
        <xs:element name="distance" type="Distance"/>
        <xs:element name="duration" type="xs:duration"/>
        <!-- postcode or city: how repeated places were dropped. -->
        <xs:element name="dedupe" type="xs:string"/>
        <xs:element name="sources">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="directions" type="xs:string"/>
              <xs:element name="geocoder" type="xs:string"/>
              <xs:element name="weather" type="xs:string"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
        <!-- The attribution the weather upstream's licence asks for (met.no, Open-Meteo: CC BY 4.0). -->
        <xs:element name="credit" type="xs:string" minOccurs="0"/>
        <xs:element name="places">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="place" minOccurs="0" maxOccurs="unbounded">
                <xs:complexType>
                  <xs:sequence>
                    <!-- Position in driving order, from 0 (progress events carry rows out of order). -->
                    <xs:element name="index" type="xs:nonNegativeInteger"/>
                    <xs:group ref="PlaceFields"/>
                    <xs:element name="distance" type="Distance"/>
                    <!-- Estimated arrival, with depart. -->
                    <xs:element name="arrival" type="Time" minOccurs="0"/>
                    <xs:element name="weather" minOccurs="0">
                      <xs:complexType>
                        <xs:sequence>
                          <xs:group ref="DayFields"/>
                          <!-- The temperature now, for today. -->
                          <xs:element name="current" type="Temperature" minOccurs="0"/>
                          <!-- The forecast period at the arrival, where the upstream has periods. -->
                          <xs:element name="hour" type="Hour" minOccurs="0"/>
                        </xs:sequence>
                      </xs:complexType>
                    </xs:element>
                    <!-- Why this place has no weather; the others keep theirs. -->
                    <xs:element name="error" type="ErrorType" minOccurs="0"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- One place's forecast for up to 7 days. -->
  <xs:element name="forecast">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="query" type="xs:string"/>
        <xs:element name="place"><xs:complexType><xs:group ref="PlaceFields"/></xs:complexType></xs:element>
        <xs:element name="source" type="xs:string"/>
        <xs:element name="generated" type="xs:string" minOccurs="0"/>
        <!-- Seconds since the upstream gave the forecast. -->
        <xs:element name="age" type="xs:nonNegativeInteger"/>
        <xs:element name="current" minOccurs="0">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="condition" type="xs:string" minOccurs="0"/>
              <xs:element name="icon" type="xs:anyURI" minOccurs="0"/>
              <xs:element name="temperature" type="Temperature" minOccurs="0"/>
              <xs:element name="humidity" type="xs:nonNegativeInteger" minOccurs="0"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
        <xs:element name="days">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="day" minOccurs="0" maxOccurs="unbounded">
                <xs:complexType><xs:group ref="DayFields"/></xs:complexType>
              </xs:element>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
        <xs:element name="hours" minOccurs="0">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="hour" type="Hour" maxOccurs="unbounded"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
        <!-- The attribution the weather upstream's licence asks for (met.no, Open-Meteo: CC BY 4.0). -->
        <xs:element name="credit" type="xs:string" minOccurs="0"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- Places matching a name or nearest to a position, best first. -->
  <xs:element name="places">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="query" type="xs:string"/>
        <xs:element name="source" type="xs:string"/>
        <xs:element name="results">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="place" minOccurs="0" maxOccurs="unbounded">
                <xs:complexType>
                  <xs:sequence>
                    <xs:group ref="PlaceFields"/>
                    <!-- From the position asked for (reverse geocoding). -->
                    <xs:element name="distance" type="Distance" minOccurs="0"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- A whole request's error; an unknown place's carries suggestions. -->
  <xs:element name="error" type="ErrorType"/>

  <xs:complexType name="ErrorType">
    <xs:sequence>
      <xs:element name="status" type="Status"/>
      <xs:element name="code" type="Code"/>
      <xs:element name="message" type="xs:string"/>
      <xs:element name="upstream" type="xs:string" minOccurs="0"/>
      <xs:element name="suggestions" type="PlaceList" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="PlaceList">
    <xs:sequence>
      <xs:element name="place" maxOccurs="unbounded">
        <xs:complexType><xs:group ref="PlaceFields"/></xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:group name="PlaceFields">
    <xs:sequence>
      <!-- The gazetteer's id (GeoNames), for its places. -->
      <xs:element name="id" type="xs:integer" minOccurs="0"/>
      <xs:element name="name" type="xs:string"/>
      <!-- First-level division: state or canton code ("MD", "BE"), and its name where known. -->
      <xs:element name="admin" type="xs:string" minOccurs="0"/>
      <xs:element name="admin_name" type="xs:string" minOccurs="0"/>
      <xs:element name="country" type="xs:string" minOccurs="0"/>
      <xs:element name="country_code" type="xs:string" minOccurs="0"/>
      <xs:element name="postcode" type="xs:string" minOccurs="0"/>
      <xs:element name="lat" type="Latitude"/>
      <xs:element name="lon" type="Longitude"/>
      <xs:element name="population" type="xs:nonNegativeInteger" minOccurs="0"/>
      <xs:element name="timezone" type="xs:string" minOccurs="0"/>
      <!-- place, postcode, or the upstream's own kind. -->
      <xs:element name="kind" type="xs:string" minOccurs="0"/>
      <xs:element name="display" type="xs:string" minOccurs="0"/>
    </xs:sequence>
  </xs:group>

  <xs:group name="DayFields">
    <xs:sequence>
      <xs:element name="date" type="xs:date"/>
      <xs:element name="condition" type="xs:string" minOccurs="0"/>
      <xs:element name="icon" type="xs:anyURI" minOccurs="0"/>
      <xs:element name="low" type="Temperature" minOccurs="0"/>
      <xs:element name="high" type="Temperature" minOccurs="0"/>
      <!-- Probability of precipitation, percent. -->
      <xs:element name="precipitation" type="xs:nonNegativeInteger" minOccurs="0"/>
      <xs:element name="precipitation_mm" type="xs:decimal" minOccurs="0"/>
    </xs:sequence>
  </xs:group>

  <xs:complexType name="Hour">
    <xs:sequence>
      <xs:element name="from" type="Time"/>
      <xs:element name="to" type="Time"/>
      <xs:element name="condition" type="xs:string" minOccurs="0"/>
      <xs:element name="icon" type="xs:anyURI" minOccurs="0"/>
      <xs:element name="temperature" type="Temperature" minOccurs="0"/>
      <xs:element name="precipitation_mm" type="xs:decimal" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <!-- °C and °F, each to one decimal. -->
  <xs:complexType name="Temperature">
    <xs:sequence>
      <xs:element name="c" type="xs:decimal"/>
      <xs:element name="f" type="xs:decimal"/>
    </xs:sequence>
  </xs:complexType>

  <!-- Metres, and kilometres and miles to one decimal. -->
  <xs:complexType name="Distance">
    <xs:sequence>
      <xs:element name="m" type="xs:nonNegativeInteger"/>
      <xs:element name="km" type="xs:decimal"/>
      <xs:element name="miles" type="xs:decimal"/>
    </xs:sequence>
  </xs:complexType>

\#(SchemaTypes.shared)
</xs:schema>
"""#
}
