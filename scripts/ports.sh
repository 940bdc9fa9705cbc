# Sourced: the range of loopback ports for servers that restart on their port (scripts/with-redis.sh,
# scripts/cluster.sh; Tests/HTTPTesting/Redis/RedisServer.swift follows the same rule).
#
# The kernel hands out the ports of its ephemeral range (ip_local_port_range) to every listener on
# port 0 and to every outgoing connection, so a port of that range could be taken by another
# test's server or by a connection while its own server restarts. These ports lie outside it:
# the 12,000 below it, or, when fewer than 4,096 unprivileged ports lie below it, those above it.

# Prints "LOW HIGH" (HIGH excluded), or fails when neither side has room.
fixed_port_range() {
    local first=32768 last=60999
    [[ -r /proc/sys/net/ipv4/ip_local_port_range ]] && read -r first last </proc/sys/net/ipv4/ip_local_port_range
    if ((first - 1024 >= 4096)); then
        echo "$((first - 12000 > 1024 ? first - 12000 : 1024)) $first"
    elif ((65535 - last >= 4096)); then
        echo "$((last + 1)) $((last + 12001 < 65536 ? last + 12001 : 65536))"
    else
        echo "ports: no room outside the ephemeral range $first-$last for fixed ports" >&2
        return 1
    fi
}
