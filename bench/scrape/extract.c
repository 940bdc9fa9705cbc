/*
 * Raw libxml2 baseline for bench/scrape.sh: the work GottaGo's engine does for a route, without
 * the engine. It MIRRORS Routes/hafas-extxml-connections/route.xml and
 * Routes/bahn-mobile-connections/route.xml: the same error-rule conditions (evaluated as booleans
 * first), record `each` expressions and field XPaths, in the same order; when a route file
 * changes, change the tables below (and bench/scrape/extract_lxml.py) too. bench/scrape.sh fails
 * when the record counts printed here differ from ScrapeBench's.
 *
 *   cc -O2 -o extract extract.c $(pkg-config --cflags --libs libxml-2.0)
 *   extract ROUTE-ID FILE ITERATIONS [--warmup N]
 *
 * Per iteration, as Extractor.run does: parse with the parser and options Markup.Document uses
 * (HTML: htmlCtxtReadMemory; XML: xmlCtxtReadMemory with entity declarations ignored; both with
 * the encoding the engine resolves for these ISO-8859-1 documents: "windows-1252", narrowed to
 * libxml2's own "ISO-8859-1" decoder when no byte is in 0x80-0x9F, where the two differ), one
 * XPath context, the error rules' conditions cast to booleans, then for each record node (up to
 * the route's limit) each field's expression evaluated at that node, and every string it yields
 * copied out (xmlXPathCastNodeToString per node, or the string/number/boolean result) and freed;
 * a record whose required field has no non-blank value is dropped, as the engine drops it.
 * Expressions are compiled once, up front. There are no normalizers here: that is the point of
 * the comparison.
 *
 * Prints the same `key: value` lines as ScrapeBench, `strings` (values copied out per iteration)
 * in place of `values` (normalized values), `summary` with the records per list, and
 * `expressions`, the count and hash of the expressions below, which must equal ScrapeBench's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlversion.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

typedef struct Field {
    const char *name;
    const char *xpath;
    int required;
    xmlXPathCompExprPtr compiled;
} Field;

/* A record list: `each` selects the record nodes, then its fields, then (as both route files
 * declare them) the nested record list after the fields. */
typedef struct Spec {
    const char *list;
    const char *each;
    int limit;
    Field *fields;
    struct Spec *nested;
    xmlXPathCompExprPtr compiled;
    int count; /* records kept in this iteration */
} Spec;

typedef struct Rule {
    const char *code;
    const char *when;
    const char *message_xpath; /* NULL when the message is fixed */
    Spec *records;             /* detail records, NULL when none */
    xmlXPathCompExprPtr compiled, message_compiled;
} Rule;

typedef struct Route {
    const char *id;
    int html;
    Rule unparsable; /* the <unparsable> code: a document that does not parse */
    Rule *rules;
    Spec *records;
} Route;

#define END_FIELDS {NULL, NULL, 0, NULL}
#define END_RULES {NULL, NULL, NULL, NULL, NULL, NULL}

/* --- Routes/hafas-extxml-connections/route.xml ------------------------------------------------ */

static Field hafas_part_fields[] = {
    {"departure", "Departure/BasicStop/Dep/Time", 1, NULL},
    {"arrival", "Arrival/BasicStop/Arr/Time", 1, NULL},
    {"from", "Departure/BasicStop/Station/@name", 0, NULL},
    {"from_id", "Departure/BasicStop/Station/@externalStationNr", 0, NULL},
    {"from_lat", "Departure/BasicStop/Station/@y", 0, NULL},
    {"from_lon", "Departure/BasicStop/Station/@x", 0, NULL},
    {"to", "Arrival/BasicStop/Station/@name", 0, NULL},
    {"to_id", "Arrival/BasicStop/Station/@externalStationNr", 0, NULL},
    {"trackfrom", "Departure/BasicStop/Dep/Platform/Text", 0, NULL},
    {"trackto", "Arrival/BasicStop/Arr/Platform/Text", 0, NULL},
    {"vehicle",
     "concat(Journey/JourneyAttributeList/JourneyAttribute/Attribute[@type='CATEGORY']/@code, "
     "substring('walk', 1, 4 * boolean(Walk)))",
     0, NULL},
    {"category", "Journey/JourneyAttributeList/JourneyAttribute/Attribute[@type='CATEGORY']/AttributeVariant[@type='NORMAL']/Text", 0, NULL},
    {"line", "Journey/JourneyAttributeList/JourneyAttribute/Attribute[@type='NAME']/AttributeVariant[@type='NORMAL']/Text", 0, NULL},
    {"direction", "Journey/JourneyAttributeList/JourneyAttribute/Attribute[@type='DIRECTION']/AttributeVariant[@type='NORMAL']/Text", 0, NULL},
    {"operator", "Journey/JourneyAttributeList/JourneyAttribute/Attribute[@type='OPERATOR']/AttributeVariant[@type='NORMAL']/Text", 0, NULL},
    {"walk_duration", "Walk/Duration/Time", 0, NULL},
    {"walk_metres", "Walk/@length", 0, NULL},
    {"departure_prognosis", "Departure/BasicStop/StopPrognosis/Dep/Time", 0, NULL},
    {"arrival_prognosis", "Arrival/BasicStop/StopPrognosis/Arr/Time", 0, NULL},
    END_FIELDS,
};
static Spec hafas_parts = {"parts", "ConSectionList/ConSection", 1 << 30, hafas_part_fields, NULL, NULL, 0};

