"""§2 of hostile/REPORT.md: `check --from FILE` of hostile reports, each derived from a good
report (`check --replay tests/fixtures/mi300x-healthy -f json --no-redact`)."""
import copy
import json
import os

import harness
from harness import SANITIZED

CASES, case = harness.registry()


def good(t):
    """The good report, made once per category (the category dir outlives its cases)."""
    path = os.path.join(t.ctx.root, "good.json")
    if not os.path.exists(path):
        r = t.rd("check", "--replay", os.path.join(t.fx, "mi300x-healthy"), "-f", "json", "--no-redact", "-o", path)
        t.check(r.rc in (0, 1) and os.path.exists(path), "could not make the good report", "harness")
    with open(path) as f:
        return json.load(f)


def write(t, name, data):
    p = t.path(name)
    with open(p, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)
    return p


def mutated(t, fn, name="report.json"):
    r = copy.deepcopy(good(t))
    fn(r)
    return write(t, name, json.dumps(r))


def nested(t, depth, opener="[", closer="]", inner="", where="values", name="deep.json"):
    """A good report whose facts.values (or facts.evidence) holds one value nested depth levels."""
    head = json.dumps({k: v for k, v in good(t).items() if k != "facts"})[:-1]
    deep = opener * depth + inner + closer * depth
    body = '{"values": {"deep": %s}}' % deep if where == "values" else '{"values": {}, "evidence": {"x": %s}}' % deep
    return write(t, name, head + ', "facts": ' + body + "}")


def from_(t, path, *extra, **kw):
    return t.rd("check", "--from", path, *extra, **kw)


def refused(t, path, cause=None, defect=None):
    r = from_(t, path)
    t.expect_refused(r, [path], cause, defect)
    t.check(b"json.exception" not in r.err, "library jargon: %r" % r.err[-200:], "m3")
    return r


def accepted(t, path, *extra):
    r = from_(t, path, *extra)
    t.check(r.rc in (0, 1), "a good report refused (exit %d): %r" % (r.rc, r.err[-200:]))
    return r


@case("empty", "ok", "an empty file; only whitespace", "refused: not valid JSON")
def _(t):
    refused(t, write(t, "empty.json", ""), "not valid JSON")
    refused(t, write(t, "ws.json", " \n\t\r\n  "), "not valid JSON")


