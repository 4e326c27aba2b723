"""§7 of hostile/REPORT.md: resource limits of a live check: address-space limits, a
read-only TMPDIR or /tmp, a deleted working directory."""
import os
import resource

import fakes
import harness
from harness import SANITIZED

CASES, case = harness.registry()


def address_space(limit_kb):
    def pre():
        resource.setrlimit(resource.RLIMIT_AS, (limit_kb << 10, limit_kb << 10))
    return pre


def no_asan(what):
    if SANITIZED:  # ASan reserves terabytes of address space: it cannot start under RLIMIT_AS at all
        raise harness.Skip("%s: ASan cannot run under an address-space limit" % what)


@case("live-timing", "ok", "a live check", "done in 10 s (e2e.check_live measures the tight budget)")
def _(t):
    t.rd("check", timeout=10)


@case("ulimit-v-500000", "ok", "check under ulimit -v 500000", "a full report")
def _(t):
    no_asan("ulimit -v")
    r = t.rd("check", preexec=address_space(500000), timeout=30)
    t.check("System —".encode() in r.out, "no report")


@case("ulimit-v-200000", "m3, D6", "check under ulimit -v 200000 (also 100000 and 30000)",
      "a report or a clear message, never an internal error; the temp dir removed")
def _(t):
    no_asan("ulimit -v")
    for kb in (200000, 100000, 30000):
        r = t.rd("check", preexec=address_space(kb), timeout=30, defect="m3")
        t.check(r.rc in (0, 1) or r.err.strip(), "ulimit -v %d: exit %d and no message" % (kb, r.rc))


@case("torch-import-fails", "m12", "--python VENV whose torch import raises 'failed to map segment from shared object' "
      "(what ulimit -v 500000 does to a real torch)", "the summary says the import failed, not 'cuda.is_available() False'")
def _(t):
    venv = fakes.torch_venv(t.work)
    fakes.script(os.path.join(fakes.site_packages(venv), "torch/__init__.py"),
                 'raise OSError("libtorch_hip.so: failed to map segment from shared object")\n', 0o644)
    r = t.rd("check", "--no-probes", "--no-compile", "--python", os.path.join(venv, "bin/python3"), timeout=30)
    frameworks = [l for l in r.out.split(b"\n") if b"Frameworks" in l]
    t.check(frameworks and b"cuda.is_available() False" not in frameworks[0],
            "the summary claims a working import: %r" % frameworks[:1])


@case("tmpdir-readonly", "m12", "TMPDIR a read-only directory, run as uid 65534", "one clear message naming TMPDIR; no "
      "'rocm-doctor probe rocm-doctor-probe' fix for it")
def _(t):
    if not harness.IS_ROOT:
        raise harness.Skip("needs root (runs as uid 65534: root writes anywhere)")
    ro = t.path("ro")
    os.makedirs(ro)
    os.chmod(ro, 0o555)
    os.chmod(t.work, 0o755)
    os.chmod(t.cwd, 0o777)
    wrap = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    r = t.rd("check", "--no-compile", wrap=wrap, env={"TMPDIR": ro}, timeout=30)
    t.check(ro.encode() in r.out + r.err, "TMPDIR %s is not named" % ro)
    t.check(b"rocm-doctor probe rocm-doctor-probe" not in r.out, "the fix for a read-only TMPDIR is a probe command")


@case("tmp-readonly", "m12", "/tmp read-only (private mount namespace), no TMPDIR, --no-probes", "a clear message in the "
      "text, not 'no errors'")
def _(t):
    harness.need_namespaces("unshare -m")
    wrap = ["unshare", "-m", "--propagation", "private", "sh", "-c",
            'mount --bind /tmp /tmp && mount -o remount,ro,bind /tmp || exit 99; exec "$@"', "sh"]
    r = t.rd("check", "--no-probes", "--no-compile", wrap=wrap, env={"TMPDIR": None}, cwd="/", timeout=30)
    t.check(r.rc != 99, "could not make /tmp read-only", "harness")
    t.check(b"/tmp" in r.out and b"no errors" not in r.out, "a read-only /tmp is not reported in the text")


@case("deleted-cwd", "m3", "the working directory deleted, --python venv/bin/python3 (relative)",
      "a clear message (exit 2), never an internal error")
def _(t):
    gone = t.path("gone")
    os.makedirs(gone)

    def pre():
        os.chdir(gone)
        os.rmdir(gone)
    r = t.rd("check", "--no-probes", "--no-compile", "--python", "venv/bin/python3", preexec=pre, timeout=30)
    t.check(r.rc == 2 or b"venv/bin/python3" in r.out, "the relative --python is not reported (exit %d)" % r.rc)
