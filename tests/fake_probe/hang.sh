#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Starts the first probe and never finishes (a wedged GPU in hipInit or a kernel).
echo '{"probe":"runtime","platform":"hip","device_count":1,"status":"ok"}'
echo "{\"probe\":\"$1\",\"phase\":\"start\"}"
echo "fake probe: waiting forever in $1" >&2
sleep 600
