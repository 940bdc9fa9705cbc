/// The OpenAPI 3.1 description served at `/api/openapi.json`.
///
/// Written by hand, so that it can say more than the route table knows; a test fails when a
/// route is served that this document does not describe.
enum OpenAPIDocument {
    static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "GottaGo",
    "version": "0.1.0",
    "description": "Swiss timetables, real-time departures, weather along a route and geocoding as compact, stable XML or JSON for thin clients. Every document endpoint answers XML by default; the format is chosen by a `.xml`/`.json` suffix on the last path segment, then the `format` query parameter, then `Accept`. Errors are XML `<error>` documents or RFC 9457 `application/problem+json` with a stable `code`. Responses carry `ETag` (conditional requests with `If-None-Match` answer 304), `Cache-Control`, `X-Request-Id` and `Access-Control-Allow-Origin: *`; bodies of 1 KiB or more are gzipped when `Accept-Encoding` allows."
  },
  "paths": {
    "/healthz": {
      "get": {
        "summary": "Liveness: the process answers.",
        "operationId": "health",
        "tags": [
          "operations"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "The process is alive.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          }
        }
      }
    },
    "/readyz": {
      "get": {
        "summary": "Readiness: everything is loaded and requests can be served; the cache's state.",
        "operationId": "ready",
        "tags": [
          "operations"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "Ready; `ready/cache` names the cache driver and its state (`ok`, or `degraded` with a `reason` while Redis is away and memory stands in), as Redis's background probe last saw it.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "503": {
            "description": "Starting or stopping (`not_ready`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          }
        }
      }
    },
    "/metrics": {
      "get": {
        "summary": "Metrics in the Prometheus text format: server, upstreams and cache.",
        "operationId": "metrics",
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "Prometheus text exposition format 0.0.4.",
            "content": {
              "text/plain": {
                "schema": {
                  "type": "string"
                }
              }
            }
          }
        }
      }
    },
    "/api": {
      "get": {
        "summary": "The list of endpoints.",
        "operationId": "endpoints",
        "tags": [
          "discovery"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`api/endpoints/endpoint` with method, path and summary.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    },
    "/api/openapi.json": {
      "get": {
        "summary": "The OpenAPI 3.1 description of every endpoint.",
        "operationId": "openapi",
        "tags": [
          "discovery"
        ],
        "responses": {
          "200": {
            "description": "This document.",
            "content": {
              "application/json": {}
            }
          }
        }
      }
    },
    "/api/sbb/from/{from}/to/{to}": {
      "get": {
        "summary": "Connections from each of up to 5 stations to each of up to 5 others (`;`-separated), one schedule per pair.",
        "operationId": "connections",
        "tags": [
          "timetable"
        ],
        "description": "As in the original GottaGo API: `/api/sbb/from/Bern;Thun/to/Zürich HB.xml` answers `schedules/schedule/from,to,links/link/departure,arrival,info,parts/part/departure,arrival,trackfrom,trackto,vehicle`, with more optional elements since (see `/api/schema/sbb.xsd`). The pairs are fetched at once. A pair that fails carries its own `error` (`ambiguous_station` with candidates, `unknown_station` with suggestions, `no_connections`, an upstream failure); the response is 200 when at least one pair has links, or else takes the first error's status. A stale pair carries `stale` and `age`. Responses that asked an upstream carry `X-Cache` (HIT when every pair was cached, MISS when one was fetched, STALE when one is stale) and `Age` (seconds, the oldest pair's).",
        "parameters": [
          {
            "name": "from",
            "in": "path",
            "required": true,
            "description": "Up to 5 station names or ids, `;`-separated (`%3B` is a semicolon inside a name); each 1–100 characters.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "to",
            "in": "path",
            "required": true,
            "description": "Up to 5 station names or ids, as `from`.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "date",
            "in": "query",
            "required": false,
            "description": "Travel date (Swiss local time); today by default.",
            "schema": {
              "type": "string",
              "format": "date"
            }
          },
          {
            "name": "time",
            "in": "query",
            "required": false,
            "description": "Time as HH:MM; now by default.",
            "schema": {
              "type": "string",
              "pattern": "^[0-2][0-9]:[0-5][0-9]$"
            }
          },
          {
            "name": "arrival",
            "in": "query",
            "required": false,
            "description": "`1`: the time is the latest arrival.",
            "schema": {
              "type": "string",
              "enum": [
                "0",
                "1",
                "true",
                "false"
              ]
            }
          },
          {
            "name": "via",
            "in": "query",
            "required": false,
            "description": "A station to pass through; repeatable, at most 5.",
            "schema": {
              "type": "array",
              "items": {
                "type": "string"
              },
              "maxItems": 5
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Connections per schedule.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 16,
              "default": 4
            }
          },
          {
            "name": "transport",
            "in": "query",
            "required": false,
            "description": "Means of transport to use; repeatable; all by default.",
            "schema": {
              "type": "array",
              "items": {
                "type": "string",
                "enum": [
                  "train",
                  "tram",
                  "bus",
                  "ship",
                  "cableway"
                ]
              }
            }
          },
          {
            "name": "lat",
            "in": "query",
            "required": false,
            "description": "The client's latitude, to choose among stations that share a name (with `lon`).",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": false,
            "description": "The client's longitude (with `lat`).",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`schedules`, valid against `/api/schema/sbb.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A bad parameter (`invalid_parameter`, `unknown_parameter`), naming it; or every pair failed with `ambiguous_station`.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "404": {
            "description": "Every pair failed with `unknown_station` or `no_connections` (the document is `schedules` with per-pair errors).",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "502": {
            "description": "Every pair failed upstream (per-pair errors name the upstream).",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "503": {
            "description": "Every pair failed: the upstream is paused.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "504": {
            "description": "Every pair failed: the upstream timed out.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          }
        }
      }
    },
    "/api/sbb/stationboard/{station}": {
      "get": {
        "summary": "The next departures (`type=departure`) or arrivals at a station, from now or `datetime`.",
        "operationId": "stationboard",
        "tags": [
          "timetable"
        ],
        "description": "`stationboard` with the name as asked (`query`), the station it was resolved to, `type`, and `journeys/journey` in order of time: time (ISO 8601 with offset), line, category, number, vehicle, direction, platform, operator, delay (minutes, when known) and cancelled. A name that matches several stations, or none, gives the board an `error` (`ambiguous_station` with candidates, `unknown_station` with suggestions) and its status. Responses that asked an upstream carry `X-Cache` (HIT, MISS, STALE) and `Age`.",
        "parameters": [
          {
            "name": "station",
            "in": "path",
            "required": true,
            "description": "A station name or id, 1–100 characters.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "datetime",
            "in": "query",
            "required": false,
            "description": "From when, as YYYY-MM-DDTHH:MM in Swiss local time; now by default.",
            "schema": {
              "type": "string",
              "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}[T ][0-2][0-9]:[0-5][0-9]$"
            }
          },
          {
            "name": "type",
            "in": "query",
            "required": false,
            "description": "Departures or arrivals.",
            "schema": {
              "type": "string",
              "enum": [
                "departure",
                "arrival"
              ],
              "default": "departure"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Journeys on the board.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 40,
              "default": 10
            }
          },
          {
            "name": "lat",
            "in": "query",
            "required": false,
            "description": "The client's latitude, to choose among stations that share a name (with `lon`).",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": false,
            "description": "The client's longitude (with `lat`).",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`stationboard`, valid against `/api/schema/sbb.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A bad parameter (`invalid_parameter`, `unknown_parameter`), naming it; or a `stationboard` whose error is `ambiguous_station`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "404": {
            "description": "A `stationboard` whose error is `unknown_station` or `no_departures`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "502": {
            "description": "A `stationboard` whose error names the upstream that failed.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "503": {
            "description": "A `stationboard` whose error says the upstream is paused.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "504": {
            "description": "A `stationboard` whose error says the upstream timed out.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          }
        }
      }
    },
    "/api/sbb/locations": {
      "get": {
        "summary": "Stations by name (`query`), or near a position (`lat`, `lon`), with score and distance.",
        "operationId": "locations",
        "tags": [
          "timetable"
        ],
        "parameters": [
          {
            "name": "query",
            "in": "query",
            "required": false,
            "description": "A station name or part of one; case and accents are ignored.",
            "schema": {
              "type": "string",
              "maxLength": 100
            }
          },
          {
            "name": "lat",
            "in": "query",
            "required": false,
            "description": "Latitude in degrees (with `lon`): distances are given, and without a query the nearest stations are listed.",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": false,
            "description": "Longitude in degrees (with `lat`).",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "How many stations.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 50,
              "default": 10
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`locations/station` with id, name, lat, lon, kind, score (0–1) and, with a position, distance (metres); valid against `/api/schema/sbb.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "Neither a query nor a position, or a bad parameter (`invalid_parameter`, `unknown_parameter`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    },
    "/api/sbb/stations/nearby": {
      "get": {
        "summary": "The stations nearest to a position, with their distance in metres.",
        "operationId": "nearbyStations",
        "tags": [
          "timetable"
        ],
        "parameters": [
          {
            "name": "lat",
            "in": "query",
            "required": true,
            "description": "Latitude in degrees.",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": true,
            "description": "Longitude in degrees.",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "How many stations.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 50,
              "default": 10
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`stations/station` with id, name, lat, lon, kind and distance (metres), nearest first; valid against `/api/schema/sbb.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A missing or bad position or limit (`invalid_parameter`), or an unknown parameter (`unknown_parameter`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    },
    "/api/bart/stations": {
      "get": {
        "summary": "Every BART station; with `lat` and `lon`, nearest first with the distance in miles and km.",
        "operationId": "bartStations",
        "tags": [
          "departures"
        ],
        "description": "`stations/station` with abbr, name, address and city when known, lat, lon and, with a position, `distance` (miles and km, one decimal each); valid against `/api/schema/bart.xsd`.",
        "parameters": [
          {
            "name": "lat",
            "in": "query",
            "required": false,
            "description": "Latitude in degrees (with `lon`).",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": false,
            "description": "Longitude in degrees (with `lat`).",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`stations`, by abbreviation or nearest first.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A bad parameter (`invalid_parameter`, `unknown_parameter`), naming it.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    },
    "/api/bart/stations/{abbr}/departures": {
      "get": {
        "summary": "A station's next trains, grouped by destination, with the feed's timestamp and the data's age.",
        "operationId": "bartDepartures",
        "tags": [
          "departures"
        ],
        "description": "`departures` with `generated` (the feed's own timestamp), `age` (seconds since the feed was fetched; also the `Age` header), the station's abbr and name, its `message` when the feed has no predictions for it, and `destinations/destination` (name, abbr) with `trains/train`: minutes (0 when leaving, then `leaving`), platform, direction, length (cars), color, hexcolor, delay (minutes) and cancelled when the feed says. One feed for the whole system serves every request; it is refreshed in the background while clients ask.",
        "parameters": [
          {
            "name": "abbr",
            "in": "path",
            "required": true,
            "description": "The station's abbreviation (`EMBR`), any case.",
            "schema": {
              "type": "string"
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`departures`, valid against `/api/schema/bart.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A bad parameter (`invalid_parameter`, `unknown_parameter`), naming it.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "404": {
            "description": "No station has that abbreviation: `unknown_station` with up to 5 candidates by name or abbreviation.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "503": {
            "description": "No feed has arrived yet and the upstream failed: its code and message, the upstream's name, and `Retry-After`.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          }
        }
      }
    },
    "/api/bart/nearby": {
      "get": {
        "summary": "The stations nearest to `lat`, `lon`, each with its next departures, in one response.",
        "operationId": "bartNearby",
        "tags": [
          "departures"
        ],
        "description": "`nearby` with `generated`, `age` and `stations/station`: abbr, name, `distance` (miles and km) and the station's destinations and trains as in `departures`.",
        "parameters": [
          {
            "name": "lat",
            "in": "query",
            "required": true,
            "description": "Latitude in degrees (with `lon`).",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": true,
            "description": "Longitude in degrees (with `lat`).",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Stations.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 10,
              "default": 3
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`nearby`, valid against `/api/schema/bart.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A bad parameter (`invalid_parameter`, `unknown_parameter`), naming it.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "503": {
            "description": "No feed has arrived yet and the upstream failed: its code and message, the upstream's name, and `Retry-After`.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          }
        }
      }
    },
    "/api/weather/route/from/{from}/to/{to}": {
      "get": {
        "summary": "The places along a driving route, each with the weather of one day (`day`) or at its arrival (`depart`).",
        "operationId": "routeWeather",
        "tags": [
          "weather"
        ],
        "description": "Both ends are geocoded (the best match is taken), the driving route between them is fetched, a point is taken every `every` km along it and the place at each point is found; points where no place is found are left out and repeats are dropped (`dedupe`), the ends being the places asked for. Weather is fetched once per ~10 km cell and day, several places at once. `routeweather` has `from` and `to` with the place fields (id, name, admin, admin_name, country, country_code, postcode, lat, lon, population, timezone, kind, display; all but name, lat and lon where known), `alternatives` (`from/place`, `to/place`: other places of the same name, best first) when a name matched several places, `day` (days from today at the start) and its `date`, `depart` (ISO 8601 with the start's offset, when given), `distance` (m, km, miles), `duration` (ISO 8601, whole minutes), `dedupe`, `sources` (geocoder, directions, weather; directions is `none` when both ends are the same place) and `places/place` in driving order. Each place has `index` (from 0), the place fields, `distance` from the start (m, km, miles), `arrival` (ISO 8601 with the place's offset, with `depart`), `weather` (date, condition, icon, `low` and `high` with `c` and `f`, precipitation (chance, percent), precipitation_mm; `current` with `c` and `f` for today without `depart`; `hour`, the forecast period at the arrival where the upstream has periods: from, to, condition, icon, temperature, precipitation_mm) or, when that place has no weather, its `error`; the other places keep theirs, and when every place fails the first one's error is the answer. With `Accept: text/event-stream` the same request streams its progress as Server-Sent Events (see the 200 response). A 200 carries `Cache-Control: max-age=600`, a 404 `max-age=3600`.",
        "parameters": [
          {
            "name": "from",
            "in": "path",
            "required": true,
            "description": "The start: a place name, \"City, ST\", \"City, Country\" or a US ZIP code; up to 200 bytes, trimmed, no control characters.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "to",
            "in": "path",
            "required": true,
            "description": "The end, as `from`.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "day",
            "in": "query",
            "required": false,
            "description": "Days from today at the start: the day whose weather each place gets; not with `depart`.",
            "schema": {
              "type": "integer",
              "minimum": 0,
              "maximum": 6,
              "default": 0
            }
          },
          {
            "name": "depart",
            "in": "query",
            "required": false,
            "description": "The departure, as YYYY-MM-DDTHH:MM in local time at the start: each place gets its `arrival` and the forecast of its arrival's day, with the forecast period at that time. From an hour ago to 6 days ahead (its date today to today + 6 at the start); not with `day`.",
            "schema": {
              "type": "string",
              "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-2][0-9]:[0-5][0-9]$"
            }
          },
          {
            "name": "dedupe",
            "in": "query",
            "required": false,
            "description": "How repeated places are dropped: one row per postal code (places without one, one per town), or one per town (name, division and country).",
            "schema": {
              "type": "string",
              "enum": [
                "postcode",
                "city"
              ],
              "default": "postcode"
            }
          },
          {
            "name": "every",
            "in": "query",
            "required": false,
            "description": "Kilometres between the points taken along the route.",
            "schema": {
              "type": "integer",
              "minimum": 10,
              "maximum": 500,
              "default": 50
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`routeweather`, valid against `/api/schema/weather.xsd`; or, with `Accept: text/event-stream`, the events that lead to it.",
            "content": {
              "application/xml": {},
              "application/json": {},
              "text/event-stream": {
                "schema": {
                  "type": "string",
                  "description": "Server-Sent Events: `progress` events whose data is JSON `{\"stage\": \"geocoding|route|places|weather\", \"done\": N, \"total\": M}` (the stages in that order; no `route` when both ends are the same place), one `place` event per row as soon as its weather is known (the row's JSON `place`, with its `index`; rows may come out of order), then `done` with the whole document in the negotiated format (JSON unless the path has `.xml` or `format=xml`), or `error` with the error document."
                }
              }
            }
          },
          "400": {
            "description": "A bad parameter (`invalid_parameter`, `unknown_parameter`), naming it, including `depart` outside the next 6 days at the start; or a route over 6,000 km as the crow flies or by road (`route_too_long`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {},
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "404": {
            "description": "A place is unknown (`unknown_place`, with up to 5 `suggestions` of close spellings), the directions upstream found no driving route (`no_route`), or no place along the route has a forecast for its day (`no_forecast`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "502": {
            "description": "An upstream failed or answered something unusable (`upstream_error`, `upstream_unreachable`, `upstream_too_large`, `malformed_response`): its code and a message naming the upstream. `no_forecast` when the weather upstream gave a forecast without days for every place.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "503": {
            "description": "Requests to an upstream are paused (`upstream_paused`, `upstream_unavailable`, `upstream_rate_limited`, `upstream_busy`) or its route is not loaded (`upstream_missing`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "504": {
            "description": "An upstream did not answer in time (`upstream_timeout`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          }
        }
      }
    },
    "/api/weather": {
      "get": {
        "summary": "One place's forecast for up to 7 days from today (`day` for one), by name (`q`) or position (`lat`, `lon`).",
        "operationId": "weather",
        "tags": [
          "weather"
        ],
        "description": "A name is geocoded (the best match is taken); a position gives the place nearest to it. `forecast` has `query` (the text, or `lat,lon`), `place` (id, name, admin, admin_name, country, country_code, postcode, lat, lon, population, timezone, kind, display; all but name, lat and lon where known), `source` (the weather upstream), `generated` (when the upstream made the forecast, as it says), `age` (seconds since the upstream gave it), `current` (condition, icon, `temperature` with `c` and `f`, humidity in percent; today only), `days/day` (date, condition, icon, `low` and `high` with `c` and `f`, precipitation (chance, percent), precipitation_mm) and `hours/hour` (the periods of those days where the upstream has them: from, to, condition, icon, temperature, precipitation_mm). Days are counted from today at the place. A 200 carries `Cache-Control: max-age=600`, a 404 `max-age=3600`.",
        "parameters": [
          {
            "name": "q",
            "in": "query",
            "required": false,
            "description": "A place name, \"City, ST\", \"City, Country\" or a postal code; up to 200 bytes. Either `q` or `lat` and `lon` is required.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "lat",
            "in": "query",
            "required": false,
            "description": "Latitude in degrees (with `lon`), instead of `q`.",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": false,
            "description": "Longitude in degrees (with `lat`).",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "name": "day",
            "in": "query",
            "required": false,
            "description": "Days from today at the place: that day only; up to 7 days from today by default.",
            "schema": {
              "type": "integer",
              "minimum": 0,
              "maximum": 6
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`forecast`, valid against `/api/schema/weather.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "Neither `q` nor a position, or both; or a bad parameter (`invalid_parameter`, `unknown_parameter`), naming it.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "404": {
            "description": "The name is unknown (`unknown_place`, with up to 5 `suggestions` of close spellings), no place is known near the position (`no_places`), or the weather upstream has no forecast for the day (`no_forecast`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "502": {
            "description": "An upstream failed or answered something unusable (`upstream_error`, `upstream_unreachable`, `upstream_too_large`, `malformed_response`): its code and a message naming the upstream. `no_forecast` when the weather upstream gave a forecast without days.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "503": {
            "description": "Requests to an upstream are paused (`upstream_paused`, `upstream_unavailable`, `upstream_rate_limited`, `upstream_busy`) or its route is not loaded (`upstream_missing`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "504": {
            "description": "An upstream did not answer in time (`upstream_timeout`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          }
        }
      }
    },
    "/api/geocode": {
      "get": {
        "summary": "Places matching a name, \"City, ST\", \"City, Country\" or a postal code (`q`), best first.",
        "operationId": "geocode",
        "tags": [
          "geocoding"
        ],
        "description": "`places` with `query`, `source` (the geocoder: `gazetteer`, `nominatim`, `google`) and `results/place`, best first: id, name, admin, admin_name, country, country_code, postcode, lat, lon, population, timezone, kind, display; all but name, lat and lon where known. A 200 carries `Cache-Control: max-age=86400`, a 404 `max-age=3600`.",
        "parameters": [
          {
            "name": "q",
            "in": "query",
            "required": true,
            "description": "A place name, \"City, ST\", \"City, Country\" or a postal code; up to 200 bytes, trimmed, no control characters.",
            "schema": {
              "type": "string"
            }
          },
          {
            "name": "limit",
            "in": "query",
            "required": false,
            "description": "Places.",
            "schema": {
              "type": "integer",
              "minimum": 1,
              "maximum": 40,
              "default": 10
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`places`, valid against `/api/schema/weather.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A missing or bad parameter (`invalid_parameter`, `unknown_parameter`), naming it.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "404": {
            "description": "No place matches (`unknown_place`), with up to 5 `suggestions` of close spellings.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "502": {
            "description": "An upstream failed or answered something unusable (`upstream_error`, `upstream_unreachable`, `upstream_too_large`, `malformed_response`): its code and a message naming the upstream.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "503": {
            "description": "Requests to an upstream are paused (`upstream_paused`, `upstream_unavailable`, `upstream_rate_limited`, `upstream_busy`) or its route is not loaded (`upstream_missing`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "504": {
            "description": "An upstream did not answer in time (`upstream_timeout`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          }
        }
      }
    },
    "/api/geocode/reverse": {
      "get": {
        "summary": "The place nearest to a position (`lat`, `lon`) and its postal code.",
        "operationId": "reverseGeocode",
        "tags": [
          "geocoding"
        ],
        "description": "`places` with `query` (`lat,lon`), `source` and `results/place`: one place (id, name, admin, admin_name, country, country_code, postcode, lat, lon, population, timezone, kind, display; all but name, lat and lon where known) with its `distance` from the position (m, km, miles) and its postal code where known. A 200 carries `Cache-Control: max-age=86400`, a 404 `max-age=3600`.",
        "parameters": [
          {
            "name": "lat",
            "in": "query",
            "required": true,
            "description": "Latitude in degrees (with `lon`).",
            "schema": {
              "type": "number",
              "minimum": -90,
              "maximum": 90
            }
          },
          {
            "name": "lon",
            "in": "query",
            "required": true,
            "description": "Longitude in degrees (with `lat`).",
            "schema": {
              "type": "number",
              "minimum": -180,
              "maximum": 180
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`places`, valid against `/api/schema/weather.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "A missing or bad position (`invalid_parameter`), or an unknown parameter (`unknown_parameter`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "404": {
            "description": "No place is known near the position (`no_places`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "502": {
            "description": "An upstream failed or answered something unusable (`upstream_error`, `upstream_unreachable`, `upstream_too_large`, `malformed_response`): its code and a message naming the upstream.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "503": {
            "description": "Requests to an upstream are paused (`upstream_paused`, `upstream_unavailable`, `upstream_rate_limited`, `upstream_busy`) or its route is not loaded (`upstream_missing`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          },
          "504": {
            "description": "An upstream did not answer in time (`upstream_timeout`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/json": {}
            }
          }
        }
      }
    },
    "/api/schema/bart.xsd": {
      "get": {
        "summary": "The XML Schema of the BART departures documents.",
        "operationId": "bartSchema",
        "tags": [
          "departures"
        ],
        "responses": {
          "200": {
            "description": "XML Schema 1.0.",
            "content": {
              "application/xml": {}
            }
          }
        }
      }
    },
    "/api/schema/sbb.xsd": {
      "get": {
        "summary": "The XML Schema of the timetable documents.",
        "operationId": "sbbSchema",
        "tags": [
          "timetable"
        ],
        "responses": {
          "200": {
            "description": "XML Schema 1.0.",
            "content": {
              "application/xml": {}
            }
          }
        }
      }
    },
    "/api/schema/weather.xsd": {
      "get": {
        "summary": "The XML Schema of the weather and geocoding documents.",
        "operationId": "weatherSchema",
        "tags": [
          "weather"
        ],
        "responses": {
          "200": {
            "description": "XML Schema 1.0.",
            "content": {
              "application/xml": {}
            }
          }
        }
      }
    },
    "/api/routes": {
      "get": {
        "summary": "The route files: what each fetches, from which upstream, with which parameters.",
        "operationId": "routes",
        "tags": [
          "routes"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`routes/route` with id, domain, upstream, summary, path, `parameters/parameter` (name, required, default, repeat, summary) and, for a route whose upstream no longer answers, `retired` (the year, or `true` when it is not known).",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    },
    "/api/routes/{id}/result": {
      "get": {
        "summary": "A route's normalized records for the query's parameters, from the cache or its upstream.",
        "operationId": "routeResult",
        "tags": [
          "routes"
        ],
        "description": "The query's parameters are the route's own (see `/api/routes`); any other is refused. `X-Cache` says `HIT`, `MISS` or `STALE` and `Age` the seconds since the upstream answered. A stale answer carries `stale=\"true\"` and `age` on the document's root and `Cache-Control: no-cache`.",
        "parameters": [
          {
            "name": "id",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`result` with the route's record lists.",
            "headers": {
              "X-Cache": {
                "schema": {
                  "type": "string",
                  "enum": [
                    "HIT",
                    "MISS",
                    "STALE"
                  ]
                }
              },
              "Age": {
                "schema": {
                  "type": "integer"
                }
              }
            },
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "description": "An unknown, repeated, missing, too long or malformed parameter (`unknown_parameter`, `repeated_parameter`, `missing_parameter`, `parameter_too_long`, `invalid_parameter`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "404": {
            "description": "No such route (`unknown_route`), or the route's own answer that nothing was found.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          },
          "502": {
            "description": "The upstream is unreachable, failed or answered something unusable (`upstream_unreachable`, `upstream_error`, `malformed_response`, `upstream_too_large`); the document names the `upstream`.",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "503": {
            "description": "Requests to the upstream are paused (`upstream_unavailable`, `upstream_rate_limited`, `upstream_paused`, `upstream_busy`), with `Retry-After`.",
            "headers": {
              "Retry-After": {
                "schema": {
                  "type": "integer"
                }
              }
            },
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "504": {
            "description": "The upstream did not answer in time (`upstream_timeout`).",
            "content": {
              "application/xml": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                }
              },
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          }
        }
      }
    },
    "/api/upstreams": {
      "get": {
        "summary": "Each upstream: roles, origin, politeness, breaker, last success and failure, and its routes' field fill rates.",
        "operationId": "upstreams",
        "tags": [
          "operations"
        ],
        "description": "Every upstream the route files talk to. `roles` names the providers chosen for it (none when only `/api/routes/{id}/result` asks it); `origin` says whether the embedded sandbox answers in its place or the upstream itself (`live`), and the hosts its requests go to; `politeness` is what its client runs with (at once, per second, burst, breaker threshold and cooldown, retries, timeouts in seconds), `cache` its default cache times; `breaker` is `closed`, `open` or `half-open`; `last_success` and `last_failure` give the time (UTC) and the code (`ok`, `upstream_timeout`, `malformed_response`, …) and the upstream's HTTP status when it answered. Each route lists, per record list and field, how many of the records of its last 50 answers had a value (`records`, `filled`, `percent`): a field that drops to 0 % is a page that changed. Keys and tokens are never shown. Valid against `/api/schema/upstreams.xsd`.",
        "parameters": [
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`upstreams/upstream`, valid against `/api/schema/upstreams.xsd`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    },
    "/api/schema/upstreams.xsd": {
      "get": {
        "summary": "The XML Schema of the upstreams document.",
        "operationId": "upstreamsSchema",
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "XML Schema 1.0.",
            "content": {
              "application/xml": {}
            }
          }
        }
      }
    },
    "/api/schema/service.xsd": {
      "get": {
        "summary": "The XML Schema of the service's own documents.",
        "operationId": "serviceSchema",
        "tags": [
          "operations"
        ],
        "responses": {
          "200": {
            "description": "XML Schema 1.0.",
            "content": {
              "application/xml": {}
            }
          }
        }
      }
    },
    "/debug/fixed": {
      "get": {
        "summary": "A fixed schedules document served from memory (benchmarks).",
        "operationId": "debugFixed",
        "tags": [
          "debug"
        ],
        "description": "Served only when the server runs with `--debug-routes`.",
        "parameters": [
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "A `schedules` document of about 1 KiB.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    },
    "/debug/delay": {
      "get": {
        "summary": "Answers after waiting `ms` milliseconds without holding a thread (tests).",
        "operationId": "debugDelay",
        "tags": [
          "debug"
        ],
        "description": "Served only when the server runs with `--debug-routes`.",
        "parameters": [
          {
            "name": "ms",
            "in": "query",
            "required": false,
            "schema": {
              "type": "integer",
              "minimum": 0,
              "maximum": 10000,
              "default": 50
            }
          },
          {
            "$ref": "#/components/parameters/format"
          },
          {
            "$ref": "#/components/parameters/pretty"
          }
        ],
        "responses": {
          "200": {
            "description": "`delay/ms`.",
            "content": {
              "application/xml": {},
              "application/json": {}
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "406": {
            "$ref": "#/components/responses/NotAcceptable"
          }
        }
      }
    }
  },
  "components": {
    "parameters": {
      "format": {
        "name": "format",
        "in": "query",
        "required": false,
        "description": "The representation, when the path has no `.xml`/`.json` suffix; otherwise `Accept` decides, XML by default.",
        "schema": {
          "type": "string",
          "enum": [
            "xml",
            "json"
          ]
        }
      },
      "pretty": {
        "name": "pretty",
        "in": "query",
        "required": false,
        "description": "`1` indents the document.",
        "schema": {
          "type": "string",
          "enum": [
            "0",
            "1",
            "true",
            "false"
          ]
        }
      }
    },
    "responses": {
      "BadRequest": {
        "description": "A parameter is malformed (`bad_request`, `invalid_parameter`, `invalid_encoding`).",
        "content": {
          "application/xml": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          },
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      },
      "NotAcceptable": {
        "description": "`Accept` excludes both XML and JSON (`not_acceptable`).",
        "content": {
          "application/xml": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            }
          },
          "application/problem+json": {
            "schema": {
              "$ref": "#/components/schemas/Problem"
            }
          }
        }
      }
    },
    "schemas": {
      "Error": {
        "type": "object",
        "xml": {
          "name": "error"
        },
        "required": [
          "status",
          "code",
          "message"
        ],
        "properties": {
          "status": {
            "type": "integer"
          },
          "code": {
            "type": "string",
            "description": "Stable machine-readable code."
          },
          "message": {
            "type": "string"
          }
        }
      },
      "Problem": {
        "type": "object",
        "description": "RFC 9457 problem details with the same `code` as the XML error.",
        "required": [
          "type",
          "title",
          "status",
          "code",
          "detail"
        ],
        "properties": {
          "type": {
            "type": "string"
          },
          "title": {
            "type": "string"
          },
          "status": {
            "type": "integer"
          },
          "code": {
            "type": "string"
          },
          "detail": {
            "type": "string"
          }
        }
      }
    }
  }
}
"""#
}
