"""§4 of hostile/REPORT.md: `triage` of hostile pastes, built from the realistic pastes in
tests/fixtures/triage-pastes and tests/fixtures/triage."""
import os
import random
import threading

import harness
from harness import SANITIZED

CASES, case = harness.registry()

CAP = 64 << 20   # 67108864: the read cap of files, and by the contract of stdin (D16)

# Sequences that rewrite the screen, the title, links or the clipboard (hostile-input report D5).
SPOOF = b"".join([
    b"\x1b[2J\x1b[H", b"\x1b]0;rocm-doctor: all good\x07", b"\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\",
    b"\x1bP+q544e\x1b\\", b"\x9b2J", b"\xc2\x9b2J", b"\x1b[8m", b"\x08\x08\x08\x08OK  ", b"\x1b[1A\x1b[2K",
    b"\x1b[6n", b"\x1b[21t", b"\x07\x07\x07", b"\x1b]52;c;ZWNobyBwd25lZA==\x07"])

# Planted in pastes; none may survive in a redacted output (D4: secrets and serials in free text).
SECRETS = ["ghp_abcdefghijklmnopqrstuvwxyz0123456789", "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
           "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "hunter2hunter2", "VMware-42 1a 2b 3c",
           "4c4c4544004a3510804cb4c04f4e3232"]
IDENTITY = ["/home/tester", "gpubox-7", "10.20.30.40", "52:54:00:12:34:56", "2001:db8:85a3::8a2e:370:7334",
            "692251001124", "1a2b3c4d5e6f7081", "tester@example.com"]


def paste(t, rel):
    with open(os.path.join(t.fx, rel), "rb") as f:
        return f.read()


def rocminfo(t):
    return paste(t, "triage-pastes/rocminfo-gfx1031-partial.txt")


def smi(t):
    return paste(t, "triage-pastes/rocm-smi-showall-rx5700xt.txt")


def kfd(t):
    return paste(t, "triage/kfd_pitcairn.txt")


def write(t, name, data):
    p = t.path(name)
    with open(p, "wb") as f:
        f.write(data)
    return p


def triage(t, *args, **kw):
    return t.rd("triage", *args, **kw)


def kinds(r):
    """The piece kinds of a text triage ("1 piece: rocminfo")."""
    for line in r.out.decode("utf-8", "replace").splitlines():
        if "Pasted input" in line:
            return line.split("—", 1)[-1].strip()
    return ""


def pii(t):
    return (b"tester@gpubox-7:/home/tester/proj$ rocminfo\n" + rocminfo(t) +
            b"\n(venv) tester@gpubox-7:~$ python -c 'import torch'\nTraceback (most recent call last):\n"
            b"  File \"/home/tester/.venv/lib/python3.11/site-packages/torch/__init__.py\", line 237, in <module>\n"
            b"    from torch._C import *\nImportError: libamdhip64.so.6: cannot open shared object file: No such file or directory\n"
            b"\n$ ip a\n2: eth0: <BROADCAST> mtu 1500\n    link/ether 52:54:00:12:34:56 brd ff:ff:ff:ff:ff:ff\n"
            b"    inet 10.20.30.40/24 brd 10.20.30.255 scope global eth0\n    inet6 2001:db8:85a3::8a2e:370:7334/64 scope global\n"
            b"$ rocm-smi --showserial\n============================ ROCm System Management Interface ============================\nGPU[0]\t\t: Serial Number: 692251001124\n"
            b"$ cat /sys/class/dmi/id/product_serial\nVMware-42 1a 2b 3c 4d 5e 6f 70-81 92 a3 b4 c5 d6 e7 f8\n"
            b"$ hostnamectl\n   Static hostname: gpubox-7.corp.example.com\n         Machine ID: 4c4c4544004a3510804cb4c04f4e3232\n"
            b"$ echo $HF_TOKEN\nhf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\n$ env | grep -i token\n"
            b"GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\nAWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
            b"MY_DB_PASSWORD=hunter2hunter2\nHSA_OVERRIDE_GFX_VERSION=10.3.0\n"
            b"$ id\nuid=1001(tester) gid=1001(tester) groups=1001(tester),44(video)\nmail me at tester@example.com\n"
            b"[  12.345] amdgpu 0000:03:00.0: amdgpu: GPU UUID GPU-1a2b3c4d5e6f7081\n")


