#!/bin/sh
# Prints the recorded probe output named by $ROCM_DOCTOR_FAKE_OUTPUT, ignoring the arguments.
cat "$ROCM_DOCTOR_FAKE_OUTPUT"