static Field hafas_connection_fields[] = {
    {"date", "Overview/Date", 1, NULL},
    {"departure", "Overview/Departure/BasicStop/Dep/Time", 1, NULL},
    {"span", "Overview/Duration/Time", 0, NULL},
    {"arrival", "Overview/Arrival/BasicStop/Arr/Time", 1, NULL},
    {"from", "Overview/Departure/BasicStop/Station/@name", 0, NULL},
    {"to", "Overview/Arrival/BasicStop/Station/@name", 0, NULL},
    {"duration", "Overview/Duration/Time", 0, NULL},
    {"transfers", "Overview/Transfers", 0, NULL},
    {"products", "Overview/Products/Product/@cat", 0, NULL},
    END_FIELDS,
};
static Spec hafas_connections = {
    "connections", "/ResC/ConRes/ConnectionList/Connection", 64, hafas_connection_fields, &hafas_parts, NULL, 0};

static Rule hafas_rules[] = {
    {"no_connections", "(/ResC/Err | /ResC/ConRes/Err)[@code='K890' or @code='K891']", NULL, NULL, NULL, NULL},
    {"stations_too_close", "(/ResC/Err | /ResC/ConRes/Err)[@code='K9380' or @code='K895']", NULL, NULL, NULL, NULL},
    {"unknown_station", "(/ResC/Err | /ResC/ConRes/Err)[@code='K9260' or @code='K9300' or @code='K9280' or @code='K9220']",
     "concat('The timetable server does not know the station (', (/ResC/Err | /ResC/ConRes/Err)[1]/@code, ').')", NULL, NULL,
     NULL},
    {"upstream_error", "/ResC/Err | /ResC/ConRes/Err",
     "concat('The timetable server failed: ', normalize-space((/ResC/Err | /ResC/ConRes/Err)[1]/@text), ' (', "
     "(/ResC/Err | /ResC/ConRes/Err)[1]/@code, ').')",
     NULL, NULL, NULL},
    END_RULES,
};

/* --- Routes/bahn-mobile-connections/route.xml ------------------------------------------------- */

static Field bahn_candidate_fields[] = {
    {"name", ".", 1, NULL},
    {"key", "@value", 0, NULL},
    {"role", "../@name", 0, NULL},
    END_FIELDS,
};
static Spec bahn_candidates = {
    "candidates", "//select[starts-with(@name,'REQ0JourneyStops')]/option", 50, bahn_candidate_fields, NULL, NULL, 0};

static Field bahn_connection_fields[] = {
    {"departure", "(td[contains(@class,'timelink')]//span[@class='bold'])[1]", 1, NULL},
    {"arrival", "(td[contains(@class,'timelink')]//span[@class='bold'])[2]", 1, NULL},
    {"transfers", "td[3]/text()[1]", 0, NULL},
    {"duration", "td[3]/text()[2]", 0, NULL},
    {"products", "td[contains(@class,'iphonepfeil')]/text()[1]", 0, NULL},
    {"realtime", "contains(@class,'liveCon')", 0, NULL},
    {"detail_session", "substring-before(substring-after(concat(td[contains(@class,'timelink')]/a/@href, '&'), '&i='), '&')", 0, NULL},
    {"detail_connection", "substring-before(substring-after(concat(td[contains(@class,'timelink')]/a/@href, '&'), '&co='), '&')", 0, NULL},
    {"detail_link", "td[contains(@class,'timelink')]/a/@href", 0, NULL},
    END_FIELDS,
};
static Spec bahn_connections = {
    "connections", "//table[contains(@class,'ovTable')]//tr[contains(@class,'ovConLine')]", 32, bahn_connection_fields,
    NULL, NULL, 0};

