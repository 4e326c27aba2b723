#!/usr/bin/env python3
"""Scores `rocm-doctor triage` on the ticket corpus, per split and per kind (issue 13 item 5).

    tests/corpus/score.py --rd build/rocm-doctor                 # the score table
    tests/corpus/score.py --rd build/rocm-doctor --details       # + why each DEV case fails
    tests/corpus/score.py --rd build/rocm-doctor --check tests/corpus/baseline.json

A case passes when every expectation in its case.toml holds:
  facts         each fact has the expected value (array index free: gpus[0].gfx matches any GPU;
                "6.2" matches "6.2.0"; a pci_id with or without its 1002: vendor; an array fact
                matches when it holds the value)
  fix_contains  each string appears in a finding's title or fix
  must_not      no finding's title or fix contains the string
  redact        the redacted JSON report does not contain the string
Eval-split cases are never printed one by one: rules are written looking at dev only.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from split import split_of  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def text_of(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def lookup(tree, path):
    """Every value `path` can mean, with array indices free."""
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", path)
    nodes = [tree]
    for part in parts:
        nxt = []
        for node in nodes:
            if part.startswith("["):
                if isinstance(node, list):
                    nxt.extend(node)  # any element, not only the one at this index
            elif isinstance(node, dict) and part in node:
                nxt.append(node[part])
            elif isinstance(node, list):
                nxt.extend(item[part] for item in node if isinstance(item, dict) and part in item)
        nodes = nxt
    return nodes


def product(name):
    """A GPU name without vendor noise: 'AMD Radeon(TM) RX 7900 XTX Graphics' -> 'rx7900xtx'."""
    n = text_of(name).lower()
    for noise in ("(tm)", "amd", "radeon", "graphics", "[zluda]", " "):
        n = n.replace(noise, "")
    return n


def pci_device(value):
    v = text_of(value).strip().lower()
    v = v.split(":", 1)[1] if v.startswith("1002:") else v
    return v[2:] if v.startswith("0x") else v


def value_matches(expected, actual, path=""):
    if path.endswith("marketing_name") and not isinstance(actual, (list, dict)):
        e, a = product(expected), product(actual)
        return bool(e) and bool(a) and (e in a or a in e)
    if path.endswith("pci_id") and not isinstance(actual, (list, dict)):
        # "687f", "0x687f" and "1002:687f" name one device: the catalog's form has the vendor.
        return pci_device(expected) == pci_device(actual) != ""
    if isinstance(expected, list):  # every expected element is there
        return all(value_matches(e, actual, path) for e in expected)
    e = text_of(expected).strip().lower()
    if isinstance(actual, list):
        return any(value_matches(expected, a, path) for a in actual) or e == ", ".join(text_of(a).lower() for a in actual)
    if isinstance(actual, dict):
        return False
    a = text_of(actual).strip().lower()
    return e == a or a.startswith(e + ".") or e.startswith(a + ".")


def run(rd, paste, redact):
    args = [rd, "triage", paste, "--format", "json"] + ([] if redact else ["--no-redact"])
    out = subprocess.run(args, capture_output=True, text=True, timeout=60)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"exit {out.returncode}: {out.stderr.strip()[:200]}")
    return out.stdout


def score_case(rd, folder):
    with open(os.path.join(folder, "case.toml"), "rb") as f:
        case = tomllib.load(f)
    expect = case.get("expect", {})
    paste = os.path.join(folder, "paste.txt")
    failures, checks = [], 0
    try:
        report = json.loads(run(rd, paste, redact=False))
        redacted = run(rd, paste, redact=True) if expect.get("redact") else ""
    except Exception as e:  # a crash or a bad exit fails the case, with the reason
        return case, 0, 1, [f"triage failed: {e}"]
    values = report.get("facts", {}).get("values", {})
    advice = [(f.get("title", "") + "\n" + f.get("fix", "")).lower() for f in report.get("findings", [])]
    for path, want in expect.get("facts", {}).items():
        checks += 1
        got = lookup(values, path)
        if not any(value_matches(want, g, path) for g in got):
            failures.append(f"fact {path}: want {want!r}, got {[text_of(g) for g in got][:3]}")
    for s in expect.get("fix_contains", []):
        checks += 1
        if not any(s.lower() in a for a in advice):
            failures.append(f"fix lacks {s!r}")
    for s in expect.get("must_not", []):
        checks += 1
        if any(s.lower() in a for a in advice):
            failures.append(f"advice has {s!r}")
    for s in expect.get("redact", []):
        checks += 1
        if s in redacted:
            failures.append(f"not redacted: {s!r}")
    return case, checks - len(failures), checks, failures


def rules_text():
    """Every rule file's text, lower-case: where a fix string could come from."""
    root = os.path.join(HERE, "..", "..", "rules")
    parts = []
    for d, _, files in os.walk(root):
        parts += [open(os.path.join(d, f), encoding="utf-8").read().lower() for f in files if f.endswith(".toml")]
    return "\n".join(parts)


