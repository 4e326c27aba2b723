"""The hostile-input harness: a case registry, a bounded runner for rocm-doctor and the checks
every run gets (docs/hostile-input.md: no crash, no hang, no internal error, no control
character in a text output, no private temp dir or stray file left behind).

A case is a function of a Trial. It builds its inputs under trial.work, runs the doctor through
trial.rd(), and records failed expectations with trial.check(..., defect="Dn"): a case reports
every expectation it missed, each with the defect of hostile/REPORT.md it belongs to."""
import dataclasses
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import time

# ROCM_DOCTOR_SANITIZED (tests/CMakeLists.txt, ASan/UBSan build): the binary is several times
# slower; time budgets grow by this factor and the largest inputs shrink (never an assertion).
SANITIZED = bool(os.environ.get("ROCM_DOCTOR_SANITIZED"))
SLOW = 5.0 if SANITIZED else 1.0
IS_ROOT = os.geteuid() == 0


class Skip(Exception):
    """Raised by a case that cannot run here (needs root, a tool); reported as skipped."""


_NAMESPACES = {}


def need_namespaces(what):
    """Skips unless this is root and may make mount and UTS namespaces with a tmpfs in them (a
    container without CAP_SYS_ADMIN may not)."""
    if not IS_ROOT:
        raise Skip("needs root (%s)" % what)
    if "ok" not in _NAMESPACES:
        probe = subprocess.run(["unshare", "-m", "-u", "--propagation", "private", "sh", "-c",
                                "mount -t tmpfs tmpfs /mnt && hostname hostile-probe"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _NAMESPACES["ok"] = probe.returncode == 0
    if not _NAMESPACES["ok"]:
        raise Skip("unshare -m -u with a tmpfs is not allowed here (%s)" % what)


@dataclasses.dataclass
class Case:
    name: str
    covers: str       # "D19", "m5, m3", or "ok" for a case the release build already passed
    recipe: str       # what the case builds, in a few words
    expected: str     # the contract's behaviour (docs/hostile-input.md)
    run: object


def registry():
    """A list and a decorator that appends to it: one per category module."""
    cases = []

    def case(name, covers, recipe, expected):
        def add(fn):
            cases.append(Case(name, covers, recipe, expected, fn))
            return fn
        return add
    return cases, case


@dataclasses.dataclass
class Run:
    argv: list
    rc: int           # exit status; -N when killed by signal N
    out: bytes
    err: bytes
    seconds: float
    timed_out: bool
    rss_kb: int       # peak RSS of the doctor (wait4)

    def text(self):
        return self.out.decode("utf-8", "replace")

    def errtext(self):
        return self.err.decode("utf-8", "replace")


def _fmt(args):
    """The -f value of an argv (text when absent)."""
    args = [a if isinstance(a, str) else os.fsdecode(a) for a in args]
    for i, a in enumerate(args):
        if a in ("-f", "--format") and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--format="):
            return a.split("=", 1)[1]
    return "text"


def control_chars(data):
    """Describes the first forbidden character of a text output, or None: C0 controls but \\n and
    \\t (ESC, BEL, BS, CR …), C1 controls U+0080–U+009F and a raw 0x9B byte (8-bit CSI)
    (hostile-input report D5)."""
    text = data.decode("utf-8", "surrogateescape")
    for i, ch in enumerate(text):
        code = ord(ch)
        if (code < 0x20 and ch not in "\n\t") or 0x80 <= code <= 0x9F:
            return "U+%04X at char %d: %r" % (code, i, text[max(0, i - 30):i + 30])
        if code == 0xDC9B:  # surrogateescape of a lone 0x9B byte
            return "raw 0x9B at char %d: %r" % (i, text[max(0, i - 30):i + 30])
    return None


def shown(text):
    """text with control characters escaped, for the test log (which is a terminal too)."""
    return "".join(ch if (ch >= " " and not 0x7F <= ord(ch) <= 0x9F) or ch == "\n" else ascii(ch)[1:-1] for ch in text)


RUNS = {"count": 0}   # doctor runs of this process, for the summary line


class Trial:
    """One case's world: a work dir for its inputs, a private TMPDIR and an empty cwd for each
    run of the doctor, and the list of expectations it missed."""

    def __init__(self, ctx, case):
        self.ctx = ctx
        self.case = case
        self.work = tempfile.mkdtemp(prefix=case.name[:40] + ".", dir=ctx.root)
        self.tmp = os.path.join(self.work, ".tmpdir")
        self.cwd = os.path.join(self.work, ".cwd")
        os.makedirs(self.tmp)
        os.makedirs(self.cwd)
        self.failures = []   # (defect, message)

    @property
    def fx(self):
        return os.path.join(self.ctx.src, "tests", "fixtures")

    def path(self, *parts):
        return os.path.join(self.work, *parts)

    def check(self, ok, message, defect=None):
        if not ok:
            self.failures.append((defect or self.case.covers, message))
        return bool(ok)

    def env(self, extra=None):
        env = {k: v for k, v in os.environ.items() if not k.startswith("ROCM_DOCTOR_") or k == "ROCM_DOCTOR_SANITIZED"}
        env.update(NO_COLOR="1", TMPDIR=self.tmp, ROCM_DOCTOR_RULES=os.path.join(self.ctx.src, "rules"))
        for k, v in (extra or {}).items():  # None removes a variable
            if v is None:
                env.pop(k, None)
            else:
                env[k] = v
        return env

    def rd(self, *args, binary=None, stdin=None, env=None, cwd=None, timeout=20, rc=(0, 1, 2),
           preexec=None, stdout=None, pass_fds=(), wrap=(), defect=None):
        """Runs the doctor, bounded, and applies the checks every run gets. rc: the exit statuses
        the contract allows here. stdin: bytes, a path, or None (/dev/null). wrap: a command
        that runs the doctor (unshare …)."""
        argv = list(wrap) + [binary or self.ctx.rd] + list(args)
        RUNS["count"] += 1
        r = run_bounded(argv, stdin=stdin, env=self.env(env), cwd=cwd or self.cwd, timeout=timeout * SLOW,
                        preexec=preexec, stdout=stdout, pass_fds=pass_fds)
        self.expect_sound(r, rc, defect)
        return r

    def expect_sound(self, r, rc=(0, 1, 2), defect=None):
        name = shown(" ".join(os.fsdecode(a) if isinstance(a, bytes) else a for a in r.argv[1:])[:160])
        d = defect or self.case.covers
        if r.timed_out:
            self.check(False, "hang or over its time budget: killed after %.0f s: %s" % (r.seconds, name), d)
            return
        if rc is None:
            pass  # the caller checks the status (signals: 128+N)
        elif r.rc < 0:
            self.check(False, "killed by signal %d: %s" % (-r.rc, name), d)
        else:
            self.check(r.rc in rc, "exit %d, wanted %s: %s; stderr: %s" % (r.rc, sorted(rc), name, r.errtext()[-300:]), d)
        self.check(b"internal error" not in r.err, "internal error: %s: %s" % (name, r.errtext()[-300:]), d)
        # A sanitizer report exits 1 (ASan's default), which the status check lets through.
        for marker in (b"ERROR: AddressSanitizer", b"ERROR: LeakSanitizer", b"runtime error:"):
            at = r.err.find(marker)
            self.check(at < 0, "sanitizer report: %s: %s" % (name, r.err[at:at + 200].decode("utf-8", "replace")), d)
        fmt = _fmt(r.argv)
        if fmt == "text":
            bad = control_chars(r.out)
            self.check(bad is None, "control character in text output (%s): %s" % (name, bad), "D5")
        bad = control_chars(r.err)
        self.check(bad is None, "control character on stderr (%s): %s" % (name, bad), "D5")
        left = os.listdir(self.tmp)
        self.check(not left, "private temp dir left behind in TMPDIR: %s (%s)" % (left, name), "D6")
        for entry in left:
            shutil.rmtree(os.path.join(self.tmp, entry), ignore_errors=True)
        stray = os.listdir(self.cwd)
        self.check(not stray, "written into the working directory: %s (%s)" % (stray, name))

    # --- expectations shared by many cases -------------------------------------------------

    def expect_json(self, r, defect=None):
        """stdout is one valid UTF-8 JSON document; returns it (None when not)."""
        import json
        try:
            return json.loads(r.out.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            self.check(False, "output is not valid JSON (%s): %r" % (e, r.out[:200]), defect)
            return None

    def expect_refused(self, r, names, cause=None, defect=None):
        """Exit 2 and a message on stderr naming the input (and the cause)."""
        self.check(r.rc == 2, "exit %d, wanted 2 (refused)" % r.rc, defect)
        for n in names if isinstance(names, (list, tuple)) else [names]:
            nb = os.fsencode(n)
            self.check(nb in r.err, "stderr does not name %r: %r" % (n, r.err[-300:]), defect)
        if cause:
            self.check(cause.encode() in r.err, "stderr does not say %r: %r" % (cause, r.err[-300:]), defect)

    def expect_report(self, r, defect=None):
        """The text report came out: its last line is the summary ("… · 113 rules, 40 not evaluated …")."""
        last = r.out.rstrip().rsplit(b"\n", 1)[-1]
        self.check(b" rules, " in last, "no report on stdout (stderr: %r)" % r.err[-200:], defect)

    def expect_absent(self, data, strings, what, defect):
        for s in strings:
            sb = s.encode() if isinstance(s, str) else s
            self.check(sb not in data, "%s keeps %r" % (what, s), defect)


def run_bounded(argv, stdin=None, env=None, cwd=None, timeout=20.0, preexec=None, stdout=None, pass_fds=()):
    """Runs argv in its own process group; on timeout the whole group is SIGKILLed (a hang is a
    failure, never a stuck test). Peak RSS comes from wait4."""
    stdin_file = None
    if isinstance(stdin, str):
        stdin_file = open(stdin, "rb")

    def pre():
        os.setpgid(0, 0)
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGPIPE):
            signal.signal(s, signal.SIG_DFL)
        if preexec:
            preexec()

    out_target = subprocess.PIPE if stdout is None else stdout
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=stdin_file or (subprocess.PIPE if isinstance(stdin, bytes) else subprocess.DEVNULL),
                         stdout=out_target, stderr=subprocess.PIPE, env=env, cwd=cwd, preexec_fn=pre,
                         pass_fds=pass_fds)
    chunks = {"out": [], "err": []}

    def drain(stream, key):
        while True:
            b = stream.read(1 << 16)
            if not b:
                return
            chunks[key].append(b)

    threads = [threading.Thread(target=drain, args=(p.stderr, "err"), daemon=True)]
    if p.stdout:
        threads.append(threading.Thread(target=drain, args=(p.stdout, "out"), daemon=True))
    if isinstance(stdin, bytes):
        def feed():
            try:
                p.stdin.write(stdin)
            except (BrokenPipeError, OSError):
                pass
            finally:
                try:
                    p.stdin.close()
                except OSError:
                    pass
        threads.append(threading.Thread(target=feed, daemon=True))
    for t in threads:
        t.start()
    timed_out = False
    deadline = t0 + timeout
    status = rusage = None
    while True:
        pid, status, rusage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            timed_out = True
            _kill_group(p.pid)
            pid, status, rusage = os.wait4(p.pid, 0)
            break
        time.sleep(0.01)
    p.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - t0
    for t in threads:
        t.join(5)
    if stdin_file:
        stdin_file.close()
    return Run(argv, p.returncode, b"".join(chunks["out"]), b"".join(chunks["err"]), seconds, timed_out,
               rusage.ru_maxrss)


def _kill_group(pgid):
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass


@dataclasses.dataclass
class Context:
    rd: str       # the rocm-doctor binary (rocm-doctor-probe beside it)
    src: str      # the source dir (tests/fixtures, rules)
    root: str     # this category's temp dir


def run_case(ctx, case):
    """Runs one case; returns ("pass" | "fail" | "skip", failures or reason)."""
    trial = Trial(ctx, case)
    try:
        case.run(trial)
    except Skip as s:
        return "skip", str(s)
    except Exception as e:  # a broken generator is a failing case, never a crash of the target
        import traceback
        trial.failures.append(("harness", "case raised %s: %s" % (type(e).__name__, traceback.format_exc(limit=3))))
    finally:
        remove_tree(trial.work)
    return ("fail" if trial.failures else "pass"), trial.failures


def remove_tree(path):
    """rm -rf that also removes what a case made unreadable (chmod 000) and 3,000-level deep
    trees (too deep for shutil.rmtree's recursion)."""
    subprocess.run(["chmod", "-R", "u+rwX", path], stderr=subprocess.DEVNULL)
    subprocess.run(["rm", "-rf", path], stderr=subprocess.DEVNULL)
