#!/usr/bin/env python3
"""Writes kpack archives, .kpm manifests and kpack-split host libraries to the published format
(ROCm/rocm-kpack at e3483286e751060b3a70b792792cc122632c66e8: python/rocm_kpack/kpack.py writes
archives, runtime/src/toc_parser.cpp reads them, python/rocm_kpack/elf/kpack_transform.py rewrites
the host binary, runtime/tests/generate_test_data.py writes .kpm manifests). Issue 15.

The msgpack encoding is written here (python3-msgpack is not needed): the subset the format uses,
with the smallest encodings, as msgpack-python's packb(use_bin_type=True) produces them.

  tests/tools/make_kpack.py fixtures           # regenerates tests/fixtures/kpack and the replay fixtures
  tests/tools/make_kpack.py archive OUT GROUP FAMILY BINARY=ARCH[,ARCH] ...

Host splitting (split_host) does what kpack_offload_binary does to the parts a reader looks at:
the .hipFatBinSegment wrappers get magic HIPK, a zero pointer and their index in the reserved
word; .hip_fatbin's bytes are zeroed; a .rocm_kpack_ref section with the msgpack marker is
appended. It does not map the marker into a new PT_LOAD (the loader's concern, not a reader's).
"""
import os
import shutil
import struct
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIX = REPO / "tests" / "fixtures"


def packb(v) -> bytes:
    """msgpack of None/bool/int/str/bytes/list/tuple/dict."""
    if v is None:
        return b"\xc0"
    if v is True:
        return b"\xc3"
    if v is False:
        return b"\xc2"
    if isinstance(v, int):
        if 0 <= v <= 0x7F:
            return bytes([v])
        if -32 <= v < 0:
            return struct.pack("b", v)
        if v >= 0:
            for code, fmt, top in ((0xCC, ">B", 0xFF), (0xCD, ">H", 0xFFFF), (0xCE, ">I", 0xFFFFFFFF), (0xCF, ">Q", 2**64 - 1)):
                if v <= top:
                    return bytes([code]) + struct.pack(fmt, v)
        for code, fmt, lo in ((0xD0, ">b", -(2**7)), (0xD1, ">h", -(2**15)), (0xD2, ">i", -(2**31)), (0xD3, ">q", -(2**63))):
            if v >= lo:
                return bytes([code]) + struct.pack(fmt, v)
        raise ValueError(v)
    if isinstance(v, str):
        b = v.encode("utf-8", "surrogateescape")  # surrogateescape: hostile names stay raw bytes
        return _sized(len(b), 0xA0, 31, (0xD9, 0xDA, 0xDB)) + b
    if isinstance(v, (bytes, bytearray)):
        return _sized(len(v), None, -1, (0xC4, 0xC5, 0xC6)) + bytes(v)
    if isinstance(v, (list, tuple)):
        return _sized(len(v), 0x90, 15, (None, 0xDC, 0xDD)) + b"".join(packb(x) for x in v)
    if isinstance(v, dict):
        return _sized(len(v), 0x80, 15, (None, 0xDE, 0xDF)) + b"".join(packb(k) + packb(x) for k, x in v.items())
    raise TypeError(type(v))


def _sized(n, fix, fix_max, codes):
    if fix is not None and n <= fix_max:
        return bytes([fix | n])
    for code, fmt, top in zip(codes, (">B", ">H", ">I"), (0xFF, 0xFFFF, 0xFFFFFFFF)):
        if code is not None and n <= top:
            return bytes([code]) + struct.pack(fmt, n)
    raise ValueError(n)


def code_object(binary: str, arch: str) -> bytes:
    """A stand-in code object: an ELF magic and a recognisable tag (no reader looks inside)."""
    return b"\x7fELF" + f"KPACK-FIXTURE {binary} {arch}".encode() + b"\0" * 16


