#ifndef CHIREDIS_SHIM_H
#define CHIREDIS_SHIM_H

#include <hiredis/hiredis.h>

/* Commands go through redisCommandArgv (not the variadic redisCommand); replies are freed by their one owner. */
static inline redisReply *chiredis_command_argv(redisContext *context, int count, const char **arguments, const size_t *lengths) {
    return (redisReply *)redisCommandArgv(context, count, arguments, lengths);
}

#endif
