#!/bin/sh
# A HIP probe on two runtimes: the system's works; the copy bundled with torch (a path under
# site-packages/torch/lib, handed over with --runtime=) has no code for the GPU's gfx1031, as a
# torch wheel built without that target would (pitfalls.md #21).
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
runtime=""
while [ "${1#--}" != "${1:-}" ]; do
  case "$1" in --runtime=*) runtime="${1#--runtime=}" ;; esac
  shift
done
case "$runtime" in
  */site-packages/torch/lib/*) version=6.2.41133 bundled=1 ;;
  *) version=6.4.43484 bundled=0 ;;
esac
echo "{\"probe\":\"runtime\",\"platform\":\"hip\",\"runtime_path\":\"$runtime\",\"runtime_version_text\":\"$version\",\"device_count\":1,\"status\":\"ok\"}"
for name in "$@"; do
  echo "{\"probe\":\"$name\",\"phase\":\"start\"}"
  if [ "$name" = kernel ] && [ $bundled = 1 ]; then
    echo '{"probe":"kernel","device":0,"status":"fail","error":"hipErrorNoBinaryForGpu","message":"no kernel for gfx1031 in this probe (it has code for gfx90a,gfx1030) and no hipcc to compile one","target":"gfx1031"}'
  elif [ "$name" = kernel ]; then
    echo '{"probe":"kernel","device":0,"status":"ok","scale_verified":true,"code_object":"embedded"}'
  elif [ "$name" = memcpy ]; then
    echo '{"probe":"memcpy","device":0,"status":"ok","h2d_pinned_gbps":24.5}'
  else
    echo "{\"probe\":\"$name\",\"device\":0,\"status\":\"ok\"}"
  fi
done
echo '{"probe":"done"}'