def archive(group: str, family: str, arches, kernels) -> bytes:
    """kernels: {binary_toc_key: {arch: code_object_bytes}}; compression_scheme "none"."""
    header_size, align = 16, 64
    out = bytearray(struct.pack("<4sIQ", b"KPAK", 1, 0))
    out += b"\0" * ((align - len(out) % align) % align)
    blobs, toc, ordinal = [], {}, 0
    for binary, per_arch in kernels.items():
        for arch, data in per_arch.items():
            blobs.append({"offset": len(out), "size": len(data)})
            toc.setdefault(binary, {})[arch] = {"type": "hsaco", "ordinal": ordinal, "original_size": len(data)}
            ordinal += 1
            out += data
    toc_offset = len(out)
    out += packb({
        "format_version": 1, "group_name": group, "gfx_arch_family": family, "gfx_arches": list(arches),
        "toc": toc, "compression_scheme": "none", "blobs": blobs,
    })
    out[8:16] = struct.pack("<Q", toc_offset)
    assert header_size == 16
    return bytes(out)


def manifest(component: str, prefix: str, files) -> bytes:
    """files: {arch: (file_name, size, kernel_count)}, the form of generate_test_data.py."""
    return packb({
        "format_version": 1, "component_name": component, "prefix": prefix,
        "kpack_files": {a: {"file": f, "size": s, "kernel_count": k} for a, (f, s, k) in files.items()},
    })


def _sections(elf: bytes):
    assert elf[:4] == b"\x7fELF" and elf[4] == 2 and elf[5] == 1, "64-bit little-endian ELF only"
    shoff, = struct.unpack_from("<Q", elf, 40)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 58)
    headers = [bytearray(elf[shoff + i * shentsize: shoff + (i + 1) * shentsize]) for i in range(shnum)]
    name_off, name_size = struct.unpack_from("<QQ", headers[shstrndx], 24)
    names = elf[name_off: name_off + name_size]
    def name(h):
        n, = struct.unpack_from("<I", h, 0)
        return names[n: names.index(b"\0", n)].decode()
    return headers, shstrndx, names, name


def split_host(elf: bytes, kernel_name: str, search_paths) -> bytes:
    data = bytearray(elf)
    headers, shstrndx, names, name = _sections(elf)
    for h in headers:
        off, size = struct.unpack_from("<QQ", h, 24)
        if name(h) == ".hipFatBinSegment":
            for i in range(size // 24):
                at = off + 24 * i
                magic, = struct.unpack_from("<I", data, at)
                assert magic == 0x48495046, hex(magic)
                struct.pack_into("<IIQQ", data, at, 0x4B504948, 1, 0, i)
        elif name(h) == ".hip_fatbin":
            data[off: off + size] = b"\0" * size
    marker = packb({"kpack_search_paths": list(search_paths), "kernel_name": kernel_name})
    marker_off = len(data)
    data += marker
    new_names = bytes(names) + b".rocm_kpack_ref\0"
    names_off = len(data)
    data += new_names
    struct.pack_into("<QQ", headers[shstrndx], 24, names_off, len(new_names))
    ref = bytearray(64)
    struct.pack_into("<IIQQQQIIQQ", ref, 0, len(names), 1, 0, 0, marker_off, len(marker), 0, 0, 1, 0)
    headers.append(ref)
    data += b"\0" * ((8 - len(data) % 8) % 8)
    shoff = len(data)
    for h in headers:
        data += h
    struct.pack_into("<Q", data, 40, shoff)
    struct.pack_into("<H", data, 60, len(headers))
    return bytes(data)


def tiny_split_host(kernel_name: str, search_paths, wrappers: int = 2) -> bytes:
    """A minimal ELF64 shared object (no code, no segments) with just what a kpack reader reads:
    .hipFatBinSegment with HIPK wrappers and .rocm_kpack_ref. Small enough for a fuzz seed
    (run_parallel.sh uses -max_len=8192; the real split libraries keep their section table at the end)."""
    seg = b"".join(struct.pack("<IIQQ", 0x4B504948, 1, 0, i) for i in range(wrappers))
    marker = packb({"kpack_search_paths": list(search_paths), "kernel_name": kernel_name})
    names = b"\0.hipFatBinSegment\0.rocm_kpack_ref\0.shstrtab\0"
    body = bytearray(64)
    offs = []
    for blob in (seg, marker, names):
        body += b"\0" * ((8 - len(body) % 8) % 8)
        offs.append(len(body))
        body += blob
    body += b"\0" * ((8 - len(body) % 8) % 8)
    shoff = len(body)
    def shdr(name, typ, off, size, align):
        return struct.pack("<IIQQQQIIQQ", name, typ, 0, 0, off, size, 0, 0, align, 0)
    body += bytes(64)
    body += shdr(names.index(b".hipFatBinSegment"), 1, offs[0], len(seg), 8)
    body += shdr(names.index(b".rocm_kpack_ref"), 1, offs[1], len(marker), 1)
    body += shdr(names.index(b".shstrtab"), 3, offs[2], len(names), 1)
    ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
    body[0:64] = ident + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 4, 3)
    return bytes(body)


