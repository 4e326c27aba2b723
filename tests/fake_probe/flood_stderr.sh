#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Finishes its probes but writes 4 MiB to stderr on the way (hostile-input m16: not flagged).
echo '{"probe":"runtime","platform":"hip","device_count":1,"status":"ok"}'
echo '{"probe":"runtime","phase":"start"}'
head -c 4194304 /dev/zero | tr '\0' e >&2
echo '{"probe":"runtime","device":0,"name":"GPU","status":"ok"}'
echo '{"probe":"done","elapsed_ms":1}'
