/// The XML Schema of the BART departures documents, served at `/api/schema/bart.xsd`.
///
/// The tests validate every departures response they produce against it with `xmllint
/// --schema`. Elements are only ever added, as optional ones.
public enum BARTSchema {
    public static let xsd = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!-- GottaGo BART documents: stations, one station's departures, the nearest stations with theirs, and the error document. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">

  <!-- Every station; nearest first with its distance when a position was given. -->
  <xs:element name="stations">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="station" minOccurs="0" maxOccurs="unbounded">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="abbr" type="Abbr"/>
              <xs:element name="name" type="xs:string"/>
              <xs:element name="address" type="xs:string" minOccurs="0"/>
              <xs:element name="city" type="xs:string" minOccurs="0"/>
              <xs:element name="lat" type="Latitude"/>
              <xs:element name="lon" type="Longitude"/>
              <xs:element name="distance" type="Distance" minOccurs="0"/>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- One station's next trains, grouped by destination. -->
  <xs:element name="departures">
    <xs:complexType>
      <xs:sequence>
        <!-- The feed's own timestamp, when it has one. -->
        <xs:element name="generated" type="Time" minOccurs="0"/>
        <!-- Seconds since the feed was fetched. -->
        <xs:element name="age" type="xs:nonNegativeInteger"/>
        <xs:group ref="StationDepartures"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- The stations nearest to a position, each with its departures. -->
  <xs:element name="nearby">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="generated" type="Time" minOccurs="0"/>
        <xs:element name="age" type="xs:nonNegativeInteger"/>
        <xs:element name="stations">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="station" minOccurs="0" maxOccurs="unbounded">
                <xs:complexType>
                  <xs:group ref="StationDepartures"/>
                </xs:complexType>
              </xs:element>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- A whole request's error; an unknown station's carries candidates. -->
  <xs:element name="error">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="status" type="Status"/>
        <xs:element name="code" type="Code"/>
        <xs:element name="message" type="xs:string"/>
        <xs:element name="upstream" type="xs:string" minOccurs="0"/>
        <xs:element name="candidates" minOccurs="0">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="station" maxOccurs="unbounded">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="id" type="Abbr"/>
                    <xs:element name="name" type="xs:string"/>
                    <xs:element name="lat" type="Latitude"/>
                    <xs:element name="lon" type="Longitude"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:group name="StationDepartures">
    <xs:sequence>
      <xs:element name="abbr" type="Abbr"/>
      <xs:element name="name" type="xs:string"/>
      <xs:element name="distance" type="Distance" minOccurs="0"/>
      <!-- The feed's own word for the station when it has no predictions ("Updates are temporarily unavailable."). -->
      <xs:element name="message" type="xs:string" minOccurs="0"/>
      <xs:element name="destinations">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="destination" minOccurs="0" maxOccurs="unbounded">
              <xs:complexType>
                <xs:sequence>
                  <xs:element name="name" type="xs:string"/>
                  <xs:element name="abbr" type="Abbr" minOccurs="0"/>
                  <xs:element name="trains">
                    <xs:complexType>
                      <xs:sequence>
                        <xs:element name="train" type="Train" minOccurs="0" maxOccurs="unbounded"/>
                      </xs:sequence>
                    </xs:complexType>
                  </xs:element>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:group>

  <xs:complexType name="Train">
    <xs:sequence>
      <!-- Minutes until it leaves; 0 when the feed says "Leaving" (then leaving is true). -->
      <xs:element name="minutes" type="xs:nonNegativeInteger"/>
      <xs:element name="leaving" type="xs:boolean" minOccurs="0"/>
      <xs:element name="platform" type="xs:string" minOccurs="0"/>
      <xs:element name="direction" type="xs:string" minOccurs="0"/>
      <!-- Cars. -->
      <xs:element name="length" type="xs:nonNegativeInteger" minOccurs="0"/>
      <xs:element name="color" type="xs:string" minOccurs="0"/>
      <xs:element name="hexcolor" type="xs:string" minOccurs="0"/>
      <!-- Minutes late, when the feed says. -->
      <xs:element name="delay" type="xs:integer" minOccurs="0"/>
      <xs:element name="cancelled" type="xs:boolean" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="Distance">
    <xs:sequence>
      <xs:element name="miles" type="xs:decimal"/>
      <xs:element name="km" type="xs:decimal"/>
    </xs:sequence>
  </xs:complexType>

  <xs:simpleType name="Abbr">
    <xs:restriction base="xs:string">
      <xs:pattern value="[A-Z0-9]{1,8}"/>
    </xs:restriction>
  </xs:simpleType>

\#(SchemaTypes.shared)
</xs:schema>
"""#
}
