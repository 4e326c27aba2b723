#!/usr/bin/env python3
"""Compacts a recorded snapshot (check --record DIR) for git: every sparse file under files/
(an ELF library read by ranges) is rewritten to hold only its data extents, back to back, and
meta.json "extents" says where they were (docs/snapshot-format.md). --drop-over N also empties
non-sparse files larger than N bytes whose names match --drop (Tensile .co/.hsaco/.dat files the
doctor only lists), keeping the names. --strip-dynstr zeroes the bytes of each ELF's .dynstr
that no DT_NEEDED/SONAME/RPATH/RUNPATH or symbol-version entry names (the exported symbol names:
4 MB in libLLVM), which nothing rocm-doctor reads; runs of zeros then become holes too.

    python3 tests/tools/compact_snapshot.py DIR [--min 65536] [--strip-dynstr] [--drop REGEX --drop-over N]
"""
import argparse
import json
import os
import re
import struct
import sys

ZERO_RUN = 4096  # a run of zeros at least this long is left out of the ranges


def _read(f, offset, length):
    f.seek(offset)
    return f.read(length)


def strip_dynstr(path):
    """Zeroes the unreferenced bytes of the string tables the loader sections link to (ELF64 LE)."""
    with open(path, "r+b") as f:
        hdr = f.read(64)
        if len(hdr) < 64 or hdr[:4] != b"\x7fELF" or hdr[4] != 2 or hdr[5] != 1:
            return False
        shoff, = struct.unpack_from("<Q", hdr, 0x28)
        shentsize, shnum, _ = struct.unpack_from("<HHH", hdr, 0x3A)
        if shentsize != 64 or shnum == 0 or shnum > 100000:
            return False
        table = _read(f, shoff, shentsize * shnum)
        if len(table) != shentsize * shnum:
            return False
        secs = [struct.unpack_from("<IIQQQQIIQQ", table, i * 64) for i in range(shnum)]
        keep = {}  # string table index -> offsets named
        for _, kind, _, _, offset, size, link, info, _, _ in secs:
            if kind not in (6, 0x6FFFFFFE, 0x6FFFFFFD) or link >= shnum:
                continue
            d = _read(f, offset, size)
            names = keep.setdefault(link, set())
            if kind == 6:  # SHT_DYNAMIC: DT_NEEDED, DT_SONAME, DT_RPATH, DT_RUNPATH
                for i in range(0, len(d) - 15, 16):
                    tag, val = struct.unpack_from("<qQ", d, i)
                    if tag == 0:
                        break
                    if tag in (1, 14, 15, 29):
                        names.add(val)
            elif kind == 0x6FFFFFFE:  # SHT_GNU_verneed
                off = 0
                for _ in range(info):
                    if off + 16 > len(d):
                        break
                    _, cnt, vn_file, vn_aux, vn_next = struct.unpack_from("<HHIII", d, off)
                    names.add(vn_file)
                    a = off + vn_aux
                    for _ in range(cnt):
                        if a + 16 > len(d):
                            break
                        _, _, _, vna_name, vna_next = struct.unpack_from("<IHHII", d, a)
                        names.add(vna_name)
                        if not vna_next:
                            break
                        a += vna_next
                    if not vn_next:
                        break
                    off += vn_next
            else:  # SHT_GNU_verdef
                off = 0
                for _ in range(info):
                    if off + 20 > len(d):
                        break
                    _, _, _, cnt, _, vd_aux, vd_next = struct.unpack_from("<HHHHIII", d, off)
                    a = off + vd_aux
                    for _ in range(cnt):
                        if a + 8 > len(d):
                            break
                        vda_name, vda_next = struct.unpack_from("<II", d, a)
                        names.add(vda_name)
                        if not vda_next:
                            break
                        a += vda_next
                    if not vd_next:
                        break
                    off += vd_next
        for index, offsets in keep.items():
            _, kind, _, _, offset, size, _, _, _, _ = secs[index]
            if kind != 3:  # SHT_STRTAB only
                continue
            data = _read(f, offset, size)
            new = bytearray(len(data))
            for o in offsets:
                if o < len(data):
                    end = data.find(b"\0", o)
                    end = len(data) if end < 0 else end
                    new[o:end] = data[o:end]
            f.seek(offset)
            f.write(new)
    return True


