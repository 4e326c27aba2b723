"""Stand-ins shared by the live cases: executables that log when run, a fake rocminfo that hangs,
a venv with a pure-Python torch, a copy of the doctor with a fake rocm-doctor-probe beside it."""
import os
import shutil
import signal
import subprocess
import time

PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else shutil.which("python3")
TORCH_VERSION = "2.4.0+rocm6.1"


def script(path, text, mode=0o755):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)
    return path


def logging_executables(d, names, log):
    """Executables that append their name to log and exit 0: a correct doctor never runs them."""
    for n in names:
        script(os.path.join(d, n), '#!/bin/sh\necho "PLANTED %s ran: $0 $*" >> %s\nexit 0\n' % (n, log))


def hanging_rocminfo(d, pids, ignore_term=False, seconds=300):
    """A fake rocminfo first on PATH that records its pid and its sleep's pid, then sleeps."""
    trap = 'trap "" TERM INT HUP\n' if ignore_term else ""
    return script(os.path.join(d, "rocminfo"),
                  "#!/bin/bash\n%secho $$ >> %s\nsleep %d &\necho $! >> %s\nwait\n" % (trap, pids, seconds, pids))


def alive(pids_file):
    if not os.path.exists(pids_file):
        return []
    pids = [int(x) for x in open(pids_file).read().split()]
    return [p for p in pids if _running(p)]


def _running(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def wait_dead(pids_file, seconds=2.0):
    """The fake children still running after seconds (0 when the doctor killed them)."""
    deadline = time.monotonic() + seconds
    while alive(pids_file) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive(pids_file)


def kill_all(pids_file):
    for p in alive(pids_file):
        try:
            os.kill(p, signal.SIGKILL)
        except OSError:
            pass


def torch_venv(root):
    """A venv (no pip) whose site-packages holds a pure-Python torch TORCH_VERSION."""
    venv = os.path.join(root, "venv")
    subprocess.run([PYTHON, "-m", "venv", "--without-pip", venv], check=True)
    sp = site_packages(venv)
    script(os.path.join(sp, "torch/__init__.py"), 'from . import version, cuda\n__version__ = "%s"\n' % TORCH_VERSION, 0o644)
    script(os.path.join(sp, "torch/version.py"), '__version__ = "%s"\nhip = "6.1"\ncuda = None\n' % TORCH_VERSION, 0o644)
    script(os.path.join(sp, "torch/cuda/__init__.py"), "def is_available():\n    return False\n"
           "def device_count():\n    return 0\ndef get_arch_list():\n    return []\n", 0o644)
    return venv


def site_packages(venv):
    lib = os.path.join(venv, "lib")
    return os.path.join(lib, [n for n in os.listdir(lib) if n.startswith("python")][0], "site-packages")


def pycache_files(d):
    found = []
    for root, dirs, files in os.walk(d):
        found += [os.path.join(root, f) for f in files if f.endswith(".pyc")]
    return found


def doctor_with_probe(t, probe_text):
    """A copy of the doctor with a fake rocm-doctor-probe beside it (the doctor looks for the
    probe next to its own executable)."""
    d = t.path("bin")
    os.makedirs(d, exist_ok=True)
    rd = os.path.join(d, "rocm-doctor")
    shutil.copy(t.ctx.rd, rd)
    script(os.path.join(d, "rocm-doctor-probe"), probe_text)
    return rd
