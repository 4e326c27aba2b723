#!/usr/bin/env python3
"""The hostile-input matrix (hostile/REPORT.md, docs/hostile-input.md) as a test target.

usage: hostile.py CATEGORY --rd BUILD/rocm-doctor --src SRCDIR [--only NAME] [-v]
       hostile.py --table            (the case table of tests/hostile/README.md)

CATEGORY: snapshots, from_reports, rules, triage, fleet, security, resources, probes, or all.
Each case builds its inputs in a temp dir (removed afterwards), runs the doctor bounded by a
timeout, and checks the contract; the category prints one "N passed, M failed" line and exits 1
when a case failed. Cases that need root are skipped (and counted) otherwise."""
import argparse
import importlib
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

CATEGORIES = ["snapshots", "from_reports", "rules", "triage", "fleet", "security", "resources", "probes"]


def load(category):
    return importlib.import_module(category).CASES


def print_table():
    print("| category | case | recipe | expected | covers |")
    print("|---|---|---|---|---|")
    for category in CATEGORIES:
        for c in load(category):
            cells = [category, "`%s`" % c.name, c.recipe, c.expected, c.covers]
            print("| " + " | ".join(x.replace("|", "\\|") for x in cells) + " |")


def run_category(category, ctx, only, verbose):
    counts = {"pass": 0, "fail": 0, "skip": 0}
    started, runs = time.monotonic(), harness.RUNS["count"]
    for case in load(category):
        if only and case.name not in only:
            continue
        t0 = time.monotonic()
        verdict, detail = harness.run_case(ctx, case)
        counts[verdict] += 1
        took = time.monotonic() - t0
        if verdict == "fail":
            defects = sorted({x for d, _ in detail for x in d.split(", ")})
            print("FAIL %s.%s [%s] (%.1f s)" % (category, case.name, ", ".join(defects), took))
            for defect, message in detail:
                print("     %s: %s" % (defect, harness.shown(message.rstrip()[:600])))
        elif verdict == "skip":
            print("SKIP %s.%s: %s" % (category, case.name, detail))
        elif verbose:
            print("ok   %s.%s (%.1f s)" % (category, case.name, took))
        sys.stdout.flush()
    skipped = ", %d skipped" % counts["skip"] if counts["skip"] else ""
    print("hostile.%s: %d passed, %d failed%s (%d doctor runs, %.0f s)" % (
        category, counts["pass"], counts["fail"], skipped, harness.RUNS["count"] - runs, time.monotonic() - started))
    return counts["fail"] == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("category", nargs="?", choices=CATEGORIES + ["all"])
    ap.add_argument("--rd", help="the rocm-doctor binary")
    ap.add_argument("--src", help="the source dir")
    ap.add_argument("--only", action="append", help="run only this case (repeatable)")
    ap.add_argument("--table", action="store_true", help="print the case table (README.md)")
    ap.add_argument("-v", "--verbose", action="store_true", help="also list passing cases")
    a = ap.parse_args()
    if a.table:
        print_table()
        return 0
    if not (a.category and a.rd and a.src):
        ap.error("CATEGORY, --rd and --src are required")
    os.umask(0o022)
    ok = True
    for category in CATEGORIES if a.category == "all" else [a.category]:
        root = tempfile.mkdtemp(prefix="rd-hostile-%s." % category)
        os.chmod(root, 0o755)  # cases that run as another user enter it
        ctx = harness.Context(rd=os.path.abspath(a.rd), src=os.path.abspath(a.src), root=root)
        try:
            ok = run_category(category, ctx, a.only, a.verbose) and ok
        finally:
            harness.remove_tree(root)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
