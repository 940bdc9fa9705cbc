#include "GazetteerData.h"

/* Defined in data.S. */
extern const unsigned char gazetteer_data_start[];
extern const unsigned char gazetteer_data_end[];
extern const char gazetteer_data_digest[];

const unsigned char *gazetteer_data_bytes(void) {
    return gazetteer_data_start;
}

size_t gazetteer_data_count(void) {
    return (size_t)(gazetteer_data_end - gazetteer_data_start);
}

const char *gazetteer_data_sha256(void) {
    return gazetteer_data_digest;
}
