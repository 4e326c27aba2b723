"""§8 of hostile/REPORT.md: misbehaving children. A copy of the doctor runs with a fake
rocm-doctor-probe beside it (`rocm-doctor probe`: only the probes collector); fake --python
interpreters are shell scripts."""
import os

import fakes
import harness
from harness import SANITIZED

CASES, case = harness.registry()

RT = '{"probe":"runtime","platform":"hip","runtime_version":60241,"driver_version":60241,"device_count":1,"status":"ok"}'
START = '{"probe":"runtime","phase":"start"}'
OK_LINE = '{"probe":"runtime","device":0,"name":"GPU","status":"ok"}'
BUDGET = 8.0   # the probes' total_timeout_ms (rules/data): a hung probe is cut there
FLOOD = (16 if SANITIZED else 64) << 20   # the report: 1 GB; the cap is 262144 bytes


def probe(t, body, *args, timeout=BUDGET + 12, **kw):
    rd = fakes.doctor_with_probe(t, "#!/bin/bash\n" + body)
    return t.rd("probe", *args, binary=rd, timeout=timeout, **kw)


def expect_dead_probe(t, r, needle, defect=None):
    t.check(needle.encode() in r.out, "not reported as %r: %r" % (needle, r.out[-400:]), defect)


@case("hang", "ok", "prints start, then sleeps", "bounded (8 s), 'timed out'")
def _(t):
    expect_dead_probe(t, probe(t, "echo '%s'; echo '%s'\nexec sleep 1000\n" % (RT, START)), "timed out")


@case("ignore-term", "ok", "ignores SIGTERM, INT, HUP and loops", "killed (SIGKILL) at the budget")
def _(t):
    r = probe(t, "trap '' TERM INT HUP\necho '%s'; echo '%s'\nwhile :; do sleep 1; done\n" % (RT, START))
    expect_dead_probe(t, r, "timed out")


@case("grandchild-samegroup", "ok", "leaves a sleeping grandchild in its process group", "the grandchild killed")
def _(t):
    pids = t.path("pids")
    r = probe(t, "sleep 1000 &\necho $! >> %s\necho '%s'; echo '%s'; echo '%s'; echo '{\"probe\":\"done\"}'\nexit 0\n"
              % (pids, RT, START, OK_LINE))
    t.check(not fakes.wait_dead(pids), "the grandchild still runs")
    fakes.kill_all(pids)


@case("grandchild-setsid", "m16", "a grandchild in its own session keeps stdout open after the probe exits",
      "not the full 8 s wait reported as ok; the orphan killed or reported")
def _(t):
    pids = t.path("pids")
    # the probe exits only once the grandchild leads its own session: before that the doctor's
    # kill of the probe's process group would take it too (a race, not the case)
    r = probe(t, "setsid sleep 1000 &\ng=$!\necho $g >> %s\n"
                 "until [ \"$(cut -d' ' -f6 /proc/$g/stat)\" = \"$g\" ]; do sleep 0.01; done\n"
                 "echo '%s'; echo '%s'; echo '%s'; echo '{\"probe\":\"done\"}'\nexit 0\n" % (pids, RT, START, OK_LINE))
    # the probe budget is wall-clock time, the same under ASan
    t.check(r.seconds < BUDGET - 1, "waited %.1f s for a grandchild holding stdout" % r.seconds)
    fakes.kill_all(pids)


@case("flood-stdout", "ok", "64 MB of 'x' on stdout (the report: 1 GB)", "bounded: 'flooded its output'")
def _(t):
    expect_dead_probe(t, probe(t, "echo '%s'; echo '%s'\nhead -c %d /dev/zero | tr '\\0' 'x'\n" % (RT, START, FLOOD)), "flooded")


@case("flood-lines", "m16", "64 MB of valid result lines", "flooded; the fix names the probe, not 'rocm-doctor probe rocm-doctor-probe'")
def _(t):
    r = probe(t, "echo '%s'\nyes '%s' | head -c %d\n" % (RT, OK_LINE, FLOOD))
    expect_dead_probe(t, r, "flooded", "ok")
    t.check(b"rocm-doctor probe rocm-doctor-probe" not in r.out, "the fix names the executable, not the probe")


