#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
while [ "${1#--}" != "${1:-}" ]; do shift; done
# Floods stdout without end.
exec yes '{"probe":"flood","status":"ok","padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}'
