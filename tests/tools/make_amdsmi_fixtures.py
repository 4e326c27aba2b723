#!/usr/bin/env python3
"""Writes the amd-smi replay fixtures of an 8-GPU MI300X node (issue 18; sources in
tests/fixtures/mi300x-amdsmi-healthy/README.md).

Each scenario folder is tests/fixtures/mi300x-healthy (the node's sysfs, rocminfo, dmesg) plus
  amd-smi/{version,list,static,metric,firmware,xgmi}.json   what `amd-smi <cmd> --json` prints (recorded
                                                     shape of amd-smi 26.x/27.x, values below)
  commands/002.json                                  the internal-smi child's answer on that node:
                                                     the same values as libamd_smi returns them
  files/opt/rocm-10.1.0/.info/version                ROCm 10.1.0 (libamd_smi 27.1, Debian sid's)
and one planted fault. `check --replay DIR` reads commands/002.json (the live route), `triage
DIR/amd-smi/*.json` the pasted JSON (the paste route); both must give the same finding.

Usage: tests/tools/make_amdsmi_fixtures.py   (rewrites the five folders)
"""
import copy
import json
import os
import shutil

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures")
BASE = os.path.join(ROOT, "mi300x-healthy")

# mi300x-healthy's buses (its rocm_smi BDFIDs 0x500 … 0xf500) and KFD nodes 2..9.
BUSES = [0x05, 0x15, 0x65, 0x75, 0x85, 0x95, 0xE5, 0xF5]
UUIDS = ["%02xff74a1-0000-1000-80%02x-%012x" % (0x1c + 17 * i, 0x2c + i, 0x5be37b00 + i) for i in range(8)]
PLDM_CURRENT = "01.26.00.04"   # driver-firmware-support.yaml: "01.26.00.04 (or later)" for MI300X
PLDM_OLD = "01.25.03.12"       # an older bundle (MI300X firmware changes 24.x line), below 01.25.06.05
BLOCKS = ["UMC", "SDMA", "GFX", "MMHUB", "PCIE_BIF", "HDP", "XGMI_WAFL"]  # metric.py sysfs_blocks


def healthy():
    """The node as amd-smi --json shows it, one dict per command, each a list per GPU."""
    node = {"version": {"tool": "AMDSMI Tool", "version": "27.1.0", "amdsmi_library_version": "27.1.0",
                        "rocm_version": "10.1.0", "amdgpu_version": "6.8.5", "amd_hsmp_driver_version": "N/A",
                        "nic_driver_version": "N/A"},
            "list": [], "static": [], "metric": [], "firmware": [], "xgmi": {"link_status": []}}
    for i, bus in enumerate(BUSES):
        bdf = "0000:%02x:00.0" % bus
        node["list"].append({"gpu": i, "bdf": bdf, "uuid": UUIDS[i], "kfd_id": 4000 + i, "node_id": 2 + i,
                             "partition_id": 0, "render": "renderD%d" % (128 + 8 * i), "card": "card%d" % i,
                             "hsa_id": 2 + i, "hip_id": i, "hip_uuid": "GPU-%016x" % (0x8af705259683161c + i), "oam_id": i})
        node["static"].append({
            "gpu": i,
            "asic": {"market_name": "AMD Instinct MI300X", "vendor_id": "0x1002",
                     "vendor_name": "Advanced Micro Devices Inc. [AMD/ATI]", "subvendor_id": "0x1002",
                     "device_id": "0x74a1", "subsystem_id": "0x74a1", "rev_id": "0x00", "oam_id": i,
                     "num_compute_units": 304, "target_graphics_version": "gfx942"},
            "bus": {"bdf": bdf, "max_pcie_width": 16, "max_pcie_speed": {"value": 32, "unit": "GT/s"},
                    "pcie_interface_version": "Gen 5", "slot_type": "OAM"},
            "ifwi": {"name": "AMD MI300X_HW_SRIOV_CVS_1VF", "build_date": "2024/05/16 08:56",
                     "part_number": "113-M3000100-102", "version": "022.040.003.043.000001"},
            "driver": {"name": "amdgpu", "version": "6.8.5"},
            "vram": {"type": "HBM", "vendor": "N/A", "size": {"value": 196592, "unit": "MB"}, "bit_width": 8192},
            "partition": {"accelerator_partition": "SPX", "memory_partition": "NPS1", "partition_id": 0},
            "limit": {"ppt0": {"max_power_limit": {"value": 750, "unit": "W"}, "min_power_limit": {"value": 0, "unit": "W"},
                               "socket_power_limit": {"value": 750, "unit": "W"}}},
        })
        node["metric"].append({
            "gpu": i,
            "usage": {"gfx_activity": {"value": 0, "unit": "%"}},
            "power": {"socket_power": {"value": 141, "unit": "W"}},
            "temperature": {"hotspot": {"value": 42, "unit": "C"}},
            "pcie": {"width": 16, "speed": {"value": 32, "unit": "GT/s"}, "replay_count": 0},
            "ecc": {"total_correctable_count": 0, "total_uncorrectable_count": 0, "total_deferred_count": 0},
            "ecc_blocks": {b: {"correctable_count": 0, "uncorrectable_count": 0, "deferred_count": 0} for b in BLOCKS},
            "throttle": {"ppt_violation_activity": {"value": 0, "unit": "%"},
                         "socket_thermal_violation_activity": {"value": 0, "unit": "%"},
                         "hbm_thermal_violation_activity": {"value": 0, "unit": "%"},
                         "vr_thermal_violation_activity": {"value": 0, "unit": "%"},
                         "prochot_violation_activity": {"value": 0, "unit": "%"}},
            "xgmi_err": "N/A",
        })
        node["firmware"].append({"gpu": i, "fw_list": [{"fw_id": "CP_MEC1", "fw_version": "177"},
                                                       {"fw_id": "PSP_SOSDRV", "fw_version": "00.36.02.59"},
                                                       {"fw_id": "PM", "fw_version": "85.124.00"},
                                                       {"fw_id": "PLDM_BUNDLE", "fw_version": PLDM_CURRENT}]})
        node["xgmi"]["link_status"].append({"gpu": i, "bdf": bdf,
                                            "link_status": ["SELF" if j == i else "U" for j in range(8)]})
    return node