@case("flood-stderr", "m16", "64 MB on stderr", "flagged, not 'ok on 0 device(s)'")
def _(t):
    r = probe(t, "echo '%s'; echo '%s'\nhead -c %d /dev/zero | tr '\\0' 'e' >&2\necho '{\"probe\":\"done\"}'\n" % (RT, START, FLOOD))
    t.check(b"flooded" in r.out or b"stderr" in r.out, "a stderr flood is not flagged: %r" % r.out[-300:])


@case("crash-segv", "ok", "killed by SIGSEGV after a GPU memory fault on stderr", "reported with the stderr line")
def _(t):
    r = probe(t, "echo '%s'; echo '{\"probe\":\"kernel\",\"phase\":\"start\"}'\n"
                 "echo 'Memory access fault by GPU node-1 on address 0x7f0000. Reason: Page not present.' >&2\n"
                 "kill -SEGV $$\n" % RT)
    expect_dead_probe(t, r, "Memory access fault")


@case("exit-3", "ok", "exits 3 after start", "reported")
def _(t):
    r = probe(t, "echo '%s'; echo '{\"probe\":\"memcpy\",\"phase\":\"start\"}'\nexit 3\n" % RT)
    t.check(b"3" in r.out and b"[\xe2\x9c\x93] Runtime probes" not in r.out, "exit 3 not reported")


@case("malformed", "ok, D11", "wrong types, NaN, a 100,000-deep line, invalid UTF-8, arrays and null as lines",
      "reported: lines that are not probe JSON (the report saw that; here the deep line crashes the doctor: D11's "
      "unbounded nesting)")
def _(t):
    body = ("echo '{\"probe\":\"runtime\",\"platform\":\"hip\",\"device_count\":\"one\",\"status\":5}'\n"
            "echo '{\"probe\":\"runtime\",\"phase\":\"start\"'\necho 'not json at all'\n"
            "echo '{\"probe\":\"runtime\",\"device\":-1,\"name\":12,\"status\":\"ok\",\"memory_bytes\":-5,\"compute_units\":1e400}'\n"
            "echo '{\"probe\":\"memcpy\",\"device\":99999999999999999999,\"d2d_gbps\":NaN,\"status\":\"ok\"}'\n"
            "printf '{\"probe\":\"kernel\",\"device\":0,\"status\":\"ok\",\"x\":%s}\\n' \"$(head -c 100000 /dev/zero | tr '\\0' '[')"
            "$(head -c 100000 /dev/zero | tr '\\0' ']')\"\n"
            "echo '[1,2,3]'\necho 'null'\nprintf '{\"probe\":\"streams\",\"device\":0,\"status\":\"\\xff\\xfe bad\"}\\n'\n"
            "echo '{\"probe\":\"done\",\"elapsed_ms\":\"soon\"}'\n")
    r = probe(t, body, defect="D11")
    t.check(b"not probe JSON" in r.out, "malformed lines not reported: %r" % r.out[-300:])


HOSTILE = (r'''printf '{"probe":"runtime","platform":"hip\u001b[2J\u001b]0;pwn\u0007","runtime_version":1,"device_count":1,"status":"ok"}\n'
printf '{"probe":"runtime","phase":"start"}\n'
printf '{"probe":"runtime","device":0,"name":"\u001b[2J\u001b[32mHEALTHY\b\b","arch":"gfx942\u001b[8m","status":"fail","reason":"\u001b[2J\u0007 hidden","error":"\u001b]52;c;cm0gLXJmIH4=\u0007"}\n'
printf '{"probe":"kernel","phase":"start"}\n'
echo $'\e[2J\e[H\e]0;pwned\a\e[32mALL PROBES PASSED\e[0m\b\b\b stderr line /home/tester/secret HF_TOKEN=hf_leakme123' >&2
kill -ABRT $$
''')


@case("hostile-strings", "ok", "ESC/OSC/BS in the probe's JSON fields and on its stderr", "shown as ? in the text")
def _(t):
    probe(t, HOSTILE)


@case("stderr-secret", "D4", "the same probe prints HF_TOKEN=hf_leakme123 and /home/tester on stderr; check -f json, "
      "-f markdown", "the token and the home path removed")
