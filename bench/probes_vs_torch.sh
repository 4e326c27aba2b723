#!/usr/bin/env bash
# One command on a GPU machine: the probe's default set (wall time), then PyTorch's pinned copy_
# H2D and D2H with the probe's own size, warmups and repeats (median of CUDA-event timings), both
# printed with their ratio, and the async/streams verdicts the probe reached.
# PCIe H2D rates drift by several % between runs on the lent VM, so the comparison takes three
# interleaved rounds: probe (the default run, then `rocm-doctor-probe memcpy` twice), torch after
# each, and compares the medians of the rounds; every round is printed.
#   bench/probes_vs_torch.sh [DIR]   DIR holds rocm-doctor-probe (default: .device/probes)
set -euo pipefail
dir=${1:-.device/probes}
probe=$dir/rocm-doctor-probe
out=${OUT:-$(mktemp -d)}
python=${PYTHON:-python3}

nvidia-smi --query-gpu=name,driver_version,pcie.link.gen.max,pcie.link.width.max --format=csv,noheader 2>/dev/null || true
start=$(date +%s.%N)
"$probe" > "$out/probe.jsonl" 2> "$out/probe.stderr"
end=$(date +%s.%N)
wall_ms=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", (b - a) * 1000 }')
cat "$out/probe.jsonl"

PROBE=$probe PROBE_JSONL=$out/probe.jsonl PROBE_WALL_MS=$wall_ms "$python" - <<'PY'
import json, os, statistics, subprocess, torch

lines = [json.loads(l) for l in open(os.environ["PROBE_JSONL"]) if l.strip()]
def get(probe, device=0):
    for l in lines:
        if l.get("probe") == probe and l.get("device") == device and l.get("status") in ("ok", "fail", "skipped"):
            return l
    return {}
mem, asy, st = get("memcpy"), get("async"), get("streams")
size, warm, reps = mem["copy_bytes"], mem["warmups"], mem["repeats"]

host = torch.empty(size, dtype=torch.uint8, pin_memory=True)
host.copy_(torch.randint(0, 256, (size,), dtype=torch.uint8))
dev = torch.empty(size, dtype=torch.uint8, device="cuda")
back = torch.empty(size, dtype=torch.uint8, pin_memory=True)
def timed(dst, src):
    times = []
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for i in range(warm + reps):
        s.record(); dst.copy_(src, non_blocking=True); e.record(); e.synchronize()
        if i >= warm: times.append(s.elapsed_time(e))
    return size / (statistics.median(times) * 1e6)

def probe_memcpy():
    out = subprocess.run([os.environ["PROBE"], "memcpy"], capture_output=True, text=True, check=True).stdout
    return next(json.loads(l) for l in out.splitlines() if '"status":"ok"' in l and '"memcpy"' in l)

rounds = []
for r in range(3):
    m = mem if r == 0 else probe_memcpy()
    rounds.append((m["h2d_pinned_gbps"], m["d2h_pinned_gbps"], timed(dev, host), timed(back, dev)))
assert torch.equal(back, host), "torch copy verification failed"

wall = float(os.environ["PROBE_WALL_MS"])
print(f"\nsize {size >> 20} MiB, {warm} warmups, median of {reps}, bytes counted once, GB/s = 1e9 B/s")
print("round  probe H2D  torch H2D  probe D2H  torch D2H   (round 1 = the default run)")
for i, (ph, pd, th, td) in enumerate(rounds):
    print(f"{i + 1:>5}  {ph:>9.2f}  {th:>9.2f}  {pd:>9.2f}  {td:>9.2f}")
med = [statistics.median(r[i] for r in rounds) for i in range(4)]
print(f"{'path':<14}{'probe':>10}{'torch':>10}{'probe/torch':>13}   (medians of the rounds)")
ok = True
for name, p, t in (("H2D pinned", med[0], med[2]), ("D2H pinned", med[1], med[3])):
    ratio = p / t
    ok &= abs(ratio - 1) <= 0.03
    print(f"{name:<14}{p:>10.2f}{t:>10.2f}{ratio:>13.3f}")
print(f"probe also: pageable H2D {mem['h2d_pageable_gbps']:.2f}, D2H {mem['d2h_pageable_gbps']:.2f}, D2D {mem['d2d_gbps']:.1f}, "
      f"hipMemcpyDefault H2D {mem['h2d_pinned_default_kind_gbps']:.2f} GB/s; link Gen{mem.get('link_gen','?')} x{mem.get('link_width','?')} ({mem.get('link_source','?')})")
checks = [
    ("H2D/D2H pinned within 3% of torch", ok),
    (f"pageable async H2D call blocks ({asy['async_h2d_pageable_call_ms']:.1f} ms) / pinned returns ({asy['async_h2d_pinned_call_ms']:.3f} ms)",
     asy["async_h2d_pageable_blocks"] and not asy["async_h2d_pinned_blocks"]),
    (f"pageable async D2H call blocks ({asy['async_d2h_pageable_call_ms']:.1f} ms) / pinned returns ({asy['async_d2h_pinned_call_ms']:.3f} ms)",
     asy["async_d2h_pageable_blocks"] and not asy["async_d2h_pinned_blocks"]),
    (f"copy/compute overlap on two streams: {st['overlap_fraction']:.2f} (copy {st['overlap_copy_ms']:.2f} ms, kernel {st['overlap_kernel_ms']:.2f}, both {st['overlap_both_ms']:.2f})",
     st["overlap_fraction"] >= 0.9),
    (f"null stream serializes with a blocking stream ({st['null_with_blocking_ms']:.1f} ms vs {st['null_spin_alone_ms']:.1f} alone; non-blocking {st['null_with_non_blocking_ms']:.1f})",
     st["null_stream_serializes"] and st["non_blocking_overlaps_null"]),
    (f"event after copy gives correct data; event before copy reads stale: {st['event_before_copy_reads_stale']}", st["event_order_ok"]),
    (f"8 streams concurrent: {st['streams8_concurrent']:.1f}", True),
    (f"default probe set wall time {wall:.0f} ms < 2000 ms", wall < 2000),
]
for text, good in checks:
    print(("PASS " if good else "FAIL ") + text)
PY
