"""§5 of hostile/REPORT.md: `fleet` over hostile folders of node reports, each node a copy of
`check --replay tests/fixtures/mi300x-healthy -f json`."""
import copy
import json
import os

import harness
from harness import SANITIZED

CASES, case = harness.registry()

CANARY = "CANARY_FLEET_OUTSIDE"


def node(t, redact=True):
    """The node report, made once per category."""
    path = os.path.join(t.ctx.root, "node%s.json" % ("" if redact else "-nr"))
    if not os.path.exists(path):
        t.rd("check", "--replay", os.path.join(t.fx, "mi300x-healthy"), "-f", "json", "-o", path,
             *([] if redact else ["--no-redact"]))
    with open(path) as f:
        return json.load(f)


def write(d, name, data):
    p = os.fsencode(d) + b"/" + (name if isinstance(name, bytes) else name.encode())
    with open(p, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    return p


def with_host(report, hostname):
    r = copy.deepcopy(report)
    r["facts"]["values"].setdefault("host", {})["hostname"] = hostname
    return json.dumps(r)


def folder(t, count, name="fleet"):
    """count healthy node reports, host names node00000 …"""
    d = t.path(name)
    os.makedirs(d)
    base = node(t)
    for i in range(count):
        write(d, "node%05d.json" % i, with_host(base, "node%05d" % i))
    return d


def plant_corrupt(t, d):
    """The 21 corrupt entries of the report's fleet folder (targets outside: a canary file)."""
    text = json.dumps(node(t))
    outside = t.path("outside.json")
    with open(outside, "w") as f:
        f.write('{"secret": "%s"}' % CANARY)
    write(d, "bad-empty.json", b"")
    write(d, "bad-truncated.json", text[: len(text) // 3])
    write(d, "bad-binary.json", os.urandom(4096))
    write(d, "bad-notreport.json", '{"hello": "world"}')
    write(d, "bad-array.json", "[1,2,3]")
    newer = json.loads(text)
    newer["schema"] = 99
    write(d, "bad-newer.json", json.dumps(newer))
    os.makedirs(os.path.join(d, "bad-directory.json"))
    for name, target in (("bad-loop.json", "bad-loop.json"), ("bad-outside.json", outside),
                         ("bad-dangling.json", "/nonexistent/x.json"), ("bad-zero.json", "/dev/zero")):
        os.symlink(target, os.path.join(d, name))
    os.symlink(".", os.path.join(d, "loopdir"))
    os.mkfifo(os.path.join(d, "bad-fifo.json"))
    return ["bad-empty", "bad-truncated", "bad-binary", "bad-notreport", "bad-array", "bad-newer", "bad-directory",
            "bad-loop", "bad-outside", "bad-dangling", "bad-zero", "bad-fifo"]


def plant_escapes(t, d):
    r = json.loads(with_host(node(t), "evil\x1b[2J\x1b]0;pwn\x07\x08\x08node"))
    r.setdefault("findings", []).append({"id": "x.evil", "section": "gpu", "severity": "error",
                                         "title": "\x1b[2J\x1b[32mALL NODES HEALTHY\x1b[0m\x08\x08", "fix": "",
                                         "explain": "", "refs": [], "evidence": []})
    write(d, "escape.json", json.dumps(r))
    for i, name in enumerate((b"node with space.json", b"node\nnewline.json", b"node\x1b[31mred.json",
                              b"node\xff\xfe.json")):
        write(d, name, with_host(node(t), "odd-%d" % i))


def fleet(t, *args, **kw):
    return t.rd("fleet", *args, **kw)


@case("many-reports", "m13", "500 node reports with kernel skew on every 7th (the report: 10,000), text, markdown, json",
      "bounded (no limit in the contract)")
def _(t):
    d = folder(t, 100 if SANITIZED else 500)
    base = node(t)
    for i in range(0, 500, 7):
        r = copy.deepcopy(base)
        r["facts"]["values"].setdefault("kernel", {})["release"] = "6.8.0-%d-generic" % (i % 3)
        r["facts"]["values"]["host"]["hostname"] = "node%05d" % i
        write(d, "node%05d.json" % i, json.dumps(r))
    for fmt in ("text", "markdown", "json"):
        fleet(t, d, "-f", fmt, timeout=20)


@case("corrupt-entries", "ok", "empty, truncated, binary, not-a-report, array, newer schema, a directory *.json, "
      "symlink loop, → a file outside, dangling, FIFO, → /dev/zero", "each unreadable with its cause, the rest merged, exit 1")
def _(t):
    d = folder(t, 5)
    names = plant_corrupt(t, d)
    r = fleet(t, d)
    t.check(r.rc == 1, "exit %d, wanted 1" % r.rc)
    for n in names:
        t.check(n.encode() in r.out + r.err, "%s not listed as unreadable" % n)
    t.check(b"5 node(s) reporting" in r.out, "the 5 readable reports were not merged")
    t.check(CANARY.encode() not in r.out + r.err, "content of a file outside the folder shown")


@case("corrupt-json", "D12", "the corrupt entries plus odd file names (space, newline, ESC, invalid UTF-8), -f json",
      "valid JSON (bytes replaced)")
def _(t):
    d = folder(t, 5)
    plant_corrupt(t, d)
    plant_escapes(t, d)
    r = fleet(t, d, "-f", "json")
    t.expect_json(r)


@case("non-utf8-name", "D12", "two reports, one named b\\xff.json; a --expect node n\\xfe; -f json", "valid JSON")
def _(t):
    d = t.path("fl")
    os.makedirs(d)
    a = write(d, "a.json", with_host(node(t), "a"))
    write(d, b"b\xff.json", with_host(node(t), "b"))
    t.expect_json(fleet(t, d, "-f", "json"))
    t.expect_json(fleet(t, "-f", "json", a, "--expect", b"n\xfe"))


@case("duplicate-hosts", "ok", "two reports claiming host gpu-node-dup", "flagged: a second report for node gpu-node-dup")
def _(t):
    d = folder(t, 2)
    for n in ("dup-a.json", "dup-b.json"):
        write(d, n, with_host(node(t), "gpu-node-dup"))
    r = fleet(t, d)
    t.check(b"a second report for node gpu-node-dup" in r.out + r.err, "the duplicate is not flagged")


@case("escapes", "D5", "ESC/OSC/BS in a host name and a finding title; file names with ESC, newline, invalid UTF-8",
      "text and markdown show ? for controls")
def _(t):
    d = folder(t, 3)
    plant_escapes(t, d)
    fleet(t, d)
    fleet(t, d, "-v")


@case("deep-report", "ok, D11", "a node report with facts nested 100,000 levels among others",
      "no crash: that report unreadable or its facts unknown (the report saw no crash; here SIGSEGV: D11's unbounded "
      "nesting)")
def _(t):
    d = folder(t, 3)
    head = json.dumps({k: v for k, v in node(t).items() if k != "facts"})[:-1]
    write(d, "deep.json", head + ', "facts": {"values": {"deep": ' + "[" * 100000 + "]" * 100000 + "}}}")
    fleet(t, d, defect="D11")
    fleet(t, d, "-f", "json", defect="D11")


def no_redact_reports(t):
    """Three --no-redact node reports of user tester with FQDN hosts and a home path in a finding."""
    d = t.path("fl8")
    os.makedirs(d)
    for h in ("gpubox-1", "gpubox-2", "gpubox-3"):
        r = json.loads(with_host(node(t, redact=False), h + ".corp.example.com"))
        r["facts"]["values"].setdefault("identity", {}).update(user_name="tester", home="/home/tester")
        r.setdefault("findings", []).append({
            "id": "python.given-interpreter-unusable", "section": "frameworks", "severity": "error",
            "title": "--python /home/tester/missing/bin/python3 cannot be examined: stat /home/tester/missing/bin/python3: "
                     "No such file or directory", "fix": "", "explain": "", "refs": [], "evidence": []})
        write(d, h + ".json", json.dumps(r))
    return d


@case("redaction", "D8", "three --no-redact node reports (user tester, /home/tester paths, FQDN hosts), -f json and markdown",
      "home paths and user redacted by default; node names kept")
def _(t):
    d = no_redact_reports(t)
    for fmt in ("json", "markdown"):
        r = fleet(t, d, "-f", fmt)
        t.expect_absent(r.out, ["/home/tester"], "fleet -f " + fmt, "D8")
        t.check(b"gpubox-1" in r.out, "the node names are gone (they are kept by design)", "ok")


@case("no-redact", "D8", "the same with fleet --no-redact", "the home paths kept")
def _(t):
    d = no_redact_reports(t)
    r = fleet(t, d, "-f", "json", "--no-redact")
    t.check(b"/home/tester" in r.out, "--no-redact removed the home paths")
    redacted = fleet(t, d, "-f", "json")
    t.check(r.out != redacted.out, "fleet --no-redact is a no-op")


@case("dev-full", "D21", "fleet > /dev/full", "'rocm-doctor: write standard output: …', exit 2")
def _(t):
    d = folder(t, 2)
    with open("/dev/full", "wb") as full:
        r = fleet(t, d, stdout=full)
    t.check(r.rc == 2, "exit %d, wanted 2" % r.rc)
    t.check(b"write standard output" in r.err, "no message: %r" % r.err[-200:])