static Rule bahn_rules[] = {
    {"ambiguous_station", "//div[contains(@class,'errormsg')][contains(., 'nicht eindeutig')]", NULL, &bahn_candidates, NULL,
     NULL},
    {"no_connections", "//div[contains(@class,'errormsg')][contains(., 'keine Verbindung') or contains(., 'kein Weg')]", NULL,
     NULL, NULL, NULL},
    {"upstream_error", "//div[contains(@class,'errormsg')]",
     "concat('The timetable server refused the request: ', normalize-space(//div[contains(@class,'errormsg')][1]))", NULL, NULL,
     NULL},
    END_RULES,
};

static Route routes[] = {
    {"hafas-extxml-connections", 0, {"upstream_error", NULL, NULL, NULL, NULL, NULL}, hafas_rules, &hafas_connections},
    {"bahn-mobile-connections", 1, {"upstream_error", NULL, NULL, NULL, NULL, NULL}, bahn_rules, &bahn_connections},
};

/* --- evaluation -------------------------------------------------------------------------------- */

/* Every string copied out in one iteration, one after another; reset per iteration. */
static char *arena;
static size_t arena_used, arena_size;
static long strings_copied;

static void fail(const char *message, const char *detail) {
    fprintf(stderr, "extract: %s%s%s\n", message, detail ? ": " : "", detail ? detail : "");
    exit(2);
}

