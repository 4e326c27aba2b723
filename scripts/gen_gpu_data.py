#!/usr/bin/env python3
"""Regenerates rules/data/gpus.toml and rules/data/support_matrix.toml from AMD's published YAML
(data-sources/amd/gpus.yaml and os-support.yaml, revisions in data-sources/amd/SOURCE.txt) and the
hand-maintained overlays (data-sources/gpus-overlay.toml, data-sources/support-matrix-overlay.toml).

  python3 scripts/gen_gpu_data.py            # rewrite the two generated files
  python3 scripts/gen_gpu_data.py --check    # generate into a temp dir; exit 1 when they differ
  python3 scripts/gen_gpu_data.py --root DIR # another checkout (the tests use a temp copy)

Needs python3-yaml (scripts/install-deps.sh); everything else is the standard library. The
generator refuses data that contradicts itself (a target AMD lists that the overlay lacks, a
"supported" class AMD does not list, an APU flag that disagrees with AMD's product line, a generic
ISA member that is not in the table) instead of writing a table the rules would misread.
"""
import argparse
import difflib
import json
import re
import sys
import tempfile
from pathlib import Path

try:
    import tomllib  # Python 3.11+ (Debian 12, Ubuntu 24.04)
except ImportError:  # Ubuntu 22.04's 3.10: the same parser as python3-tomli
    try:
        import tomli as tomllib
    except ImportError:
        sys.exit("gen_gpu_data: needs Python 3.11's tomllib or python3-tomli")

try:
    import yaml
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("gen_gpu_data: python3-yaml is missing (apt install python3-yaml; scripts/install-deps.sh installs it)")

GPUS_OUT = Path("rules/data/gpus.toml")
MATRIX_OUT = Path("rules/data/support_matrix.toml")
GPUS_OVERLAY = Path("data-sources/gpus-overlay.toml")
MATRIX_OVERLAY = Path("data-sources/support-matrix-overlay.toml")
SOURCE = Path("data-sources/amd/SOURCE.txt")
PRODUCT_LINES = ("AMD Instinct", "AMD Radeon", "AMD Ryzen")
# Classes a target AMD lists may have; "supported" must be listed (rules/gpu.toml branches on them).
LISTED_CLASSES = {"supported", "rdna3-variant", "rdna35-apu", "new"}
GFX_KEYS = ("name", "family", "class", "override", "apu", "firmware", "members")


class DataError(Exception):
    pass


def toml_value(value):
    """A TOML literal for the strings, booleans and string arrays these tables hold."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # TOML basic strings share JSON's escapes
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise DataError(f"cannot write {value!r} as TOML")


def toml_array_block(key, values, width=100):
    """`key = [ ... ]` wrapped at `width` columns, as the hand-written tables were."""
    one_line = f"{key} = {toml_value(values)}"
    if len(one_line) <= width:
        return one_line + "\n"
    lines, current = [f"{key} = ["], "  "
    for v in values:
        item = toml_value(v) + ", "
        if len(current) + len(item) > width and current.strip():
            lines.append(current.rstrip())
            current = "  "
        current += item
    if current.strip():
        lines.append(current.rstrip())
    lines.append("]")
    return "\n".join(lines) + "\n"


def header_paragraph(text, path):
    """The overlay's second comment paragraph (the first is about the overlay itself): the
    generated file's description of its keys and sources."""
    paragraphs, current = [], []
    for line in text.splitlines():
        if line.startswith("#"):
            current.append(line)
            continue
        if current:
            paragraphs.append(current)
            current = []
        if line.strip():
            break
    if len(paragraphs) < 2:
        raise DataError(f"{path}: expected two leading comment paragraphs (about the overlay, about the table)")
    return "\n".join(paragraphs[1]) + "\n"


def source_revisions(root):
    """{"gpus.yaml": "ROCm/rocm-docs@<commit> docs/data/gpus.yaml", ...} from SOURCE.txt."""
    revisions = {}
    for line in (root / SOURCE).read_text().splitlines():
        m = re.match(r"^(\S+\.yaml)\s+(\S+)@([0-9a-f]{40})\s+(\S+)", line)
        if m:
            revisions[m.group(1)] = f"{m.group(2)}@{m.group(3)} {m.group(4)}"
    for name in ("gpus.yaml", "os-support.yaml"):
        if name not in revisions:
            raise DataError(f"{SOURCE}: no '<file> <owner/repo>@<commit> <path>' line for {name}")
    return revisions


def load_yaml(path):
    data = yaml.safe_load(path.read_text())
    if not isinstance(data, dict):
        raise DataError(f"{path}: not a mapping")
    for line in PRODUCT_LINES:
        if not isinstance(data.get(line), dict):
            raise DataError(f"{path}: no '{line}' group")
    return data


