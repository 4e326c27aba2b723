#!/usr/bin/env python3
"""Writes the coverage-verdict replay fixtures (issue 15 items 2-3):

  fw-therock-gfx1031-override   TheRock-style torch (kpack, native gfx1031) + HSA_OVERRIDE_GFX_VERSION=10.3.0
  fw-debian-rocblas-gfx1100     RX 7900 XTX, Debian sid layout: rocBLAS 4.4.1 and hipBLASLt (no version level)
  fw-debian-rocblas-no-gfx1100  the same with rocBLAS's gfx1100 files left out
  fw-ggml-hip-gfx1201           RX 9070 XT (gfx1201), Debian's rocBLAS and a libggml-hip.so without gfx1201

  tests/tools/make_coverage_fixtures.py        # run after tests/tools/make_kpack.py fixtures

Target lists are the ground truth of the Debian sid root
(/work/shared/reference/debian-sid-rocm/ground-truth-gfx-rocblas-hipblaslt.txt and
ground-truth-offload-bundles.txt). Tensile and hipBLASLt files are empty and carry the real file
names; libggml-hip.so is a minimal ELF64 whose .hip_fatbin holds two uncompressed clang offload
bundles (4096-aligned, host entry first, as in the real file) with stand-in code objects.
"""
import json
import shutil
import struct
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIX = REPO / "tests" / "fixtures"

DEBIAN_OS = ('PRETTY_NAME="Debian GNU/Linux forky/sid"\nNAME="Debian GNU/Linux"\nVERSION_CODENAME=forky\n'
             'ID=debian\nHOME_URL="https://www.debian.org/"\n')
ROCBLAS = ["gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx1010", "gfx1030", "gfx1100", "gfx1101", "gfx1102"]
HIPBLASLT = ["gfx908", "gfx90a", "gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1200", "gfx1201"]
GGML = ROCBLAS
OLLAMA = ["gfx1030", "gfx1100", "gfx1101", "gfx1102", "gfx1200", "gfx1201", "gfx90a", "gfx942"]
LIBDIR = Path("usr/lib/x86_64-linux-gnu")


def write(path: Path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode())


def fresh(name: str, src: str, with_commands: bool = True) -> Path:
    dst = FIX / name
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(FIX / src, dst, symlinks=True, ignore=None if with_commands else shutil.ignore_patterns("commands"))
    return dst


def bundle(targets) -> bytes:
    """An uncompressed clang offload bundle: magic, count, entries (offset, size, id length, id)."""
    ids = [b"host-x86_64-unknown-linux-gnu-"] + [b"hipv4-amdgcn-amd-amdhsa--" + t.encode() for t in targets]
    codes = [b""] + [b"\x7fELF" + b"COVERAGE-FIXTURE " + t.encode() + b"\0" * 8 for t in targets]
    header = 24 + 8 + sum(24 + len(i) for i in ids)
    at, entries, blobs = (header + 15) // 16 * 16, b"", b""
    for i, code in zip(ids, codes):
        entries += struct.pack("<QQQ", at if code else 0, len(code), len(i)) + i
        blobs += code
        at += len(code)
    out = b"__CLANG_OFFLOAD_BUNDLE__" + struct.pack("<Q", len(ids)) + entries
    return out + b"\0" * ((header + 15) // 16 * 16 - len(out)) + blobs


def hip_library(bundles) -> bytes:
    """A minimal ELF64 shared object with a .hip_fatbin section holding `bundles` (4096-aligned)."""
    fatbin = b""
    for b in bundles:
        fatbin += b"\0" * ((4096 - len(fatbin) % 4096) % 4096) + b
    names = b"\0.hip_fatbin\0.shstrtab\0"
    body = bytearray(4096)
    fat_off = len(body)
    body += fatbin
    body += b"\0" * ((8 - len(body) % 8) % 8)
    names_off = len(body)
    body += names
    body += b"\0" * ((8 - len(body) % 8) % 8)
    shoff = len(body)

    def shdr(name, typ, off, size, align):
        return struct.pack("<IIQQQQIIQQ", name, typ, 2 if typ == 1 else 0, 0, off, size, 0, 0, align, 0)
    body += bytes(64)
    body += shdr(names.index(b".hip_fatbin"), 1, fat_off, len(fatbin), 4096)
    body += shdr(names.index(b".shstrtab"), 3, names_off, len(names), 1)
    ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
    body[0:64] = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 3, 2)
    return bytes(body)


