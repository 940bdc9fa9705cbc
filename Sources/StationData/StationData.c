#include "StationData.h"

/* Defined in data.S. */
extern const unsigned char station_data_start[];
extern const unsigned char station_data_end[];
extern const char station_data_digest[];

const unsigned char *station_data_bytes(void) {
    return station_data_start;
}

size_t station_data_count(void) {
    return (size_t)(station_data_end - station_data_start);
}

const char *station_data_sha256(void) {
    return station_data_digest;
}
