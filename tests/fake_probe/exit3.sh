#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Starts a probe, complains on stderr and exits with status 3.
echo '{"probe":"runtime","platform":"hip","device_count":1,"status":"ok"}'
echo "{\"probe\":\"$1\",\"phase\":\"start\"}"
echo "terminate called after throwing an instance of 'std::bad_alloc'" >&2
exit 3