def plant(name, node):
    if name == "mi300x-pcie-gen4":      # GPU 3 trained its Gen5 link at Gen4
        node["metric"][3]["pcie"]["speed"] = {"value": 16, "unit": "GT/s"}
    elif name == "mi300x-ecc-uncorrectable":  # GPU 5: two HBM (UMC) uncorrectable errors
        node["metric"][5]["ecc"]["total_uncorrectable_count"] = 2
        node["metric"][5]["ecc"]["total_correctable_count"] = 37
        node["metric"][5]["ecc_blocks"]["UMC"] = {"correctable_count": 37, "uncorrectable_count": 2, "deferred_count": 0}
    elif name == "mi300x-xgmi-down":    # the XGMI link between GPU 2 and GPU 6 is down
        node["xgmi"]["link_status"][2]["link_status"][6] = "D"
        node["xgmi"]["link_status"][6]["link_status"][2] = "D"
    elif name == "mi300x-old-firmware":  # every GPU still on an old PLDM bundle
        for gpu in node["firmware"]:
            gpu["fw_list"][-1]["fw_version"] = PLDM_OLD
    return node


def value(v):
    return v["value"] if isinstance(v, dict) else v


def child_answer(node):
    """What the internal-smi child prints on this node (system/amdsmi_query.cpp's keys)."""
    gpus = []
    for i in range(8):
        s, m, l = node["static"][i], node["metric"][i], node["list"][i]
        links = node["xgmi"]["link_status"][i]["link_status"]
        g = {"index": i, "pci_bdf": l["bdf"], "uuid": l["uuid"], "hip_id": l["hip_id"], "hsa_id": l["hsa_id"],
             "drm_card": i, "drm_render": 128 + 8 * i, "oam_id": l["oam_id"], "hip_uuid": l["hip_uuid"],
             "marketing_name": s["asic"]["market_name"], "device_id": int(s["asic"]["device_id"], 16),
             "target_graphics_version": 0x942, "driver_version": s["driver"]["version"],
             "vbios_version": s["ifwi"]["version"],
             "firmware": [{"id": f["fw_id"], "version": f["fw_version"]} for f in node["firmware"][i]["fw_list"]],
             "vram_total_bytes": value(s["vram"]["size"]) * 1048576,
             "max_link_speed": float(value(s["bus"]["max_pcie_speed"])), "max_link_width": s["bus"]["max_pcie_width"],
             "link_speed": float(value(m["pcie"]["speed"])), "link_width": m["pcie"]["width"],
             "pcie_replay_count": m["pcie"]["replay_count"], "ecc_enabled_blocks": 255,
             "ecc": [{"block": b, "correctable": c["correctable_count"], "uncorrectable": c["uncorrectable_count"],
                      "deferred": c["deferred_count"]} for b, c in m["ecc_blocks"].items()],
             "ecc_correctable_total": m["ecc"]["total_correctable_count"],
             "ecc_uncorrectable_total": m["ecc"]["total_uncorrectable_count"],
             "ecc_deferred_total": m["ecc"]["total_deferred_count"], "bad_pages": 0,
             "xgmi_links_up": links.count("U"), "xgmi_links_down": links.count("D"),
             "throttle_active": [],
             "power_cap_w": float(value(s["limit"]["ppt0"]["socket_power_limit"])),
             "power_cap_default_w": 750.0, "power_cap_max_w": float(value(s["limit"]["ppt0"]["max_power_limit"])),
             "compute_partition": s["partition"]["accelerator_partition"],
             "memory_partition": s["partition"]["memory_partition"]}
        for limit in ("ppt", "socket_thermal", "prochot", "vr_thermal", "hbm_thermal"):
            g["throttle_%s_percent" % limit] = value(m["throttle"]["%s_violation_activity" % limit])
        gpus.append(g)
    amd = {"compiled": True, "available": True, "header_version": "27.1.0", "lib_version": "27.1.0",
           "library": "libamd_smi.so.27", "status": 0, "gpus": gpus}
    return {"answered_by": "amd_smi", "amd_smi": amd, "available": False, "skipped": True,
            "reason": "rocm_smi not queried: libamd_smi answered"}


