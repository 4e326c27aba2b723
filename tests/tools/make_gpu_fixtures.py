#!/usr/bin/env python3
"""Writes the GPU/driver/access replay scenarios under tests/fixtures/ (issue 3).

Each scenario is a snapshot folder (docs/snapshot-format.md). The sysfs files use the kernel's
formats: KFD node properties are "name value" lines in the order kfd_topology.c prints them
(node_show); mem_banks/N/properties likewise; PCI attributes follow
Documentation/ABI/testing/sysfs-bus-pci ("0x1002", "16.0 GT/s PCIe", resource lines
"0x%016llx 0x%016llx 0x%016llx"). rocminfo texts follow rocminfo.cc's layout as pasted in the
tickets cited in each scenario's README.md. Run from the repository root:
    python3 tests/tools/make_gpu_fixtures.py
"""
import json
import os
import shutil

ROOT = os.path.join(os.path.dirname(__file__), "..", "fixtures")
BASE = os.path.join(ROOT, "debian13-host", "files")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


KFD_KEYS = ["cpu_cores_count", "simd_count", "mem_banks_count", "caches_count", "io_links_count",
            "p2p_links_count", "cpu_core_id_base", "simd_id_base", "max_waves_per_simd", "lds_size_in_kb",
            "gds_size_in_kb", "num_gws", "wave_front_size", "array_count", "simd_arrays_per_engine",
            "cu_per_simd_array", "simd_per_cu", "max_slots_scratch_cu", "gfx_target_version", "vendor_id",
            "device_id", "location_id", "domain", "drm_render_minor", "hive_id", "num_sdma_engines",
            "num_sdma_xgmi_engines", "num_sdma_queues_per_engine", "num_cp_queues", "max_engine_clk_fcompute",
            "local_mem_size", "fw_version", "capability", "debug_prop", "sdma_fw_version", "unique_id",
            "num_xcc", "max_engine_clk_ccompute"]


def cpu_node(cores):
    v = {k: 0 for k in KFD_KEYS}
    v.update(cpu_cores_count=cores, mem_banks_count=1, caches_count=0, io_links_count=1,
             cpu_core_id_base=0, max_engine_clk_ccompute=4700)
    return v


