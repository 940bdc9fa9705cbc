import Model

/// The XML Schema of the `upstreams` document, served at `/api/schema/upstreams.xsd`.
///
/// The tests validate the served document against it with `xmllint --schema`. Elements are only
/// ever added, as optional ones.
public enum UpstreamsSchema {
    public static let xsd = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!-- GottaGo's upstreams as an operator sees them (/api/upstreams, `gottago upstreams check`), and the error document. -->
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">

  <xs:element name="upstreams">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="upstream" minOccurs="0" maxOccurs="unbounded">
          <xs:complexType>
            <xs:sequence>
              <xs:element name="name" type="Name"/>
              <!-- What the chosen providers use it for; empty when only /api/routes/{id}/result asks it. -->
              <xs:element name="roles">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="role" minOccurs="0" maxOccurs="unbounded">
                      <xs:complexType>
                        <xs:sequence>
                          <xs:element name="name" type="Role"/>
                          <xs:element name="provider" type="Name"/>
                        </xs:sequence>
                      </xs:complexType>
                    </xs:element>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
              <!-- Where its requests go: the embedded sandbox, or the upstream (its route files' hosts, or a given origin). -->
              <xs:element name="origin">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="kind" type="OriginKind"/>
                    <xs:element name="hosts">
                      <xs:complexType>
                        <xs:sequence>
                          <xs:element name="host" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
                        </xs:sequence>
                      </xs:complexType>
                    </xs:element>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
              <!-- Every route of it is retired: the year, or true when not known. -->
              <xs:element name="retired" type="Retired" minOccurs="0"/>
              <xs:element name="politeness">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="max_concurrent" type="xs:positiveInteger"/>
                    <!-- Requests per second on average, and the burst allowed. -->
                    <xs:element name="rate" type="Seconds"/>
                    <xs:element name="burst" type="xs:positiveInteger"/>
                    <!-- Consecutive failures that open the breaker, and seconds it stays open. -->
                    <xs:element name="breaker_threshold" type="xs:positiveInteger"/>
                    <xs:element name="breaker_cooldown" type="Seconds"/>
                    <xs:element name="retries" type="xs:nonNegativeInteger"/>
                    <xs:element name="connect_timeout" type="Seconds"/>
                    <xs:element name="timeout" type="Seconds"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
              <!-- The cache times of its routes that state none. -->
              <xs:element name="cache" type="Cache"/>
              <xs:element name="breaker">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="state" type="BreakerState"/>
                    <!-- Consecutive failures counted (the threshold once open). -->
                    <xs:element name="failures" type="xs:nonNegativeInteger"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
              <xs:element name="last_success" type="Outcome" minOccurs="0"/>
              <xs:element name="last_failure" type="Outcome" minOccurs="0"/>
              <xs:element name="routes">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="route" type="RouteStatus" minOccurs="0" maxOccurs="unbounded"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
              <!-- `gottago upstreams check` only: what the canary request gave. -->
              <xs:element name="canary" minOccurs="0">
                <xs:complexType>
                  <xs:sequence>
                    <xs:element name="route" type="Name"/>
                    <xs:element name="code" type="Code"/>
                    <xs:element name="status" type="xs:integer"/>
                    <xs:element name="records" type="xs:nonNegativeInteger"/>
                    <xs:element name="message" type="xs:string" minOccurs="0"/>
                  </xs:sequence>
                </xs:complexType>
              </xs:element>
            </xs:sequence>
          </xs:complexType>
        </xs:element>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <xs:element name="error">
    <xs:complexType>
      <xs:sequence>
        <xs:element name="status" type="xs:integer"/>
        <xs:element name="code" type="Code"/>
        <xs:element name="message" type="xs:string"/>
      </xs:sequence>
    </xs:complexType>
  </xs:element>

  <!-- One route, with its fields' fill rates over its last answers (at most 50). -->
  <xs:complexType name="RouteStatus">
    <xs:sequence>
      <xs:element name="id" type="Name"/>
      <xs:element name="retired" type="Retired" minOccurs="0"/>
      <xs:element name="cache" type="Cache"/>
      <!-- The route's daily budget at the upstream, when its terms set one and it applies. -->
      <xs:element name="daily_quota" minOccurs="0">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="limit" type="xs:positiveInteger"/>
            <xs:element name="left" type="xs:nonNegativeInteger"/>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
      <!-- Answers with records counted. -->
      <xs:element name="answers" type="xs:nonNegativeInteger"/>
      <xs:element name="fields">
        <xs:complexType>
          <xs:sequence>
            <xs:element name="field" minOccurs="0" maxOccurs="unbounded">
              <xs:complexType>
                <xs:sequence>
                  <!-- The record list's path: connections, connections/parts. -->
                  <xs:element name="list" type="xs:string"/>
                  <xs:element name="name" type="Code"/>
                  <xs:element name="records" type="xs:nonNegativeInteger"/>
                  <xs:element name="filled" type="xs:nonNegativeInteger"/>
                  <!-- filled / records in whole percent, rounded down; absent without records. -->
                  <xs:element name="percent" minOccurs="0">
                    <xs:simpleType>
                      <xs:restriction base="xs:nonNegativeInteger"><xs:maxInclusive value="100"/></xs:restriction>
                    </xs:simpleType>
                  </xs:element>
                </xs:sequence>
              </xs:complexType>
            </xs:element>
          </xs:sequence>
        </xs:complexType>
      </xs:element>
    </xs:sequence>
  </xs:complexType>

  <xs:complexType name="Cache">
    <xs:sequence>
      <xs:element name="fresh" type="Seconds"/>
      <xs:element name="stale_while_revalidate" type="Seconds"/>
      <xs:element name="stale_if_error" type="Seconds"/>
    </xs:sequence>
  </xs:complexType>

  <!-- One exchange: when (UTC), `ok` or the failure's code, and the upstream's HTTP status when it answered. -->
  <xs:complexType name="Outcome">
    <xs:sequence>
      <xs:element name="time" type="Time"/>
      <xs:element name="code" type="Code"/>
      <xs:element name="status" type="xs:integer" minOccurs="0"/>
    </xs:sequence>
  </xs:complexType>

  <xs:simpleType name="Seconds">
    <xs:restriction base="xs:decimal"><xs:minInclusive value="0"/></xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Name">
    <xs:restriction base="xs:string"><xs:pattern value="[a-z0-9]+(-[a-z0-9]+)*"/></xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Retired">
    <xs:restriction base="xs:string"><xs:pattern value="true|\d{4}"/></xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Role">
    <xs:restriction base="xs:string">
      <xs:enumeration value="timetable"/>
      <xs:enumeration value="departures"/>
      <xs:enumeration value="weather"/>
      <xs:enumeration value="directions"/>
      <xs:enumeration value="geocoding"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="OriginKind">
    <xs:restriction base="xs:string">
      <xs:enumeration value="sandbox"/>
      <xs:enumeration value="live"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="BreakerState">
    <xs:restriction base="xs:string">
      <xs:enumeration value="closed"/>
      <xs:enumeration value="open"/>
      <xs:enumeration value="half-open"/>
    </xs:restriction>
  </xs:simpleType>
\#(SchemaTypes.shared)
</xs:schema>
"""#
}
