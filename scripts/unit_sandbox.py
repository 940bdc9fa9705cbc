#!/usr/bin/env python3
"""Runs a command under the seccomp filters a systemd unit's directives ask for, for a machine
where systemd is not PID 1 (a container, a build host) and `systemd-run -p …` cannot be used.

Usage: unit_sandbox.py UNIT_FILE COMMAND [ARGUMENT …]

From the unit's [Service] section it applies, as systemd 252 documents them (systemd.exec(5)):
- SystemCallFilter= (allow lists and `~` deny lists of names and @groups, in order; the groups
  expanded with `systemd-analyze syscall-filter`) with SystemCallErrorNumber= (else SIGSYS);
- SystemCallArchitectures=native (a libseccomp filter admits the native architecture only);
- MemoryDenyWriteExecute=yes: mmap with PROT_WRITE and PROT_EXEC, mprotect and pkey_mprotect
  with PROT_EXEC, and shmat with SHM_EXEC fail with EPERM;
- RestrictAddressFamilies= (an allow list): socket() of any other family fails with EAFNOSUPPORT;
- NoNewPrivileges= (always set: unprivileged seccomp needs it).
Each is its own filter; the kernel applies the strictest answer of all, as with systemd's.
The mount, namespace and user settings (ProtectSystem=, PrivateTmp=, CapabilityBoundingSet=, …)
are not emulated: run the command under `setpriv` for the user and capabilities.
"""
import ctypes
import errno
import os
import socket
import subprocess
import sys

SCMP_ACT_ALLOW = 0x7FFF0000
SCMP_ACT_KILL_PROCESS = 0x80000000
SCMP_CMP_EQ = 4
SCMP_CMP_MASKED_EQ = 7
PROT_WRITE, PROT_EXEC = 0x2, 0x4
SHM_EXEC = 0o100000


def act_errno(number):
    return 0x00050000 | (number & 0xFFFF)


class ArgCmp(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int), ("datum_a", ctypes.c_uint64), ("datum_b", ctypes.c_uint64)]


lib = ctypes.CDLL("libseccomp.so.2", use_errno=True)
lib.seccomp_init.restype = ctypes.c_void_p
lib.seccomp_init.argtypes = [ctypes.c_uint32]
lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint, ctypes.POINTER(ArgCmp)]
lib.seccomp_load.argtypes = [ctypes.c_void_p]


def service_settings(path):
    """The [Service] section's `Name=value` lines, in order, as (name, value) pairs."""
    settings, section = [], None
    with open(path, encoding="utf-8") as unit:
        for line in unit:
            line = line.strip()
            if not line or line[0] in "#;":
                continue
            if line.startswith("["):
                section = line
            elif section == "[Service]" and "=" in line:
                name, value = line.split("=", 1)
                settings.append((name.strip(), value.strip()))
    return settings


groups = {}


def expand(name):
    """The system call names of a name or @group, nested groups expanded."""
    if not name.startswith("@"):
        return {name}
    if name not in groups:
        out = subprocess.run(["systemd-analyze", "syscall-filter", name], check=True, capture_output=True, text=True).stdout
        names = set()
        for line in out.splitlines()[1:]:
            item = line.strip()
            if item and not item.startswith("#"):
                names |= expand(item)
        groups[name] = names
    return groups[name]


def syscall(name):
    number = lib.seccomp_syscall_resolve_name(name.encode())
    return number if number >= 0 else None


def add(ctx, action, name, *comparisons):
    number = syscall(name)
    if number is None:
        return
    array = (ArgCmp * max(1, len(comparisons)))(*comparisons)
    rc = lib.seccomp_rule_add_array(ctx, action, number, len(comparisons), array)
    if rc != 0:
        sys.exit(f"unit_sandbox: rule for {name}: {os.strerror(-rc)}")


def load(ctx, what):
    rc = lib.seccomp_load(ctx)
    if rc != 0:
        sys.exit(f"unit_sandbox: loading the {what} filter: {os.strerror(-rc)}")


def system_call_filter(settings):
    """SystemCallFilter= lines: the first decides allow or deny list; later ones add or remove."""
    allowed, denied, mode = set(), set(), None
    for name, value in settings:
        if name != "SystemCallFilter":
            continue
        if not value:
            allowed, denied, mode = set(), set(), None
            continue
        invert = value.startswith("~")
        names = set().union(*(expand(item.split(":")[0]) for item in value.lstrip("~").split()))
        if mode is None:
            mode = "deny" if invert else "allow"
        if mode == "allow":
            allowed = allowed - names if invert else allowed | names
        else:
            denied = denied | names if invert else denied - names
    return mode, allowed, denied


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    settings = service_settings(sys.argv[1])
    value = {name: setting for name, setting in settings}
    failure = SCMP_ACT_KILL_PROCESS
    if value.get("SystemCallErrorNumber"):
        failure = act_errno(getattr(errno, value["SystemCallErrorNumber"]))
    applied = []
    # Before any filter is loaded: the groups are read from systemd-analyze.
    mode, allowed, denied = system_call_filter(settings)

    if value.get("MemoryDenyWriteExecute", "").lower() in ("yes", "true", "1", "on"):
        ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
        both = PROT_WRITE | PROT_EXEC
        add(ctx, act_errno(errno.EPERM), "mmap", ArgCmp(2, SCMP_CMP_MASKED_EQ, both, both))
        add(ctx, act_errno(errno.EPERM), "mprotect", ArgCmp(2, SCMP_CMP_MASKED_EQ, PROT_EXEC, PROT_EXEC))
        add(ctx, act_errno(errno.EPERM), "pkey_mprotect", ArgCmp(2, SCMP_CMP_MASKED_EQ, PROT_EXEC, PROT_EXEC))
        add(ctx, act_errno(errno.EPERM), "shmat", ArgCmp(2, SCMP_CMP_MASKED_EQ, SHM_EXEC, SHM_EXEC))
        load(ctx, "MemoryDenyWriteExecute")
        applied.append("MemoryDenyWriteExecute")

    families = value.get("RestrictAddressFamilies", "")
    if families and not families.startswith("~") and families != "none":
        kept = {getattr(socket, name) for name in families.split()}
        ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
        for family in range(0, 64):
            if family not in kept:
                add(ctx, act_errno(errno.EAFNOSUPPORT), "socket", ArgCmp(0, SCMP_CMP_EQ, family, 0))
        load(ctx, "RestrictAddressFamilies")
        applied.append(f"RestrictAddressFamilies ({families})")

    # Last: an allow list may leave out what loading another filter takes.
    if mode == "allow":
        # execve must stay allowed for the command itself to start (systemd installs its filter
        # just before it); @default holds it.
        ctx = lib.seccomp_init(failure)
        for name in sorted(allowed | {"execve"}):
            add(ctx, SCMP_ACT_ALLOW, name)
        load(ctx, "SystemCallFilter")
        applied.append(f"SystemCallFilter (allow {len(allowed)} names)")
    elif mode == "deny":
        ctx = lib.seccomp_init(SCMP_ACT_ALLOW)
        for name in sorted(denied - {"execve"}):
            add(ctx, failure, name)
        load(ctx, "SystemCallFilter")
        applied.append(f"SystemCallFilter (deny {len(denied)} names)")

    print("unit_sandbox: " + "; ".join(applied or ["nothing to apply"]), file=sys.stderr, flush=True)
    os.execvp(sys.argv[2], sys.argv[2:])


if __name__ == "__main__":
    main()