def prompts(n):
    return b"".join(b"user%05d@host%05d:~$ rocminfo\nROCk module is loaded\n\n\n" % (i, i) for i in range(n))


@case("urandom", "ok", "10 MB of random bytes, as a file and on stdin", "fast, 'unknown'")
def _(t):
    data = os.urandom((2 if SANITIZED else 10) << 20)
    p = write(t, "u.bin", data)
    triage(t, p, "-f", "json", timeout=10)
    triage(t, "-", stdin=data, timeout=10)


@case("file-over-cap", "ok", "a 64 MiB + 1 byte file; a 1 GB single-line file (sparse)", "refused: larger than 67108864 bytes")
def _(t):
    for name, size in (("over.txt", CAP + 1), ("line-1g.txt", 1 << 30)):
        p = t.path(name)
        with open(p, "wb") as f:
            f.write(b"B")
            f.truncate(size)
        r = triage(t, p)
        t.expect_refused(r, [p], "larger than 67108864 bytes")


@case("stdin-over-cap", "D16", "64 MiB + 1 byte of pasted rocminfo on stdin (the report: 500 MB)",
      "refused like a file: 'stdin: larger than 67108864 bytes, not read', exit 2")
def _(t):
    block = rocminfo(t) + b"\n"
    data = (block * (CAP // len(block) + 2))[:CAP + 1]
    r = triage(t, "-", stdin=data, timeout=20)
    t.expect_refused(r, ["stdin"], "larger than 67108864 bytes")


@case("stdin-over-cap-line", "D16", "one 64 MiB + 1 byte line on stdin (the report: 1 GB)", "refused like a file")
def _(t):
    r = triage(t, "-", stdin=b"B" * (CAP + 1), timeout=20)
    t.expect_refused(r, ["stdin"], "larger than 67108864 bytes")


@case("file-under-cap", "m13", "a 20 MB paste under the cap (the report: 60 MB), -f json", "bounded (no limit in the contract)")
def _(t):
    block = rocminfo(t) + b"\n"
    p = write(t, "big.txt", block * (((5 if SANITIZED else 20) << 20) // len(block)))
    triage(t, p, "-f", "json", timeout=30)


@case("empty", "ok", "an empty file; only whitespace", "'0 pieces', exit 0")
def _(t):
    for name, data in (("e.txt", b""), ("w.txt", b" \t\n\n   \r\n\t\t  \n" * 1000)):
        r = triage(t, write(t, name, data))
        t.check(r.rc == 0 and b"0 pieces" in r.out, "%s: exit %d %r" % (name, r.rc, kinds(r)))


@case("line-endings", "ok", "the rocminfo paste with CRLF; with CR only", "recognised as rocminfo")
def _(t):
    for name, data in (("crlf.txt", rocminfo(t).replace(b"\n", b"\r\n")), ("cr.txt", rocminfo(t).replace(b"\n", b"\r"))):
        r = triage(t, write(t, name, data))
        t.check("rocminfo" in kinds(r), "%s not recognised: %r" % (name, kinds(r)))


@case("utf16", "m9", "the rocminfo paste in UTF-16LE/BE with and without BOM (PowerShell >)",
      "decoded: recognised as rocminfo")
def _(t):
    text = rocminfo(t).decode("utf-8", "replace")
    for name, data in (("le-bom.txt", b"\xff\xfe" + text.encode("utf-16-le")), ("be-bom.txt", b"\xfe\xff" + text.encode("utf-16-be")),
                       ("le.txt", text.encode("utf-16-le"))):
        r = triage(t, write(t, name, data))
        t.check("rocminfo" in kinds(r), "%s not decoded: %r" % (name, kinds(r)))


@case("utf8-bom-nul", "ok", "the rocminfo paste after a UTF-8 BOM; with NUL bytes", "recognised")
def _(t):
    for name, data in (("bom.txt", b"\xef\xbb\xbf" + rocminfo(t)), ("nul.txt", rocminfo(t).replace(b"\n", b"\0\n"))):
        r = triage(t, write(t, name, data))
        t.check("rocminfo" in kinds(r), "%s not recognised: %r" % (name, kinds(r)))


@case("ansi-colour-smi", "ok", "coloured rocm-smi output (ANSI SGR)", "colours stripped, recognised")
def _(t):
    data = b"\x1b[1m\x1b[31m" + smi(t).replace(b"GPU", b"\x1b[32mGPU\x1b[0m") + b"\x1b[0m"
    r = triage(t, write(t, "smi.txt", data))
    t.check("smi" in kinds(r), "not recognised: %r" % kinds(r))


@case("spoof-kfd", "D5", "BEL, BS, 0x9B, U+009B, OSC, DCS in a kernel-log line (kfd unsupported ASIC)",
      "the finding title shows ? for each")
def _(t):
    p = write(t, "k.txt", kfd(t).replace(b"PITCAIRN", b"PITCAIRN" + SPOOF))
    triage(t, p)
    triage(t, p, "-v")


@case("spoof-python", "D5", "the same in an ImportError library name", "title and suggested command show ?")
def _(t):
    data = (b"Traceback (most recent call last):\n  File \"/home/tester/x.py\", line 1, in <module>\n    import torch\n"
            b"ImportError: libamdhip64.so.6" + SPOOF + b": cannot open shared object file: No such file or directory\n")
    triage(t, write(t, "p.txt", data))


@case("spoof-elsewhere", "ok", "the same in an override, a prompt, rocm-smi and rocminfo fields", "sanitised")
def _(t):
    lines = [l + SPOOF if (b"Marketing Name" in l or b"Name:" in l) else l for l in rocminfo(t).split(b"\n")]
    for name, data in (("ri.txt", b"\n".join(lines)),
                       ("smi.txt", smi(t).replace(b"GPU[0]", b"GPU[0]" + SPOOF)),
                       ("env.txt", b"$ export HSA_OVERRIDE_GFX_VERSION=" + SPOOF + b"\n$ rocminfo\n" + rocminfo(t)),
                       ("prompt.txt", b"tester@" + SPOOF + b":~$ rocminfo\n" + rocminfo(t))):
        triage(t, write(t, name, data))


@case("pii-identity", "ok", "a paste with user, host, /home paths, IPv4/6, MAC, rocm-smi serial, GPU UUID, e-mail",
      "all removed in -f json and -f markdown")
def _(t):
    p = write(t, "pii.txt", pii(t))
    for fmt in ("json", "markdown"):
        r = triage(t, p, "-f", fmt)
        t.expect_absent(r.out, IDENTITY, "triage -f " + fmt, "ok")


@case("pii-secrets", "D4", "the same paste: GitHub/HF tokens, AWS secret, a password, DMI serial, machine-id",
      "all removed in -f json and -f markdown")
def _(t):
    p = write(t, "pii.txt", pii(t))
    for fmt in ("json", "markdown"):
        r = triage(t, p, "-f", fmt)
        t.expect_absent(r.out, SECRETS, "triage -f " + fmt, "D4")


@case("env-paste", "D4", "a pasted `env` with GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, HF_TOKEN, MY_DB_PASSWORD",
      "secrets by name and by shape removed")
def _(t):
    p = write(t, "env.txt", b"GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n"
                            b"AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
                            b"HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789\nMY_DB_PASSWORD=hunter2hunter2\n"
                            b"HSA_OVERRIDE_GFX_VERSION=10.3.0\nROCR_VISIBLE_DEVICES=0\n")
    for fmt in ("json", "markdown"):
        r = triage(t, p, "-f", fmt)
        t.expect_absent(r.out, SECRETS[:4], "triage -f " + fmt, "D4")


@case("many-files", "ok", "2,000 pastes at once", "fast")
def _(t):
    d = t.path("many")
    os.makedirs(d)
    texts = [rocminfo(t), smi(t), kfd(t)]
    files = []
    for i in range(500 if SANITIZED else 2000):
        files.append(write(t, "many/p%04d.txt" % i, texts[i % 3]))
    triage(t, *files, timeout=10)
    triage(t, *files, "-f", "json", timeout=15)


@case("one-missing", "m5", "triage a missing b", "a message for missing, the report of a and b, exit 2")
def _(t):
    a = write(t, "a.txt", rocminfo(t))
    b = write(t, "b.txt", kfd(t))
    missing = t.path("missing.txt")
    r = triage(t, a, missing, b)
    t.check(r.rc == 2, "exit %d, wanted 2" % r.rc)
    t.check(os.fsencode(missing) in r.err, "the missing file is not named")
    t.check(b"a.txt" in r.out and b"b.txt" in r.out, "no report of the readable pastes")


@case("a-directory", "ok", "triage DIR", "'a directory, not read'")
def _(t):
    d = t.path("dir")
    os.makedirs(d)
    t.expect_refused(triage(t, d), [d], "a directory")


@case("pipes", "m8", "triage /dev/fd/N (a pipe, as <(cmd) gives); triage /dev/stdin", "read (capped)")
def _(t):
    data = rocminfo(t)
    r = triage(t, "/dev/stdin", stdin=data)
    t.check("rocminfo" in kinds(r), "/dev/stdin not read: %r" % r.err[-200:])
    rfd, wfd = os.pipe()
    writer = threading.Thread(target=lambda: (os.write(wfd, data), os.close(wfd)))
    writer.start()
    r = triage(t, "/dev/fd/%d" % rfd, pass_fds=(rfd,))
    writer.join()
    os.close(rfd)
    t.check("rocminfo" in kinds(r), "a pipe (<(cmd)) not read: %r" % r.err[-200:])


@case("many-prompts", "D15", "10,000 distinct user@host prompts, -f json (the report: 40,000)",
      "redaction linear: done in 3 s")
def _(t):
    p = write(t, "prompts.txt", prompts(10000))
    r = triage(t, p, "-f", "json", timeout=3)
    if not r.timed_out:
        t.expect_absent(r.out, ["user01234@host01234", "host09999"], "triage -f json", "ok")


@case("many-lines", "m13", "1,000,000 lines (the report: 5,000,000)", "bounded (no limit in the contract)")
def _(t):
    triage(t, write(t, "lines.txt", b"x\n" * (200000 if SANITIZED else 1000000)), timeout=20)


@case("long-lines", "m13", "one 20 MB line (the report: 60 MB); one 1 MB line after rocminfo", "bounded; fast")
def _(t):
    triage(t, write(t, "l20.txt", b"Marketing Name: " + b"A" * ((5 if SANITIZED else 20) << 20) + b"\n"), timeout=20)
    r = triage(t, write(t, "l1.txt", rocminfo(t) + b"\n" + b"A" * (1 << 20) + b"\n"), timeout=5)
    t.check("rocminfo" in kinds(r), "rocminfo before a long line not recognised")


@case("regex-stress", "ok", "1M '[' and '('; lines built to stress regexes (a…@a.a., 0:0:…, 1.1.…, /home/…)", "fast")
def _(t):
    triage(t, write(t, "b.txt", b"[" * 1000000 + b"\n" + b"(" * 1000000 + b"\n"), timeout=10)
    data = (b"a" * 50000 + b"@" + b"a." * 50000 + b"\n" + b"0:" * 100000 + b"\n" + b"1." * 200000 + b"\n" +
            b"/home/" * 100000 + b"\n")
    p = write(t, "r.txt", data)
    triage(t, p, timeout=10)
    triage(t, p, "-f", "json", timeout=10)


@case("md-inject", "ok", "an ImportError library name with ```, ![img](…) and <img>, -f markdown", "inert")
def _(t):
    p = write(t, "md.txt", b'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n'
                           b"ImportError: lib```![pixel](https://evil.example/p.png)<img src=x>.so: cannot open shared "
                           b"object file: No such file or directory\n")
    r = triage(t, p, "-f", "markdown")
    live = outside_code_fences(r.out)
    t.check(b"![pixel](" not in live and b"<img" not in live, "markdown injection outside a code block")


def outside_code_fences(markdown):
    """The lines of a Markdown document a renderer interprets: not inside ``` fences (a fence
    opens or closes only at the start of a line, up to 3 spaces in)."""
    live, fenced = [], False
    for line in markdown.split(b"\n"):
        if line[:3 + len(line) - len(line.lstrip(b" "))].lstrip(b" ").startswith(b"```") and \
                len(line) - len(line.lstrip(b" ")) <= 3:
            fenced = not fenced
        elif not fenced:
            live.append(line)
    return b"\n".join(live)


@case("bad-utf8-field", "ok", "invalid UTF-8 in a rocminfo Marketing Name, -v", "no crash")
def _(t):
    p = write(t, "u.txt", b"rocminfo\n*******\nAgent 2\n*******\n  Name:                    gfx1031\n"
                          b"  Marketing Name:          AMD Radeon \xff\xfe RX 6700 XT\n  Device Type:             GPU\n")
    triage(t, p, "-v")
    triage(t, p, "-f", "json")
