// Configure-time check: does the installed hipcc accept this --offload-arch? (hipcc 5.2 rejects
// gfx1100 and gfx942, newer ones accept them; debian-rocm-notes.md "Compiling HIP here").
#include <hip/hip_runtime.h>
__global__ void ArchCheck(int* x) { x[threadIdx.x] = 1; }