def write(path: Path, data: bytes):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def kpack_fixtures():
    """tests/fixtures/kpack: archives, manifests and a split host library for the unit tests."""
    out = FIX / "kpack"
    libk = (FIX / "bundles" / "libk_two.so").read_bytes()
    blas = {"rocblas/lib/librocblas.so.5#0": None, "rocblas/lib/librocblas.so.5#1": None}
    files = {}
    for family, arches in (("gfx110X", ["gfx1100", "gfx1101"]), ("gfx942", ["gfx942:xnack-"]), ("gfx11-generic", ["gfx11-generic"])):
        kernels = {b: {a: code_object(b, a) for a in arches} for b in blas}
        data = archive("blas", family, arches, kernels)
        name = f"blas_lib_{family}.kpack"
        write(out / ".kpack" / name, data)
        files[family] = (name, len(data), len(arches) * len(blas))
    write(out / ".kpack" / "blas_lib.kpm", manifest("blas_lib", "rocblas", files))
    write(out / "lib" / "librocblas.so.5", split_host(libk, "rocblas/lib/librocblas.so.5", ["../.kpack/blas_lib_@GFXARCH@.kpack"]))
    write(out / "lib" / "libtiny_split.so", tiny_split_host("rocblas/lib/libtiny_split.so", ["../.kpack/blas_lib_@GFXARCH@.kpack"]))


def rocblas_replay_fixture():
    """tests/fixtures/fw-kpack-rocblas-gfx1100: an RX 7900 XTX box with a TheRock-style, kpack-split
    rocBLAS under /opt/rocm (device archives for gfx1100-1102 and gfx942, no Tensile directory)."""
    dst = FIX / "fw-kpack-rocblas-gfx1100"
    src = FIX / "rx7900xtx-gfx1100"
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src / "files" / "sys", dst / "files" / "sys", symlinks=True)
    shutil.copytree(src / "files" / "etc", dst / "files" / "etc", symlinks=True)
    for meta in ("env.json", "meta.json"):
        if (src / meta).exists():
            shutil.copy(src / meta, dst / meta)
    root = dst / "files" / "opt" / "rocm"
    host = split_host((FIX / "bundles" / "libk_two.so").read_bytes(), "blas/lib/librocblas.so.5", ["../.kpack/blas_lib_@GFXARCH@.kpack"])
    write(root / "lib" / "librocblas.so.5", host)
    # One archive per target, named {artifact}_{arch}.kpack, family = the arch itself, as
    # artifact_splitter.create_kpack_files writes them (the runtime expands @GFXARCH@ per target).
    for arch in ("gfx1100", "gfx1101", "gfx1102", "gfx942"):
        kernels = {"blas/lib/librocblas.so.5#0": {arch: code_object("librocblas", arch)}}
        write(root / ".kpack" / f"blas_lib_{arch}.kpack", archive("blas", arch, [arch], kernels))
    (dst / "README.md").write_text(
        "# kpack-split rocBLAS on an RX 7900 XTX (gfx1100)\n\n"
        "Generated by `tests/tools/make_kpack.py fixtures` (do not edit by hand): the GPU tree of\n"
        "`rx7900xtx-gfx1100`, and under /opt/rocm a TheRock-style rocBLAS whose device code was moved\n"
        "into kpack archives: `lib/librocblas.so.5` is `bundles/libk_two.so` with HIPK wrappers and a\n"
        "`.rocm_kpack_ref` marker (`../.kpack/blas_lib_@GFXARCH@.kpack`), and `.kpack/` holds one\n"
        "archive per target, `blas_lib_{gfx1100,gfx1101,gfx1102,gfx942}.kpack`, as\n"
        "rocm-kpack's artifact_splitter writes them. The report must list those four targets for\n"
        "rocBLAS (frameworks.rocblas.kpack.gfx_targets). The libraries section reports\n"
        "libamdhip64.so.5 and librocblas.so.5 off the loader path: the fixture has no HIP runtime and\n"
        "no ld.so configuration; it is a frameworks-section fixture.\n")


