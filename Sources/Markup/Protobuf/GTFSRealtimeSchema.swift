/// GTFS-Realtime's messages, written from the GTFS-Realtime reference
/// (https://gtfs.org/documentation/realtime/reference/): the field numbers, types and
/// enumeration values are the specification's; the names are its field names, which become the
/// document's element names (`/FeedMessage/entity/trip_update/stop_time_update/departure/time`).
///
/// Shapes, stops and trip modifications (experimental messages for detours) are left out: their
/// fields are skipped like any field the schema lacks.
extension ProtobufSchema {
    /// The `FeedMessage` and everything it holds.
    public static let gtfsRealtime = ProtobufSchema(
        root: "FeedMessage",
        messages: [
            .init("FeedMessage", [.init(1, "header", .message("FeedHeader")), .init(2, "entity", .message("FeedEntity"))]),
            .init("FeedHeader", [
                .init(1, "gtfs_realtime_version", .string), .init(2, "incrementality", .enumeration("Incrementality")),
                .init(3, "timestamp", .uint64), .init(4, "feed_version", .string),
            ]),
            .init("FeedEntity", [
                .init(1, "id", .string), .init(2, "is_deleted", .bool), .init(3, "trip_update", .message("TripUpdate")),
                .init(4, "vehicle", .message("VehiclePosition")), .init(5, "alert", .message("Alert")),
            ]),
            .init("TripUpdate", [
                .init(1, "trip", .message("TripDescriptor")), .init(3, "vehicle", .message("VehicleDescriptor")),
                .init(2, "stop_time_update", .message("StopTimeUpdate")), .init(4, "timestamp", .uint64), .init(5, "delay", .int32),
                .init(6, "trip_properties", .message("TripProperties")),
            ]),
            .init("StopTimeEvent", [
                .init(1, "delay", .int32), .init(2, "time", .int64), .init(3, "uncertainty", .int32), .init(4, "scheduled_time", .int64),
            ]),
            .init("StopTimeUpdate", [
                .init(1, "stop_sequence", .uint32), .init(4, "stop_id", .string), .init(2, "arrival", .message("StopTimeEvent")),
                .init(3, "departure", .message("StopTimeEvent")), .init(7, "departure_occupancy_status", .enumeration("OccupancyStatus")),
                .init(5, "schedule_relationship", .enumeration("StopTimeScheduleRelationship")),
                .init(6, "stop_time_properties", .message("StopTimeProperties")),
            ]),
            .init("StopTimeProperties", [
                .init(1, "assigned_stop_id", .string), .init(2, "stop_headsign", .string),
                .init(3, "pickup_type", .enumeration("DropOffPickupType")), .init(4, "drop_off_type", .enumeration("DropOffPickupType")),
            ]),
            .init("TripProperties", [
                .init(1, "trip_id", .string), .init(2, "start_date", .string), .init(3, "start_time", .string), .init(4, "shape_id", .string),
                .init(5, "trip_headsign", .string), .init(6, "trip_short_name", .string),
            ]),
            .init("TripDescriptor", [
                .init(1, "trip_id", .string), .init(5, "route_id", .string), .init(6, "direction_id", .uint32), .init(2, "start_time", .string),
                .init(3, "start_date", .string), .init(4, "schedule_relationship", .enumeration("TripScheduleRelationship")),
                .init(7, "modified_trip", .message("ModifiedTripSelector")),
            ]),
            .init("ModifiedTripSelector", [
                .init(1, "modifications_id", .string), .init(2, "affected_trip_id", .string), .init(3, "start_time", .string),
                .init(4, "start_date", .string),
            ]),
            .init("VehicleDescriptor", [
                .init(1, "id", .string), .init(2, "label", .string), .init(3, "license_plate", .string),
                .init(4, "wheelchair_accessible", .enumeration("WheelchairAccessible")),
            ]),
            .init("VehiclePosition", [
                .init(1, "trip", .message("TripDescriptor")), .init(8, "vehicle", .message("VehicleDescriptor")),
                .init(2, "position", .message("Position")), .init(3, "current_stop_sequence", .uint32), .init(7, "stop_id", .string),
                .init(4, "current_status", .enumeration("VehicleStopStatus")), .init(5, "timestamp", .uint64),
                .init(6, "congestion_level", .enumeration("CongestionLevel")), .init(9, "occupancy_status", .enumeration("OccupancyStatus")),
                .init(10, "occupancy_percentage", .uint32), .init(11, "multi_carriage_details", .message("CarriageDetails")),
            ]),
            .init("CarriageDetails", [
                .init(1, "id", .string), .init(2, "label", .string), .init(3, "occupancy_status", .enumeration("OccupancyStatus")),
                .init(4, "occupancy_percentage", .int32), .init(5, "carriage_sequence", .uint32),
            ]),
            .init("Position", [
                .init(1, "latitude", .float), .init(2, "longitude", .float), .init(3, "bearing", .float), .init(4, "odometer", .double),
                .init(5, "speed", .float),
            ]),
            .init("Alert", [
                .init(1, "active_period", .message("TimeRange")), .init(2, "communication_period", .message("TimeRange")),
                .init(3, "impact_period", .message("TimeRange")), .init(5, "informed_entity", .message("EntitySelector")),
                .init(6, "cause", .enumeration("Cause")), .init(7, "effect", .enumeration("Effect")),
                .init(8, "url", .message("TranslatedString")), .init(10, "header_text", .message("TranslatedString")),
                .init(11, "description_text", .message("TranslatedString")), .init(12, "tts_header_text", .message("TranslatedString")),
                .init(13, "tts_description_text", .message("TranslatedString")), .init(14, "severity_level", .enumeration("SeverityLevel")),
                .init(15, "image", .message("TranslatedImage")), .init(16, "image_alternative_text", .message("TranslatedString")),
                .init(17, "cause_detail", .message("TranslatedString")), .init(18, "effect_detail", .message("TranslatedString")),
            ]),
            .init("TimeRange", [.init(1, "start", .uint64), .init(2, "end", .uint64)]),
            .init("EntitySelector", [
                .init(1, "agency_id", .string), .init(2, "route_id", .string), .init(3, "route_type", .int32),
                .init(4, "trip", .message("TripDescriptor")), .init(5, "stop_id", .string), .init(6, "direction_id", .uint32),
            ]),
            .init("TranslatedString", [.init(1, "translation", .message("Translation"))]),
            .init("Translation", [.init(1, "text", .string), .init(2, "language", .string)]),
            .init("TranslatedImage", [.init(1, "localized_image", .message("LocalizedImage"))]),
            .init("LocalizedImage", [.init(1, "url", .string), .init(2, "media_type", .string), .init(3, "language", .string)]),
        ],
        enumerations: [
            .init("Incrementality", ["FULL_DATASET": 0, "DIFFERENTIAL": 1]),
            .init("StopTimeScheduleRelationship", ["SCHEDULED": 0, "SKIPPED": 1, "NO_DATA": 2, "UNSCHEDULED": 3]),
            .init("DropOffPickupType", ["REGULAR": 0, "NONE": 1, "PHONE_AGENCY": 2, "COORDINATE_WITH_DRIVER": 3]),
            .init("TripScheduleRelationship", [
                "SCHEDULED": 0, "ADDED": 1, "UNSCHEDULED": 2, "CANCELED": 3, "REPLACEMENT": 5, "DUPLICATED": 6, "DELETED": 7, "NEW": 8,
            ]),
            .init("WheelchairAccessible", ["NO_VALUE": 0, "UNKNOWN": 1, "WHEELCHAIR_ACCESSIBLE": 2, "WHEELCHAIR_INACCESSIBLE": 3]),
            .init("VehicleStopStatus", ["INCOMING_AT": 0, "STOPPED_AT": 1, "IN_TRANSIT_TO": 2]),
            .init("CongestionLevel", [
                "UNKNOWN_CONGESTION_LEVEL": 0, "RUNNING_SMOOTHLY": 1, "STOP_AND_GO": 2, "CONGESTION": 3, "SEVERE_CONGESTION": 4,
            ]),
            .init("OccupancyStatus", [
                "EMPTY": 0, "MANY_SEATS_AVAILABLE": 1, "FEW_SEATS_AVAILABLE": 2, "STANDING_ROOM_ONLY": 3, "CRUSHED_STANDING_ROOM_ONLY": 4,
                "FULL": 5, "NOT_ACCEPTING_PASSENGERS": 6, "NO_DATA_AVAILABLE": 7, "NOT_BOARDABLE": 8,
            ]),
            .init("Cause", [
                "UNKNOWN_CAUSE": 1, "OTHER_CAUSE": 2, "TECHNICAL_PROBLEM": 3, "STRIKE": 4, "DEMONSTRATION": 5, "ACCIDENT": 6, "HOLIDAY": 7,
                "WEATHER": 8, "MAINTENANCE": 9, "CONSTRUCTION": 10, "POLICE_ACTIVITY": 11, "MEDICAL_EMERGENCY": 12, "SPECIAL_EVENT": 13,
            ]),
            .init("Effect", [
                "NO_SERVICE": 1, "REDUCED_SERVICE": 2, "SIGNIFICANT_DELAYS": 3, "DETOUR": 4, "ADDITIONAL_SERVICE": 5, "MODIFIED_SERVICE": 6,
                "OTHER_EFFECT": 7, "UNKNOWN_EFFECT": 8, "STOP_MOVED": 9, "NO_EFFECT": 10, "ACCESSIBILITY_ISSUE": 11,
            ]),
            .init("SeverityLevel", ["UNKNOWN_SEVERITY": 1, "INFO": 2, "WARNING": 3, "SEVERE": 4]),
        ])
}
