"""§3 of hostile/REPORT.md: hostile `--rules DIR` folders, `rules lint`, `rules list`, `explain`.
`check` runs against the mi300x-healthy replay, so no case reads this machine."""
import os

import harness
from harness import SANITIZED

CASES, case = harness.registry()

GOOD = '''[[rule]]
id = "{id}"
section = "environment"
severity = "warning"
when = [ {{ fact = "env.PATH", exists = true }} ]
title = "{title}"
'''


def rule(rid, when, title="t", extra=""):
    return ('[[rule]]\nid = "%s"\nsection = "environment"\nseverity = "warning"\nwhen = [ %s ]\ntitle = "%s"\n%s'
            % (rid, when, title, extra))


def rules_dir(t, files, name="rules"):
    """files: name → text | bytes | ("symlink", target) | ("fifo",) | ("dir",)."""
    d = t.path(name)
    os.makedirs(d, exist_ok=True)
    for fname, content in files.items():
        p = os.path.join(d, fname)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        if isinstance(content, tuple):
            {"symlink": lambda: os.symlink(content[1], p), "fifo": lambda: os.mkfifo(p),
             "dir": lambda: os.makedirs(p)}[content[0]]()
        else:
            with open(p, "wb") as f:
                f.write(content if isinstance(content, bytes) else content.encode())
    return d


def lint(t, d, **kw):
    return t.rd("rules", "lint", d, **kw)


def check(t, d, *extra, **kw):
    return t.rd("check", "--replay", os.path.join(t.fx, "mi300x-healthy"), "--rules", d, *extra, **kw)


def expect_lint_problems(t, d, needles, count=None, defect=None):
    r = lint(t, d)
    t.check(r.rc == 2, "lint exit %d, wanted 2 (problems): %r" % (r.rc, r.out[-300:]), defect)
    out = r.out + r.err
    for n in needles:
        t.check(n.encode() in out, "lint does not report %r: %r" % (n, out[-400:]), defect)
    if count is not None:
        t.check(("%d problems" % count).encode() in out, "lint does not count %d problems: %r" % (count, out[-300:]), defect)
    return r


def expect_check_goes_on(t, d, defect=None):
    r = check(t, d)
    t.check(r.rc in (0, 1), "check exit %d: %r" % (r.rc, r.err[-200:]), defect)
    t.check("System —".encode() in r.out, "no report", defect)
    return r


@case("syntax-error", "ok", "unterminated string, bad header, '= = =', invalid UTF-8 in four files",
      "file:line:col for each; check goes on and says 'rule file problem'")
def _(t):
    d = rules_dir(t, {"a.toml": '[[rule]]\nid = "x.a"\nsection = "environment\nseverity = warning\n',
                      "b.toml": '[[rule]\nid = "x.b"\n', "c.toml": "= = =\n", "d.toml": b"\xff\xfe\x00garbage\n"})
    expect_lint_problems(t, d, ["a.toml:", "b.toml:", "c.toml:", "d.toml:"])
    expect_check_goes_on(t, d)


@case("duplicate-ids", "ok", "x.dup twice in one file and once in another", "lint: duplicate rule id (first at …)")
def _(t):
    d = rules_dir(t, {"a.toml": GOOD.format(id="x.dup", title="first") + "\n" + GOOD.format(id="x.dup", title="second"),
                      "b.toml": GOOD.format(id="x.dup", title="third")})
    expect_lint_problems(t, d, ["duplicate rule id 'x.dup'"])


@case("override-builtin", "ok", "a rule with a builtin's id", "replaced (documented)")
def _(t):
    d = rules_dir(t, {"a.toml": GOOD.format(id="env.amd-log-level-on", title="overridden builtin")})
    r = t.rd("explain", "env.amd-log-level-on", "--rules", d)
    t.check(b"overridden builtin" in r.out, "the builtin was not replaced")


@case("unknown-operator", "m11", "unknown operator, two operators, no operator in one rule",
      "three problems (no operator reported beside the others)")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.op", '{ fact = "env.PATH", regex = ".*" }, { fact = "env.PATH", eq = 1, ne = 2 }, '
                                     '{ fact = "env.PATH" }')})
    expect_lint_problems(t, d, ["unknown operator 'regex'", "two operators"], count=3)


@case("unknown-keys", "ok", "unknown section, severity, keys; title a number; empty when", "each reported with its line")
def _(t):
    d = rules_dir(t, {"a.toml": '[[rule]]\nid = "x.keys"\nsection = "nowhere"\nseverity = "fatal"\nwhen = []\n'
                                'title = 5\nfixx = "y"\n[other]\nx = 1\n'})
    expect_lint_problems(t, d, ["a.toml:3", "a.toml:4", "a.toml:7"])