def amd_targets(gpus_yaml):
    """gfx -> {"arch", "products", "igpus", "lines"} from AMD's GPU list, in AMD's order."""
    targets = {}
    for line in PRODUCT_LINES:
        for product, entry in gpus_yaml[line].items():
            gfx = entry.get("gfx") if isinstance(entry, dict) else None
            if not isinstance(gfx, str) or not re.fullmatch(r"gfx[0-9a-f]{3,4}", gfx):
                raise DataError(f"gpus.yaml: '{product}' has no gfx target")
            arch = entry.get("arch", {}).get("name", "")
            t = targets.setdefault(gfx, {"arch": arch, "products": [], "igpus": [], "lines": set()})
            if t["arch"] != arch:
                raise DataError(f"gpus.yaml: {gfx} is '{t['arch']}' and '{arch}'")
            t["products"].append(product)
            t["lines"].add(line)
            igpu = entry.get("igpu")
            if igpu and igpu not in t["igpus"]:
                t["igpus"].append(igpu)
    return targets


def merge_gfx(overlay, targets):
    """The [[gfx]] rows: the overlay's, with AMD's fields added and checked against them."""
    rows, names = [], set()
    for entry in overlay.get("gfx", []):
        name = entry.get("name", "")
        if name in names:
            raise DataError(f"{GPUS_OVERLAY}: {name} listed twice")
        names.add(name)
        unknown = set(entry) - set(GFX_KEYS)
        if unknown:
            raise DataError(f"{GPUS_OVERLAY}: {name}: unknown keys {sorted(unknown)} (generated keys come from gpus.yaml)")
        row = dict(entry)
        amd = targets.get(name)
        if amd is None:
            if row.get("class") == "supported":
                raise DataError(f"{GPUS_OVERLAY}: {name} is class 'supported' but AMD's gpus.yaml does not list it")
            rows.append(row)
            continue
        if row.get("class") not in LISTED_CLASSES:
            raise DataError(f"{GPUS_OVERLAY}: {name} is class '{row.get('class')}' but AMD's gpus.yaml lists it "
                            f"({amd['products'][0]}); expected one of {sorted(LISTED_CLASSES)}")
        if not row.get("family", "").startswith(amd["arch"]):
            raise DataError(f"{GPUS_OVERLAY}: {name} family '{row.get('family')}' does not start with AMD's arch '{amd['arch']}'")
        if "apu" in row:
            raise DataError(f"{GPUS_OVERLAY}: {name}: apu comes from gpus.yaml (its product line) for a target AMD lists")
        if len(amd["lines"]) != 1:
            raise DataError(f"gpus.yaml: {name} is in several product lines {sorted(amd['lines'])}: apu is ambiguous")
        if "AMD Ryzen" in amd["lines"]:
            row["apu"] = True
        row["amd_arch"] = amd["arch"]
        row["products"] = amd["products"]
        if amd["igpus"]:
            row["igpus"] = amd["igpus"]
        rows.append(row)
    missing = [g for g in targets if g not in names]
    if missing:
        raise DataError(f"AMD's gpus.yaml lists {', '.join(missing)}, which {GPUS_OVERLAY} lacks: add a [[gfx]] row "
                        "(family, class, firmware) for each")
    for row in rows:
        for member in row.get("members", []):
            if member not in names:
                raise DataError(f"{GPUS_OVERLAY}: {row['name']} member {member} has no [[gfx]] row")
        if "members" in row and row.get("class") != "generic":
            raise DataError(f"{GPUS_OVERLAY}: {row['name']} has members but is not class 'generic'")
    return rows


def render_gpus(root, revisions):
    overlay_text = (root / GPUS_OVERLAY).read_text()
    overlay = tomllib.loads(overlay_text)
    targets = amd_targets(load_yaml(root / "data-sources/amd/gpus.yaml"))
    rows = merge_gfx(overlay, targets)
    out = [f"# generated by scripts/gen_gpu_data.py from {revisions['gpus.yaml']}\n"
           f"# and {GPUS_OVERLAY}: edit those, not this file.\n"]
    out.append(header_paragraph(overlay_text, GPUS_OVERLAY))
    out.append("\n")
    order = GFX_KEYS + ("amd_arch", "products", "igpus")
    for row in rows:
        out.append("[[gfx]]\n")
        for key in order:
            if key in row:
                value = row[key]
                out.append(toml_array_block(key, value) if isinstance(value, list) else f"{key} = {toml_value(value)}\n")
    gfx_names = {r["name"] for r in rows}
    out.append("\n")
    for pci in overlay.get("pci", []):
        if pci.get("gfx") not in gfx_names:
            raise DataError(f"{GPUS_OVERLAY}: pci {pci.get('device_id')} names {pci.get('gfx')}, which has no [[gfx]] row")
        if set(pci) != {"device_id", "gfx", "name"}:
            raise DataError(f"{GPUS_OVERLAY}: pci {pci.get('device_id')}: keys must be device_id, gfx, name")
        out.append("[[pci]]\n")
        for key in ("device_id", "gfx", "name"):
            out.append(f"{key} = {toml_value(pci[key])}\n")
    return "".join(out)


