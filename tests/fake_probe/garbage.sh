#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Prints something that is not probe output and exits 0.
echo "hello, I am not JSON"
printf 'binary \001\002\003 junk\n'
echo '[1, 2, 3]'
