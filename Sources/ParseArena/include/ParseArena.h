#ifndef PARSEARENA_H
#define PARSEARENA_H

#include <stddef.h>

/* Memory for one parsed document: libxml2's allocations while a document is parsed are taken,
 * in order, from a few large chunks, and given back all at once with the document.
 *
 * libxml2 allocates every node, name and text of a tree, and every buffer of its parser, one by
 * one; building and freeing a 44 KB HTML page makes thousands of malloc and free calls. While a
 * thread has an arena entered (parse_arena_swap), the four hooks below, installed with
 * xmlMemSetup, take that memory from the arena instead: an allocation is a pointer bump, a free
 * is nothing, and the chunks are freed together when the arena is destroyed.
 *
 * Outside an arena the hooks are malloc, realloc, free and strdup, and a hook can always tell an
 * arena's block from malloc's (see ParseArena.c), so memory may be allocated in one and freed
 * through the other. The one rule: nothing allocated in an arena may be used after
 * parse_arena_destroy. */

typedef struct parse_arena parse_arena;

/* An empty arena whose first chunk will hold `first_chunk` bytes (at least 4 KiB, at most
 * 1 MiB); NULL when out of memory. */
parse_arena *parse_arena_create(size_t first_chunk);

/* Frees the arena and every block allocated in it. */
void parse_arena_destroy(parse_arena *arena);

/* Makes `arena` (or NULL: none) the calling thread's, and returns the one it had. */
parse_arena *parse_arena_swap(parse_arena *arena);

/* Bytes the arena has taken from malloc for its chunks. */
size_t parse_arena_reserved(const parse_arena *arena);

/* Blocks allocated in the arena. */
size_t parse_arena_blocks(const parse_arena *arena);

/* Bytes of the blocks allocated in the arena, headers included, each at the largest size it had;
 * blocks given back still count. */
size_t parse_arena_taken(const parse_arena *arena);

/* Whether `pointer` is a block of some arena (rather than malloc's). */
int parse_arena_owns(const void *pointer);

/* The hooks, for xmlMemSetup(parse_arena_free, parse_arena_malloc, parse_arena_realloc,
 * parse_arena_strdup). */
void *parse_arena_malloc(size_t size);
void *parse_arena_realloc(void *pointer, size_t size);
void parse_arena_free(void *pointer);
char *parse_arena_strdup(const char *text);

#endif
