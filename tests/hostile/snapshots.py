"""§1 of hostile/REPORT.md: `check --replay` of hostile snapshot folders, each a copy of
tests/fixtures/mi300x-healthy (8 × MI300X) with one thing made hostile."""
import json
import os
import random
import shutil

import harness
from harness import SANITIZED

CASES, case = harness.registry()

KFD = "files/sys/class/kfd/kfd/topology/nodes"
PCI = "files/sys/bus/pci/devices"
CANARY = "CANARY_OUTSIDE_SNAPSHOT"
NODE1_PCI = "0000:05:00.0"   # the PCI device of KFD node 1 in the fixture
NOT_IN_KFD = b"is on the PCI bus but KFD does not list it"


# --- building snapshots ----------------------------------------------------------------------

def clone(t, name="snap"):
    dst = t.path(name)
    shutil.copytree(os.path.join(t.fx, "mi300x-healthy"), dst, symlinks=True)
    return dst


def canary(t):
    """A folder outside the snapshot whose content must never reach a report."""
    d = t.path("canary")
    os.makedirs(os.path.join(d, "tree/etc"), exist_ok=True)
    with open(os.path.join(d, "secret"), "w") as f:
        f.write('PRETTY_NAME="%s"\nID=canary\nsimd_count 77\n' % CANARY)
    with open(os.path.join(d, "tree/etc/os-release"), "w") as f:
        f.write('PRETTY_NAME="%s"\nID=canary\n' % CANARY)
    return d


def replace(path, make):
    """Removes whatever is at path and makes the hostile thing there."""
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    make(path)


def symlink_to(target):
    return lambda p: os.symlink(target, p)


def sparse(head, size=2 << 30):
    def make(p):
        with open(p, "wb") as f:
            f.write(head)
            f.truncate(size)
    return make


def props(d, node):
    return os.path.join(d, KFD, str(node), "properties")


def regular_files(d):
    for root, _, files in os.walk(os.path.join(d, "files")):
        for name in files:
            p = os.path.join(root, name)
            if os.path.isfile(p) and not os.path.islink(p):
                yield p


def rewrite_all(d, fn):
    for p in list(regular_files(d)):
        with open(p, "rb") as f:
            data = f.read()
        with open(p, "wb") as f:
            f.write(fn(data))


