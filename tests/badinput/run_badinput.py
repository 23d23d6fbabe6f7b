#!/usr/bin/env python3
"""Runs Kiln on every bad input in this folder and checks it ends the way the file's header says.

Each NAME.py (or NAME.bin, read as a program too) starts with comment lines:
    # badinput: what the input abuses (one line)
    # kiln-args: extra command-line options (optional, e.g. --max-instructions 1000000)
    # expect-exit: the exit status (0, 1, ...)
    # expect-stderr: text the last line of stderr must contain (optional)
    # expect-stdout: text stdout must contain (optional)
    # skip-sanitize: why the sanitizer build's run (--sanitize) leaves it out (optional)
A file whose bytes cannot carry a header (invalid UTF-8 on purpose) takes it from NAME.expect.
Every run has a wall-clock limit: a crash (a signal), a hang, or any other ending than the one
expected is a failure. The sanitizer build runs the same corpus (KILN=.../build/sanitize/...), and
the ordinary programs of tests/leaks with leak checking on: a LeakSanitizer report fails them too.

    run_badinput.py [--sanitize] KILN [FILE...]

--sanitize (the sanitizer build's run) leaves out the inputs marked skip-sanitize: a few resource
bombs whose point is a limit the native run checks, and which under ASan only fill gigabytes.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# A run's wall-clock limit: 60 s natively; the sanitizer build, several times slower, sets a longer
# one (KILN_BADINPUT_TIMEOUT, tests/CMakeLists.txt), and ctest may run two such suites side by side.
TIMEOUT_S = int(os.environ.get("KILN_BADINPUT_TIMEOUT", "60"))


def header(path):
    src = path[:-3] + ".expect" if os.path.exists(path[:-3] + ".expect") else path
    fields = {}
    with open(src, "rb") as f:
        for raw in f.read().split(b"\n"):
            line = raw.decode("utf-8", "replace").lstrip("\ufeff")
            if not line.startswith("#"):
                break
            key, _, value = line[1:].strip().partition(":")
            fields[key.strip()] = value.strip()
    return fields


def check(kiln, path):
    h = header(path)
    if "expect-exit" not in h:
        return f"{path}: no '# expect-exit:' header"
    cmd = [kiln] + h.get("kiln-args", "").split() + [os.path.basename(path)]
    try:
        r = subprocess.run(cmd, cwd=os.path.dirname(path), capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"{path}: still running after {TIMEOUT_S} s"
    out = r.stdout.decode("utf-8", "replace")
    err = r.stderr.decode("utf-8", "replace")
    last = [ln for ln in err.splitlines() if ln.strip()][-1:] or [""]
    problems = []
    if r.returncode < 0:
        problems.append(f"killed by signal {-r.returncode}")
    elif str(r.returncode) != h["expect-exit"]:
        problems.append(f"exit {r.returncode}, expected {h['expect-exit']}")
    if "expect-stderr" in h and h["expect-stderr"] not in last[0]:
        problems.append(f"last stderr line {last[0]!r} lacks {h['expect-stderr']!r}")
    if "expect-stdout" in h and h["expect-stdout"] not in out:
        problems.append(f"stdout lacks {h['expect-stdout']!r} (got {out[-200:]!r})")
    # UBSan, ASan, and LeakSanitizer where the run asks for leak checking (tests/leaks)
    for marker in ("runtime error:", "AddressSanitizer", "LeakSanitizer"):
        if marker in err:
            problems.append("sanitizer report: " + err[err.find(marker):][:1500])
            break
    return f"{path}: " + "; ".join(problems) if problems else None


def main():
    argv = sys.argv[1:]
    sanitize = argv[:1] == ["--sanitize"]
    if sanitize:
        argv = argv[1:]
    if not argv:
        print(__doc__)
        return 2
    kiln = os.path.abspath(argv[0])
    files = argv[1:] or sorted(os.path.join(HERE, f) for f in os.listdir(HERE)
                               if f.endswith(".py") and f != os.path.basename(__file__))
    skipped = 0
    if sanitize:
        kept = [f for f in files if "skip-sanitize" not in header(os.path.abspath(f))]
        skipped, files = len(files) - len(kept), kept
    # The inputs run side by side (one per core): each is its own process, and the slow ones (limits
    # that take seconds to reach, sanitizer builds) would otherwise add up past the test's timeout.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
        results = list(pool.map(lambda f: check(kiln, os.path.abspath(f)), files))
    failures = [m for m in results if m]
    for m in failures:
        print("FAIL", m)
    note = f" ({skipped} marked skip-sanitize left out)" if skipped else ""
    print(f"{len(files) - len(failures)} of {len(files)} bad inputs end as expected{note}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
