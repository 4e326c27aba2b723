#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Runs the probes named on the command line; the "kernel" probe dies on SIGSEGV.
echo '{"probe":"runtime","platform":"hip","device_count":1,"status":"ok"}'
for name in "$@"; do
  echo "{\"probe\":\"$name\",\"phase\":\"start\"}"
  if [ "$name" = kernel ]; then
    echo "fake probe: about to crash in the kernel probe" >&2
    kill -SEGV $$
  fi
  echo "{\"probe\":\"$name\",\"device\":0,\"status\":\"ok\",\"name\":\"Fake GPU\"}"
done
echo '{"probe":"done"}'
