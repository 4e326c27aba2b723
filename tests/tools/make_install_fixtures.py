#!/usr/bin/env python3
"""Writes the ROCm install-layout replay scenarios of issue 15 under tests/fixtures/.

Each is a snapshot folder (docs/snapshot-format.md) holding only what the installs collector
reads, laid out as the published formats say:
- install-coresdk-10.1: the TheRock-built Core SDK from AMD's DEB packages: /opt/rocm/core-10.1,
  /opt/rocm/extras-10, /opt/rocm/bin and /opt/rocm/lib as update-alternatives links
  (/etc/alternatives/...), amdrocm-* packages in the dpkg database, no /opt/rocm/.info/version
  (transition guide: github.com/ROCm/rocm-docs docs/about/transition-guide-TheRock.md;
  field-2026.md §4.1-4.2).
- install-therock-wheels: a venv with TheRock's pip wheels (rocm-sdk-core -> _rocm_sdk_core,
  rocm-sdk-libraries, a rocm-sdk-device-* wheel, the rocm_sdk selector) and a torch that
  preloads them through torch/_rocm_init.py (TheRock docs/packaging/python_packaging.md and
  build_tools/packaging/python/templates/rocm/src/rocm_sdk/__main__.py; field-2026.md §1.4).
- install-coresdk-10.1-rhel: the same Core SDK from AMD's RPM repository on RHEL 9.6: the
  amdrocm-* packages are in the rpm database (SQLite), which rocm-doctor reads through
  `rpm -qa --qf`; that command's answer is recorded in commands/.
- install-therock-tarball: therock-dist-linux-gfx120X-all-10.1.0.tar.gz unpacked in a home folder
  and reached through ROCM_PATH, PATH and LD_LIBRARY_PATH, as the tarball's docs require.
TheRock markers: share/therock/therock_manifest.json and dist_info.json with dist_amdgpu_targets
(read that way by AMD's madengine rocEnvTool). Package versions and target lists are examples of
the published shapes, not copies of one machine. Run from the repository root:
    python3 tests/tools/make_install_fixtures.py
"""
import json
import os
import shutil

ROOT = os.path.join(os.path.dirname(__file__), "..", "fixtures")

META = {
    "format": "rocm-doctor-snapshot",
    "version": 1,
    "uname": {"sysname": "Linux", "nodename": "box", "release": "6.14.0-33-generic",
              "version": "#33~24.04.1-Ubuntu SMP PREEMPT_DYNAMIC", "machine": "x86_64", "libc_version": "2.39"},
    "identity": {"uid": 1000, "euid": 1000, "gid": 1000, "groups": [1000, 44, 992], "user_name": "alice",
                 "home": "/home/alice"},
    "groups": {"44": {"name": "video"}, "992": {"name": "render"}, "1000": {"name": "alice"}},
}

OS_RELEASE = """PRETTY_NAME="Ubuntu 24.04.3 LTS"
NAME="Ubuntu"
VERSION_ID="24.04"
VERSION="24.04.3 LTS (Noble Numbat)"
VERSION_CODENAME=noble
ID=ubuntu
ID_LIKE=debian
"""


def rocm_version_h(major, minor, patch):
    return (f"#ifndef ROCM_VERSION_H\n#define ROCM_VERSION_H\n#define ROCM_VERSION_MAJOR {major}\n"
            f"#define ROCM_VERSION_MINOR {minor}\n#define ROCM_VERSION_PATCH {patch}\n#endif\n")


def dist_info(targets):
    return json.dumps({"dist_amdgpu_targets": targets}, indent=1) + "\n"


def dpkg_entry(name, version, depends=""):
    text = f"Package: {name}\nStatus: install ok installed\nArchitecture: amd64\nVersion: {version}\n"
    if depends:
        text += f"Depends: {depends}\n"
    return text + "\n"