@case("bad-id", "ok", "ids 'Bad Id!' and one with ESC[31m", "reported; nothing raw on stderr")
def _(t):
    d = rules_dir(t, {"a.toml": GOOD.format(id="Bad Id!", title="t") + GOOD.format(id="\\u001b[31mred.id", title="t")})
    expect_lint_problems(t, d, ["Bad Id!"])
    check(t, d)


@case("unknown-fact", "ok", "env.PATH.nope.deeper, gpus[99999999999999999999].gfx, no.such.fact", "reported")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.fact", '{ fact = "env.PATH.nope.deeper", exists = true }, '
                                     '{ fact = "gpus[99999999999999999999].gfx", eq = "x" }, { fact = "no.such.fact", eq = 1 }')})
    expect_lint_problems(t, d, ["no.such.fact"])


@case("template-missing-fact", "ok", "title with {no.such.fact} and {unclosed; fix with {}", "reported at the rule")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.tpl", '{ fact = "env.PATH", exists = true }',
                                     "path {env.PATH} and {no.such.fact} and {unclosed", 'fix = "{gpus.gfx} {{literal}} {}"\n')})
    expect_lint_problems(t, d, ["a.toml:"])
    expect_check_goes_on(t, d)


BOMB = rule("x.bomb", "{ fact = \"env.PATH\", matches = '^(([a-z/:.]+)*)*$X' }", "bomb")


@case("regex-bomb", "D14", "matches = '^(([a-z/:.]+)*)*$X' on env.PATH",
      "lint: a problem; check bounded, the rule not evaluated with the reason")
def _(t):
    d = rules_dir(t, {"a.toml": BOMB})
    r = lint(t, d, timeout=10)
    t.check(r.rc == 2, "lint passes a catastrophic-backtracking regex (exit %d): %r" % (r.rc, r.out[-200:]))
    r = check(t, d, "-f", "json", timeout=10)
    if not r.timed_out and r.rc in (0, 1):
        doc = t.expect_json(r) or {}
        entry = [n for n in doc.get("not_evaluated", []) if isinstance(n, dict) and n.get("id") == "x.bomb"]
        t.check(entry, "x.bomb not listed as not evaluated")
        t.check(all(n.get("reason") for n in entry), "no reason given: %s" % entry)


@case("regex-bomb2", "ok", "matches = '(.*a){25}'", "bounded")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.bomb2", "{ fact = \"env.PATH\", matches = '(.*a){25}' }")})
    check(t, d, timeout=10)


@case("regex-bad", "ok", "an unclosed regex; ((a{1,1000}){1,1000}){1,1000}", "each reported")
def _(t):
    for i, rx in enumerate(["(unclosed[", "((a{1,1000}){1,1000}){1,1000}"]):
        d = rules_dir(t, {"a.toml": rule("x.re%d" % i, "{ fact = \"env.PATH\", matches = '%s' }" % rx)}, "r%d" % i)
        expect_lint_problems(t, d, ["a.toml:"])


@case("regex-huge", "ok", "a regex of 20,000 alternations (100 KB)",
      "reported by lint, or accepted and evaluated within the budget (std::regex needed the first; RE2 does the "
      "second; the contract asks for neither a hang nor a crash)")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.hugere", "{ fact = \"env.PATH\", matches = '%s' }" % ("(a|b)" * 20000))})
    r = lint(t, d)
    if r.rc == 0:
        check(t, d, timeout=5)


@case("huge-array", "ok", "a 300,000-element in array", "fast")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.huge", '{ fact = "env.PATH", in = [%s] }' % ",".join('"v%d"' % i for i in range(300000)))})
    check(t, d, timeout=10)


@case("many-rules", "ok", "20,000 rules in one file", "fast")
def _(t):
    n = 5000 if SANITIZED else 20000
    d = rules_dir(t, {"a.toml": "".join(GOOD.format(id="x.r%d" % i, title="rule %d {env.PATH}" % i) for i in range(n))})
    check(t, d, timeout=15)


@case("deep-toml", "ok", "5,000-deep all, 100,000 nested inline tables, 100,000 nested arrays",
      "reported: exceeded maximum nested value depth")
def _(t):
    texts = [rule("x.deep", "{ all = [ " * 5000 + '{ fact = "env.PATH", exists = true }' + " ] }" * 5000),
             "x = " + "{ a = " * 100000 + "1" + " }" * 100000 + "\n", "x = " + "[" * 100000 + "]" * 100000 + "\n"]
    for i, text in enumerate(texts):
        expect_lint_problems(t, rules_dir(t, {"a.toml": text}, "r%d" % i), ["a.toml:"])


@case("nest-33", "ok", "40 nested not", "reported: nested deeper than 32 levels")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.n33", "{ not = " * 40 + '{ fact = "env.PATH", exists = true }' + " }" * 40)})
    expect_lint_problems(t, d, ["nested deeper than 32"])


