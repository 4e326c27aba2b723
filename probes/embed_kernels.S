/* The probe's kernels (a clang offload bundle of code objects, or an NVIDIA fatbin), embedded as
   read-only data and loaded with hipModuleLoadData / cuModuleLoadData (issue 16). 4 KiB aligned:
   the runtime reads code objects in place. RD_KERNELS_FILE is set by probes/CMakeLists.txt. */
        .section .rodata.rd_kernels, "a"
        .balign 4096
        .globl rd_kernels_begin
        .globl rd_kernels_end
rd_kernels_begin:
        .incbin RD_KERNELS_FILE
rd_kernels_end:
        .byte 0
        .section .note.GNU-stack, "", @progbits