def torch_replay_fixture():
    """tests/fixtures/fw-kpack-torch-gfx1031: the RX 6700 XT venv of fw-rocm-wheel-gfx1031 with a
    TheRock-style torch: libtorch_hip.so split, its device code in torch/.kpack archives that
    include gfx1031 natively (TheRock builds gfx1031-1036, field-2026.md §4.3)."""
    dst = FIX / "fw-kpack-torch-gfx1031"
    src = FIX / "fw-rocm-wheel-gfx1031"
    if dst.exists():
        shutil.rmtree(dst)
    shutil.copytree(src, dst, symlinks=True)
    torch = dst / "files" / "home" / "alice" / "venv" / "lib" / "python3.12" / "site-packages" / "torch"
    lib = torch / "lib" / "libtorch_hip.so"
    lib.write_bytes(split_host(lib.read_bytes(), "torch/lib/libtorch_hip.so", ["../.kpack/torch_lib_@GFXARCH@.kpack"]))
    for arch in ("gfx1030", "gfx1031", "gfx1032", "gfx1100", "gfx1101"):
        kernels = {"torch/lib/libtorch_hip.so#0": {arch: code_object("libtorch_hip", arch)}}
        write(torch / ".kpack" / f"torch_lib_{arch}.kpack", archive("torch", arch, [arch], kernels))
    (dst / "README.md").write_text(
        "# kpack-split libtorch_hip.so on an RX 6700 XT (gfx1031)\n\n"
        "Generated by `tests/tools/make_kpack.py fixtures` (do not edit by hand) from\n"
        "`fw-rocm-wheel-gfx1031`: the same venv, GPU and environment, but `torch/lib/libtorch_hip.so` is\n"
        "split the way TheRock does (HIPK wrappers, `.hip_fatbin` zeroed, `.rocm_kpack_ref` marker\n"
        "`../.kpack/torch_lib_@GFXARCH@.kpack`) and `torch/.kpack/` holds one archive per target,\n"
        "`torch_lib_{gfx1030,gfx1031,gfx1032,gfx1100,gfx1101}.kpack` (TheRock builds gfx1031 natively).\n"
        "An ELF-only scan finds no code objects here; the report must list the five kpack targets and\n"
        "raise no arch finding for gfx1031.\n")


def main(argv):
    if len(argv) >= 2 and argv[1] == "fixtures":
        kpack_fixtures()
        rocblas_replay_fixture()
        torch_replay_fixture()
        return 0
    if len(argv) >= 5 and argv[1] == "archive":
        out, group, family = Path(argv[2]), argv[3], argv[4]
        kernels, arches = {}, []
        for spec in argv[5:]:
            binary, _, archs = spec.partition("=")
            for a in archs.split(","):
                kernels.setdefault(binary, {})[a] = code_object(binary, a)
                if a not in arches:
                    arches.append(a)
        write(out, archive(group, family, arches, kernels))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
