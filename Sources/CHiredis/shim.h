#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H

#include <hiredis/hiredis.h>

/* Commands go through redisCommandArgv (not the variadic redisCommand); replies are freed by their one owner. */
static inline redisReply *chiredis_command_argv(redisContext *context, int count, const char **arguments, const size_t *lengths) {
    return (redisReply *)redisCommandArgv(context, count, arguments, lengths);
}

/* The context's error text: errstr is a char array, which Swift sees as a 128-element tuple. */
static inline const char *chiredis_context_error(const redisContext *context) {
    return context->errstr;
}

#endif
