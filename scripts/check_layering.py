#!/usr/bin/env python3
"""Fails on any #include that crosses the layering of docs/ARCHITECTURE.md (issue 13).

Reads the "Folders and what each may depend on" table: each `src/FOLDER/` row's last column
lists the folders it may include ("util, system"), a single header of one ("system/local_files"),
or "all". Every `#include "FOLDER/..."` of a file under src/FOLDER2/ must name FOLDER2 itself or
a folder (or header) its row allows. Also checks the top-level CMakeLists.txt: each
`target_link_libraries(rd_FOLDER ...)` may link only the rd_ libraries of folders its row allows.
Prints file:line for each violation and exits 1; exits 0 when there is none.

  scripts/check_layering.py [--root DIR]
"""
import argparse
import os
import re
import sys

ROW = re.compile(r"^\|\s*`src/([^`]+?)/?`\s*\|.*\|\s*([^|]*?)\s*\|\s*$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
LINK = re.compile(r"target_link_libraries\(\s*(rd_\w+)\s+(?:PUBLIC|PRIVATE|INTERFACE)?([^)]*)\)", re.S)


def read_table(doc_path):
    """{folder or file under src: allowed set}; "all" -> None (anything)."""
    table = {}
    with open(doc_path, encoding="utf-8") as doc:
        for line in doc:
            m = ROW.match(line)
            if not m:
                continue
            name, allowed = m.group(1), m.group(2)
            if allowed.strip().lower() == "all":
                table[name] = None
                continue
            tokens = [t.strip() for t in re.split(r"[,;]", allowed)]
            table[name] = {t.split(" ")[0] for t in tokens if t and t not in ("—", "-")}
    return table


def allows(allowed, target_folder, header):
    if allowed is None:
        return True
    if target_folder in allowed:
        return True
    stem = os.path.splitext(header)[0]
    return stem in allowed  # "system/local_files" admits system/local_files.h


def check_includes(root, table, folders):
    problems = []
    src = os.path.join(root, "src")
    for dirpath, _, files in os.walk(src):
        for name in sorted(files):
            if not name.endswith((".h", ".cpp")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, src)
            owner = rel.split(os.sep)[0] if os.sep in rel else rel  # "core" or "main.cpp"
            if owner not in table:
                missing = f"src/{owner}: no row in docs/ARCHITECTURE.md's layering table (src/{rel})"
                if not any(p.startswith(f"src/{owner}: no row") for p in problems):
                    problems.append(missing)
                continue
            with open(path, encoding="utf-8", errors="replace") as text:
                for number, line in enumerate(text, 1):
                    m = INCLUDE.match(line)
                    if not m or "/" not in m.group(1):
                        continue
                    header = m.group(1)
                    target = header.split("/")[0]
                    if target not in folders or target == owner:
                        continue
                    if not allows(table[owner], target, header):
                        problems.append(f"src/{rel}:{number}: src/{owner} may not include {header} "
                                        f"(docs/ARCHITECTURE.md allows: {', '.join(sorted(table[owner])) or 'nothing'})")
    return problems


def check_cmake(root, table):
    problems = []
    path = os.path.join(root, "CMakeLists.txt")
    with open(path, encoding="utf-8") as cmake:
        text = cmake.read()
    for m in LINK.finditer(text):
        lib, deps = m.group(1), m.group(2).split()
        folder = lib[len("rd_"):]
        if folder not in table:
            continue
        line = text.count("\n", 0, m.start()) + 1
        for dep in deps:
            if not dep.startswith("rd_") or dep == "rd_deps":
                continue
            dep_folder = dep[len("rd_"):]
            # A row that admits one header of a folder ("system/local_files") links its library.
            linkable = None if table[folder] is None else table[folder] | {a.split("/")[0] for a in table[folder]}
            if dep_folder != folder and dep_folder in table and not allows(linkable, dep_folder, dep_folder):
                problems.append(f"CMakeLists.txt:{line}: {lib} may not link {dep} (docs/ARCHITECTURE.md)")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    args = parser.parse_args()
    table = read_table(os.path.join(args.root, "docs", "ARCHITECTURE.md"))
    if not table:
        print("docs/ARCHITECTURE.md: no layering table found", file=sys.stderr)
        return 1
    folders = {f for f in table if "." not in f}
    problems = check_includes(args.root, table, folders) + check_cmake(args.root, table)
    for problem in problems:
        print(problem)
    print(f"layering: {len(folders)} folders, {len(problems)} violation{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