def cause_of(failure, known):
    """A failing check's cause class, never its content: what part of the doctor to work on."""
    if failure.startswith("fact "):
        path = failure[5:].split(":", 1)[0]
        # The catalog's name of the fact (indices dropped), never its wanted value.
        generic = re.sub(r"\[[0-9]+\]", "", path)
        missing = failure.endswith("got []")
        return f"fact {generic}: {'nothing extracted' if missing else 'another value'}"
    if failure.startswith("fix lacks "):
        want = failure[len("fix lacks "):].strip("'\"").lower()
        if want in known:
            return "fix lacks: a rule has it, did not fire"
        stem = re.split(r"[0-9{]", want, maxsplit=1)[0]
        if len(stem) >= 8 and stem in known:
            return "fix lacks: a rule has its stem, another value or did not fire"
        return "fix lacks: no rule has it"
    if failure.startswith("advice has "):
        return "must_not: the advice has it"
    if failure.startswith("not redacted"):
        return "redact: left in the redacted report"
    return "triage failed"


def print_breakdown(results):
    """Per split, failing checks counted by cause. Eval cases stay unread: only counts come out."""
    known = rules_text()
    table = {}
    for _, case, _, _, failures in results:
        split = split_of(case["url"])
        for failure in failures:
            key = cause_of(failure, known)
            table.setdefault(key, {"dev": 0, "eval": 0})[split] += 1
    print(f"\n{'failing checks by cause':<64}{'dev':>6}{'eval':>6}")
    for key in sorted(table, key=lambda k: -(table[k]["dev"] + table[k]["eval"])):
        print(f"{key:<64}{table[key]['dev']:>6}{table[key]['eval']:>6}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rd", required=True)
    ap.add_argument("--details", action="store_true", help="why each failing DEV case fails")
    ap.add_argument("--check", help="baseline JSON: fail if a split scores below it")
    ap.add_argument("--json", help="write the scores here")
    ap.add_argument("--breakdown", action="store_true",
                    help="counts of failing checks per split by cause (no case is printed)")
    ap.add_argument("--cases", help="score the case folders under this directory instead (a new batch, before it joins)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--every", type=int, default=1,
                    help="triage only every K-th case and fail only on a crash (the sanitizer build: "
                         "its scores are not comparable with the baseline)")
    args = ap.parse_args()
    cases_dir = args.cases or os.path.join(HERE, "cases")
    folders = sorted(os.path.join(cases_dir, d) for d in os.listdir(cases_dir) if os.path.isfile(os.path.join(cases_dir, d, "case.toml")))
    folders = folders[::max(1, args.every)]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda f: (f, *score_case(args.rd, f)), folders))

    splits = {"dev": [0, 0, 0, 0], "eval": [0, 0, 0, 0]}  # cases passed, cases, checks passed, checks
    kinds = {}
    for folder, case, passed, total, failures in results:
        split = split_of(case["url"])
        ok = not failures
        s = splits[split]
        s[0] += ok
        s[1] += 1
        s[2] += passed
        s[3] += total
        for kind in case.get("kinds", ["?"]):
            k = kinds.setdefault(kind, {"dev": [0, 0], "eval": [0, 0]})
            k[split][0] += ok
            k[split][1] += 1
        if args.details and split == "dev" and failures:
            print(f"FAIL {os.path.basename(folder)}: " + "; ".join(failures))

    if args.breakdown:
        print_breakdown(results)

    def pct(a, b):
        return f"{100.0 * a / b:5.1f}%" if b else "    -"

    print(f"\n{'split':<8}{'cases':>7}{'passed':>8}{'score':>8}{'checks':>9}{'check score':>13}")
    for name, (p, n, cp, cn) in splits.items():
        print(f"{name:<8}{n:>7}{p:>8}{pct(p, n):>8}{cn:>9}{pct(cp, cn):>13}")
    print(f"\n{'kind':<28}{'dev':>12}{'eval':>12}")
    for kind in sorted(kinds, key=lambda k: -(kinds[k]['dev'][1] + kinds[k]['eval'][1])):
        d, e = kinds[kind]["dev"], kinds[kind]["eval"]
        print(f"{kind:<28}{f'{d[0]}/{d[1]}':>7}{pct(*d):>6}  {f'{e[0]}/{e[1]}':>5}{pct(*e):>6}")
    scores = {name: round(100.0 * p / n, 1) if n else 0.0 for name, (p, n, _, _) in splits.items()}
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"scores": scores, "splits": splits, "kinds": kinds}, f, indent=1)
    crashed = [os.path.basename(f) for f, _, _, _, fails in results if any(x.startswith("triage failed") for x in fails)]
    if crashed:
        print("triage failed on: " + ", ".join(crashed), file=sys.stderr)
        if args.every > 1:
            return 1
    if args.check and args.every == 1:
        with open(args.check) as f:
            baseline = json.load(f)
        low = [f"{k} {scores[k]}% < baseline {v}%" for k, v in baseline.items() if scores.get(k, 0) < v]
        if low:
            print("corpus score dropped: " + "; ".join(low), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
