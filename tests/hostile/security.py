"""§6 of hostile/REPORT.md: writing (-o, stdout), --record, signals and children, planted
executables, redaction of a live run. Root-only cases (a private mount namespace for a tmpfs
/dev, another uid) are skipped otherwise; the real /dev is never written."""
import json
import os
import signal
import stat
import subprocess
import threading
import time

import fakes
import harness

CASES, case = harness.registry()

SECRET_ENV = {"HF_TOKEN": "hf_SECRETVALUE123", "MY_PASSWORD": "pw_SECRET", "AWS_SECRET_ACCESS_KEY": "awsSECRET",
              "GITHUB_TOKEN": "ghp_SECRET", "FOO_KEY": "fookeySECRET"}

# unshare -m: a private mount namespace whose /dev is a fresh tmpfs holding only a null device
# and a stdout symlink, so -o /dev/null can be tried as root without touching the real /dev (D1).
PRIVATE_DEV = ('mount -t tmpfs tmpfs /dev && mknod -m 666 /dev/null c 1 3 && ln -s /proc/self/fd/1 /dev/stdout '
               '|| exit 99\n"$@"; rc=$?\nstat -c %F /dev/null /dev/stdout > "$MARK"\nexit $rc\n')


def needs_root(what):
    if not harness.IS_ROOT:
        raise harness.Skip("needs root (%s)" % what)


needs_namespaces = harness.need_namespaces


def private_dev(t):
    mark = t.path("dev-types")
    return ["unshare", "-m", "--propagation", "private", "sh", "-c", PRIVATE_DEV, "sh"], {"MARK": mark}, mark


def quick(t, *args, **kw):
    return t.rd("check", "--quick", *args, **kw)


def mode(path):
    return stat.S_IMODE(os.lstat(path).st_mode)


def can_namespace():
    """The full-disk parts of a case need a tmpfs in a mount namespace; the rest runs anyway."""
    try:
        harness.need_namespaces("tmpfs")
        return True
    except harness.Skip:
        return False


# --- -o ----------------------------------------------------------------------------------------

@case("o-dev-null", "D1", "as root in a private mount namespace with a tmpfs /dev: check --quick -o /dev/null",
      "written into /dev/null, which stays a character device")
def _(t):
    needs_namespaces("unshare -m")
    wrap, env, mark = private_dev(t)
    r = quick(t, "-o", "/dev/null", wrap=wrap, env=env)
    types = open(mark).read().split("\n") if os.path.exists(mark) else []
    t.check(types[:1] == ["character special file"], "/dev/null became %r" % types[:1])


@case("o-dev-stdout", "D1, m10", "the same namespace: check --quick -o /dev/stdout (a symlink to /proc/self/fd/1)",
      "the report on stdout; /dev/stdout stays a symlink")
def _(t):
    needs_namespaces("unshare -m")
    wrap, env, mark = private_dev(t)
    r = quick(t, "-o", "/dev/stdout", wrap=wrap, env=env)
    types = open(mark).read().split("\n") if os.path.exists(mark) else []
    t.check(types[1:2] == ["symbolic link"], "/dev/stdout became %r" % types[1:2], "D1")
    t.check("System —".encode() in r.out, "the report did not reach stdout", "m10")