def debian_libs(root: Path, rocblas, hipblaslt=HIPBLASLT):
    # Debian's HIP is a distro install in /usr (libamdhip64-dev's header, as in the sid root's
    # ground-truth-versions.txt), so the installs section finds it.
    write(root / "usr/include/hip/hip_version.h",
          b"#define HIP_VERSION_MAJOR 6\n#define HIP_VERSION_MINOR 4\n#define HIP_VERSION_PATCH 43484\n")
    # The packages of the sid root (versions-dpkg.txt): rocm.release takes its patch level from
    # libamdhip64-6 (6.4.3), as on the real system.
    status = ""
    for name, version in (("libamdhip64-6", "6.4.3-5"), ("librocblas4", "6.4.4-4"), ("libhipblaslt1", "7.1.1+dfsg-4")):
        status += f"Package: {name}\nStatus: install ok installed\nArchitecture: amd64\nVersion: {version}\n\n"
    write(root / "var/lib/dpkg/status", status)
    for t in rocblas:
        write(root / LIBDIR / "rocblas/4.4.1/library" / f"TensileLibrary_lazy_{t}.dat", b"")
    write(root / LIBDIR / "rocblas/4.4.1/library/TensileLibrary_lazy_Mapping.dat", b"")
    for t in hipblaslt:
        write(root / LIBDIR / "hipblaslt/library" / f"Kernels.so-000-{t}.hsaco", b"")
    write(root / LIBDIR / "hipblaslt/library/TensileLiteLibrary_lazy_Mapping.dat", b"")


def set_gpu(dst: Path, gfx_target_version: int, device: int):
    props = dst / "files/sys/class/kfd/kfd/topology/nodes/1/properties"
    lines = [f"gfx_target_version {gfx_target_version}" if l.startswith("gfx_target_version ") else
             f"device_id {device}" if l.startswith("device_id ") else l for l in props.read_text().splitlines()]
    props.write_text("\n".join(lines) + "\n")
    for p in (dst / "files/sys/bus/pci/devices/0000:03:00.0/device", dst / "files/sys/class/drm/renderD128/device/device"):
        if p.exists():
            p.write_text(f"0x{device:04x}\n")


def therock_override():
    dst = fresh("fw-therock-gfx1031-override", "fw-kpack-torch-gfx1031")
    torch = dst / "files/home/alice/venv/lib/python3.12/site-packages/torch"
    shutil.rmtree(torch / "lib" / "rocblas")  # TheRock torch takes rocBLAS from the rocm-sdk wheels
    version = (torch / "version.py").read_text().replace("2.5.1+rocm6.2", "2.9.1+rocm7.14.0").replace("6.2.41133-dd7f95766", "7.14.25314")
    (torch / "version.py").write_text(version)
    env = json.loads((dst / "env.json").read_text())
    env["HSA_OVERRIDE_GFX_VERSION"] = "10.3.0"
    (dst / "env.json").write_text(json.dumps(env, indent=1) + "\n")
    (dst / "README.md").write_text(
        "# TheRock torch with native gfx1031 code, HSA_OVERRIDE_GFX_VERSION=10.3.0 set (RX 6700 XT)\n\n"
        "Generated by `tests/tools/make_coverage_fixtures.py` from `fw-kpack-torch-gfx1031` (run\n"
        "`tests/tools/make_kpack.py fixtures` first): the kpack-split libtorch_hip.so with archives for\n"
        "gfx1030, gfx1031, gfx1032, gfx1100, gfx1101 (TheRock builds gfx1031 natively, field-2026.md\n"
        "§4.3), no bundled rocBLAS, torch 2.9.1+rocm7.14.0, and the 10.3.0 override of old guides in\n"
        "the environment. Every library has native gfx1031 code: the report must say to unset the\n"
        "override (override.unset-native-everywhere) and give no override advice.\n")


