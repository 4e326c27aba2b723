#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Floods stdout without end.
exec yes '{"probe":"flood","status":"ok","padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}'