@case("truncated", "ok", "the report cut at half and before its last byte", "refused: not valid JSON")
def _(t):
    text = json.dumps(good(t))
    refused(t, write(t, "half.json", text[: len(text) // 2]), "not valid JSON")
    refused(t, write(t, "minus1.json", text[:-1]), "not valid JSON")


@case("binary", "ok", "1,000 NUL bytes; 100 KB random; the report in UTF-16", "refused: not valid JSON")
def _(t):
    refused(t, write(t, "nul.json", b"\0" * 1000))
    refused(t, write(t, "garbage.json", os.urandom(100000)))
    refused(t, write(t, "utf16.json", json.dumps(good(t)).encode("utf-16")))


@case("bom", "ok", "the report after a UTF-8 BOM", "accepted")
def _(t):
    accepted(t, write(t, "bom.json", b"\xef\xbb\xbf" + json.dumps(good(t)).encode()))


@case("not-a-report", "ok", "null, 1, \"x\", [], {}", "refused: not a rocm-doctor report")
def _(t):
    for i, text in enumerate(["null", "1", '"report"', "[]", "{}"]):
        refused(t, write(t, "n%d.json" % i, text), "not a rocm-doctor report")


@case("big-over-cap", "ok", "a 100 MB report (sparse)", "refused: larger than 67108864 bytes")
def _(t):
    p = t.path("big.json")
    with open(p, "wb") as f:
        f.write(b"{")
        f.truncate(100 << 20)
    refused(t, p, "larger than 67108864 bytes")


@case("big-under-cap", "m13", "a 20 MB report under the cap (the report: 60 MB), -f json",
      "bounded (no limit in the contract)")
def _(t):
    mb = 5 if SANITIZED else 20
    p = mutated(t, lambda r: r["facts"]["values"].update(padding=["x" * 1000] * (mb * 1000)))
    from_(t, p, "-f", "json", timeout=20)


@case("deep-values", "D11", "facts.values nested 30,000 levels: arrays, and objects (the report: 100,000)",
      "refused: nested deeper than 256 levels, exit 2")
def _(t):
    for p in (nested(t, 30000, name="arrays.json"), nested(t, 30000, '{"a":', "}", '"x"', name="objects.json")):
        for fmt in ("json", "text"):
            r = from_(t, p, "-f", fmt)
            t.expect_refused(r, [p], "nested deeper than 256 levels")


@case("deep-depths", "D11, D18", "facts.values nested 300 and 5,000 levels (the report: up to 50,000); json and markdown",
      "refused: nested deeper than 256 levels (no 50 MB output)")
def _(t):
    for depth in (300, 5000):
        p = nested(t, depth, name="d%d.json" % depth)
        for fmt in ("json", "markdown"):
            r = from_(t, p, "-f", fmt, timeout=10)
            t.expect_refused(r, [p], "nested deeper than 256 levels", "D18" if depth >= 5000 else "D11")
            t.check(len(r.out) < 1 << 20, "%d bytes of output for a %d-deep input" % (len(r.out), depth), "D18")


@case("deep-array-top", "ok", "top level 100,000 nested arrays", "refused")
def _(t):
    refused(t, write(t, "top.json", "[" * 100000 + "]" * 100000))


@case("deep-evidence", "ok", "facts.evidence nested 100,000 levels", "no crash; refused or ignored")
def _(t):
    p = nested(t, 100000, where="evidence")
    for fmt in ("text", "json"):
        r = from_(t, p, "-f", fmt)
        if r.rc == 2:
            t.check(os.fsencode(p) in r.err, "refused without naming the file")


@case("schema-2", "ok", "schema 2", "refused: newer than this rocm-doctor understands")
def _(t):
    refused(t, mutated(t, lambda r: r.update(schema=2)), "newer")


@case("schema-huge", "m4", "schema 3000000000 and 1e308", "refused as newer")
def _(t):
    for v in (3000000000, 1e308):
        r = from_(t, mutated(t, lambda r: r.update(schema=v)))
        t.check(r.rc == 2, "schema %r accepted (exit %d)" % (v, r.rc))


@case("schema-not-int", "m4", "schema true, 1.9, -1, \"1\"", "refused: not a positive integer, in words")
def _(t):
    for v in (True, 1.9, -1, "1"):
        r = from_(t, mutated(t, lambda r: r.update(schema=v)))
        t.check(r.rc == 2, "schema %r accepted (exit %d)" % (v, r.rc))
        t.check(b"json.exception" not in r.err, "schema %r: library jargon %r" % (v, r.err[-200:]), "m3")


@case("schema-only", "m3", "{schema:1}; no facts; no tool; tool a string",
      "refused with a message that names what is missing; a good report whose tool is a string: evaluated or "
      "refused in words (the contract: a missing tool object is fine)")
def _(t):
    for i, text in enumerate(['{"schema": 1}', '{"schema": 1, "tool": {"version": "0.1.0"}}',
                              '{"schema": 1, "facts": {}}']):
        refused(t, write(t, "s%d.json" % i, text))
    p = mutated(t, lambda r: r.update(tool="rocm-doctor"))
    r = from_(t, p)
    if r.rc == 2:
        t.check(os.fsencode(p) in r.err and b"json.exception" not in r.err, "refused in jargon: %r" % r.err[-200:])


@case("facts-not-object", "m6", "facts null; facts a string; facts.values an array; a string",
      "refused: no facts")
def _(t):
    for fn in (lambda r: r.update(facts=None), lambda r: r.update(facts="x"),
               lambda r: r["facts"].update(values=[1, 2, 3]), lambda r: r["facts"].update(values="x")):
        p = mutated(t, fn)
        r = from_(t, p)
        t.expect_refused(r, [p], "no facts")


@case("facts-wrong-types", "m6", "os a string, gpus an object, env values objects; gpus entries of wrong types",
      "no rule fires on a fact of the wrong type (the report's expectation; the contract is silent)")
def _(t):
    def wrong(r):
        v = r["facts"]["values"]
        v["os"] = "ubuntu"
        v["env"] = {"HSA_OVERRIDE_GFX_VERSION": {"x": 1}, "AMD_LOG_LEVEL": [1, 2], "HIP_VISIBLE_DEVICES": 5}
        v["kernel"] = {"release": 5.15}
        v["gpu"] = {"count": "eight", "kfd_present": "yes"}

    def wrong_gpus(r):
        v = r["facts"]["values"]
        for g in v.get("gpus", []):
            g.update(gfx=None, marketing_name=12, vram_bytes="lots", in_kfd="false")
        v["gpus"] = v.get("gpus", []) + [None, 7, "gpu", [1]]
    r = from_(t, mutated(t, wrong, "a.json"))
    t.check(b'{"x":1} is not of the form' not in r.out, "a rule fired on an object-valued override")
    r = from_(t, mutated(t, wrong_gpus, "b.json"))
    t.check(b"12 at 0000:" not in r.out, "a finding titled with a number for a marketing name")


@case("other-wrong-types", "ok", "evidence, absent, collectors, findings of wrong types", "clear message or ignored")
def _(t):
    for i, fn in enumerate([lambda r: r["facts"].update(evidence={"os.id": {"source": 5, "excerpt": []}}),
                            lambda r: r["facts"].update(absent={"os": 5, "gpu": None}),
                            lambda r: r.update(collectors=[{"name": 5}]), lambda r: r.update(collectors="x"),
                            lambda r: r.update(collectors=[{"name": "gpu", "status": "exploded", "elapsed_ms": "x"}]),
                            lambda r: r.update(findings=[1, "x", None])]):
        from_(t, mutated(t, fn, "w%d.json" % i))


@case("generated-at-hostile", "D5", "generated_at with ESC[2J, BEL and 100 KB", "the header shows ? for controls")
def _(t):
    p = mutated(t, lambda r: r.update(generated_at="\x1b[2J\x1b[31mFAKE\x07" + "A" * 100000))
    from_(t, p)


@case("escape-in-facts", "D5", "env.HSA_OVERRIDE_GFX_VERSION = ESC[2J…[OK] all GPUs healthy…ESC[8m",
      "the finding title shows ? for controls")
def _(t):
    def esc(r):
        r["facts"]["values"].setdefault("env", {})["HSA_OVERRIDE_GFX_VERSION"] = \
            "\x1b[2J\x1b[H\x1b[32m[OK] all GPUs healthy\x1b[0m\x1b[8m"
        r["generated_at"] = "\x1b[2J\x1b[31mFAKE\x07"
    p = mutated(t, esc)
    from_(t, p)
    from_(t, p, "-v")
    from_(t, p, "-f", "markdown")


@case("keys-escape", "ok", "ESC and OSC in fact keys", "nothing raw in text or -v")
def _(t):
    p = mutated(t, lambda r: r["facts"]["values"].update({"\x1b]0;pwn\x07": {"\x1b[2J": "\x1b[31mred"}}))
    from_(t, p)
    from_(t, p, "-v")


@case("long-string", "ok", "an 8 MB os.pretty_name (the report: 20 MB)", "fast")
def _(t):
    p = mutated(t, lambda r: r["facts"]["values"]["os"].update(pretty_name="Ubuntu " + "A" * (8 << 20)))
    from_(t, p, timeout=10)
    from_(t, p, "-f", "json", timeout=10)


@case("many-keys", "m13", "100,000 env keys (the report: 500,000)", "bounded (no limit in the contract)")
def _(t):
    n = 30000 if SANITIZED else 100000
    p = mutated(t, lambda r: r["facts"]["values"].update(env={"VAR_%d" % i: "v" for i in range(n)}))
    from_(t, p, "-f", "json", timeout=20)


@case("many-secrets", "D15", "40,000 strings under an x_secret key and 40,000 lines holding them (the report: 200,000)",
      "redaction linear: done in 3 s")
def _(t):
    n = 40000

    def secrets(r):
        r["facts"]["values"]["x_secret"] = ["secret%06d" % i for i in range(n)]
        r["facts"]["values"]["lines"] = ["line %d with secret%06d inside" % (i, i) for i in range(n)]
    p = mutated(t, secrets)
    r = from_(t, p, "-f", "json", timeout=3)
    if not r.timed_out:
        t.check(b"secret000123" not in r.out, "a secret-keyed string kept in the redacted JSON", "D4")


@case("long-path-regex", "ok", "a 9 KB PATH and a --rules regex ^(?:.|\\n)*$", "no crash")
def _(t):
    p = mutated(t, lambda r: r["facts"]["values"].setdefault("env", {}).update(PATH="/usr/bin:" * 1000))
    rules = t.path("rules")
    os.makedirs(rules)
    with open(os.path.join(rules, "a.toml"), "w") as f:
        f.write('[[rule]]\nid = "x.stack"\nsection = "environment"\nseverity = "warning"\n'
                "when = [ { fact = \"env.PATH\", matches = '^(?:.|\\n)*$' } ]\ntitle = \"stack\"\n")
    from_(t, p, "--rules", rules)


@case("round-trip", "ok", "every fixture: replay → JSON (redacted and --no-redact) → --from", "the same findings")
def _(t):
    fixtures = sorted(n for n in os.listdir(t.fx) if os.path.isfile(os.path.join(t.fx, n, "meta.json")))
    for name in fixtures[:8] if SANITIZED else fixtures:
        ids = []
        for redact in ([], ["--no-redact"]):
            p = t.path("%s%s.json" % (name, "-nr" if redact else ""))
            t.rd("check", "--replay", os.path.join(t.fx, name), "-f", "json", "-o", p, *redact)
            if not os.path.exists(p):
                continue
            with open(p) as f:
                first = sorted(x["id"] for x in json.load(f).get("findings", []))
            r = from_(t, p, "-f", "json")
            doc = t.expect_json(r) or {}
            again = sorted(x["id"] for x in doc.get("findings", []))
            t.check(first == again, "%s%s: findings differ after --from: %s vs %s" % (name, redact, first, again))
            ids.append(first)
        t.check(len(ids) == 2 and ids[0] == ids[1], "%s: redaction changed the findings: %s" % (name, ids))


@case("versions-kept", "m7", "4-part versions in facts: firmware 1.2.3.4, ABI 10.0.0.1, ver 1.2.3.4",
      "kept in the redacted JSON, not <ipv4>")
def _(t):
    p = mutated(t, lambda r: r["facts"]["values"].update(test_versions={
        "b": "firmware 1.2.3.4", "e": "ABI 10.0.0.1 build", "m": "vbios 113-D4300100-100 ver 1.2.3.4"}))
    r = from_(t, p, "-f", "json")
    for v in ("firmware 1.2.3.4", "ABI 10.0.0.1", "ver 1.2.3.4"):
        t.check(v.encode() in r.out, "%r redacted as an address" % v)