/* Copies one value out; returns whether it is non-blank (the engine ignores blank values). */
static int keep(const xmlChar *text) {
    size_t length = strlen((const char *)text);
    if (arena_used + length + 1 > arena_size) {
        while (arena_used + length + 1 > arena_size) arena_size = arena_size ? arena_size * 2 : 1 << 16;
        arena = realloc(arena, arena_size);
        if (!arena) fail("out of memory", NULL);
    }
    memcpy(arena + arena_used, text, length + 1);
    arena_used += length + 1;
    strings_copied++;
    for (size_t i = 0; i < length; i++) {
        unsigned char c = text[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v') return 1;
    }
    return 0;
}

static xmlXPathObjectPtr evaluate(xmlXPathContextPtr context, xmlXPathCompExprPtr expression, xmlNodePtr node) {
    context->node = node;
    xmlXPathObjectPtr result = xmlXPathCompiledEval(expression, context);
    if (!result) fail("XPath evaluation failed", NULL);
    return result;
}

/* Copies out every string a field's expression yields; returns how many are non-blank. */
static int field_values(xmlXPathContextPtr context, Field *field, xmlNodePtr node) {
    xmlXPathObjectPtr result = evaluate(context, field->compiled, node);
    int found = 0;
    switch (result->type) {
    case XPATH_NODESET:
        if (result->nodesetval) {
            for (int i = 0; i < result->nodesetval->nodeNr; i++) {
                xmlChar *text = xmlXPathCastNodeToString(result->nodesetval->nodeTab[i]);
                if (text) {
                    found += keep(text);
                    xmlFree(text);
                }
            }
        }
        break;
    case XPATH_STRING:
        found += keep(result->stringval ? result->stringval : BAD_CAST "");
        break;
    case XPATH_NUMBER: {
        xmlChar *text = xmlXPathCastNumberToString(result->floatval);
        if (text) {
            found += keep(text);
            xmlFree(text);
        }
        break;
    }
    case XPATH_BOOLEAN:
        found += keep(BAD_CAST(result->boolval ? "true" : "false"));
        break;
    default:
        break;
    }
    xmlXPathFreeObject(result);
    return found;
}

static void records(xmlXPathContextPtr context, Spec *spec, xmlNodePtr at) {
    xmlXPathObjectPtr result = evaluate(context, spec->compiled, at);
    if (result->type != XPATH_NODESET) fail("record expression does not select nodes", spec->each);
    int count = result->nodesetval ? result->nodesetval->nodeNr : 0;
    /* The record nodes are copied out and the result freed before the fields are evaluated, as
     * the engine does. */
    xmlNodePtr *nodes = count ? malloc(sizeof(xmlNodePtr) * (size_t)count) : NULL;
    if (count && !nodes) fail("out of memory", NULL);
    if (count) memcpy(nodes, result->nodesetval->nodeTab, sizeof(xmlNodePtr) * (size_t)count);
    xmlXPathFreeObject(result);
    int kept = 0;
    for (int i = 0; i < count && kept < spec->limit; i++) {
        int dropped = 0;
        for (Field *field = spec->fields; field->name; field++) {
            if (field_values(context, field, nodes[i]) == 0 && field->required) {
                dropped = 1;
                break;
            }
        }
        if (dropped) continue;
        if (spec->nested) records(context, spec->nested, nodes[i]);
        kept++;
    }
    free(nodes);
    spec->count += kept;
}

static void reset_counts(Spec *spec) {
    for (; spec; spec = spec->nested) spec->count = 0;
}

static void ignore_entity(void *context, const xmlChar *name, int type, const xmlChar *public_id, const xmlChar *system_id,
                          xmlChar *content) {
    (void)context, (void)name, (void)type, (void)public_id, (void)system_id, (void)content;
}

static void ignore_unparsed_entity(void *context, const xmlChar *name, const xmlChar *public_id, const xmlChar *system_id,
                                   const xmlChar *notation) {
    (void)context, (void)name, (void)public_id, (void)system_id, (void)notation;
}

/* The engine's choice for a document declared ISO-8859-1 (Markup's Charset.narrowed). */
static const char *encoding_for(const char *bytes, int length) {
    for (int i = 0; i < length; i++) {
        unsigned char byte = (unsigned char)bytes[i];
        if (byte >= 0x80 && byte < 0xA0) return "windows-1252";
    }
    return "ISO-8859-1";
}

/* One extraction; returns the rule that matched, or NULL. */
static Rule *extract(Route *route, const char *bytes, int length) {
    const char *encoding = encoding_for(bytes, length);
    arena_used = 0;
    strings_copied = 0;
    reset_counts(route->records);
    xmlDocPtr document;
    if (route->html) {
        htmlParserCtxtPtr parser = htmlNewParserCtxt();
        if (!parser) fail("htmlNewParserCtxt failed", NULL);
        document = htmlCtxtReadMemory(parser, bytes, length, NULL, encoding,
                                      HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                                          HTML_PARSE_IGNORE_ENC | HTML_PARSE_COMPACT);
        htmlFreeParserCtxt(parser);
    } else {
        xmlParserCtxtPtr parser = xmlNewParserCtxt();
        if (!parser) fail("xmlNewParserCtxt failed", NULL);
        /* As Markup.Document: entity declarations are dropped. */
        parser->sax->entityDecl = ignore_entity;
        parser->sax->unparsedEntityDecl = ignore_unparsed_entity;
        document = xmlCtxtReadMemory(parser, bytes, length, NULL, encoding,
                                     XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA |
                                         XML_PARSE_COMPACT | XML_PARSE_IGNORE_ENC);
        if (document && !parser->wellFormed) {
            xmlFreeDoc(document);
            document = NULL;
        }
        xmlFreeParserCtxt(parser);
    }
    if (!document) return &route->unparsable;
    xmlXPathContextPtr context = xmlXPathNewContext(document);
    if (!context) fail("xmlXPathNewContext failed", NULL);
    xmlNodePtr top = (xmlNodePtr)document;
    Rule *matched = NULL;
    for (Rule *rule = route->rules; rule->code; rule++) {
        xmlXPathObjectPtr result = evaluate(context, rule->compiled, top);
        int hit = xmlXPathCastToBoolean(result);
        xmlXPathFreeObject(result);
        if (!hit) continue;
        matched = rule;
        if (rule->message_compiled) {
            Field message = {"message", rule->message_xpath, 0, rule->message_compiled};
            field_values(context, &message, top);
        }
        if (rule->records) {
            reset_counts(rule->records);
            records(context, rule->records, top);
        }
        break;
    }
    if (!matched) records(context, route->records, top);
    xmlXPathFreeContext(context);
    xmlFreeDoc(document);
    return matched;
}

static xmlXPathCompExprPtr compile(const char *source) {
    xmlXPathCompExprPtr compiled = xmlXPathCompile(BAD_CAST source);
    if (!compiled) fail("XPath does not compile", source);
    return compiled;
}

static void compile_spec(Spec *spec) {
    for (; spec; spec = spec->nested) {
        spec->compiled = compile(spec->each);
        for (Field *field = spec->fields; field->name; field++) field->compiled = compile(field->xpath);
    }
}

static int total_records(Spec *spec) {
    int total = 0;
    for (; spec; spec = spec->nested) total += spec->count;
    return total;
}

/* `connections=5 connections/parts=5`: a nested list is listed when its parent has records. */
static void print_lists(Spec *spec, int first) {
    char path[256] = "";
    for (; spec; spec = spec->nested) {
        size_t used = strlen(path);
        snprintf(path + used, sizeof path - used, "%s%s", used ? "/" : "", spec->list);
        printf("%s%s=%d", first ? "" : " ", path, spec->count);
        first = 0;
        if (spec->count == 0) break;
    }
}

/* The route's expressions in evaluation order, hashed as ScrapeBench's ExpressionDigest does
 * (64-bit FNV-1a over each source and a line feed), so that bench/scrape.sh can check that these
 * tables still mirror the route file. */
typedef struct Digest {
    int count;
    unsigned long long hash;
} Digest;

static void digest_add(Digest *digest, const char *source) {
    digest->count++;
    for (const unsigned char *byte = (const unsigned char *)source; *byte; byte++) {
        digest->hash = (digest->hash ^ *byte) * 0x100000001b3ULL;
    }
    digest->hash = (digest->hash ^ '\n') * 0x100000001b3ULL;
}

static void digest_spec(Digest *digest, Spec *spec) {
    for (; spec; spec = spec->nested) {
        digest_add(digest, spec->each);
        for (Field *field = spec->fields; field->name; field++) digest_add(digest, field->xpath);
    }
}

static Digest route_digest(Route *route) {
    Digest digest = {0, 0xcbf29ce484222325ULL};
    for (Rule *rule = route->rules; rule->code; rule++) {
        digest_add(&digest, rule->when);
        if (rule->message_xpath) digest_add(&digest, rule->message_xpath);
        digest_spec(&digest, rule->records);
    }
    digest_spec(&digest, route->records);
    return digest;
}

static unsigned long long now_ns(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (unsigned long long)time.tv_sec * 1000000000ULL + (unsigned long long)time.tv_nsec;
}

static char *read_file(const char *path, long *length) {
    FILE *file = fopen(path, "rb");
    if (!file) fail("cannot open", path);
    if (fseek(file, 0, SEEK_END) != 0 || (*length = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0) fail("cannot size", path);
    char *bytes = malloc((size_t)*length + 1);
    if (!bytes || fread(bytes, 1, (size_t)*length, file) != (size_t)*length) fail("cannot read", path);
    fclose(file);
    return bytes;
}

int main(int argc, char **argv) {
    const char *usage = "usage: extract ROUTE-ID FILE ITERATIONS [--warmup N]";
    long warmup = 0;
    if (argc == 6 && strcmp(argv[4], "--warmup") == 0) {
        warmup = strtol(argv[5], NULL, 10);
    } else if (argc != 4) {
        fail(usage, NULL);
    }
    long iterations = strtol(argv[3], NULL, 10);
    if (iterations < 1 || warmup < 0) fail(usage, NULL);
    Route *route = NULL;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        if (strcmp(routes[i].id, argv[1]) == 0) route = &routes[i];
    }
    if (!route) fail("no such route (this program mirrors two)", argv[1]);

    xmlInitParser();
    LIBXML_TEST_VERSION
    long length;
    char *bytes = read_file(argv[2], &length);
    for (Rule *rule = route->rules; rule->code; rule++) {
        rule->compiled = compile(rule->when);
        if (rule->message_xpath) rule->message_compiled = compile(rule->message_xpath);
        if (rule->records) compile_spec(rule->records);
    }
    compile_spec(route->records);

    for (long i = 0; i < warmup; i++) extract(route, bytes, (int)length);
    Rule *matched = NULL;
    unsigned long long start = now_ns();
    for (long i = 0; i < iterations; i++) matched = extract(route, bytes, (int)length);
    unsigned long long elapsed = now_ns() - start;

    Spec *lists = matched ? matched->records : route->records;
    printf("route: %s\n", route->id);
    printf("bytes: %ld\n", length);
    printf("iterations: %ld\n", iterations);
    printf("per-iteration-ns: %llu\n", elapsed / (unsigned long long)iterations);
    printf("records: %d\n", total_records(lists));
    printf("strings: %ld\n", strings_copied);
    printf("summary: ");
    if (matched) {
        printf("error=%s", matched->code);
        if (matched->records) print_lists(matched->records, 0);
    } else {
        print_lists(route->records, 1);
    }
    printf("\n");
    Digest digest = route_digest(route);
    printf("expressions: %d %016llx\n", digest.count, digest.hash);
    printf("libxml2: %s\n", xmlParserVersion);
    free(bytes);
    free(arena);
    return 0;
}
