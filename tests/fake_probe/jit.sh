#!/bin/sh
# A HIP build without code for the GPU (gfx1201), given the doctor's JIT options: with
# --jit=cache the kernel probe reports "jit":"needed" until the cache holds gfx1201.co;
# --compile-kernels=TARGET "compiles" (creates that file) like the real probe's JIT step.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
cache="" compile=""
while [ "${1#--}" != "${1:-}" ]; do
  case "$1" in
    --cache-dir=*) cache="${1#--cache-dir=}" ;;
    --compile-kernels=*) compile="${1#--compile-kernels=}" ;;
  esac
  shift
done
if [ -n "$compile" ]; then
  mkdir -p "$cache/probe-kernels/fake" && : > "$cache/probe-kernels/fake/$compile.co"
  echo "{\"probe\":\"compile\",\"target\":\"$compile\",\"status\":\"ok\",\"elapsed_ms\":12,\"source\":\"jit-compiled\",\"code_object\":\"$cache/probe-kernels/fake/$compile.co\"}"
  exit 0
fi
echo '{"probe":"runtime","platform":"hip","runtime_path":"/usr/lib/x86_64-linux-gnu/libamdhip64.so.6.4.43484","runtime_version":60443484,"runtime_version_text":"6.4.43484","device_count":1,"status":"ok"}'
for name in "$@"; do
  echo "{\"probe\":\"$name\",\"phase\":\"start\"}"
  if [ "$name" = kernel ] && [ ! -f "$cache/probe-kernels/fake/gfx1201.co" ]; then
    echo '{"probe":"kernel","device":0,"status":"fail","error":"hipErrorNoBinaryForGpu","message":"no kernel for gfx1201 in this probe (it has code for gfx90a,gfx1030) and none compiled for it yet","target":"gfx1201","jit":"needed"}'
  elif [ "$name" = kernel ]; then
    echo '{"probe":"kernel","device":0,"status":"ok","scale_verified":true,"code_object":"jit-cache","code_object_target":"gfx1201"}'
  else
    echo "{\"probe\":\"$name\",\"device\":0,\"status\":\"ok\"}"
  fi
done
echo '{"probe":"done"}'