@case("special-files", "ok", "rule files → /dev/zero, /dev/urandom, itself, /etc/shadow; a FIFO; a directory; "
      "VERSION → /dev/zero", "no hang, each reported")
def _(t):
    d = rules_dir(t, {"a.toml": ("symlink", "/dev/zero"), "b.toml": ("symlink", "/dev/urandom"),
                      "c.toml": ("symlink", "c.toml"), "d.toml": ("symlink", "/etc/shadow"), "e.toml": ("fifo",),
                      "f.toml": ("dir",), "VERSION": ("symlink", "/dev/zero")})
    expect_lint_problems(t, d, ["a.toml", "b.toml", "c.toml", "e.toml"])
    expect_check_goes_on(t, d)


@case("special-data", "ok", "data/fleet.toml → /dev/zero, data/gpus.toml broken, data/support_matrix.toml a FIFO",
      "reported")
def _(t):
    d = rules_dir(t, {"data/fleet.toml": ("symlink", "/dev/zero"), "data/gpus.toml": "= broken =",
                      "data/support_matrix.toml": ("fifo",)})
    expect_lint_problems(t, d, ["fleet.toml", "gpus.toml"])
    expect_check_goes_on(t, d)


@case("big-and-nul", "ok", "a 5 MB rule file; a NUL inside a string", "reported")
def _(t):
    check(t, rules_dir(t, {"a.toml": "# " + "x" * (5 << 20) + "\n"}, "big"), timeout=10)
    expect_lint_problems(t, rules_dir(t, {"a.toml": GOOD.format(id="x.nul", title="t").replace("warning", "warn\0ing")},
                                      "nul"), ["a.toml:"])


ESCAPES = rule("x.esc", '{ fact = "env.PATH", exists = true }', "\\u001b[2J\\u001b[H\\u001b[32mOK\\u0007",
               'fix = "rm -rf ~ \\u001b[8m hidden"\nexplain = "\\u001b]0;pwn\\u0007"\n')


@case("escapes-in-title", "m11, D5", "ESC/BEL in title, fix and explain",
      "lint rejects control characters; check, explain and rules list show ?")
def _(t):
    d = rules_dir(t, {"a.toml": ESCAPES})
    expect_lint_problems(t, d, ["a.toml:"], defect="m11")
    check(t, d)
    t.rd("explain", "x.esc", "--rules", d)
    t.rd("rules", "list", "--rules", d)


@case("types", "ok", "gt a string, version_lt not a version, in not an array, exists \"yes\", in_data unknown, eq a table",
      "six diagnostics")
def _(t):
    d = rules_dir(t, {"a.toml": rule("x.types", '{ fact = "env.PATH", gt = "abc" }, { fact = "env.PATH", version_lt = "x" }, '
                                     '{ fact = "env.PATH", in = "notarray" }, { fact = "env.PATH", exists = "yes" }, '
                                     '{ fact = "env.PATH", in_data = "nosuch.table" }, { fact = "env.PATH", eq = { a = 1 } }')})
    expect_lint_problems(t, d, [], count=6)


@case("for-each-bad", "m11", "for_each on env.PATH (a string)", "lint: for_each needs an array fact")
def _(t):
    d = rules_dir(t, {"a.toml": '[[rule]]\nid = "x.fe"\nsection = "gpu"\nseverity = "warning"\nfor_each = "env.PATH"\n'
                                'when = [ { fact = "gpus.gfx", exists = true } ]\ntitle = "fe {gpus.gfx}"\n'})
    expect_lint_problems(t, d, ["for_each"])


@case("nothing-to-load", "ok", "an empty dir; only a.toml.bak and README", "nothing loaded, no problem")
def _(t):
    for d in (rules_dir(t, {}, "empty"), rules_dir(t, {"a.toml.bak": "garbage", "README": "x"}, "bak")):
        r = lint(t, d)
        t.check(r.rc == 0 and b"0 rules loaded" in r.out, "lint of %s: exit %d %r" % (d, r.rc, r.out[-200:]))


@case("lint-odd-paths", "ok", "rules lint /nonexistent, a regular file, /proc", "clear message naming the path")
def _(t):
    f = t.path("file.toml")
    with open(f, "w") as fh:
        fh.write(GOOD.format(id="x.f", title="t"))
    for p in (t.path("nonexistent"), f, "/proc"):
        r = lint(t, p)
        if r.rc == 2:
            t.check(p.encode() in r.out + r.err, "lint of %s does not name it: %r" % (p, (r.out + r.err)[-200:]))


@case("explain-odd-ids", "ok", "explain an id with ESC; a 100,000-character id", "'did you mean'; nothing raw")
def _(t):
    for rid in ("env.\x1b[2Jamd-log-level-on\x07", "x" * 100000):
        r = t.rd("explain", rid)
        t.check(r.rc == 2, "explain of an unknown id: exit %d" % r.rc)
