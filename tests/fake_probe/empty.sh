#!/bin/sh
# Prints nothing at all and exits 0 (hostile-input D17: this crashed the probes collector).
exit 0