def _(t):
    rd = fakes.doctor_with_probe(t, "#!/bin/bash\n" + HOSTILE)
    for fmt in ("json", "markdown"):
        r = t.rd("check", "--no-compile", "-f", fmt, binary=rd, timeout=30)
        t.expect_absent(r.out, ["hf_leakme123", "/home/tester"], "check -f " + fmt, "D4")


@case("many-lines", "ok", "200,000 result lines", "bounded: 'flooded'")
def _(t):
    r = probe(t, "echo '%s'; echo '%s'\nfor i in $(seq 1 200000); do echo '{\"probe\":\"runtime\",\"device\":'$i',"
                 "\"name\":\"GPU\",\"status\":\"ok\"}'; done\necho '{\"probe\":\"done\"}'\n" % (RT, START), timeout=30)
    expect_dead_probe(t, r, "flooded")


@case("empty", "D17", "prints nothing, exits 0", "a dead probe: 'ended without output'; no collector failure")
def _(t):
    r = probe(t, "exit 0\n")
    expect_dead_probe(t, r, "without output")
    t.check(b"collector 'probes' failed" not in r.out, "the probes collector crashed: %r" % r.out[-300:])


@case("not-executable-format", "ok", "a probe file with no shebang", "'did not start: … Exec format error'")
def _(t):
    rd = fakes.doctor_with_probe(t, "this is not a script and has no shebang\n")
    r = t.rd("probe", binary=rd)
    expect_dead_probe(t, r, "Exec format error")


# --- --python fakes (D22) --------------------------------------------------------------------

def python_check(t, interpreter, timeout=40):
    return t.rd("check", "--no-probes", "--no-compile", "--python", interpreter, timeout=timeout)


def frameworks_line(r):
    lines = [l for l in r.out.split(b"\n") if b"Frameworks" in l]
    return lines[0] if lines else b""


@case("python-fakes", "D22", "--python scripts that hang, flood stdout, print marker JSON, start a daemon",
      "each run (bounded) and reported; no other interpreter reported instead")
def _(t):
    pids = t.path("pids")
    scripts = {"hang": "#!/bin/sh\nsleep 1000\n", "flood": "#!/bin/sh\nhead -c %d /dev/zero | tr '\\0' x\n" % FLOOD,
               "marker": '#!/bin/sh\necho \'{"torch_version": "9.9.9+fake", "hip": "\\u001b[2J"}\'\n',
               "daemon": "#!/bin/sh\nsetsid sleep 1000 &\necho $! >> %s\nexit 0\n" % pids}
    try:
        for name, text in scripts.items():
            p = fakes.script(t.path("fakepy", name), text)
            r = python_check(t, p)
            t.check(os.fsencode(p) in r.out, "--python %s not examined: %r" % (name, frameworks_line(r)))
    finally:
        fakes.kill_all(pids)


@case("python-wrapper", "D22", "--python WRAPPER: '#!/bin/sh exec VENV/bin/python3 \"$@\"' (torch 2.4.0+rocm6.1 in the venv)",
      "examined by running it: torch 2.4.0+rocm6.1")
def _(t):
    venv = fakes.torch_venv(t.work)
    wrapper = fakes.script(t.path("wrap/python3"), '#!/bin/sh\nexec %s/bin/python3 "$@"\n' % venv)
    r = python_check(t, wrapper)
    t.check(fakes.TORCH_VERSION.encode() in frameworks_line(r), "the wrapper's torch is not reported: %r" % frameworks_line(r))


@case("python-wrapper-broken", "D22", "--python WRAPPER that prints 'Fatal Python error' and exits 1", "a finding")
def _(t):
    wrapper = fakes.script(t.path("wrap/python3"), "#!/bin/sh\necho 'Fatal Python error: init_fs_encoding' >&2\nexit 1\n")
    r = python_check(t, wrapper)
    t.check(os.fsencode(wrapper) in r.out, "a broken --python wrapper is skipped silently")


@case("python-unusable", "ok", "--python: not executable, a directory, missing", "python.given-interpreter-unusable with the cause")
def _(t):
    noexec = fakes.script(t.path("noexec"), "#!/bin/sh\n", 0o644)
    d = t.path("adir")
    os.makedirs(d)
    for p in (noexec, d, t.path("missing")):
        r = python_check(t, p)
        t.check(b"given-interpreter-unusable" in r.out, "--python %s: no finding" % p)