class Scenario:
    def __init__(self, name, readme, env):
        self.dir = os.path.join(ROOT, name)
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(os.path.join(self.dir, "files"))
        self.write("/etc/os-release", OS_RELEASE)
        with open(os.path.join(self.dir, "README.md"), "w") as f:
            f.write(readme)
        with open(os.path.join(self.dir, "env.json"), "w") as f:
            json.dump(env, f, indent=1)
            f.write("\n")
        with open(os.path.join(self.dir, "meta.json"), "w") as f:
            json.dump(META, f, indent=1)
            f.write("\n")

    def path(self, absolute):
        return os.path.join(self.dir, "files", absolute.lstrip("/"))

    def write(self, absolute, text):
        full = self.path(absolute)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)

    def stand_in_library(self, absolute):
        """A real, empty ELF shared object with the library's soname and no DT_NEEDED (built with
        the host's gcc -nostdlib): what the library view resolves by name, not HIP's code."""
        import subprocess
        import tempfile
        full = self.path(absolute)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        soname = os.path.basename(absolute)
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "empty.c")
            with open(src, "w") as f:
                f.write("int rd_stand_in;\n")
            subprocess.run(["gcc", "-shared", "-nostdlib", "-fPIC", "-Wl,-soname," + soname, "-Wl,--build-id=none",
                            "-s", "-o", full, src], check=True)

    def link(self, absolute, target):
        full = self.path(absolute)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        os.symlink(target, full)


def core_sdk():
    s = Scenario("install-coresdk-10.1", """# install-coresdk-10.1

ROCm Core SDK 10.1 from AMD's DEB repository on Ubuntu 24.04: the TheRock-built layout with
`/opt/rocm/core-10.1` (no `/opt/rocm/.info/version`), `/opt/rocm/extras-10`, and `/opt/rocm/bin`,
`/opt/rocm/lib` as `update-alternatives` links into the core; `amdrocm-*` packages (one-arch meta
package `amdrocm-core-sdk10.1-gfx94x`). Written by tests/tools/make_install_fixtures.py from the
transition guide (github.com/ROCm/rocm-docs docs/about/transition-guide-TheRock.md).
Expected: one install, kind core-sdk, version 10.1.0, /opt/rocm layout core-sdk with bin/lib
resolving into core-10.1, the amdrocm packages listed.
""", {"PATH": "/opt/rocm/bin:/usr/local/bin:/usr/bin:/bin", "HOME": "/home/alice", "LANG": "C.UTF-8"})
    core = "/opt/rocm/core-10.1"
    s.write(core + "/include/rocm-core/rocm_version.h", rocm_version_h(10, 1, 0))
    s.write(core + "/share/therock/therock_manifest.json", json.dumps({"the_rock_commit": "example"}) + "\n")
    s.write(core + "/share/therock/dist_info.json", dist_info("gfx942"))
    s.write(core + "/bin/.keep", "")
    s.write(core + "/lib/.keep", "")
    s.write("/opt/rocm/extras-10/share/doc/rocm-extras/README", "ROCm Extras (RVS, TransferBench)\n")
    s.link("/opt/rocm/bin", "/etc/alternatives/rocm-bin")
    s.link("/opt/rocm/lib", "/etc/alternatives/rocm-lib")
    s.link("/etc/alternatives/rocm-bin", core + "/bin")
    s.link("/etc/alternatives/rocm-lib", core + "/lib")
    packages = [("amdrocm-base", "10.1.0-1"), ("amdrocm-runtime", "10.1.0-1"), ("amdrocm-llvm", "10.1.0-1"),
                ("amdrocm-blas", "10.1.0-1"), ("amdrocm-dnn", "10.1.0-1"), ("amdrocm-amdsmi", "10.1.0-1"),
                ("amdrocm-sysdeps", "10.1.0-1")]
    status = dpkg_entry("base-files", "13ubuntu10.3")
    for name, version in packages:
        status += dpkg_entry(name, version)
    status += dpkg_entry("amdrocm-core-sdk10.1-gfx94x", "10.1.0-1", ", ".join(n for n, _ in packages))
    s.write("/var/lib/dpkg/status", status)