def edit_json(path, fn):
    with open(path) as f:
        doc = json.load(f)
    doc = fn(doc)
    with open(path, "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc, indent=1))


def as_nobody():
    """preexec for a run as an unprivileged user (root only): chmod 000 means something then."""
    os.setgroups([])
    os.setgid(65534)
    os.setuid(65534)


def open_to_others(t):
    for root, dirs, _ in os.walk(t.work):
        os.chmod(root, 0o755)
    os.chmod(t.tmp, 0o777)
    os.chmod(t.cwd, 0o777)


# --- expectations ----------------------------------------------------------------------------

def replay(t, d, *extra, **kw):
    return t.rd("check", "--replay", d, *extra, **kw)


def replay_all_formats(t, d, *extra, **kw):
    """text, json and markdown: each sound, the JSON valid, the text a report."""
    runs = {}
    for fmt in ("text", "json", "markdown"):
        r = replay(t, d, "-f", fmt, *extra, **kw)
        runs[fmt] = r
        if r.rc in (0, 1):
            if fmt == "json":
                t.expect_json(r)
            elif fmt == "text":
                t.expect_report(r)
        else:
            t.check(False, "replay (%s) exit %d: %s" % (fmt, r.rc, r.errtext()[-200:]))
    return runs


def expect_kfd_reason(t, r, node=1, pci=NODE1_PCI, defect="D19"):
    """A KFD node whose properties cannot be read: a finding naming the file (D19), and its PCI
    device is not called "not in KFD"."""
    name = "nodes/%d/properties" % node
    t.check(name.encode() in r.out, "no finding names %s: the node vanished silently" % name, defect)
    t.check(("%s %s" % (pci, NOT_IN_KFD.decode())).encode() not in r.out,
            "%s called 'not in KFD' though its node was unreadable" % pci, defect)


def expect_not_snapshot(t, d, what, defect="D20"):
    r = replay(t, d)
    t.expect_refused(r, [d], defect=defect)
    t.check(what.encode() in r.err, "the message does not say what is wrong (%r): %r" % (what, r.err[-200:]), defect)
    t.check(b"[\xe2\x9c\x93]" not in r.out, "an all-green report of a folder that is no snapshot", defect)


def expect_no_canary(t, runs):
    for fmt, r in runs.items():
        t.check(CANARY.encode() not in r.out, "%s report shows a file outside the snapshot" % fmt, "D7")


# --- cases -------------------------------------------------------------------------------------

@case("symloop-self", "ok, D19", "os-release → itself, cpuinfo → /proc/cpuinfo, KFD nodes 1 ↔ 2",
      "no hang; ELOOP named; nodes 1, 2 named as unreadable")
def _(t):
    d = clone(t)
    replace(os.path.join(d, "files/etc/os-release"), symlink_to("os-release"))
    replace(os.path.join(d, "files/proc/cpuinfo"), symlink_to("/proc/cpuinfo"))
    replace(props(d, 1), symlink_to("../2/properties"))
    replace(props(d, 2), symlink_to("../1/properties"))
    runs = replay_all_formats(t, d)
    t.check(b"Too many levels of symbolic links" in runs["json"].out, "ELOOP of os-release not named", "ok")
    expect_kfd_reason(t, runs["text"])


@case("symloop-dir", "ok", "nodes/9 → ., nodes/10 → topology, driver → itself, sys/module → /sys/module",
      "no hang, 8 GPUs")
def _(t):
    d = clone(t)
    os.symlink(".", os.path.join(d, KFD, "9"))
    os.symlink("../../topology", os.path.join(d, KFD, "10"))
    replace(os.path.join(d, PCI, NODE1_PCI, "driver"), symlink_to("../" + NODE1_PCI))
    replace(os.path.join(d, "files/sys/module"), symlink_to("/sys/module"))
    runs = replay_all_formats(t, d)
    t.check("8 × AMD Instinct MI300X".encode() in runs["text"].out, "not 8 × MI300X")


def _escape_case(t, absolute):
    d = clone(t)
    c = canary(t)
    up = "../" * 30
    target = (lambda p: p) if absolute else (lambda p: up + p.lstrip("/"))
    replace(os.path.join(d, "files/etc/os-release"), symlink_to(target("/etc/shadow")))
    replace(os.path.join(d, "files/proc/cpuinfo"), symlink_to(target(os.path.join(c, "secret"))))
    replace(props(d, 1), symlink_to(target(os.path.join(c, "secret"))))
    replace(os.path.join(d, "files/proc/self/status"), symlink_to(target("/proc/self/environ")))
    expect_no_canary(t, replay_all_formats(t, d))


@case("symlink-out-abs", "ok", "symlinks to /etc/shadow, /proc/self/environ and a canary outside (absolute)",
      "re-rooted inside files/; canary never shown")
def _(t):
    _escape_case(t, True)


@case("symlink-out-rel", "ok", "the same with ../ × 30 relative targets", "contained")
def _(t):
    _escape_case(t, False)


@case("symlink-out-dir", "ok", "files/etc and nodes/1 are symlinks to outside directories", "contained")
def _(t):
    d = clone(t)
    c = canary(t)
    replace(os.path.join(d, "files/etc"), symlink_to(os.path.join(c, "tree/etc")))
    replace(os.path.join(d, KFD, "1"), symlink_to(c))
    expect_no_canary(t, replay_all_formats(t, d))


@case("files-root-is-symlink", "D7", "DIR/files is a symlink to an outside folder",
      "usage error (exit 2) naming files/; the outside folder never read")
def _(t):
    d = clone(t)
    shutil.rmtree(os.path.join(d, "files"))
    os.symlink(os.path.join(canary(t), "tree"), os.path.join(d, "files"))
    r = replay(t, d)
    t.expect_refused(r, [os.path.join(d, "files")])
    t.check(CANARY.encode() not in r.out, "the report shows the folder outside the snapshot")


@case("files-root-is-slash", "D7", "DIR/files → /", "usage error naming files/; the host never diagnosed")
def _(t):
    d = clone(t)
    shutil.rmtree(os.path.join(d, "files"))
    os.symlink("/", os.path.join(d, "files"))
    r = replay(t, d)
    t.expect_refused(r, [os.path.join(d, "files")])


@case("fifo-files", "D19", "FIFOs as os-release, cpuinfo, status, meminfo, KFD properties, PCI vendor",
      "no hang; each file named; node 1 named as unreadable")
def _(t):
    d = clone(t)
    for rel in ["files/etc/os-release", "files/proc/cpuinfo", "files/proc/self/status", "files/proc/meminfo"]:
        replace(os.path.join(d, rel), os.mkfifo)
    replace(props(d, 1), os.mkfifo)
    replace(os.path.join(d, PCI, NODE1_PCI, "vendor"), os.mkfifo)
    runs = replay_all_formats(t, d)
    t.check(b"not a regular file" in runs["json"].out, "FIFOs not named as such", "ok")
    expect_kfd_reason(t, runs["text"])


def _bad_top_file(t, rel, make, cause):
    d = clone(t)
    replace(os.path.join(d, rel), make)
    r = replay(t, d)
    t.expect_refused(r, [os.path.join(d, rel)], cause)


def _bad_command_file(t, make, cause=None):
    """contract: one unreadable or malformed commands/NNN.json is reported (file named), the
    replay goes on (m5)."""
    d = clone(t)
    replace(os.path.join(d, "commands/001.json"), make)
    r = replay(t, d)
    t.check(r.rc in (0, 1), "the whole replay refused for one command file (exit %d): %r" % (r.rc, r.err[-200:]), "m5")
    t.check(b"001.json" in r.out + r.err, "the bad command file is not named", "m5")
    if cause:
        t.check(cause.encode() in r.out + r.err, "the cause %r is not given" % cause, "m5")
    return r


@case("fifo-meta", "ok", "meta.json is a FIFO", "refused: 'not a regular file', meta.json named")
def _(t):
    _bad_top_file(t, "meta.json", os.mkfifo, "not a regular file")


@case("fifo-env", "ok", "env.json is a FIFO", "refused naming env.json")
def _(t):
    _bad_top_file(t, "env.json", os.mkfifo, "not a regular file")


@case("fifo-cmd", "m5", "commands/001.json is a FIFO", "that command unreadable (file named), the replay goes on")
def _(t):
    _bad_command_file(t, os.mkfifo, "not a regular file")


@case("sparse-2g-property", "D19", "2 GB sparse KFD properties, os-release, PCI vendor",
      "not read whole; each too-large file named; node 1 named")
def _(t):
    d = clone(t)
    replace(props(d, 1), sparse(b"simd_count 1216\n"))
    replace(os.path.join(d, "files/etc/os-release"), sparse(b'PRETTY_NAME="big"\n'))
    replace(os.path.join(d, PCI, NODE1_PCI, "vendor"), sparse(b"0x1002\n"))
    runs = replay_all_formats(t, d, timeout=10)
    t.check(b"larger than" in runs["json"].out, "too-large files not named as such", "ok")
    expect_kfd_reason(t, runs["text"])


@case("sparse-2g-meta", "ok", "2 GB sparse meta.json", "refused: 'larger than 67108864 bytes'")
def _(t):
    _bad_top_file(t, "meta.json", sparse(b"{"), "larger than 67108864 bytes")


@case("sparse-2g-cmd", "m5", "2 GB sparse commands/001.json", "that command unreadable (too large), the replay goes on")
def _(t):
    _bad_command_file(t, sparse(b"{"), "larger than")


@case("garbage-all", "ok", "4 KiB of random bytes in every file of files/", "no crash; report")
def _(t):
    d = clone(t)
    rng = random.Random(1234)
    rewrite_all(d, lambda data: rng.randbytes(4096))
    replay_all_formats(t, d)


@case("garbage-utf8-all", "ok", "invalid UTF-8 + ESC[2J appended to every line", "valid JSON, escapes shown as ?")
def _(t):
    d = clone(t)
    rewrite_all(d, lambda data: b"\n".join(l + b"\xff\xfe\xc3(\x80\x1b[2J" if l else l for l in data.split(b"\n")))
    replay_all_formats(t, d)
    replay(t, d, "-v")


@case("no-newline", "ok", "every newline removed", "no crash")
def _(t):
    d = clone(t)
    rewrite_all(d, lambda data: data.replace(b"\n", b" "))
    replay_all_formats(t, d)


@case("nul-bytes", "ok", "NUL bytes in every file", "no crash")
def _(t):
    d = clone(t)
    rewrite_all(d, lambda data: data.replace(b"\n", b"\n\0", 3).replace(b" ", b"\0 ", 2))
    replay_all_formats(t, d)


@case("megaline", "D19", "a 1 MB line prepended to every file (KFD properties over 64 KB)",
      "too-large files named; KFD nodes named, not 'lists no GPU'")
def _(t):
    d = clone(t)
    rewrite_all(d, lambda data: data.rstrip(b"\n") + b"A" * (1 << 20) + b"\n" + data)
    runs = replay_all_formats(t, d)
    expect_kfd_reason(t, runs["text"])
    t.check(b"lists no GPU" not in runs["text"].out, "'KFD lists no GPU' ✓ while every node was unreadable")


@case("dirs-for-files", "D19", "directories where os-release, cpuinfo, meminfo, KFD properties, PCI vendor are",
      "'a directory' per file; node 1 named")
def _(t):
    d = clone(t)
    for rel in ["files/etc/os-release", "files/proc/cpuinfo", "files/proc/self/status", "files/proc/meminfo",
                "files/proc/cmdline", "files/proc/version", "files/sys/module/amdgpu/version"]:
        replace(os.path.join(d, rel), os.makedirs)
    replace(props(d, 1), os.makedirs)
    replace(os.path.join(d, PCI, NODE1_PCI, "vendor"), os.makedirs)
    runs = replay_all_formats(t, d)
    t.check(b"a directory" in runs["json"].out, "directories not named as such", "ok")
    expect_kfd_reason(t, runs["text"])


@case("dir-meta", "ok", "meta.json is a directory", "refused: 'a directory'")
def _(t):
    _bad_top_file(t, "meta.json", os.makedirs, "a directory")


@case("dir-env", "ok", "env.json is a directory", "refused: 'a directory'")
def _(t):
    _bad_top_file(t, "env.json", os.makedirs, "a directory")


@case("dir-cmd", "m5", "commands/001.json is a directory", "that command unreadable, the replay goes on")
def _(t):
    _bad_command_file(t, os.makedirs, "a directory")


@case("commands-is-file", "D20", "commands is a regular file", "'commands … not a directory' said, not an all-green report")
def _(t):
    d = clone(t)
    shutil.rmtree(os.path.join(d, "commands"))
    with open(os.path.join(d, "commands"), "w") as f:
        f.write("not a dir\n")
    r = replay(t, d)
    t.check(b"not a directory" in r.out + r.err, "commands/ being a file is not said: %r" % r.err[-200:])


@case("files-is-file", "D20", "files is a regular file", "usage error: files is not a directory")
def _(t):
    d = clone(t)
    shutil.rmtree(os.path.join(d, "files"))
    with open(os.path.join(d, "files"), "w") as f:
        f.write("not a dir\n")
    expect_not_snapshot(t, d, "files")


@case("unreadable-as-user", "D19, m5", "chmod 000 os-release, cpuinfo, status, KFD props, a KFD dir, a command file; "
      "replayed as uid 65534", "each file named; the replay goes on; node 1 named")
def _(t):
    if not harness.IS_ROOT:
        raise harness.Skip("needs root (runs the replay as uid 65534)")
    d = clone(t)
    for rel in ["files/etc/os-release", "files/proc/cpuinfo", "files/proc/self/status"]:
        os.chmod(os.path.join(d, rel), 0)
    os.chmod(props(d, 1), 0)
    os.chmod(os.path.join(d, KFD, "2"), 0)
    os.chmod(os.path.join(d, "commands/002.json"), 0)
    open_to_others(t)
    os.chmod(os.path.join(d, KFD, "2"), 0)
    r = replay(t, d, preexec=as_nobody)
    t.check(r.rc in (0, 1), "the replay was refused for one unreadable command (exit %d): %r" % (r.rc, r.err[-200:]), "m5")
    t.check(b"002.json" in r.out + r.err, "the unreadable command file is not named", "m5")
    expect_kfd_reason(t, r)


@case("unreadable-meta", "ok", "meta.json chmod 000, replayed as uid 65534", "refused: 'Permission denied'")
def _(t):
    if not harness.IS_ROOT:
        raise harness.Skip("needs root (runs the replay as uid 65534)")
    d = clone(t)
    open_to_others(t)
    os.chmod(os.path.join(d, "meta.json"), 0)
    r = replay(t, d, preexec=as_nobody)
    t.expect_refused(r, [os.path.join(d, "meta.json")], "Permission denied")


@case("unreadable-files-dir", "m15", "files/ chmod 000, replayed as uid 65534",
      "no crash; the JSON names the reason (the text's ✓ is m15, outside the contract)")
def _(t):
    if not harness.IS_ROOT:
        raise harness.Skip("needs root (runs the replay as uid 65534)")
    d = clone(t)
    open_to_others(t)
    os.chmod(os.path.join(d, "files"), 0)
    r = replay(t, d, "-f", "json", preexec=as_nobody)
    t.check(b"Permission denied" in r.out, "no reason given for the unreadable tree")


@case("read-errors-kfd", "D19", "meta.json read_errors: EACCES for nodes/1 and nodes/2 properties",
      "a finding naming each file and the cause; no 'not in KFD' warnings")
def _(t):
    d = clone(t)

    def add(m):
        m["read_errors"] = {"/sys/class/kfd/kfd/topology/nodes/%d/properties" % n: {
            "kind": "denied", "message": "open /sys/class/kfd/kfd/topology/nodes/%d/properties: Permission denied" % n}
            for n in (1, 2)}
        return m
    edit_json(os.path.join(d, "meta.json"), add)
    r = replay(t, d)
    expect_kfd_reason(t, r, 1)
    expect_kfd_reason(t, r, 2, "0000:15:00.0")
    t.check(b"Permission denied" in r.out, "the cause is not shown")
    j = replay(t, d, "-f", "json")
    t.check(b"nodes/1/properties" in j.out, "the JSON does not mention the read error")


@case("missing-some", "ok", "no os-release, cpuinfo, KFD properties/gpu_id", "not present (ENOENT): report")
def _(t):
    d = clone(t)
    for rel in ["files/etc/os-release", "files/proc/cpuinfo"]:
        os.unlink(os.path.join(d, rel))
    for n in os.listdir(os.path.join(d, KFD)):
        for leaf in ("properties", "gpu_id"):
            p = os.path.join(d, KFD, n, leaf)
            if os.path.exists(p):
                os.unlink(p)
    replay_all_formats(t, d)


@case("missing-files-dir", "D20", "no files/ at all", "usage error: not a snapshot, files/ missing")
def _(t):
    d = clone(t)
    shutil.rmtree(os.path.join(d, "files"))
    expect_not_snapshot(t, d, "files")


@case("missing-meta-env-cmds", "ok", "no meta.json, env.json, commands/", "report from files/ alone")
def _(t):
    d = clone(t)
    os.unlink(os.path.join(d, "meta.json"))
    os.unlink(os.path.join(d, "env.json"))
    shutil.rmtree(os.path.join(d, "commands"))
    replay_all_formats(t, d)


@case("empty-dir", "D20", "an empty folder", "usage error: not a snapshot folder (no meta.json, env.json or files/)")
def _(t):
    d = t.path("empty")
    os.makedirs(d)
    expect_not_snapshot(t, d, "meta.json")


@case("deep-nesting", "ok", "a 3,000-level deep directory chain in /opt/rocm, 300 levels in KFD mem_banks, firmware, "
      "drm, dist-packages (the report: 3,000 in all five)", "no recursion trouble")
def _(t):
    d = clone(t)
    # 300 in four places: rmdir costs 3 ms on a disk mounted with discard, 15,000 of them 45 s.
    chains = {"files/opt/rocm": 1000 if SANITIZED else 3000, "%s/1/mem_banks" % KFD: 300,
              "files/lib/firmware/amdgpu": 300, "files/sys/class/drm": 300, "files/usr/lib/python3/dist-packages": 300}
    for where, depth in chains.items():
        p = os.path.join(d, where)
        os.makedirs(p, exist_ok=True)
        cur = os.open(p, os.O_RDONLY)
        for _ in range(depth):  # relative to a dir fd: no path over PATH_MAX
            os.mkdir("d", dir_fd=cur)
            nxt = os.open("d", os.O_RDONLY, dir_fd=cur)
            os.close(cur)
            cur = nxt
        os.close(cur)
    replay_all_formats(t, d)
    for i, where in enumerate(chains):
        remove_chain(os.path.join(d, where, "d"), t.path("chain%d" % i))


def remove_chain(top, spare):
    """Removes a d/d/d/… chain by moving each level up first: rm -rf of a 3,000-level tree takes
    9 s (every unlink walks the whole path), this takes milliseconds."""
    os.rename(top, spare)
    names = [spare, spare + ".b"]
    while True:
        cur, nxt = names
        if not os.path.isdir(os.path.join(cur, "d")):
            os.rmdir(cur)
            return
        os.rename(os.path.join(cur, "d"), nxt)
        os.rmdir(cur)
        names = [nxt, cur]


@case("kfd-many-nodes", "m1", "300 more fake KFD GPU nodes, 308 in all (the report: 5,000 and 50,000)",
      "fast; counted, with a note that only 256 were read")
def _(t):
    d = clone(t)
    with open(props(d, 1), "rb") as f:
        p1 = f.read()
    for n in range(9, 309):  # over the 256 cap; each rmdir costs (see deep-nesting)
        nd = os.path.join(d, KFD, str(n))
        os.makedirs(os.path.join(nd, "mem_banks/0"))
        with open(os.path.join(nd, "properties"), "wb") as f:
            f.write(p1)
        with open(os.path.join(nd, "gpu_id"), "w") as f:
            f.write("%d\n" % (10000 + n))
    r = replay(t, d)
    t.check(b"309" in r.out, "the 309 KFD node directories (node 0, the CPU, and 308 GPUs) are not counted")
    t.check(b"256" in r.out, "no note that only 256 KFD nodes were read")


@case("numbers-hostile", "ok", "every KFD/PCI value hostile (negative, 2^64+1, 1e400, NaN, 0x-1002)", "no crash")
def _(t):
    d = clone(t)
    vals = {"simd_count": "-1", "gfx_target_version": "99999999999999999999999", "vendor_id": "-4098",
            "device_id": "18446744073709551617", "drm_render_minor": "2147483648",
            "local_mem_size": "-9223372036854775809", "max_engine_clk_fcompute": "1e400", "num_xcc": "NaN"}
    for n in range(1, 9):
        lines = []
        for line in open(props(d, n)).read().splitlines():
            k = line.split(" ")[0]
            lines.append(k + " " + vals[k] if k in vals else line)
        if n == 3:
            lines = [l.split(" ")[0] + " " + "9" * 5000 for l in lines]
        open(props(d, n), "w").write("\n".join(lines) + "\n")
    pci_vals = ["0x-1002", "0xFFFFFFFFFFFFFFFFFFFF", "-0x1", "", "0x10020", "0x1002\0"]
    for i, dev in enumerate(sorted(os.listdir(os.path.join(d, PCI)))):
        with open(os.path.join(d, PCI, dev, "vendor"), "w") as f:
            f.write(pci_vals[i % len(pci_vals)] + "\n")
    replay_all_formats(t, d)


@case("numbers-hostile2", "m2", "one hostile number per node; VRAM banks 2^63 + 2^63 and 2^64−1 + 2",
      "VRAM sums saturate (not 0 or 1)")
def _(t):
    d = clone(t)
    for n, sizes in [(1, ["9223372036854775808", "9223372036854775808"]), (3, ["18446744073709551615", "2"])]:
        mb = os.path.join(d, KFD, str(n), "mem_banks")
        shutil.rmtree(mb)
        for i, s in enumerate(sizes):
            os.makedirs(os.path.join(mb, str(i)))
            with open(os.path.join(mb, str(i), "properties"), "w") as f:
                f.write("heap_type 1\nsize_in_bytes %s\n" % s)
    r = replay(t, d, "-f", "json", "--no-redact")
    doc = t.expect_json(r) or {}
    vram = [g.get("vram_bytes") for g in doc.get("facts", {}).get("values", {}).get("gpus", []) if isinstance(g, dict)]
    t.check(0 not in vram and 1 not in vram, "VRAM sum wrapped: %s" % vram)
    t.check((1 << 64) - 1 in vram, "no saturated VRAM value among %s" % vram)


@case("nonutf8-names", "ok", "KFD node, PCI device and firmware names with invalid UTF-8 and ESC",
      "no crash, names shown with ?")
def _(t):
    d = clone(t)
    for i, b in enumerate([b"\xff\xfe", b"node\x80", b"\xc3(", b"\x1b[31mRED\x1b[0m"]):
        nd = os.fsencode(os.path.join(d, KFD)) + b"/" + b
        os.makedirs(nd + b"/mem_banks/0")
        shutil.copy(props(d, 1), os.fsdecode(nd + b"/properties"))
        pd = os.fsencode(os.path.join(d, PCI)) + b"/0000:" + b + b":00.0"
        os.makedirs(pd)
        for k in ("vendor", "device", "class"):
            shutil.copy(os.path.join(d, PCI, NODE1_PCI, k), os.fsdecode(pd + b"/" + k.encode()))
        fw = os.fsencode(os.path.join(d, "files/lib/firmware/amdgpu"))
        os.makedirs(fw, exist_ok=True)
        open(fw + b"/gc_" + b + b".bin", "w").write("x")
    edit_json(os.path.join(d, "meta.json"), lambda m: {**m, "dirs": {k: v for k, v in m.get("dirs", {}).items()
                                                                       if k != "/lib/firmware/amdgpu"}})
    replay_all_formats(t, d)
    replay(t, d, "-v")


def _meta_case(t, which, fn, key):
    """m3: the message names the file and the key, in words, not library jargon."""
    d = clone(t)
    edit_json(os.path.join(d, which), fn)
    r = replay(t, d)
    if r.rc == 2:
        t.check(which.encode() in r.err, "%s not named: %r" % (which, r.err[-200:]))
        if key:
            t.check(key.encode() in r.err, "the key %r is not named: %r" % (key, r.err[-200:]), "m3")
        t.check(b"json.exception" not in r.err and b"stoul" not in r.err,
                "library jargon instead of a message: %r" % r.err[-200:], "m3")
    return r


@case("meta-wrong-types", "m3", "meta.json: dirs an array, stat a string", "file and key named")
def _(t):
    _meta_case(t, "meta.json", lambda m: {**m, "dirs": [], "stat": "x"}, "dirs")


@case("meta-dirs-not-strings", "m3", "meta.json dirs listing with numbers and null", "file and key named")
def _(t):
    _meta_case(t, "meta.json", lambda m: {**m, "dirs": {"/dev/dri": [1, 2, None]}}, "dirs")


@case("meta-identity-bad", "m3", "meta.json identity: uid -1, euid \"root\", groups a string", "file and key named")
def _(t):
    _meta_case(t, "meta.json", lambda m: {**m, "identity": {"uid": -1, "euid": "root", "groups": "video"}}, "identity")


@case("meta-stat-bad", "m3", "meta.json stat entry with mode \"rw\", rdev \"abc\", uid -5", "file and key named")
def _(t):
    _meta_case(t, "meta.json", lambda m: {**m, "stat": {"/dev/kfd": {"type": "char", "mode": "rw", "rdev": "abc",
                                                                       "uid": -5}}}, "stat")


@case("meta-bad-gid", "m3", "meta.json groups with gid \"abc\"", "file and cause, not 'stoul'")
def _(t):
    _meta_case(t, "meta.json", lambda m: {**m, "groups": {"abc": {"name": "x"}}}, "groups")


@case("meta-huge-gid", "m3", "meta.json groups with gid 99999999999999999999", "file and cause, not 'stoul'")
def _(t):
    _meta_case(t, "meta.json", lambda m: {**m, "groups": {"99999999999999999999": {"name": "x"}}}, "groups")


def _meta_refused(t, text, cause):
    d = clone(t)
    with open(os.path.join(d, "meta.json"), "w") as f:
        f.write(text)
    r = replay(t, d)
    t.expect_refused(r, [os.path.join(d, "meta.json")], cause)


@case("meta-top-array", "ok", "meta.json is [1,2,3]", "refused: the top level must be an object")
def _(t):
    _meta_refused(t, "[1, 2, 3]", "object")


@case("meta-truncated", "ok", "meta.json cut after 1,000 bytes", "refused: not valid JSON")
def _(t):
    with open(os.path.join(t.fx, "mi300x-healthy/meta.json")) as f:
        _meta_refused(t, f.read()[:1000], "JSON")


@case("meta-deep", "ok", "meta.json of 100,000 nested arrays", "refused, no crash")
def _(t):
    _meta_refused(t, "[" * 100000 + "]" * 100000, None)


@case("meta-deep-obj", "ok", "meta.json dirs of 100,000 nested objects", "refused, no crash")
def _(t):
    _meta_refused(t, '{"dirs":' + '{"a":' * 100000 + "1" + "}" * 100000 + "}", None)


@case("meta-dirs-escape", "ok", "meta.json dirs lists KFD nodes ../../../../etc and /etc", "contained")
def _(t):
    d = clone(t)
    edit_json(os.path.join(d, "meta.json"), lambda m: {**m, "dirs": {
        **m.get("dirs", {}), "/sys/class/kfd/kfd/topology/nodes": ["../../../../../../../etc", "/etc", "1", "3"]}})
    replay_all_formats(t, d)


@case("env-non-string", "m3", "env.json with a number and a null value", "env.json and the key named, no jargon")
def _(t):
    _meta_case(t, "env.json", lambda m: {"PATH": 5, "HOME": None}, "PATH")


@case("env-array", "m3", "env.json is an array", "env.json named, no jargon")
def _(t):
    _meta_case(t, "env.json", lambda m: [["PATH", "/bin"]], None)


@case("env-hostile", "ok", "env.json: an 8 MB value, PATH of 20,000 '.' entries, a bad override", "fast; report")
def _(t):
    d = clone(t)
    big = (2 if SANITIZED else 8) << 20
    edit_json(os.path.join(d, "env.json"), lambda m: {
        "PATH": ":".join(["."] * 20000 + ["/usr/bin"]), "HOME": "/home/alice",
        "HSA_OVERRIDE_GFX_VERSION": "99999999999.-1.\udcff".encode("utf-8", "surrogateescape").decode("utf-8", "replace"),
        "LD_LIBRARY_PATH": ":".join(["/x" * 500] * 200), "HIP_VISIBLE_DEVICES": "-1," * 10000, "BIG": "A" * big})
    replay_all_formats(t, d, timeout=10)


def _cmd_case(t, fn):
    d = clone(t)
    for name in sorted(os.listdir(os.path.join(d, "commands"))):
        edit_json(os.path.join(d, "commands", name), fn)
    return d


def _expect_replay_goes_on(t, d):
    r = replay(t, d)
    t.check(r.rc in (0, 1), "one malformed command refused the whole replay (exit %d): %r" % (r.rc, r.err[-200:]), "m5")
    t.check(b"001.json" in r.out + r.err, "the malformed command file is not named", "m5")
    t.check(b"json.exception" not in r.out + r.err, "library jargon instead of the key", "m3")


@case("cmd-wrong-types", "m5, m3", "commands/*.json: exit_code \"zero\", timed_out \"no\", elapsed_ms \"fast\"",
      "each command reported unreadable (file and key), the replay goes on")
def _(t):
    _expect_replay_goes_on(t, _cmd_case(t, lambda c: {**c, "exit_code": "zero", "timed_out": "no", "elapsed_ms": "fast"}))


@case("cmd-argv-not-array", "m5, m3", "commands/*.json: argv a string", "reported unreadable, the replay goes on")
def _(t):
    _expect_replay_goes_on(t, _cmd_case(t, lambda c: {**c, "argv": "rocminfo"}))


@case("cmd-truncated", "m5", "commands/*.json cut in half", "reported unreadable, the replay goes on")
def _(t):
    _expect_replay_goes_on(t, _cmd_case(t, lambda c: json.dumps(c)[: len(json.dumps(c)) // 2]))


@case("cmd-huge-stdout", "m13", "32 MB of stdout in each recorded command (the report: 50 MB)",
      "cut at 1 MiB like a live child's: under 200 MB RSS")
def _(t):
    mb = 32
    d = _cmd_case(t, lambda c: {**c, "stdout": c.get("stdout", "") + ("x" * 1000 + "\n") * (mb * 1000)})
    r = replay(t, d, "-f", "json", timeout=20)
    t.expect_json(r)
    limit = 600 if SANITIZED else 200
    t.check(r.rss_kb < limit * 1024, "peak RSS %d MB for %d MB recorded stdout: not cut at 1 MiB"
            % (r.rss_kb // 1024, mb * 3))


@case("cmd-garbage-stdout", "ok", "random Unicode as recorded stdout", "no crash")
def _(t):
    rng = random.Random(5)
    replay_all_formats(t, _cmd_case(t, lambda c: {**c, "stdout": "".join(chr(rng.randrange(1, 0x2fff))
                                                                          for _ in range(50000))}))


@case("cmd-negative", "ok", "exit code -999999, signal 99999, elapsed -1e308", "no crash")
def _(t):
    replay_all_formats(t, _cmd_case(t, lambda c: {**c, "exit_code": -999999, "signal": 99999, "elapsed_ms": -1e308}))


@case("cmd-escapes", "ok", "ESC, OSC title, backspaces in rocminfo stdout/stderr", "shown as ?")
def _(t):
    replay_all_formats(t, _cmd_case(t, lambda c: {
        **c, "stdout": c.get("stdout", "").replace("AMD Instinct MI300X", "AMD \x1b]0;pwned\x07\x1b[2J\x1b[31mMI300X\x08\x08"),
        "stderr": "\x1b[2J\x1b[HSYSTEM OK\x1b]8;;http://evil.example/\x07click\x1b]8;;\x07"}))


@case("env-escape", "ok", "ESC sequences in env.json values", "shown as ?")
def _(t):
    d = clone(t)
    edit_json(os.path.join(d, "env.json"), lambda e: {
        **e, "HSA_OVERRIDE_GFX_VERSION": "\x1b[2J\x1b[H\x1b[32m[OK] all GPUs healthy\x1b[0m\x1b[8m", "AMD_LOG_LEVEL": "4\x1b[2K"})
    replay_all_formats(t, d)
    replay(t, d, "-v")


@case("meta-huge-dirs", "m13", "meta.json with 200,000-name dirs listings (the report: 500,000)",
      "bounded (no limit in the contract)")
def _(t):
    d = clone(t)
    n = 50000 if SANITIZED else 200000
    edit_json(os.path.join(d, "meta.json"), lambda m: {**m, "dirs": {
        **m.get("dirs", {}), "/dev/dri": ["renderD%d" % i for i in range(n)],
        "/lib/firmware/amdgpu": ["gc_9_4_3_%d.bin" % i for i in range(n)]}})
    replay(t, d, "-f", "json", timeout=20)


@case("replay-runs-nothing", "ok", "PATH full of planted rocminfo, lspci, python3 … that log when run; replay, --from, triage",
      "no program runs")
def _(t):
    d = clone(t)
    marker = t.path("ran.log")
    bindir = t.path("bin")
    os.makedirs(bindir)
    for name in ("rocminfo", "rocm-smi", "amd-smi", "lspci", "python3", "python", "hipcc", "dmesg", "ldconfig", "uname"):
        p = os.path.join(bindir, name)
        with open(p, "w") as f:
            f.write("#!/bin/sh\necho \"$0 $*\" >> %s\n" % marker)
        os.chmod(p, 0o755)
    env = {"PATH": bindir + ":/usr/bin:/bin"}
    report = t.path("r.json")
    replay(t, d, "-f", "json", "-o", report, env=env)
    t.rd("check", "--from", report, env=env)
    t.rd("triage", os.path.join(t.fx, "triage-pastes/rocminfo-gfx1031-partial.txt"), env=env)
    t.check(not os.path.exists(marker), "a program ran: %s" % (open(marker).read() if os.path.exists(marker) else ""))
