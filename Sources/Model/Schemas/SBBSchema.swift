/// The XML Schema of the timetable documents, served at `/api/schema/sbb.xsd`.
///
/// A thin client can validate what it reads; the tests validate every timetable response they
/// produce against it with `xmllint --schema`. Elements are only ever added, as optional ones.
public enum SBBSchema {
    public static let xsd = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!-- GottaGo timetable documents: schedules (connections), station boards, nearby stations and locations, and the error document. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">

  <xs:element name="schedules">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="schedule" type="Schedule" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- The next departures or arrivals at one station, in order of time. -->
  <xs:element name="stationboard">
    <xs:complexType>
      <xs:sequence>
        <!-- The station as the client named it. -->
        <xs:element name="query" type="xs:string"/>
        <xs:element name="station" type="StationRef" minOccurs="0"/>
        <xs:element name="type">
          <xs:simpleType>
            <xs:restriction base="xs:string">
              <xs:enumeration value="departure"/>
              <xs:enumeration value="arrival"/>
            </xs:restriction>
          </xs:simpleType>
        </xs:element>
        <xs:element name="stale" type="xs:boolean" minOccurs="0"/>
        <xs:element name="age" type="xs:nonNegativeInteger" minOccurs="0"/>
        <xs:element name="error" type="ScheduleError" minOccurs="0"/>
        <xs:element name="journeys">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="journey" type="BoardJourney" minOccurs="0" maxOccurs="unbounded"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- Stations near a position, nearest first; distance in metres. -->
  <xs:element name="stations">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="station" minOccurs="0" maxOccurs="unbounded">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="id" type="xs:string"/>
              <xs:element name="name" type="xs:string"/>
              <xs:element name="lat" type="Latitude"/>
              <xs:element name="lon" type="Longitude"/>
              <xs:element name="kind" type="StationKind"/>
              <xs:element name="distance" type="xs:nonNegativeInteger"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- Stations matching a search, best first; distance in metres when a position was given. -->
  <xs:element name="locations">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="station" minOccurs="0" maxOccurs="unbounded">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="id" type="xs:string"/>
              <xs:element name="name" type="xs:string"/>
              <xs:element name="lat" type="Latitude"/>
              <xs:element name="lon" type="Longitude"/>
              <xs:element name="kind" type="StationKind"/>
              <xs:element name="score">
                <xs:simpleType>
                  <xs:restriction base="xs:double"><xs:minInclusive value="0"/><xs:maxInclusive value="1"/></xs:restriction>
                </xs:simpleType>
              </xs:element>
              <xs:element name="distance" type="xs:nonNegativeInteger" minOccurs="0"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- A whole request's error. -->
  <xs:element name="error">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="status" type="Status"/>
        <xs:element name="code" type="Code"/>
        <xs:element name="message" type="xs:string"/>
        <xs:element name="upstream" type="xs:string" minOccurs="0"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:complexType name="Schedule">
    <xs:sequence>
      <xs:element name="from" type="xs:string"/>
      <xs:element name="to" type="xs:string"/>
      <!-- Present only when the links are served from the cache after the upstream failed or while it refreshes. -->
      <xs:element name="stale" type="xs:boolean" minOccurs="0"/>
      <xs:element name="age" type="xs:nonNegativeInteger" minOccurs="0"/>
      <!-- Why this schedule has no links; the other schedules are unaffected. -->
      <xs:element name="error" type="ScheduleError" minOccurs="0"/>
      <xs:element name="links">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="link" type="Link" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="ScheduleError">
    <xs:sequence>
      <xs:element name="status" type="Status"/>
      <xs:element name="code" type="Code"/>
      <xs:element name="message" type="xs:string"/>
      <xs:element name="candidates" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="station" type="StationRef" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="StationRef">
    <xs:sequence>
      <xs:element name="id" type="xs:string"/>
      <xs:element name="name" type="xs:string"/>
      <xs:element name="lat" type="Latitude"/>
      <xs:element name="lon" type="Longitude"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="Link">
    <xs:sequence>
      <xs:element name="departure" type="Time"/>
      <xs:element name="arrival" type="Time"/>
      <xs:element name="info" type="xs:string"/>
      <xs:element name="duration" type="xs:duration" minOccurs="0"/>
      <xs:element name="transfers" type="xs:nonNegativeInteger" minOccurs="0"/>
      <xs:element name="products" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="product" type="xs:string" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <xs:element name="parts">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="part" type="Part" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <!-- Expected occupancy in first and second class, 1 (low) to 3 (high), where the upstream
           says (transport.opendata.ch). -->
      <xs:element name="capacity1st" type="Occupancy" minOccurs="0"/>
      <xs:element name="capacity2nd" type="Occupancy" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:simpleType name="Occupancy">
    <xs:restriction base="xs:integer">
      <xs:minInclusive value="0"/>
      <xs:maxInclusive value="3"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:complexType name="Part">
    <xs:sequence>
      <xs:element name="departure" type="Time"/>
      <xs:element name="arrival" type="Time"/>
      <xs:element name="trackfrom" type="xs:string"/>
      <xs:element name="trackto" type="xs:string"/>
      <xs:element name="vehicle" type="Vehicle"/>
      <xs:element name="from" type="xs:string" minOccurs="0"/>
      <xs:element name="to" type="xs:string" minOccurs="0"/>
      <xs:element name="line" type="xs:string" minOccurs="0"/>
      <xs:element name="direction" type="xs:string" minOccurs="0"/>
      <!-- Minutes late at departure (negative when early), when known. -->
      <xs:element name="delay" type="xs:integer" minOccurs="0"/>
      <xs:element name="cancelled" type="xs:boolean" minOccurs="0"/>
      <!-- A walk's duration. -->
      <xs:element name="duration" type="xs:duration" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="BoardJourney">
    <xs:sequence>
      <xs:element name="time" type="Time"/>
      <xs:element name="line" type="xs:string" minOccurs="0"/>
      <xs:element name="category" type="xs:string" minOccurs="0"/>
      <xs:element name="number" type="xs:string" minOccurs="0"/>
      <xs:element name="vehicle" type="Vehicle" minOccurs="0"/>
      <!-- Where the run goes, and where it comes from when the upstream says (arrival boards). -->
      <xs:element name="direction" type="xs:string" minOccurs="0"/>
      <xs:element name="origin" type="xs:string" minOccurs="0"/>
      <xs:element name="platform" type="xs:string" minOccurs="0"/>
      <xs:element name="operator" type="xs:string" minOccurs="0"/>
      <!-- Minutes late (negative when early), when known. -->
      <xs:element name="delay" type="xs:integer" minOccurs="0"/>
      <xs:element name="cancelled" type="xs:boolean"/>
    </xs:sequence>
  </xs:complexType>

  <xs:simpleType name="Vehicle">
    <xs:restriction base="xs:string">
      <xs:enumeration value="Train"/>
      <xs:enumeration value="Bus"/>
      <xs:enumeration value="Tram"/>
      <xs:enumeration value="Ship"/>
      <xs:enumeration value="Cableway"/>
      <xs:enumeration value="Walk"/>
      <xs:enumeration value="Other"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="StationKind">
    <xs:restriction base="xs:string">
      <xs:enumeration value="train"/>
      <xs:enumeration value="tram"/>
      <xs:enumeration value="bus"/>
      <xs:enumeration value="ship"/>
      <xs:enumeration value="cableway"/>
    </xs:restriction>
  </xs:simpleType>

\#(SchemaTypes.shared)
</xs:schema>
"""#
}
