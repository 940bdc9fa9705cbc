#include "ParseArena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Every block is preceded by a 16-byte header: the size asked for, then TAG.
 *
 * glibc's malloc keeps a chunk's size in the 8 bytes before the pointer it returns: a multiple of
 * 16 with flags in bits 0 to 2, so bit 3 is clear there, for heap and mmap chunks alike. TAG has
 * bit 3 set, so the 8 bytes before a block of malloc's never read as TAG, and the hooks can tell
 * the two apart from the pointer alone. */
#define HEADER 16
#define TAG UINT64_C(0x9A7E4A2EB0C1A5EF)
#define SMALLEST_CHUNK ((size_t)4 << 10)
#define LARGEST_FIRST_CHUNK ((size_t)1 << 20)
#define LARGEST_CHUNK ((size_t)4 << 20)

typedef struct chunk {
    struct chunk *next;
    /* Bytes after this header, and how many of them are taken. */
    size_t size;
    size_t used;
    /* Keeps the header 32 bytes, so blocks start 16-byte aligned as malloc's do. */
    size_t padding;
} chunk;

struct parse_arena {
    /* Blocks are taken from the head; the chunks behind it are full or hold one large block. */
    chunk *head;
    size_t next_size;
    size_t reserved;
    size_t blocks;
    size_t taken;
};

static _Thread_local parse_arena *current;

static size_t round_up(size_t size) { return (size + 15) & ~(size_t)15; }

static unsigned char *start_of(chunk *c) { return (unsigned char *)(c + 1); }

/* A new chunk with room for `need` bytes. A request large for the chunks of the moment gets a
 * chunk of its own behind the head, so the head's free room is not given up for it. */
static chunk *add_chunk(parse_arena *arena, size_t need) {
    int alone = arena->head != NULL && need > arena->next_size / 4;
    size_t size = alone || need > arena->next_size ? need : arena->next_size;
    chunk *c = malloc(sizeof(chunk) + size);
    if (c == NULL) return NULL;
    c->size = size;
    c->used = 0;
    arena->reserved += sizeof(chunk) + size;
    if (alone) {
        c->next = arena->head->next;
        arena->head->next = c;
    } else {
        c->next = arena->head;
        arena->head = c;
        if (arena->next_size < LARGEST_CHUNK) arena->next_size *= 2;
    }
    return c;
}

static void *take(parse_arena *arena, size_t size) {
    if (size > SIZE_MAX / 4) return NULL;
    size_t need = HEADER + round_up(size);
    chunk *c = arena->head;
    if (c == NULL || c->size - c->used < need) {
        c = add_chunk(arena, need);
        if (c == NULL) return NULL;
    }
    unsigned char *block = start_of(c) + c->used;
    c->used += need;
    uint64_t *header = (uint64_t *)block;
    header[0] = size;
    header[1] = TAG;
    arena->blocks += 1;
    arena->taken += need;
    return block + HEADER;
}

/* The offset of the block whose header is at `block` in the head chunk of `arena`, when it is the
 * last block taken from it (so it can grow, shrink or be given back in place); -1 otherwise. */
static long top_offset(parse_arena *arena, unsigned char *block, size_t size) {
    if (arena == NULL || arena->head == NULL) return -1;
    chunk *c = arena->head;
    uintptr_t start = (uintptr_t)start_of(c), at = (uintptr_t)block;
    if (at < start || at - start + HEADER + round_up(size) != c->used) return -1;
    return (long)(at - start);
}

parse_arena *parse_arena_create(size_t first_chunk) {
    parse_arena *arena = malloc(sizeof *arena);
    if (arena == NULL) return NULL;
    if (first_chunk < SMALLEST_CHUNK) first_chunk = SMALLEST_CHUNK;
    if (first_chunk > LARGEST_FIRST_CHUNK) first_chunk = LARGEST_FIRST_CHUNK;
    arena->head = NULL;
    arena->next_size = round_up(first_chunk);
    arena->reserved = 0;
    arena->blocks = 0;
    arena->taken = 0;
    return arena;
}

void parse_arena_destroy(parse_arena *arena) {
    if (arena == NULL) return;
    if (current == arena) current = NULL;
    chunk *c = arena->head;
    while (c != NULL) {
        chunk *next = c->next;
        free(c);
        c = next;
    }
    free(arena);
}

parse_arena *parse_arena_swap(parse_arena *arena) {
    parse_arena *previous = current;
    current = arena;
    return previous;
}

size_t parse_arena_reserved(const parse_arena *arena) { return arena->reserved; }

size_t parse_arena_blocks(const parse_arena *arena) { return arena->blocks; }

size_t parse_arena_taken(const parse_arena *arena) { return arena->taken; }

/* Reads the 8 bytes before a block of malloc's, which are its allocator's, not the block's: an
 * address sanitizer must not check this one read. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
__attribute__((no_sanitize("address")))
#endif
#endif
int parse_arena_owns(const void *pointer) {
    const uint64_t *tag = (const uint64_t *)((const unsigned char *)pointer - 8);
    return *tag == TAG;
}

void *parse_arena_malloc(size_t size) {
    parse_arena *arena = current;
    return arena != NULL ? take(arena, size) : malloc(size);
}

void parse_arena_free(void *pointer) {
    if (pointer == NULL) return;
    if (!parse_arena_owns(pointer)) {
        free(pointer);
        return;
    }
    /* The last block taken is given back; any other stays until the arena goes. */
    unsigned char *block = (unsigned char *)pointer - HEADER;
    parse_arena *arena = current;
    long offset = top_offset(arena, block, (size_t)((uint64_t *)block)[0]);
    if (offset >= 0) arena->head->used = (size_t)offset;
}

void *parse_arena_realloc(void *pointer, size_t size) {
    if (pointer == NULL) return parse_arena_malloc(size);
    /* malloc's block stays malloc's. */
    if (!parse_arena_owns(pointer)) return realloc(pointer, size);
    unsigned char *block = (unsigned char *)pointer - HEADER;
    uint64_t *header = (uint64_t *)block;
    size_t old = (size_t)header[0];
    parse_arena *arena = current;
    long offset = top_offset(arena, block, old);
    if (offset >= 0 && size <= SIZE_MAX / 4 && arena->head->size - (size_t)offset >= HEADER + round_up(size)) {
        if (round_up(size) > round_up(old)) arena->taken += round_up(size) - round_up(old);
        arena->head->used = (size_t)offset + HEADER + round_up(size);
        header[0] = size;
        return pointer;
    }
    /* Moved to the thread's arena, or to malloc outside one; the old block stays where it is. */
    void *moved = arena != NULL ? take(arena, size) : malloc(size);
    if (moved != NULL) memcpy(moved, pointer, old < size ? old : size);
    return moved;
}

char *parse_arena_strdup(const char *text) {
    if (text == NULL) return NULL;
    size_t length = strlen(text) + 1;
    char *copy = parse_arena_malloc(length);
    if (copy != NULL) memcpy(copy, text, length);
    return copy;
}
