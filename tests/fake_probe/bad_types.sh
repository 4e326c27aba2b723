#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Valid probe lines with the wrong types where the doctor reads strings: a numeric "phase" and
# a numeric summary "status" (value() would throw on either).
echo '{"probe":"runtime","platform":"hip","device_count":1,"status":5}'
echo '{"probe":"runtime","phase":7}'
exit 0