def split_zero_runs(f, offset, length):
    """Sub-ranges of [offset, offset+length) without zero runs of ZERO_RUN bytes or more."""
    data = _read(f, offset, length)
    out, start, i = [], None, 0
    for m in re.finditer(b"\0{%d,}" % ZERO_RUN, data):
        if m.start() > i:
            out.append((offset + i, m.start() - i))
        i = m.end()
    if i < len(data):
        out.append((offset + i, len(data) - i))
    return out


def data_extents(path):
    """(offset, length) of each data extent (SEEK_DATA/SEEK_HOLE), merged."""
    size = os.path.getsize(path)
    out = []
    with open(path, "rb") as f:
        fd = f.fileno()
        offset = 0
        while offset < size:
            try:
                start = os.lseek(fd, offset, os.SEEK_DATA)
            except OSError:  # ENXIO: no data after offset
                break
            end = os.lseek(fd, start, os.SEEK_HOLE)
            out.append((start, end - start))
            offset = end
    return out


def real_sizes(files, meta):
    """Recorded stat sizes by the in-tree real path they resolve to."""
    sizes = {}
    for path, st in meta.get("stat", {}).items():
        if "size" not in st:
            continue
        host = os.path.realpath(files + path)
        if host.startswith(files + "/"):
            sizes.setdefault(host[len(files):], st["size"])
    return sizes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--min", type=int, default=16 << 10, help="compact sparse files at least this large")
    ap.add_argument("--drop", default=None, help="regex of file names to empty when larger than --drop-over")
    ap.add_argument("--drop-over", type=int, default=1 << 20)
    ap.add_argument("--strip-dynstr", action="store_true")
    args = ap.parse_args()
    files = os.path.realpath(os.path.join(args.dir, "files"))
    meta_path = os.path.join(args.dir, "meta.json")
    meta = json.load(open(meta_path))
    sizes = real_sizes(files, meta)
    extents = meta.setdefault("extents", {})
    before = after = 0
    drop = re.compile(args.drop) if args.drop else None
    for root, _, names in os.walk(files):
        for name in names:
            host = os.path.join(root, name)
            if os.path.islink(host) or not os.path.isfile(host):
                continue
            st = os.stat(host)
            before += st.st_size
            rel = host[len(files):]
            if drop and drop.search(name) and st.st_size > args.drop_over:
                open(host, "wb").close()
                meta.setdefault("stat", {}).setdefault(rel, {"type": "file", "mode": 0o644, "uid": 0, "gid": 0, "size": st.st_size})
                continue
            sparse = st.st_blocks * 512 < st.st_size
            if st.st_size < args.min or not sparse or rel in extents:
                after += st.st_size
                continue
            if args.strip_dynstr:
                strip_dynstr(host)
            ranges = []
            with open(host, "rb") as f:
                for offset, length in data_extents(host):
                    ranges += split_zero_runs(f, offset, length)
                chunks = [_read(f, offset, length) for offset, length in ranges]
            with open(host, "wb") as f:
                for c in chunks:
                    f.write(c)
            extents[rel] = {"size": max(sizes.get(rel, 0), st.st_size), "ranges": [list(r) for r in ranges]}
            after += sum(len(c) for c in chunks)
    json.dump(meta, open(meta_path, "w"), indent=2, sort_keys=True)
    print(f"{args.dir}: {before} -> {after} bytes in files/, {len(extents)} compacted file(s)", file=sys.stderr)


if __name__ == "__main__":
    main()
