#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Prints the recorded probe output named by $ROCM_DOCTOR_FAKE_OUTPUT, ignoring the arguments.
cat "$ROCM_DOCTOR_FAKE_OUTPUT"