@case("o-fifo", "D1", "check --quick -o FIFO (a reader on the other end)", "written into the FIFO, which stays a FIFO")
def _(t):
    fifo = t.path("fifo")
    os.mkfifo(fifo)
    got, stop = [], threading.Event()

    def reader():  # non-blocking: if the FIFO is replaced, nobody ever writes to it
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        while not stop.is_set():
            try:
                b = os.read(fd, 1 << 16)
            except BlockingIOError:
                b = None
            if b:
                got.append(b)
            else:
                time.sleep(0.02)
        os.close(fd)
    th = threading.Thread(target=reader)
    th.start()
    try:
        quick(t, "-o", fifo)
        time.sleep(0.2)
    finally:
        stop.set()
        th.join()
    t.check(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO was replaced by a %s" % oct(os.lstat(fifo).st_mode))
    t.check("System —".encode() in b"".join(got), "the report was not written into the FIFO")


@case("o-dash", "m10", "check --quick -o -", "the report on stdout, no file named -")
def _(t):
    r = quick(t, "-o", "-", cwd=t.path())
    t.check(not os.path.exists(t.path("-")), "wrote a file named -")
    t.check("System —".encode() in r.out, "no report on stdout")


@case("o-modes", "D9", "-o new file: --no-redact text; redacted json; under umask 077; over an existing 0600 file",
      "0600 / 0666 & ~umask (0644) / 0600 / 0600 kept")
def _(t):
    umask = lambda m: (lambda: os.umask(m))
    quick(t, "--no-redact", "-o", t.path("nr.txt"), preexec=umask(0o022))
    quick(t, "-f", "json", "-o", t.path("r.json"), preexec=umask(0o022))
    quick(t, "-f", "json", "-o", t.path("u077.json"), preexec=umask(0o077))
    with open(t.path("old.json"), "w") as f:
        f.write("{}")
    os.chmod(t.path("old.json"), 0o600)
    quick(t, "-f", "json", "-o", t.path("old.json"), preexec=umask(0o022))
    for name, want in (("nr.txt", 0o600), ("r.json", 0o644), ("u077.json", 0o600), ("old.json", 0o600)):
        if os.path.exists(t.path(name)):
            t.check(mode(t.path(name)) == want, "%s is %o, wanted %o" % (name, mode(t.path(name)), want))


@case("o-symlink", "ok", "-o report.json where report.json → precious.txt", "the link replaced, the target intact")
def _(t):
    with open(t.path("precious.txt"), "w") as f:
        f.write("precious\n")
    os.symlink("precious.txt", t.path("report.json"))
    quick(t, "-o", t.path("report.json"))
    t.check(not os.path.islink(t.path("report.json")), "the link is still there")
    t.check(open(t.path("precious.txt")).read() == "precious\n", "the link's target was overwritten")


@case("o-errors", "ok", "-o into a directory; into a missing directory; on a 16 KB tmpfs (root)",
      "a message naming the path, exit 2, no stray temp file")
def _(t):
    odir = t.path("odir")
    os.makedirs(odir)
    r = quick(t, "-f", "json", "-o", odir)
    t.expect_refused(r, [odir])
    missing = t.path("missing", "r.json")
    t.expect_refused(quick(t, "-f", "json", "-o", missing), [missing])
    t.check(sorted(os.listdir(t.work)) == sorted([".tmpdir", ".cwd", "odir"]), "stray files: %s" % os.listdir(t.work))
    if can_namespace():
        tiny = t.path("tiny")
        os.makedirs(tiny)
        wrap = ["unshare", "-m", "--propagation", "private", "sh", "-c",
                'mount -t tmpfs -o size=16k tmpfs "$T" || exit 99; "$@"; rc=$?; ls -A "$T" > "$T.ls"; exit $rc', "sh"]
        r = t.rd("check", "--replay", os.path.join(t.fx, "mi300x-healthy"), "-f", "json", "-v", "-o", tiny + "/r.json",
                 wrap=wrap, env={"T": tiny})
        t.expect_refused(r, [tiny + "/r.json"], "No space left on device")
        t.check(open(tiny + ".ls").read().strip() == "", "a stray file on the full disk: %r" % open(tiny + ".ls").read())


@case("stdout-fails", "D21", "check --quick > /dev/full; with stdout closed; onto a 16 KB tmpfs (root)",
      "'rocm-doctor: write standard output: …', exit 2")
def _(t):
    with open("/dev/full", "wb") as full:
        r = quick(t, stdout=full)
    t.check(r.rc == 2 and b"write standard output" in r.err, "> /dev/full: exit %d %r" % (r.rc, r.err[-200:]))
    r = quick(t, "-f", "json", stdout=subprocess.DEVNULL, preexec=lambda: os.close(1))
    t.check(r.rc == 2 and b"write standard output" in r.err, "closed stdout: exit %d %r" % (r.rc, r.err[-200:]))
    if can_namespace():
        tiny = t.path("tiny")
        os.makedirs(tiny)
        wrap = ["unshare", "-m", "--propagation", "private", "sh", "-c",
                'mount -t tmpfs -o size=16k tmpfs "$T" || exit 99; "$@" > "$T/r.json"', "sh"]
        r = t.rd("check", "--replay", os.path.join(t.fx, "mi300x-healthy"), "-f", "json", "-v", wrap=wrap, env={"T": tiny})
        t.check(r.rc == 2 and b"write standard output" in r.err, "full disk: exit %d %r" % (r.rc, r.err[-200:]))


# --- --record ------------------------------------------------------------------------------

@case("record-new-dir", "D2", "check --quick --record DIR, DIR not there", "DIR created 0700, a snapshot inside")
def _(t):
    d = t.path("rec")
    quick(t, "--record", d)
    t.check(os.path.isdir(d) and mode(d) == 0o700, "DIR mode %s, wanted 700" % (oct(mode(d)) if os.path.exists(d) else "-"))
    t.check(os.path.exists(os.path.join(d, "meta.json")), "no meta.json recorded")


@case("record-symlink", "D2", "--record DIR where DIR is a symlink to an empty directory", "refused before the run, exit 2")
def _(t):
    target = t.path("target")
    os.makedirs(target)
    os.symlink(target, t.path("rec"))
    r = quick(t, "--record", t.path("rec"))
    t.expect_refused(r, [t.path("rec")])
    t.check(os.listdir(target) == [], "wrote through the symlink: %s" % os.listdir(target))


@case("record-other-owner", "D2", "as root: --record into an empty directory owned by uid 65534 (an attacker could swap "
      "files/ for a symlink: the report's race)", "refused before the run, exit 2; nothing written")
def _(t):
    needs_root("chown")
    d = t.path("rec")
    os.makedirs(d)
    os.chown(d, 65534, 65534)
    r = quick(t, "--record", d)
    t.expect_refused(r, [d])
    t.check(os.listdir(d) == [], "root wrote into another user's directory: %s" % os.listdir(d))


@case("record-not-empty", "m14", "--record into a non-empty directory; onto a regular file", "refused before the run (no "
      "child runs), exit 2")
def _(t):
    d = t.path("rec")
    os.makedirs(d)
    open(os.path.join(d, "x"), "w").close()
    f = t.path("file")
    open(f, "w").close()
    bindir, log = t.path("fakebin"), t.path("ran.log")
    fakes.logging_executables(bindir, ["rocminfo"], log)
    for target in (d, f):
        r = t.rd("check", "--no-probes", "--no-compile", "--record", target, env={"PATH": bindir + ":/usr/bin:/bin"})
        t.expect_refused(r, [target])
    t.check(not os.path.exists(log), "the run happened before the refusal (rocminfo ran)")


@case("record-secrets", "D3", "--record with HF_TOKEN, MY_PASSWORD, AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, FOO_KEY set",
      "none of them in env.json")
def _(t):
    d = t.path("rec")
    quick(t, "--record", d, env=SECRET_ENV)
    env = open(os.path.join(d, "env.json")).read() if os.path.exists(os.path.join(d, "env.json")) else ""
    for k, v in SECRET_ENV.items():
        t.check(v not in env, "%s recorded in env.json" % k)


@case("record-non-utf8-env", "D13", "FOO=bar\\xff check --quick --record DIR -f json -o r.json; and without -o",
      "recorded (bytes replaced), the report printed")
def _(t):
    env = {"FOO": os.fsdecode(b"bar\xff")}
    d = t.path("rec")
    r = quick(t, "--record", d, "-f", "json", "-o", t.path("r.json"), env=env)
    t.check(r.rc in (0, 1) and os.path.exists(t.path("r.json")), "no report (exit %d)" % r.rc)
    try:
        json.load(open(os.path.join(d, "env.json")))
    except (OSError, ValueError) as e:
        t.check(False, "env.json not valid: %s" % e)
    r = quick(t, "--record", t.path("rec2"), env=env)
    t.check("System —".encode() in r.out, "no report printed")


@case("record-non-utf8-file", "D13", "a file caf\\xe9.pth in a venv's site-packages; check --python VENV --record DIR",
      "recorded, the report printed")
def _(t):
    venv = fakes.torch_venv(t.work)
    open(os.fsencode(fakes.site_packages(venv)) + b"/caf\xe9.pth", "w").close()
    r = t.rd("check", "--no-probes", "--no-compile", "--python", os.path.join(venv, "bin/python3"), "--record",
             t.path("rec"), timeout=30)
    t.check(r.rc in (0, 1) and "System —".encode() in r.out, "no report (exit %d)" % r.rc)


# --- children, temp dir, signals (D6, D10) -------------------------------------------------

def signalled_run(t, sig, to_group, ignore_term=False):
    """check --no-probes --no-compile with a hanging fake rocminfo first on PATH; sig 1 s after the
    start to the doctor's process group (Ctrl-C at a terminal) or to the doctor alone."""
    bindir, pids, pidfile = t.path("fakebin"), t.path("pids"), t.path("rd.pid")
    fakes.hanging_rocminfo(bindir, pids, ignore_term)

    def send():
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not (os.path.exists(pidfile) and open(pidfile).read().strip()):
            time.sleep(0.01)
        time.sleep(1.0)
        pid = int(open(pidfile).read())
        (os.killpg if to_group else os.kill)(pid, sig)
    sender = threading.Thread(target=send)
    sender.start()
    # sh records its pid and execs the doctor: the pid (and process group) of the doctor
    wrap = ["sh", "-c", 'echo $$ > "$P"; exec "$@"', "sh"]
    try:
        r = t.rd("check", "--no-probes", "--no-compile", wrap=wrap, rc=None, timeout=20,
                 env={"PATH": bindir + ":/usr/local/bin:/usr/bin:/bin", "P": pidfile})
        sender.join()
        left = fakes.wait_dead(pids)
        # 128+N from exit(), or -N when the handler cleans up and re-raises: a shell shows both as 128+N
        t.check(r.rc in (128 + sig, -sig), "exit %d, wanted %d (128+%s)" % (r.rc, 128 + sig, signal.Signals(sig).name))
        t.check(not left, "children still running after the doctor exited: %s" % left)
    finally:
        fakes.kill_all(pids)


@case("sigint-group", "D6", "Ctrl-C (SIGINT to the process group) after 1 s, a fake rocminfo sleeping",
      "exit 130, temp dir removed, children killed")
def _(t):
    signalled_run(t, signal.SIGINT, True)


@case("sigterm-group", "D6", "SIGTERM to the process group after 1 s", "exit 143, temp dir removed, children killed")
def _(t):
    signalled_run(t, signal.SIGTERM, True)


@case("sigquit-group", "D6", "SIGQUIT to the process group after 1 s", "exit 131, temp dir removed, children killed")
def _(t):
    signalled_run(t, signal.SIGQUIT, True)


@case("sigterm-doctor", "D6", "SIGTERM to the doctor alone, the fake rocminfo ignoring SIGTERM",
      "exit 143, temp dir removed, children killed")
def _(t):
    signalled_run(t, signal.SIGTERM, False, ignore_term=True)


@case("sighup-doctor", "D6", "SIGHUP to the doctor alone", "exit 129, temp dir removed, children killed")
def _(t):
    signalled_run(t, signal.SIGHUP, False, ignore_term=True)


@case("collector-timeout", "D6", "--collector-timeout 1000 with a fake rocminfo that needs 4 s",
      "the child killed before exit, temp dir removed")
def _(t):
    bindir, pids = t.path("fakebin"), t.path("pids")
    fakes.hanging_rocminfo(bindir, pids, seconds=4)
    try:
        t.rd("check", "--no-probes", "--no-compile", "--collector-timeout", "1000",
             env={"PATH": bindir + ":/usr/local/bin:/usr/bin:/bin"}, timeout=20)
        left = fakes.wait_dead(pids, 0.5)
        t.check(not left, "children still running after the doctor exited: %s" % left)
    finally:
        fakes.kill_all(pids)


@case("hung-child", "ok", "a fake rocminfo ignoring SIGTERM, default budgets, no signal", "bounded; child killed, temp dir removed")
def _(t):
    bindir, pids = t.path("fakebin"), t.path("pids")
    fakes.hanging_rocminfo(bindir, pids, ignore_term=True)
    try:
        t.rd("check", "--no-probes", "--no-compile", env={"PATH": bindir + ":/usr/local/bin:/usr/bin:/bin"}, timeout=40)
        t.check(not fakes.wait_dead(pids), "the hung child is still running")
    finally:
        fakes.kill_all(pids)


@case("no-pycache", "D10", "--python VENV whose torch is pure Python, PYTHONDONTWRITEBYTECODE unset",
      "no __pycache__/*.pyc written into the venv")
def _(t):
    venv = fakes.torch_venv(t.work)
    env = {"PYTHONDONTWRITEBYTECODE": None}
    t.rd("check", "--no-probes", "--no-compile", "--python", os.path.join(venv, "bin/python3"), env=env, timeout=30)
    pyc = fakes.pycache_files(venv)
    t.check(not pyc, "bytecode written into the venv: %s" % [os.path.relpath(p, venv) for p in pyc])


# --- planted executables, what is written, redaction of a live run -----------------------------

PLANTED = ["rocminfo", "hipcc", "python3", "python", "python3.11", "clang", "clang++", "amdclang++", "ldd", "lspci",
           "rocm-smi", "amd-smi", "dmesg", "journalctl", "ldconfig", "uname", "id", "groups", "sh", "bash", "env",
           "which", "gcc", "g++", "hipconfig", "rocm-doctor-probe", "rocm_agent_enumerator", "modinfo", "lsmod", "dkms",
           "pip", "pip3", "uv", "conda", "nvidia-smi", "cat", "ls", "grep", "readelf", "objdump", "file", "sudo",
           "systemctl", "lsb_release", "hostname", "getent", "torchrun"]


@case("cwd-planted", "ok", "cwd (and cwd/bin) full of 47 executables named like the tools the doctor runs, PATH "
      "'.:bin::/usr/bin:/bin:'; check, probe, check --python python3 --lib libamdhip64.so",
      "none runs; the planted library is read as a file, never loaded")
def _(t):
    planted, log = t.path("planted"), t.path("ran.log")
    for d in (planted, os.path.join(planted, "bin")):
        fakes.logging_executables(d, PLANTED, log)
    with open(os.path.join(planted, "libamdhip64.so"), "w") as f:
        f.write("planted\n")
    for path in (".:bin::/usr/bin:/bin:", "bin:/usr/bin:/bin", "./bin:/usr/bin:/bin"):
        t.rd("check", "--no-compile", cwd=planted, env={"PATH": path}, timeout=30)
    t.rd("probe", cwd=planted, env={"PATH": ".:/usr/bin:/bin"})
    t.rd("check", "--no-probes", "--python", "python3", "--lib", "libamdhip64.so", cwd=planted,
         env={"PATH": ".:bin:/usr/bin:/bin"}, timeout=30)
    t.check(not os.path.exists(log), "planted programs ran: %s" % (open(log).read()[:300] if os.path.exists(log) else ""))


@case("writes-only-o", "ok", "a full check -f json -o DIR/r.json with HOME, cwd and TMPDIR empty folders",
      "DIR holds only r.json; HOME, cwd and TMPDIR stay empty (the strace view: tests/integration-optin/hostile_strace.sh)")
def _(t):
    home, out = t.path("home"), t.path("out")
    os.makedirs(home)
    os.makedirs(out)
    t.rd("check", "-f", "json", "-o", os.path.join(out, "r.json"), env={"HOME": home}, timeout=30)
    t.check(os.listdir(out) == ["r.json"], "the -o folder holds %s" % os.listdir(out))
    t.check(os.listdir(home) == [], "written into HOME: %s" % os.listdir(home))


LIVE_SECRETS = {"HF_TOKEN": "hf_AbCdEfGhIjKlMnOpQrSt", "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMIK7MDENG",
                "GITHUB_TOKEN": "ghp_abcdefghijklmnop", "MY_DB_PASSWORD": "hunter2hunter2",
                "ROCM_LICENSE_KEY": "lic-123456789", "OPENAI_API_KEY": "sk-proj-abcdef123456",
                "HUGGING_FACE_HUB_TOKEN": "hf_second_token_xyz", "HTTP_PROXY": "http://tester:proxypass@10.1.2.3:3128"}


def live_identity_run(t, *args):
    """check as uid 65534 with HOME /home/tester, secrets in the environment and, as root, in a
    UTS namespace whose hostname is gpubox-7.corp.example.com."""
    needs_namespaces("unshare -u and uid 65534")
    harness_open(t)
    env = dict(LIVE_SECRETS, HOME="/home/tester", USER="tester", LOGNAME="tester",
               PYTHONPATH="/home/tester/proj/src", LD_LIBRARY_PATH="/home/tester/rocm/lib:/opt/rocm/lib",
               PATH="/home/tester/.venv/bin:/home/tester/bin:/usr/local/bin:/usr/bin:/bin", HSA_OVERRIDE_GFX_VERSION="10.3.0")
    wrap = ["unshare", "-u", "sh", "-c", 'hostname gpubox-7.corp.example.com && exec setpriv --reuid=65534 '
            '--regid=65534 --clear-groups "$@"', "sh"]
    return t.rd("check", "--no-probes", "--no-compile", *args, wrap=wrap, env=env, timeout=30)


def harness_open(t):
    for root, dirs, _ in os.walk(t.work):
        os.chmod(root, 0o777)


@case("live-redaction", "ok", "live check as uid 65534, host gpubox-7.corp.example.com, HOME /home/tester, 8 secret "
      "variables, a proxy with a password; -f json and -f markdown", "no secret, host, user or home in either")
def _(t):
    for fmt in ("json", "markdown"):
        r = live_identity_run(t, "-f", fmt)
        t.expect_absent(r.out, list(LIVE_SECRETS.values()) + ["proxypass", "gpubox-7", "/home/tester"],
                        "live -f " + fmt, "ok")


@case("live-no-redact", "ok", "the same, --no-redact json", "host name kept (documented)")
def _(t):
    r = live_identity_run(t, "-f", "json", "--no-redact")
    t.check(b"gpubox-7" in r.out, "--no-redact dropped the host name")
