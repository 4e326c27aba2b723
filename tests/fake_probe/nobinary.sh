#!/bin/sh
# The doctor's options (--runtime=, --hipcc=, --jit=) come before the probe names: drop them.
[ "${1:-}" = --platform ] && { echo hip; exit 0; }  # the doctor asks which runtime family first
while [ "${1#--}" != "${1:-}" ]; do shift; done
# A HIP build without code for the GPU: the kernel probe fails with hipErrorNoBinaryForGpu, and
# with AMD_LOG_LEVEL set the runtime logs the missing code object (line format of HIP's
# hip_fatbin.cpp LogError output as pasted in public ROCm tickets).
echo '{"probe":"runtime","platform":"hip","runtime_version":60241134,"device_count":1,"status":"ok"}'
for name in "$@"; do
  echo "{\"probe\":\"$name\",\"phase\":\"start\"}"
  if [ -n "$AMD_LOG_LEVEL" ]; then
    echo ':3:hip_device_runtime.cpp  :651 : 8802962800 us: [pid:19349 tid:0x14dec9d33080]  hipGetDeviceCount: Returned hipSuccess :' >&2
    echo ':1:hip_fatbin.cpp           :117 : 8802962845 us: [pid:19349 tid:0x14dec9d33080] Missing CO for these ISAs - ' >&2
    echo ':1:hip_fatbin.cpp           :120 : 8802962848 us: [pid:19349 tid:0x14dec9d33080]      amdgcn-amd-amdhsa--gfx1100' >&2
    echo ':3:hip_error.cpp            :36  : 8802962900 us: [pid:19349 tid:0x14dec9d33080]  hipGetLastError ( )' >&2
  fi
  if [ "$name" = kernel ]; then
    echo '{"probe":"kernel","device":0,"status":"fail","error":"hipErrorNoBinaryForGpu","message":"no kernel for gfx1100 in this probe (it has code for gfx906,gfx908,gfx90a,gfx1030) and no hipcc to compile one","target":"gfx1100"}'
  else
    echo "{\"probe\":\"$name\",\"device\":0,\"status\":\"ok\"}"
  fi
done
echo '{"probe":"done"}'
