/// Request bodies that HAFAS extxml clients sent to SBB, recorded by OpendataCH/Transport (MIT
/// licence, see NOTICE) and copied unchanged, as text: `bytes` gives them back in ISO-8859-1,
/// as they were sent. (The recording replaced the access id with REDACTED.)
enum RequestFixtures {
    /// `test/fixtures/connections/hafas_request_2015-12-23.xml` (414 bytes).
    static let connectionRequest2015 = RequestFixture(name: "connections-hafas_request_2015-12-23.xml", size: 414, text: """
<?xml version="1.0" encoding="iso-8859-1"?>
<ReqC lang="EN" prod="iPhone3.1" ver="2.3" accessId="REDACTED">
  <ConReq>
    <Start>
      <Station name="Zürich" externalId="008503000"/>
      <Prod prod="1111111111111111"/>
    </Start>
    <Dest>
      <Station name="Bern" externalId="008507000"/>
    </Dest>
    <ReqT a="0" date="20121223" time="14:30"/>
    <RFlags b="0" f="4" sMode="N"/>
  </ConReq>
</ReqC>
""" + "\n")

    /// `test/fixtures/connections/hafas_request_location.xml` (298 bytes).
    static let locationRequestFromTo = RequestFixture(name: "connections-hafas_request_location.xml", size: 298, text: """
<?xml version="1.0" encoding="iso-8859-1"?>
<ReqC lang="EN" prod="iPhone3.1" ver="2.3" accessId="REDACTED">
  <LocValReq id="from" sMode="1">
    <ReqLoc match="Zürich" type="ALLTYPE"/>
  </LocValReq>
  <LocValReq id="to" sMode="1">
    <ReqLoc match="Bern" type="ALLTYPE"/>
  </LocValReq>
</ReqC>
""" + "\n")

    /// `test/fixtures/locations/hafas_request.xml` (202 bytes).
    static let locationRequestBe = RequestFixture(name: "locations-hafas_request.xml", size: 202, text: """
<?xml version="1.0" encoding="iso-8859-1"?>
<ReqC lang="EN" prod="iPhone3.1" ver="2.3" accessId="REDACTED">
  <LocValReq id="0" sMode="1">
    <ReqLoc match="Be" type="ALLTYPE"/>
  </LocValReq>
</ReqC>
""" + "\n")

    /// `test/fixtures/stationboard/hafas_request_2016-12-23.xml` (446 bytes).
    static let stationBoardRequest2016 = RequestFixture(name: "stationboard-hafas_request_2016-12-23.xml", size: 446, text: """
<?xml version="1.0" encoding="iso-8859-1"?>
<ReqC lang="EN" prod="iPhone3.1" ver="2.3" accessId="REDACTED">
  <STBReq boardType="DEP" maxJourneys="3">
    <Time>14:20</Time>
    <Period>
      <DateBegin>
        <Date>20161223</Date>
      </DateBegin>
      <DateEnd>
        <Date>20161223</Date>
      </DateEnd>
    </Period>
    <TableStation externalId="008591052"/>
    <ProductFilter>1111111111111111</ProductFilter>
  </STBReq>
</ReqC>
""" + "\n")

    static let all = [connectionRequest2015, locationRequestFromTo, locationRequestBe, stationBoardRequest2016]
}

/// One recorded request.
struct RequestFixture: Sendable {
    let name: String
    /// The size of the recorded file.
    let size: Int
    let text: String

    /// The body as sent: ISO-8859-1.
    var bytes: [UInt8] { TestTimetable.latin1(text) }
}
