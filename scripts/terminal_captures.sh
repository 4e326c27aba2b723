#!/usr/bin/env bash
# Regenerates docs/terminal/: what `rocm-doctor check --replay` of three fixtures looks like in an
# 80-column terminal (issue 14 "Must show"), captured from tmux: NAME.ansi keeps the colour
# escapes (`cat docs/terminal/healthy.ansi` in a terminal, or `less -R`), NAME.txt is plain.
# Usage: scripts/terminal_captures.sh [build/rocm-doctor]
set -euo pipefail
cd "$(dirname "$0")/.."
DOCTOR=$(realpath "${1:-build/rocm-doctor}")
OUT=docs/terminal
mkdir -p "$OUT"
socket="rd-captures-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
trim_blank_tail() {
  python3 -c 'import re, sys
lines = sys.stdin.read().splitlines()
while lines and not re.sub(r"\x1b\[[0-9;]*m", "", lines[-1]).strip():
    lines.pop()
print("\n".join(lines))'
}
capture() {  # capture NAME FIXTURE
  local name=$1 fixture=$2 session="cap-$1"
  local shown="rocm-doctor check --replay tests/fixtures/$fixture"
  tmux -L "$socket" -f /dev/null new-session -d -s "$session" -x 80 -y 200 \
    "env -u NO_COLOR -u COLUMNS sh -c 'printf \"\$ %s\\n\" \"$shown\"; \"$DOCTOR\" check --replay tests/fixtures/$fixture; tmux -L $socket wait-for -S $session; sleep 60'"
  tmux -L "$socket" wait-for "$session"
  # capture-pane pads the 200 rows: drop the blank ones at the end
  tmux -L "$socket" capture-pane -p -e -t "$session" | trim_blank_tail > "$OUT/$name.ansi"
  tmux -L "$socket" capture-pane -p -t "$session" | trim_blank_tail > "$OUT/$name.txt"
  tmux -L "$socket" kill-session -t "$session"
  python3 -c 'import sys; lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
print(f"{sys.argv[1]}: {len(lines)} lines, widest {max(map(len, lines))} columns")' "$OUT/$name.txt"
}
capture healthy mi300x-amdsmi-healthy
capture broken amdgpu-nomodeset
capture partial unreadable-sys
