#!/bin/sh
# Finishes its probes and exits 0, but leaves a process in a session of its own that keeps
# stdout and stderr open (hostile-input m16). The pid goes to $FAKE_PROBE_PIDS so a test can
# check it and stop it.
setsid sleep 30 &
[ -n "$FAKE_PROBE_PIDS" ] && echo $! >> "$FAKE_PROBE_PIDS"
echo '{"probe":"runtime","platform":"hip","device_count":1,"status":"ok"}'
echo '{"probe":"runtime","phase":"start"}'
echo '{"probe":"runtime","device":0,"name":"GPU","status":"ok"}'
echo '{"probe":"done","elapsed_ms":1}'
exit 0
