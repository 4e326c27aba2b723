#!/usr/bin/env python3
"""Prints the corpus cases of one split, one folder per line.

The evaluation split is every case whose sha256(url) hex digest starts with 0-4 (about a
third). Rules and parsers are written looking at the development split only:

    tests/corpus/split.py dev      # the cases you may read while writing rules
    tests/corpus/split.py eval     # only the harness reads these
"""
import glob
import hashlib
import os
import sys
import tomllib


def split_of(url: str) -> str:
    return "eval" if int(hashlib.sha256(url.encode()).hexdigest()[0], 16) < 5 else "dev"


def main() -> int:
    if len(sys.argv) != 2 or sys.argv[1] not in ("dev", "eval"):
        print("usage: split.py dev|eval", file=sys.stderr)
        return 2
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases")
    for case in sorted(glob.glob(os.path.join(here, "*", "case.toml"))):
        with open(case, "rb") as f:
            url = tomllib.load(f)["url"]
        if split_of(url) == sys.argv[1]:
            print(os.path.dirname(case))
    return 0


if __name__ == "__main__":
    sys.exit(main())