def write(name, readme):
    node = plant(name, healthy())
    out = os.path.join(ROOT, name)
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(BASE, out, symlinks=True)
    os.makedirs(os.path.join(out, "amd-smi"))
    for cmd, doc in node.items():
        with open(os.path.join(out, "amd-smi", cmd + ".json"), "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    with open(os.path.join(BASE, "commands", "002.json")) as f:
        recorded = json.load(f)
    recorded["stdout"] = json.dumps(child_answer(node))
    with open(os.path.join(out, "commands", "002.json"), "w") as f:
        json.dump(recorded, f, indent=1)
        f.write("\n")
    info = os.path.join(out, "files", "opt", "rocm-10.1.0", ".info")
    os.makedirs(info)
    with open(os.path.join(info, "version"), "w") as f:
        f.write("10.1.0-58\n")
    os.symlink("rocm-10.1.0", os.path.join(out, "files", "opt", "rocm"))
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(readme)


SOURCES = open(os.path.join(ROOT, "..", "tools", "amdsmi_fixture_sources.md")).read()
for name, fault, finding in [
        ("mi300x-amdsmi-healthy", "none", "no health.* finding"),
        ("mi300x-pcie-gen4", "GPU 3 (0000:75:00.0) PCIe SPEED 16 GT/s of MAX_PCIE_SPEED 32 GT/s", "health.pcie-link-below-max"),
        ("mi300x-ecc-uncorrectable", "GPU 5 (0000:95:00.0) UMC 2 uncorrectable, 37 correctable", "health.ecc-uncorrectable"),
        ("mi300x-xgmi-down", "XGMI link GPU 2 <-> GPU 6 is D (down) in `amd-smi xgmi -l`", "health.xgmi-link"),
        ("mi300x-old-firmware", "PLDM_BUNDLE %s on all 8 GPUs (minimum 01.25.06.05 for ROCm 7.14+)" % PLDM_OLD,
         "health.firmware-below-minimum")]:
    write(name, "# %s\n\nMI300X node (mi300x-healthy) with amd-smi's view: written by "
                "tests/tools/make_amdsmi_fixtures.py, do not edit.\n\nPlanted fault: %s.\nExpect: %s "
                "(check --replay and triage of amd-smi/*.json alike).\n\n%s" % (name, fault, finding, SOURCES))
print("wrote 5 fixtures")
