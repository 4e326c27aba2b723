#!/usr/bin/env bash
# hostile-input D6: a signal (to the doctor, or to its process group as Ctrl-C sends it) or a
# collector that overruns --collector-timeout must kill the children's process groups, remove the
# private temp dir, and (for a signal) end with status 128+N.
source "$(dirname "$0")/lib.bash"
mkdir -p "$WORK/bin"
# A fake rocminfo that hangs, with a grandchild in its process group: both must be gone after.
cat > "$WORK/bin/rocminfo" <<EOF
#!/bin/sh
echo \$\$ >> "$WORK/pids"
sleep 300 &
echo \$! >> "$WORK/pids"
wait
EOF
chmod 755 "$WORK/bin/rocminfo"

python3 - "$DOCTOR" "$WORK" <<'PY'
import os, signal, subprocess, sys, time
doctor, work = sys.argv[1], sys.argv[2]
pids_file = work + "/pids"

def alive(pid):
    # A killed child whose parent (the doctor) is gone may stay a zombie under a container's
    # init that does not reap: a zombie runs nothing.
    try:
        return open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False

def job_setup():
    # What a job-control shell does for a foreground job: its own group, default dispositions.
    os.setpgid(0, 0)
    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(s, signal.SIG_DFL)

def run(case, extra, send):
    open(pids_file, "w").close()
    tmp = "%s/tmp-%s" % (work, case)
    os.mkdir(tmp)
    env = dict(os.environ, TMPDIR=tmp, PATH=work + "/bin:/usr/bin:/bin")
    p = subprocess.Popen([doctor, "check", "--no-probes", "--no-compile"] + extra, env=env, preexec_fn=job_setup,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while len(open(pids_file).read().split()) < 2 and time.time() < deadline and p.poll() is None:
        time.sleep(0.05)
    started = [int(x) for x in open(pids_file).read().split()]
    if len(started) < 2:
        p.kill()
        sys.exit("FAIL: %s: the fake rocminfo did not start" % case)
    time.sleep(0.5)  # the doctor is now waiting on it (about 1 s into the run)
    if send:
        send(p.pid)
    try:
        rc = p.wait(timeout=60)
    except subprocess.TimeoutExpired:
        p.kill()
        sys.exit("FAIL: %s: rocm-doctor did not exit" % case)
    time.sleep(0.3)
    left, running = os.listdir(tmp), [pid for pid in started if alive(pid)]
    for pid in running:
        os.kill(pid, signal.SIGKILL)
    return rc, left, running

failures = []
for name in ("INT", "TERM", "HUP", "QUIT"):
    sig = getattr(signal, "SIG" + name)
    for target, send in (("group", lambda pid, s=sig: os.killpg(pid, s)), ("doctor", lambda pid, s=sig: os.kill(pid, s))):
        rc, left, running = run("%s-%s" % (name, target), [], send)
        # Popen reports death by signal N as -N; a shell shows it as 128+N.
        if rc != -sig:
            failures.append("SIG%s to the %s: exit %s, wanted death by the signal (status %d)" % (name, target, rc, 128 + sig))
        if left:
            failures.append("SIG%s to the %s: left %s in TMPDIR" % (name, target, left))
        if running:
            failures.append("SIG%s to the %s: children %s still running" % (name, target, running))

# The collector budget runs out while rocminfo hangs: main leaves with _Exit, children first.
rc, left, running = run("collector-timeout", ["--collector-timeout", "1000"], None)
if rc not in (0, 1):
    failures.append("--collector-timeout 1000: exit %s" % rc)
if left:
    failures.append("--collector-timeout 1000: left %s in TMPDIR" % left)
if running:
    failures.append("--collector-timeout 1000: children %s still running" % running)

if failures:
    sys.exit("FAIL:\n  " + "\n  ".join(failures))
PY
echo "signals: ok"
