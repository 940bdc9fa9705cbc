/// Simple types every published schema uses, written into each.
public enum SchemaTypes {
    /// The types' definitions, to be written inside an `xs:schema`.
    public static let shared = #"""
  <!-- ISO 8601 local time with its UTC offset: 2026-12-01T08:02:00+01:00. -->
  <xs:simpleType name="Time">
    <xs:restriction base="xs:dateTime">
      <xs:pattern value="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Status">
    <xs:restriction base="xs:integer">
      <xs:minInclusive value="400"/>
      <xs:maxInclusive value="599"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Code">
    <xs:restriction base="xs:string">
      <xs:pattern value="[a-z][a-z0-9_]*"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Latitude">
    <xs:restriction base="xs:double">
      <xs:minInclusive value="-90"/>
      <xs:maxInclusive value="90"/>
    </xs:restriction>
  </xs:simpleType>

  <xs:simpleType name="Longitude">
    <xs:restriction base="xs:double">
      <xs:minInclusive value="-180"/>
      <xs:maxInclusive value="180"/>
    </xs:restriction>
  </xs:simpleType>
"""#
}