def debian_gfx1100(name: str, rocblas, readme: str):
    dst = fresh(name, "rx7900xtx-gfx1100")
    write(dst / "files/etc/os-release", DEBIAN_OS)
    debian_libs(dst / "files", rocblas)
    (dst / "README.md").write_text(readme)


def ggml_gfx1201():
    dst = fresh("fw-ggml-hip-gfx1201", "rx7900xtx-gfx1100", with_commands=False)
    set_gpu(dst, 120001, 0x7550)  # RX 9070 XT, as debian-sid-rocm/fake-gpu-sysfs.sh does
    write(dst / "files/etc/os-release", DEBIAN_OS)
    debian_libs(dst / "files", ROCBLAS)
    lib = hip_library([bundle(GGML[:5]), bundle(GGML[5:])])
    write(dst / "files" / LIBDIR / "ggml/backends0/libggml-hip.so", lib)
    # ollama's own bundle (a ROCm 6.4-era build with RDNA 4), beside it: judged separately.
    write(dst / "files/usr/local/lib/ollama/rocm/libggml-hip.so", hip_library([bundle(OLLAMA)]))
    (dst / "README.md").write_text(
        "# Debian sid's ggml HIP backend on an RX 9070 XT (gfx1201)\n\n"
        "Generated by `tests/tools/make_coverage_fixtures.py`: the GPU tree of `rx7900xtx-gfx1100` with\n"
        "gfx_target_version 120001 and device 0x7550 (as debian-sid-rocm/fake-gpu-sysfs.sh made the\n"
        "fake-GPU runs; no recorded commands), Debian's rocBLAS 4.4.1 and hipBLASLt target lists, and\n"
        "`/usr/lib/x86_64-linux-gnu/ggml/backends0/libggml-hip.so`: a minimal ELF whose .hip_fatbin\n"
        "holds two offload bundles with the ten targets of the real libggml0-backend-hip 0.27.0\n"
        "(gfx803 … gfx1102, no gfx1201), and an ollama install whose /usr/local/lib/ollama/rocm/libggml-hip.so\n"
        "has gfx1201. The report must say \"ggml-hip has no gfx1201 code\" (and the same of rocBLAS) with\n"
        "build instructions, nothing about ollama's, and give no HSA_OVERRIDE_GFX_VERSION advice.\n")


def main():
    therock_override()
    debian_gfx1100("fw-debian-rocblas-gfx1100", ROCBLAS,
                   "# Debian sid's rocBLAS and hipBLASLt on an RX 7900 XTX (gfx1100)\n\n"
                   "Generated by `tests/tools/make_coverage_fixtures.py` from `rx7900xtx-gfx1100`: Debian's layout,\n"
                   "`/usr/lib/x86_64-linux-gnu/rocblas/4.4.1/library` (the ten targets of librocblas4 6.4.4) and\n"
                   "`/usr/lib/x86_64-linux-gnu/hipblaslt/library` (no version level; the ten targets of\n"
                   "libhipblaslt1 7.1.1), empty files with the real names. Both have gfx1100: no coverage finding\n"
                   "and no override advice.\n")
    debian_gfx1100("fw-debian-rocblas-no-gfx1100", [t for t in ROCBLAS if t != "gfx1100"],
                   "# A Debian-layout rocBLAS without gfx1100 on an RX 7900 XTX (gfx1100)\n\n"
                   "Generated by `tests/tools/make_coverage_fixtures.py`: `fw-debian-rocblas-gfx1100` with rocBLAS's\n"
                   "gfx1100 Tensile file left out. The report must say that rocBLAS has no gfx1100 code, with a\n"
                   "way out (a build for it) and no HSA_OVERRIDE_GFX_VERSION advice.\n")
    ggml_gfx1201()


if __name__ == "__main__":
    main()