def support_key(os_id, version):
    # Ubuntu's VERSION_ID is "24.04" for every 24.04.x point release; the others keep AMD's form.
    if os_id == "ubuntu":
        version = ".".join(version.split(".")[:2])
    return f"{os_id}-{version}"


def matrix_keys(os_yaml, overlay):
    """{"instinct": [keys...], ...} and {"radeon": ["24.04", ...]} (WSL2) from os-support.yaml."""
    os_ids, skip, lines = overlay.get("os_ids", {}), set(overlay.get("not_linux", {}).get("names", [])), overlay.get("lines", {})
    by_line, wsl = {}, {}
    for group in PRODUCT_LINES:
        line = lines.get(group)
        if not line:
            raise DataError(f"{MATRIX_OVERLAY}: [lines] has no entry for '{group}'")
        keys, wsl_versions = by_line.setdefault(line, set()), wsl.setdefault(line, set())
        for product, systems in os_yaml[group].items():
            if not isinstance(systems, dict):
                raise DataError(f"os-support.yaml: '{product}' is not a mapping")
            for os_name, spec in systems.items():
                versions = spec.get("versions", []) if isinstance(spec, dict) else []
                if os_name == "WSL2":
                    wsl_versions.update(str(v) for v in versions)
                if os_name in skip:
                    continue
                if os_name not in os_ids:
                    raise DataError(f"os-support.yaml names '{os_name}' ({product}); add its os-release ID to "
                                    f"[os_ids] in {MATRIX_OVERLAY} (or to [not_linux])")
                for v in versions:
                    version = v.get("version") if isinstance(v, dict) else None
                    if not isinstance(version, str):
                        raise DataError(f"os-support.yaml: {product} / {os_name}: a version without 'version'")
                    keys.add(support_key(os_ids[os_name], version))
    return by_line, wsl


def version_sort(key):
    name, _, version = key.rpartition("-")
    return (name, [int(p) if p.isdigit() else p for p in re.split(r"[.]", version)])


def render_matrix(root, revisions):
    overlay_text = (root / MATRIX_OVERLAY).read_text()
    overlay = tomllib.loads(overlay_text)
    by_line, wsl = matrix_keys(load_yaml(root / "data-sources/amd/os-support.yaml"), overlay)
    linux = set().union(*by_line.values()) | set(overlay.get("linux_extra", []))
    out = [f"# generated by scripts/gen_gpu_data.py from {revisions['os-support.yaml']}\n"
           f"# and {MATRIX_OVERLAY}: edit those, not this file.\n"]
    out.append(header_paragraph(overlay_text, MATRIX_OVERLAY))
    out.append(toml_array_block("linux", sorted(linux, key=version_sort)))
    out.append(toml_array_block("covered_elsewhere", sorted(overlay.get("covered_elsewhere", []))))
    out.append("\n[by_line]\n")
    for line in sorted(by_line):
        out.append(toml_array_block(line, sorted(by_line[line], key=version_sort)))
    out.append("\n[wsl2]\n")
    for line in sorted(l for l in wsl if wsl[l]):
        out.append(toml_array_block(line, sorted(wsl[line], key=lambda v: [int(p) for p in v.split(".")])))
    return "".join(out)


def generate(root):
    revisions = source_revisions(root)
    return {GPUS_OUT: render_gpus(root, revisions), MATRIX_OUT: render_matrix(root, revisions)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--check", action="store_true", help="generate into a temp dir and compare with the committed files")
    args = parser.parse_args()
    try:
        outputs = generate(args.root)
    except (DataError, OSError, tomllib.TOMLDecodeError, yaml.YAMLError) as e:
        print(f"gen_gpu_data: {e}", file=sys.stderr)
        return 2
    if not args.check:
        for rel, text in outputs.items():
            (args.root / rel).write_text(text)
            print(f"gen_gpu_data: wrote {rel}")
        return 0
    stale = 0
    with tempfile.TemporaryDirectory(prefix="gen_gpu_data.") as tmp:
        for rel, text in outputs.items():
            fresh = Path(tmp) / rel.name
            fresh.write_text(text)
            committed = args.root / rel
            old = committed.read_text() if committed.exists() else ""
            if old != fresh.read_text():
                stale += 1
                diff = difflib.unified_diff(old.splitlines(True), text.splitlines(True), str(rel), f"generated {rel.name}", n=1)
                sys.stderr.writelines(list(diff)[:80])
                print(f"gen_gpu_data: {rel} is stale: run python3 scripts/gen_gpu_data.py", file=sys.stderr)
    if not stale:
        print("gen_gpu_data: rules/data/gpus.toml and support_matrix.toml match their sources")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
