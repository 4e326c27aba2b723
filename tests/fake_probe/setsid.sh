#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Finishes its probes and exits 0, but leaves a process in a session of its own that keeps
# stdout and stderr open (hostile-input m16). It waits until that process has its own session
# (else the doctor's kill of the group could still reach it). The pid goes to $FAKE_PROBE_PIDS
# so a test can check it and stop it.
setsid sleep 30 &
held=$!
while [ "$(cut -d' ' -f6 /proc/$held/stat)" != "$held" ]; do sleep 0.01; done
[ -n "$FAKE_PROBE_PIDS" ] && echo $held >> "$FAKE_PROBE_PIDS"
echo '{"probe":"runtime","platform":"hip","device_count":1,"status":"ok"}'
echo '{"probe":"runtime","phase":"start"}'
echo '{"probe":"runtime","device":0,"name":"GPU","status":"ok"}'
echo '{"probe":"done","elapsed_ms":1}'
exit 0