class Gpu:
    def __init__(self, gfxv, device, bus, simd, simd_per_cu, vram, minor, klass="0x030000", bar=None,
                 wave=32, link=("16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16), subsys=("0x1002", "0x0e3b"),
                 cpu_cores=0, driver="amdgpu", boot_vga=0, domain=0, in_kfd=True, xgmi=0):
        self.__dict__.update(locals())

    @property
    def bdf(self):
        return "%04x:%02x:00.0" % (self.domain, self.bus)

    def props(self, unique):
        v = {k: 0 for k in KFD_KEYS}
        v.update(cpu_cores_count=self.cpu_cores, simd_count=self.simd, mem_banks_count=1, caches_count=72,
                 io_links_count=1, p2p_links_count=0, simd_id_base=2147487744 + unique * 4096, max_waves_per_simd=16,
                 lds_size_in_kb=64, num_gws=64, wave_front_size=self.wave, array_count=8, simd_arrays_per_engine=2,
                 cu_per_simd_array=self.simd // self.simd_per_cu // 8 or 1, simd_per_cu=self.simd_per_cu,
                 max_slots_scratch_cu=32, gfx_target_version=self.gfxv, vendor_id=4098, device_id=int(self.device, 16),
                 location_id=self.bus << 8, domain=self.domain, drm_render_minor=self.minor, num_sdma_engines=2,
                 num_sdma_xgmi_engines=self.xgmi, num_sdma_queues_per_engine=8, num_cp_queues=8,
                 max_engine_clk_fcompute=2100, local_mem_size=0, fw_version=151, capability=671588992,
                 sdma_fw_version=19, unique_id=9895604649984 + unique, num_xcc=1, max_engine_clk_ccompute=4700)
        return v


def kfd(files, gpus, cores):
    nodes = os.path.join(files, "sys/class/kfd/kfd/topology/nodes")
    write(os.path.join(nodes, "0/properties"), "".join("%s %d\n" % (k, v) for k, v in cpu_node(cores).items()))
    write(os.path.join(nodes, "0/mem_banks/0/properties"), "heap_type 0\nsize_in_bytes 67108864000\nflags 0\nwidth 72\nmem_clk_max 4800\n")
    write(os.path.join(files, "sys/class/kfd/kfd/topology/generation_id"), "1\n")
    n = 1
    for g in gpus:
        if not g.in_kfd:
            continue
        write(os.path.join(nodes, "%d/properties" % n), "".join("%s %d\n" % (k, v) for k, v in g.props(n).items()))
        heap = 0 if g.cpu_cores or g.vram is None else 1
        size = g.vram if g.vram else 536870912
        write(os.path.join(nodes, "%d/mem_banks/0/properties" % n),
              "heap_type %d\nsize_in_bytes %d\nflags 0\nwidth 64\nmem_clk_max 1000\n" % (heap, size))
        write(os.path.join(nodes, "%d/gpu_id" % n), "%d\n" % (10000 + n * 1111))
        n += 1


def pci(files, meta, gpus):
    for g in gpus:
        d = os.path.join(files, "sys/bus/pci/devices", g.bdf)
        write(os.path.join(d, "vendor"), "0x1002\n")
        write(os.path.join(d, "device"), g.device + "\n")
        write(os.path.join(d, "class"), g.klass + "\n")
        write(os.path.join(d, "subsystem_vendor"), g.subsys[0] + "\n")
        write(os.path.join(d, "subsystem_device"), g.subsys[1] + "\n")
        write(os.path.join(d, "current_link_speed"), g.link[0] + "\n")
        write(os.path.join(d, "current_link_width"), "%d\n" % g.link[1])
        write(os.path.join(d, "max_link_speed"), g.link[2] + "\n")
        write(os.path.join(d, "max_link_width"), "%d\n" % g.link[3])
        write(os.path.join(d, "boot_vga"), "%d\n" % g.boot_vga)
        bar = g.bar if g.bar else 256 << 20
        base = 0x7800000000 + g.bus * 0x10000000000
        lines = ["0x%016x 0x%016x 0x%016x" % (base, base + bar - 1, 0x14220c),
                 "0x0000000000000000 0x0000000000000000 0x0000000000000000",
                 "0x%016x 0x%016x 0x%016x" % (0xfc00000000 + g.bus * 0x200000, 0xfc001fffff + g.bus * 0x200000, 0x14220c),
                 "0x0000000000000000 0x0000000000000000 0x0000000000000000",
                 "0x000000000000e000 0x000000000000e0ff 0x0000000000040101",
                 "0x00000000fcb00000 0x00000000fcb7ffff 0x0000000000040200",
                 "0x00000000fcb80000 0x00000000fcb9ffff 0x0000000000046200"]
        write(os.path.join(d, "resource"), "\n".join(lines + ["0x0000000000000000 0x0000000000000000 0x0000000000000000"] * 6) + "\n")
        if g.driver:
            meta.setdefault("links", {})["/sys/bus/pci/devices/%s/driver" % g.bdf] = "../../../bus/pci/drivers/" + g.driver
    # The bridge and the HD-audio function of a GPU sit next to it: the collector must skip them.
    d = os.path.join(files, "sys/bus/pci/devices/0000:00:01.1")
    write(os.path.join(d, "vendor"), "0x1022\n")
    write(os.path.join(d, "class"), "0x060400\n")
    if gpus:
        d = os.path.join(files, "sys/bus/pci/devices", gpus[0].bdf[:-1] + "1")
        write(os.path.join(d, "vendor"), "0x1002\n")
        write(os.path.join(d, "device"), "0xab28\n")
        write(os.path.join(d, "class"), "0x040300\n")


def devices(meta, render_minors, kfd_gid=992, render_gid=992, mode=0o660, kfd=True):
    stat = meta.setdefault("stat", {})
    if kfd:
        stat["/dev/kfd"] = {"type": "char", "mode": mode, "uid": 0, "gid": kfd_gid, "rdev": "235:0"}
    names = ["by-path"]
    for i, m in enumerate(render_minors):
        names += ["card%d" % i, "renderD%d" % m]
        stat["/dev/dri/renderD%d" % m] = {"type": "char", "mode": mode, "uid": 0, "gid": render_gid, "rdev": "226:%d" % m}
        stat["/dev/dri/card%d" % i] = {"type": "char", "mode": mode, "uid": 0, "gid": 44, "rdev": "226:%d" % i}
    if render_minors:
        meta.setdefault("dirs", {})["/dev/dri"] = names


def command(folder, n, argv, stdout="", stderr="", exit_code=0, ms=40.0):
    write(os.path.join(folder, "commands", "%03d.json" % n),
          json.dumps({"argv": argv, "started": True, "exit_code": exit_code, "signal": 0, "timed_out": False,
                      "stdout": stdout, "stderr": stderr, "elapsed_ms": ms}, indent=1) + "\n")


def rocminfo_agent(i, name, marketing, node, dtype, cu, chip, bdfid, isa, pool_kb, vendor="AMD"):
    pad = lambda k, v: "  %-25s%s\n" % (k + ":", v)
    out = "*******                  \nAgent %d                  \n*******                  \n" % i
    out += pad("Name", name) + pad("Uuid", "GPU-XX" if dtype == "GPU" else "CPU-XX") + pad("Marketing Name", marketing)
    out += pad("Vendor Name", vendor if dtype == "GPU" else "CPU")
    out += pad("Feature", "KERNEL_DISPATCH" if dtype == "GPU" else "None specified")
    out += pad("Profile", "BASE_PROFILE" if dtype == "GPU" else "FULL_PROFILE") + pad("Float Round Mode", "NEAR")
    out += pad("Node", str(node)) + pad("Device Type", dtype) + "  Cache Info:              \n    L1:                      16(0x10) KB\n"
    out += pad("Chip ID", "%d(0x%x)" % (chip, chip)) + pad("BDFID", str(bdfid)) + pad("Internal Node ID", str(node))
    out += pad("Compute Unit", str(cu))
    out += "  Pool Info:               \n    Pool 1                   \n      Segment:                 GLOBAL; FLAGS: COARSE GRAINED      \n"
    out += "      Size:                    %d(0x%x) KB               \n      Allocatable:             TRUE\n" % (pool_kb, pool_kb)
    out += "  ISA Info:                \n"
    if isa:
        out += "    ISA 1                    \n      Name:                    %s\n" % isa
    return out


def rocminfo_text(cpu, gpus, runtime="1.14"):
    out = "ROCk module is loaded\n=====================    \nHSA System Attributes    \n=====================    \n"
    out += "Runtime Version:         %s\nRuntime Ext Version:     1.6\nSystem Timestamp Freq.:  1000.000000MHz\n" % runtime
    out += "Machine Model:           LARGE                              \nSystem Endianness:       LITTLE                             \n\n"
    out += "==========               \nHSA Agents               \n==========               \n"
    out += rocminfo_agent(1, cpu, cpu, 0, "CPU", 16, 0, 0, "", 65761704)
    for i, (name, marketing, node, cu, chip, bus, isa_suffix, pool) in enumerate(gpus):
        out += rocminfo_agent(i + 2, name, marketing, node, "GPU", cu, chip, bus << 8, "amdgcn-amd-amdhsa--" + name + isa_suffix, pool)
    return out + "*** Done ***             \n"


def base_tree(folder, os_release, kernel, cmdline, memlock="unlimited", container=False, wsl=False):
    if os.path.exists(folder):
        shutil.rmtree(folder)
    files = os.path.join(folder, "files")
    shutil.copytree(BASE, files)
    write(os.path.join(files, "etc/os-release"), os_release)
    write(os.path.join(files, "proc/version"), kernel)
    write(os.path.join(files, "proc/cmdline"), cmdline + "\n")
    lim = open(os.path.join(files, "proc/self/limits")).read()
    value = memlock if memlock == "unlimited" else str(memlock)
    lim = lim.replace("Max locked memory         8388608              8388608", "Max locked memory         %-21s%-21s" % (value, value))
    write(os.path.join(files, "proc/self/limits"), lim)
    write(os.path.join(files, "sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-e0ba0b3a0c13"), "\x06\x00\x00\x00\x00")
    if container:
        write(os.path.join(files, ".dockerenv"), "")
        write(os.path.join(files, "proc/self/cgroup"), "0::/\n")
        write(os.path.join(files, "proc/self/mounts"),
              "overlay / overlay rw,relatime,lowerdir=/var/lib/docker/overlay2/l/ABC:/var/lib/docker/overlay2/l/DEF,upperdir=/var/lib/docker/overlay2/123/diff,workdir=/var/lib/docker/overlay2/123/work 0 0\n"
              "shm /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime,size=65536k,inode64 0 0\n")
    return files


UBUNTU2204 = ('PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nVERSION="22.04.4 LTS (Jammy Jellyfish)"\n'
              'VERSION_CODENAME=jammy\nID=ubuntu\nID_LIKE=debian\nUBUNTU_CODENAME=jammy\n')
UBUNTU2404 = ('PRETTY_NAME="Ubuntu 24.04.1 LTS"\nNAME="Ubuntu"\nVERSION_ID="24.04"\nVERSION="24.04.1 LTS (Noble Numbat)"\n'
              'VERSION_CODENAME=noble\nID=ubuntu\nID_LIKE=debian\nUBUNTU_CODENAME=noble\n')
K_JAMMY = "Linux version 5.15.0-119-generic (buildd@lcy02-amd64-038) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024\n"
K_NOBLE = "Linux version 6.8.0-45-generic (buildd@lcy02-amd64-115) (x86_64-linux-gnu-gcc-13 (Ubuntu 13.2.0-23ubuntu4) 13.2.0, GNU ld (GNU Binutils for Ubuntu) 2.42) #45-Ubuntu SMP PREEMPT_DYNAMIC Fri Aug 30 12:02:04 UTC 2024\n"
K_WSL = "Linux version 5.15.153.1-microsoft-standard-WSL2 (root@941d701f84f1) (gcc (GCC) 11.2.0, GNU ld (GNU Binutils) 2.37) #1 SMP Fri Mar 29 23:14:13 UTC 2024\n"

IDENTITY = {"uid": 1000, "euid": 1000, "gid": 1000, "groups": [1000, 4, 24, 27, 44, 992], "user_name": "alice", "home": "/home/alice"}
GROUPS = {"4": {"name": "adm"}, "24": {"name": "cdrom"}, "27": {"name": "sudo"}, "44": {"name": "video", "members": ["alice"]},
          "992": {"name": "render", "members": ["alice"]}, "1000": {"name": "alice"}}

FIRMWARE = {
    "gc_9_4_3": ["gc_9_4_3_mec.bin.zst", "gc_9_4_3_rlc.bin.zst", "gc_9_4_3_sjt_mec.bin.zst"],
    "aldebaran": ["aldebaran_mec.bin", "aldebaran_mec2.bin", "aldebaran_rlc.bin", "aldebaran_sdma.bin", "aldebaran_smc.bin"],
    "navy_flounder": ["navy_flounder_ce.bin", "navy_flounder_me.bin", "navy_flounder_mec.bin", "navy_flounder_pfp.bin", "navy_flounder_rlc.bin"],
    "sienna_cichlid": ["sienna_cichlid_ce.bin", "sienna_cichlid_me.bin", "sienna_cichlid_mec.bin", "sienna_cichlid_rlc.bin"],
    "gc_11_0_0": ["gc_11_0_0_imu.bin", "gc_11_0_0_me.bin", "gc_11_0_0_mec.bin", "gc_11_0_0_mes_2.bin", "gc_11_0_0_pfp.bin", "gc_11_0_0_rlc.bin"],
    "gc_11_0_1": ["gc_11_0_1_imu.bin", "gc_11_0_1_me.bin", "gc_11_0_1_mec.bin", "gc_11_0_1_mes_2.bin", "gc_11_0_1_pfp.bin", "gc_11_0_1_rlc.bin"],
    "gc_11_0_2": ["gc_11_0_2_imu.bin", "gc_11_0_2_me.bin", "gc_11_0_2_mec.bin", "gc_11_0_2_mes_2.bin", "gc_11_0_2_pfp.bin", "gc_11_0_2_rlc.bin"],
    "gc_10_3_6": ["gc_10_3_6_ce.bin", "gc_10_3_6_me.bin", "gc_10_3_6_mec.bin", "gc_10_3_6_pfp.bin", "gc_10_3_6_rlc.bin"],
}


def finish(folder, meta, env, readme, firmware=()):
    if firmware:
        names = sorted(n for p in firmware for n in FIRMWARE[p]) + ["psp_13_0_0_sos.bin", "smu_13_0_0.bin"]
        meta.setdefault("dirs", {})["/lib/firmware/amdgpu"] = names
    meta = dict({"format": "rocm-doctor-snapshot", "version": 1}, **meta)
    write(os.path.join(folder, "meta.json"), json.dumps(meta, indent=1, sort_keys=True) + "\n")
    write(os.path.join(folder, "env.json"), json.dumps(env, indent=1, sort_keys=True) + "\n")
    write(os.path.join(folder, "README.md"), readme.strip() + "\n")


def uname(release, nodename):
    return {"sysname": "Linux", "nodename": nodename, "release": release, "version": "#1 SMP", "machine": "x86_64", "libc_version": "2.35"}


SMI_OK = lambda devs: json.dumps({"available": True, "library": "librocm_smi64.so.1", "status": 0, "driver_version": "6.8.0-45-generic",
                                  "device_count": len(devs), "devices": devs})
SMI_FAIL = json.dumps({"available": False, "library": "librocm_smi64.so.1", "status": 8,
                       "reason": "rsmi_init returned status 8: An error occurred during initialization, during monitor discovery or when when initializing internal data structures"})
ENV = {"PATH": "/usr/local/bin:/usr/bin:/bin:/opt/rocm/bin", "HOME": "/home/alice", "LANG": "C.UTF-8"}

DMESG_CLEAN = ("[    2.412345] [drm] amdgpu kernel modesetting enabled.\n"
               "[    2.413001] amdgpu: Virtual CRAT table created for CPU\n"
               "[    2.413020] amdgpu: Topology: Add CPU node\n"
               "[    3.101522] kfd kfd: amdgpu: added device 1002:%s\n"
               "[    3.120000] [drm] Initialized amdgpu 3.57.0 20150101 for %s on minor 1\n")


def host(name, gpus, cpu, cores, os_release, kernel, release, cmdline, rocminfo, readme, env=None, memlock="unlimited",
         smi=None, firmware=(), iommu=True, identity=IDENTITY, groups=GROUPS, render=None, container=False,
         kfd_gid=992, module=True, dkms=None, dmesg=None):
    folder = os.path.join(ROOT, name)
    files = base_tree(folder, os_release, kernel, cmdline, memlock, container)
    meta = {"uname": uname(release, name), "identity": identity, "groups": groups}
    kfd(files, gpus, cores) if module else None
    pci(files, meta, gpus)
    if module:
        write(os.path.join(files, "sys/module/amdgpu/initstate"), "live\n")
        if dkms:
            write(os.path.join(files, "sys/module/amdgpu/version"), dkms + "\n")
    if iommu:
        write(os.path.join(files, "sys/class/iommu/ivhd0/uevent"), "")
    minors = [g.minor for g in gpus if g.in_kfd] if render is None else render
    devices(meta, minors if module else [], kfd=module and render != [], kfd_gid=kfd_gid, render_gid=kfd_gid)
    command(folder, 1, ["rocminfo"], rocminfo[0], rocminfo[1], rocminfo[2], 38.0)
    command(folder, 2, ["/proc/self/exe", "internal-smi"], smi or SMI_FAIL, "", 0, 55.0)
    first = gpus[0] if gpus else None
    command(folder, 3, ["dmesg"], dmesg if dmesg is not None else (DMESG_CLEAN % (first.device[2:], first.bdf) if first else ""), "", 0, 9.0)
    finish(folder, meta, dict(ENV, **(env or {})), readme, firmware)
    return folder


def mi300x():
    gpus = [Gpu(90402, "0x74a1", bus, 1216, 4, 206141652992, 128 + 8 * i, klass="0x120000", bar=256 << 30, wave=64,
                link=("32.0 GT/s PCIe", 16, "32.0 GT/s PCIe", 16), subsys=("0x1002", "0x74a1"), xgmi=14)
            for i, bus in enumerate([0x05, 0x15, 0x65, 0x75, 0x85, 0x95, 0xe5, 0xf5])]
    # MI300X is a processing accelerator (class 0x120000) in pci.ids; the collector must still see it.
    agents = [("gfx942", "AMD Instinct MI300X", i + 1, 304, 0x74a1, g.bus, ":sramecc+:xnack-", 201310208) for i, g in enumerate(gpus)]
    smi = SMI_OK([{"index": i, "device_id": 0x74a1, "bdfid": g.bus << 8, "vram_total_bytes": 206141652992, "vram_used_bytes": 295362560,
                   "temperature_c": 38.0, "power_w": 141.0, "link_rate_mts": 32000, "link_width": 16, "vbios_version": "113-M3000100-102"}
                  for i, g in enumerate(gpus)])
    host("mi300x-healthy", gpus, "AMD EPYC 9654 96-Core Processor", 192, UBUNTU2204, K_JAMMY, "5.15.0-119-generic",
         "BOOT_IMAGE=/vmlinuz-5.15.0-119-generic root=UUID=3b1d ro amd_iommu=on iommu=pt", (rocminfo_text("AMD EPYC 9654 96-Core Processor", agents), "", 0),
         """
MI300X node, healthy: 8 x AMD Instinct MI300X (gfx942, PCI 1002:74a1, class 0x120000), Ubuntu 22.04,
amdgpu-dkms 6.8.5, iommu=pt, memlock unlimited, user alice in render (992) and video (44).
KFD properties: kernel kfd_topology.c node_show format ("name value" lines; an MI325X dump quoted in
public code shows the same keys: simd_count 304, gfx_target_version 90402, vendor_id 4098,
location_id, drm_render_minor 128). rocminfo layout: https://github.com/ROCm/ROCm/issues/2941 style
agent blocks (Name/Marketing Name/Node/Device Type/Chip ID/BDFID/Compute Unit/Pool/ISA).
Expect: no warning or error in the GPU and access sections; gfx942 for every GPU; large BAR.
""", smi=smi, firmware=["gc_9_4_3"], dkms="6.8.5")


def mi250x():
    gpus = [Gpu(90010, "0x740c", bus, 440, 4, 68702699520, 128 + 8 * i, klass="0x038000", bar=64 << 30, wave=64,
                link=("16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16), subsys=("0x1002", "0x0b0c"), xgmi=5)
            for i, bus in enumerate([0x29, 0x2d, 0x32, 0x36, 0xa9, 0xad, 0xb2, 0xb6])]
    agents = [("gfx90a", "AMD Instinct MI250X", i + 1, 110, 0x740c, g.bus, ":sramecc+:xnack-", 67092480) for i, g in enumerate(gpus)]
    host("mi250x-node", gpus, "AMD EPYC 7A53 64-Core Processor", 64, UBUNTU2204, K_JAMMY, "5.15.0-119-generic",
         "BOOT_IMAGE=/vmlinuz-5.15.0-119-generic root=UUID=77aa ro quiet splash", (rocminfo_text("AMD EPYC 7A53 64-Core Processor", agents), "", 0),
         """
MI250X node (HPE Cray EX235a style): 4 OAM modules = 8 GCDs, gfx90a, PCI 1002:740c class 0x038000,
Ubuntu 22.04, IOMMU active but no iommu=pt on the command line, memlock 8 MiB (docker/systemd default).
Formats as in mi300x-healthy. Expect: pcie.iommu-config (warning) and limits.memlock (info);
no arch.* finding (gfx90a is supported).
""", memlock=8388608, smi=SMI_OK([]), firmware=["aldebaran"])


def rx6700xt(name, env, runtime_gfx, readme):
    gpu = Gpu(100301, "0x73df", 0x03, 80, 2, 12868124672, 128, bar=16 << 30, subsys=("0x1da2", "0xe445"), boot_vga=1)
    agents = [(runtime_gfx, "AMD Radeon RX 6700 XT", 1, 40, 0x73df, 0x03, "", 12566528)]
    host(name, [gpu], "AMD Ryzen 5 5600X 6-Core Processor", 12, UBUNTU2204, K_JAMMY, "5.15.0-119-generic",
         "BOOT_IMAGE=/vmlinuz-5.15.0-119-generic root=UUID=9c1e ro quiet splash", (rocminfo_text("AMD Ryzen 5 5600X 6-Core Processor", agents), "", 0),
         readme, env=env, smi=SMI_OK([]), firmware=["navy_flounder"])


def rx7900xtx():
    gpu = Gpu(110000, "0x744c", 0x03, 192, 2, 25753026560, 128, bar=256 << 20, subsys=("0x1002", "0x0e3b"), boot_vga=1)
    agents = [("gfx1100", "AMD Radeon RX 7900 XTX", 1, 96, 0x744c, 0x03, "", 25149440)]
    host("rx7900xtx-gfx1100", [gpu], "AMD Ryzen 9 5950X 16-Core Processor", 32, UBUNTU2404, K_NOBLE, "6.8.0-45-generic",
         "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=5d0f ro quiet splash", (rocminfo_text("AMD Ryzen 9 5950X 16-Core Processor", agents, "1.1"), "", 0),
         """
RX 7900 XTX (gfx1100, PCI 1002:744c, Navi 31) on Ubuntu 24.04 with the in-tree amdgpu (no
/sys/module/amdgpu/version), Resizable BAR off in the firmware: BAR0 is 256 MiB for 24 GiB VRAM.
Expect: pcie.large-bar-disabled (warning) only; gfx1100 supported, no arch.* finding.
""", smi=SMI_OK([]), firmware=["gc_11_0_0"])


def laptop():
    igpu = Gpu(110003, "0x15bf", 0x65, 24, 2, None, 136, bar=256 << 20, subsys=("0x17aa", "0x3c26"), boot_vga=1,
               link=("16.0 GT/s PCIe", 16, "16.0 GT/s PCIe", 16))
    dgpu = Gpu(110002, "0x7480", 0x03, 64, 2, 8573157376, 128, bar=8 << 30, subsys=("0x17aa", "0x3c26"),
               link=("16.0 GT/s PCIe", 8, "16.0 GT/s PCIe", 8))
    agents = [("gfx1102", "AMD Radeon RX 7700S", 1, 32, 0x7480, 0x03, "", 8372224),
              ("gfx1103", "AMD Radeon 780M", 2, 12, 0x15bf, 0x65, "", 8192000)]
    host("laptop-apu-gfx1103-dgpu", [dgpu, igpu], "AMD Ryzen 9 7940HS w/ Radeon 780M Graphics", 16, UBUNTU2404, K_NOBLE, "6.8.0-45-generic",
         "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=1e2f ro quiet splash", (rocminfo_text("AMD Ryzen 9 7940HS w/ Radeon 780M Graphics", agents, "1.1"), "", 0),
         """
Laptop (Framework 16 class): Ryzen 9 7940HS with Radeon 780M iGPU (gfx1103, PCI 1002:15bf, APU,
carve-out memory) plus an RX 7700S dGPU (gfx1102, PCI 1002:7480, x8 link by design).
Expect: gpu.igpu-dgpu-selection (warning); no pcie.large-bar-disabled for the iGPU.
""", smi=SMI_OK([]), firmware=["gc_11_0_1", "gc_11_0_2"])


def ryzen7000():
    dgpu = Gpu(110000, "0x744c", 0x03, 192, 2, 25753026560, 128, bar=32 << 30, boot_vga=1)
    igpu = Gpu(100306, "0x164e", 0x12, 4, 2, None, 136, bar=256 << 20, subsys=("0x1043", "0x8877"))
    agents = [("gfx1100", "AMD Radeon RX 7900 XTX", 1, 96, 0x744c, 0x03, "", 25149440),
              ("gfx1036", "AMD Radeon Graphics", 2, 2, 0x164e, 0x12, "", 524288)]
    host("ryzen7000-igpu-gfx1036-dgpu", [dgpu, igpu], "AMD Ryzen 7 7800X3D 8-Core Processor", 16, UBUNTU2404, K_NOBLE, "6.8.0-45-generic",
         "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=aa01 ro quiet splash", (rocminfo_text("AMD Ryzen 7 7800X3D 8-Core Processor", agents, "1.1"), "", 0),
         """
Desktop Ryzen 7 7800X3D (Raphael iGPU, gfx1036, PCI 1002:164e, 2 CUs) beside an RX 7900 XTX
(gfx1100). pitfalls.md #22: rocBLAS errors for gfx1036 with a 7900 XT installed (ROCm issue 3401).
Expect: gpu.igpu-dgpu-selection (warning); arch.rdna2-consumer-unsupported NOT raised for the iGPU
(hiding it is the fix, not an override).
""", smi=SMI_OK([]), firmware=["gc_11_0_0", "gc_10_3_6"])


def container_no_kfd():
    gpu = Gpu(110000, "0x744c", 0x03, 192, 2, 25753026560, 128, bar=32 << 30)
    ident = {"uid": 0, "euid": 0, "gid": 0, "groups": [0], "user_name": "root", "home": "/root"}
    host("container-no-kfd", [gpu], "AMD Ryzen 9 5950X 16-Core Processor", 32, UBUNTU2204, K_NOBLE, "6.8.0-45-generic",
         "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=5d0f ro quiet splash",
         ("ROCk module is loaded\n", "Unable to open /dev/kfd read-write: No such file or directory\nFailed to get user name to check for video group membership\n", 1),
         """
rocm/dev-ubuntu-22.04 container started without --device flags on a host with an RX 7900 XTX:
/sys is the host's (KFD topology, PCI, /sys/module/amdgpu visible), /dev has no kfd and no dri.
rocminfo text from pitfalls.md #15 (https://github.com/ROCm/ROCm-docker/issues/39).
Expect: container.missing-device-nodes (error).
""", render=[], identity=ident, groups={"0": {"name": "root"}}, container=True, firmware=())


def container_gid():
    gpu = Gpu(110000, "0x744c", 0x03, 192, 2, 25753026560, 128, bar=32 << 30)
    ident = {"uid": 1000, "euid": 1000, "gid": 1000, "groups": [1000, 44], "user_name": "rocm-user", "home": "/home/rocm-user"}
    groups = {"44": {"name": "video", "members": ["rocm-user"]}, "1000": {"name": "rocm-user"}}
    host("container-render-gid", [gpu], "AMD Ryzen 9 5950X 16-Core Processor", 32, UBUNTU2204, K_NOBLE, "6.8.0-45-generic",
         "BOOT_IMAGE=/vmlinuz-6.8.0-45-generic root=UUID=5d0f ro quiet splash",
         ("ROCk module is loaded\n", "Unable to open /dev/kfd read-write: Permission denied\nrocm-user is not member of \"render\" group, the default DRM access group. Users must be a member of the \"render\" group or another DRM access group in order for ROCm applications to run successfully.\n", 1),
         """
docker run --device=/dev/kfd --device=/dev/dri --group-add video ... as a non-root image user:
the host's render GID (993) is on /dev/kfd and /dev/dri/renderD128 but has no name in the image
and the user lacks it. rocminfo text: https://github.com/ROCm/ROCm-docker/issues/116 and
pitfalls.md #14/#16 ("Unable to open /dev/kfd read-write: Permission denied").
Expect: container.render-gid-mismatch (error), container.gpu-gid-unnamed (info),
perm.render-node-denied (warning), fix names --group-add 993.
""", identity=ident, groups=groups, container=True, kfd_gid=993)


def nomodeset():
    gpu = Gpu(100300, "0x73bf", 0x0b, 144, 2, 17163091968, 128, bar=16 << 30, driver=None, boot_vga=1, in_kfd=False)
    host("amdgpu-nomodeset", [gpu], "Intel(R) Core(TM) i7-12700K", 20, UBUNTU2204, K_JAMMY, "5.15.0-119-generic",
         "BOOT_IMAGE=/vmlinuz-5.15.0-119-generic root=UUID=c0de ro quiet splash nomodeset",
         ("\x1b[31mROCk module is NOT loaded, possibly no GPU devices\x1b[0m\n", "", 1),
         """
Ubuntu 22.04 booted with nomodeset (left from the installer's safe-graphics entry): the RX 6800 XT
(gfx1030, PCI 1002:73bf) is on the PCI bus with no driver bound, /sys/module/amdgpu does not exist,
no /dev/kfd. rocminfo's red "ROCk module is NOT loaded" line as printed by rocminfo 6.x (also on
this build machine); rocm_smi_lib status 8 (RSMI_STATUS_INIT_ERROR) as measured on this machine.
Expect: driver.amdgpu-not-loaded (error), driver.nomodeset (error).
""", module=False, iommu=False, smi=SMI_FAIL, dmesg="")


def wsl2():
    folder = os.path.join(ROOT, "wsl2")
    files = base_tree(folder, UBUNTU2204, K_WSL, "initrd=\\initrd.img WSL_ROOT_INIT=1 panic=-1 nr_cpus=16 hv_utils.timesync_implicit=1")
    meta = {"uname": uname("5.15.153.1-microsoft-standard-WSL2", "DESKTOP-1"), "identity": IDENTITY, "groups": GROUPS,
            "stat": {"/dev/dxg": {"type": "char", "mode": 0o666, "gid": 0, "rdev": "10:125"}},
            "dirs": {"/sys/bus/pci/devices": []}}
    os.makedirs(os.path.join(files, "sys/bus/pci/devices"), exist_ok=True)
    command(folder, 1, ["rocminfo"], "WSL environment detected.\n",
            "ROCR: unsupported GPU\nhsa api call failure at: /longer_pathname_so_that_rpms_can_support_packaging_the_debug_info_for_all_os_flavors/src/rocminfo/rocminfo.cc:1306\n"
            "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events.\n", 1)
    command(folder, 2, ["/proc/self/exe", "internal-smi"], SMI_FAIL, "", 0)
    command(folder, 3, ["dmesg"], "", "dmesg: read kernel buffer failed: Operation not permitted\n", 1)
    finish(folder, meta, dict(ENV, WSL_DISTRO_NAME="Ubuntu-22.04"), """
WSL2 (Ubuntu 22.04 on Windows 11): no amdgpu, no /dev/kfd, no PCI devices, /dev/dxg present.
rocminfo text from https://github.com/ROCm/ROCm/issues/4215 ("WSL environment detected.",
"ROCR: unsupported GPU", rocminfo.cc:1306 OUT_OF_RESOURCES). Kernel /proc/version of WSL 5.15.153.1.
Expect: wsl.limitations (info), wsl.unsupported-gpu (error); NOT gpu.none-found and NOT
driver.amdgpu-not-loaded (WSL has no amdgpu by design).
""")


if __name__ == "__main__":
    mi300x()
    mi250x()
    rx6700xt("rx6700xt-gfx1031-no-override", {}, "gfx1031", """
RX 6700 XT (Navi 22, gfx1031, PCI 1002:73df, Sapphire subsystem 1da2:e445) on Ubuntu 22.04 without
HSA_OVERRIDE_GFX_VERSION. rocminfo agent layout from https://github.com/ollama/ollama/issues/8463
(Name gfx1031, Marketing Name AMD Radeon RX 6700 XT, Compute Unit 40, BDFID 768).
Expect: arch.rdna2-consumer-unsupported (error) naming HSA_OVERRIDE_GFX_VERSION=10.3.0.
""")
    rx6700xt("rx6700xt-gfx1031-override", {"HSA_OVERRIDE_GFX_VERSION": "10.3.0"}, "gfx1030", """
Same RX 6700 XT with HSA_OVERRIDE_GFX_VERSION=10.3.0: the runtime (rocminfo) now reports gfx1030
while KFD sysfs says gfx1031 (pitfalls.md #1, #7).
Expect: gpu.runtime-gfx-differs (info) showing both values; no arch.rdna2-consumer-unsupported,
no env.hsa-override-misuse.
""")
    rx6700xt("rx6700xt-gfx1031-wrong-override", {"HSA_OVERRIDE_GFX_VERSION": "11.0.0"}, "gfx1100", """
Same RX 6700 XT with HSA_OVERRIDE_GFX_VERSION=11.0.0 (an RDNA3 target: wrong ISA for Navi 22).
Expect: env.hsa-override-misuse (error) naming 10.3.0, gpu.runtime-gfx-differs (info).
""")
    rx7900xtx()
    laptop()
    ryzen7000()
    container_no_kfd()
    container_gid()
    nomodeset()
    wsl2()