def wheels():
    venv = "/home/alice/venv"
    site = venv + "/lib/python3.12/site-packages"
    s = Scenario("install-therock-wheels", """# install-therock-wheels

A venv with TheRock's ROCm 7.14.0 pip wheels (`pip install "rocm[libraries,devel,device-gfx110X-all]"`
from repo.amd.com/whl/gfx110X-all): `_rocm_sdk_core`, `_rocm_sdk_libraries`, the
`rocm-sdk-device-gfx110X-all` wheel's dist-info, the `rocm_sdk` selector, and a torch built on them
that preloads them from `torch/_rocm_init.py`. No ROCm on the system. Written by
tests/tools/make_install_fixtures.py from TheRock's python_packaging.md.
Expected: one install, kind wheel, version 7.14.0, TheRock, device family gfx110x_all.
""", {"PATH": venv + "/bin:/usr/local/bin:/usr/bin:/bin", "HOME": "/home/alice", "LANG": "C.UTF-8",
      "VIRTUAL_ENV": venv})
    s.write(site + "/_rocm_sdk_core/share/therock/therock_manifest.json", json.dumps({"the_rock_commit": "example"}) + "\n")
    s.write(site + "/_rocm_sdk_core/share/therock/dist_info.json", dist_info("gfx1100;gfx1101;gfx1102;gfx1103"))
    s.write(site + "/_rocm_sdk_core/include/rocm-core/rocm_version.h", rocm_version_h(7, 14, 0))
    s.write(site + "/_rocm_sdk_core/lib/.keep", "")
    s.write(site + "/_rocm_sdk_libraries/lib/.keep", "")
    for dist in ("rocm_sdk_core-7.14.0.dist-info", "rocm_sdk_libraries-7.14.0.dist-info",
                 "rocm_sdk_device_gfx110x_all-7.14.0.dist-info", "rocm-7.14.0.dist-info"):
        name = dist.rsplit("-", 1)[0]
        s.write(f"{site}/{dist}/METADATA", f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: 7.14.0\n")
    s.write(site + "/rocm_sdk/__init__.py", "# TheRock rocm_sdk selector\n")
    s.write(site + "/torch/version.py", "__version__ = '2.9.1+rocm7.14.0'\ngit_version = 'example'\nhip = '7.14.0'\ncuda = None\n")
    s.write(site + "/torch/_rocm_init.py",
            "def initialize():\n    import rocm_sdk\n    rocm_sdk.initialize_process(preload_shortnames=['amdhip64', 'rocblas'], check_version='7.14.0')\n")
    s.write(site + "/torch-2.9.1+rocm7.14.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: torch\nVersion: 2.9.1+rocm7.14.0\n")
    s.write(venv + "/pyvenv.cfg", "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n")


OS_RELEASE_RHEL = """NAME="Red Hat Enterprise Linux"
VERSION="9.6 (Plow)"
ID="rhel"
ID_LIKE="fedora"
VERSION_ID="9.6"
PLATFORM_ID="platform:el9"
PRETTY_NAME="Red Hat Enterprise Linux 9.6 (Plow)"
"""

# The printed shape of `rpm -qa --qf '%{NAME}\t%{VERSION}-%{RELEASE}\t%{ARCH}\n'` (unsorted, as
# rpm prints it): checked against Debian's rpm 4.18 on packages built with rpmbuild and installed
# into a fresh SQLite database.
RPM_QA = ("bash\t5.1.8-9.el9\tx86_64\n"
          "amdrocm-runtime\t10.1.0-1.el9\tx86_64\n"
          "glibc\t2.34-168.el9_6.14\tx86_64\n"
          "amdrocm-base\t10.1.0-1.el9\tx86_64\n"
          "amdrocm-llvm\t10.1.0-1.el9\tx86_64\n"
          "amdrocm-core-sdk10.1-gfx94x\t10.1.0-1.el9\tx86_64\n"
          "gpg-pubkey\tfd431d51-4ae0493b\t(none)\n")


def core_sdk_rpm():
    s = Scenario("install-coresdk-10.1-rhel", """# install-coresdk-10.1-rhel

ROCm Core SDK 10.1 from AMD's RPM repository on RHEL 9.6: `/opt/rocm/core-10.1` with
`/opt/rocm/bin` and `/opt/rocm/lib` as alternatives links, the `amdrocm-*` packages in the rpm
database. RHEL keeps that database in SQLite (`/var/lib/rpm/rpmdb.sqlite`), so rocm-doctor asks
`rpm -qa --qf '%{NAME}\t%{VERSION}-%{RELEASE}\t%{ARCH}\n'` (a child; skipped by --quick); the
recorded answer is in commands/000.json. Written by tests/tools/make_install_fixtures.py.
Expected: one install, kind core-sdk, version 10.1.0; rocm.packages_source rpm with the four
amdrocm packages (bash, glibc and gpg-pubkey filtered out).
""", {"PATH": "/opt/rocm/bin:/usr/local/bin:/usr/bin:/bin", "HOME": "/home/alice", "LANG": "C.UTF-8"})
    s.write("/etc/os-release", OS_RELEASE_RHEL)
    core = "/opt/rocm/core-10.1"
    s.write(core + "/include/rocm-core/rocm_version.h", rocm_version_h(10, 1, 0))
    s.write(core + "/share/therock/dist_info.json", dist_info("gfx942"))
    s.write(core + "/bin/.keep", "")
    s.write(core + "/lib/.keep", "")
    s.link("/opt/rocm/bin", "/etc/alternatives/rocm-bin")
    s.link("/opt/rocm/lib", "/etc/alternatives/rocm-lib")
    s.link("/etc/alternatives/rocm-bin", core + "/bin")
    s.link("/etc/alternatives/rocm-lib", core + "/lib")
    s.write("/var/lib/rpm/rpmdb.sqlite", "")  # its presence says "rpm system"; the content is rpm's to read
    os.makedirs(os.path.join(s.dir, "commands"))
    with open(os.path.join(s.dir, "commands", "000.json"), "w") as f:
        json.dump({"argv": ["rpm", "-qa", "--qf", "%{NAME}\\t%{VERSION}-%{RELEASE}\\t%{ARCH}\\n"], "started": True,
                   "exit_code": 0, "signal": 0, "timed_out": False, "stdout": RPM_QA, "stderr": "",
                   "elapsed_ms": 180.0}, f, indent=1)
        f.write("\n")


def tarball():
    root = "/home/alice/therock-10.1"
    s = Scenario("install-therock-tarball", """# install-therock-tarball

`therock-dist-linux-gfx120X-all-10.1.0.tar.gz` unpacked in the home folder and used the way its
docs say: ROCM_PATH, PATH and LD_LIBRARY_PATH point into it. Nothing under /opt/rocm. Written by
tests/tools/make_install_fixtures.py (tarball names and families: field-2026.md §4.2).
Expected: one install, kind tarball, version 10.1.0, found through ROCM_PATH, PATH and LD_LIBRARY_PATH.
""", {"PATH": root + "/bin:/usr/local/bin:/usr/bin:/bin", "HOME": "/home/alice", "LANG": "C.UTF-8",
      "ROCM_PATH": root, "LD_LIBRARY_PATH": root + "/lib"})
    s.write(root + "/include/rocm-core/rocm_version.h", rocm_version_h(10, 1, 0))
    s.write(root + "/share/therock/therock_manifest.json", json.dumps({"the_rock_commit": "example"}) + "\n")
    s.write(root + "/share/therock/dist_info.json", dist_info("gfx1200;gfx1201"))
    s.write(root + "/bin/.keep", "")
    s.stand_in_library(root + "/lib/libamdhip64.so.7")


if __name__ == "__main__":
    core_sdk()
    core_sdk_rpm()
    wheels()
    tarball()
