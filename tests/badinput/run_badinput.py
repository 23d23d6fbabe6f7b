#!/usr/bin/env python3
"""Runs Kiln on every bad input in this folder and checks it ends the way the file's header says.

Each NAME.py (or NAME.bin, read as a program too) starts with comment lines:
    # badinput: what the input abuses (one line)
    # kiln-args: extra command-line options (optional, e.g. --max-instructions 1000000)
    # expect-exit: the exit status (0, 1, ...)
    # expect-stderr: text the last line of stderr must contain (optional)
    # expect-stderr-has: text stderr must contain on any line (optional; for errors whose
    #   last line is a fixed footer, as Dynamo's "Set TORCHDYNAMO_VERBOSE=1 ...")
    # expect-stdout: text stdout must contain (optional)
    # skip-sanitize: why the sanitizer build's run (--sanitize) leaves it out (optional)
A file whose bytes cannot carry a header (invalid UTF-8 on purpose) takes it from NAME.expect.
Every run has a wall-clock limit: a crash (a signal), a hang, or any other ending than the one
expected is a failure. The sanitizer build runs the same corpus (KILN=.../build/sanitize/...), and
the ordinary programs of tests/leaks with leak checking on: a LeakSanitizer report fails them too.

    run_badinput.py [--sanitize] [--fork-server] KILN [FILE...]

--sanitize (the sanitizer build's run) leaves out the inputs marked skip-sanitize: a few resource
bombs whose point is a limit the native run checks, and which under ASan only fill gigabytes.
--fork-server runs the inputs without kiln-args through `kiln --fork-server` (native/cli/fork_server.cpp):
each still runs in a process of its own, forked from an interpreter built once (with torch imported
already for the inputs that start by importing it), instead of building that interpreter again for
each of thousands of inputs. Inputs with kiln-args (limits) run as their own `kiln` process.
"""
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import threading

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


IMPORTS_TORCH = re.compile(rb"^(import|from)[ \t]+torch\b", re.M)


class ForkServer:
    """One `kiln --fork-server` process (PRELOAD: the module it imports before forking)."""

    def __init__(self, kiln, cwd, preload):
        args = [kiln, "--fork-server"] + (["--preload", preload] if preload else [])
        # unbuffered: select() below must see every reply byte that readline() has not taken
        self.proc = subprocess.Popen(args, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.files = [tempfile.mkstemp(prefix="kiln-badinput-")[1] for _ in range(2)]

    def run(self, name):
        """Runs the program NAME; (returncode like subprocess's, stdout, stderr), or None on a timeout.
        Raises OSError when the server itself is gone."""
        self.proc.stdin.write(f"{name}\t{self.files[0]}\t{self.files[1]}\n".encode())
        started = self.proc.stdout.readline().split()
        if len(started) != 2 or started[0] != b"started":
            raise OSError(f"kiln --fork-server did not start the program (its reply: {started!r})")
        ready, _, _ = select.select([self.proc.stdout], [], [], TIMEOUT_S)
        timed_out = not ready
        if timed_out:
            os.kill(int(started[1]), signal.SIGKILL)
        kind, _, value = self.proc.stdout.readline().decode().partition(" ")
        if kind not in ("exit", "signal"):
            raise OSError(f"kiln --fork-server did not report the program's end (its reply: {kind!r})")
        if timed_out:
            return None
        outputs = []
        for f in self.files:
            with open(f, "rb") as fh:
                outputs.append(fh.read())
        return (int(value) if kind == "exit" else -int(value)), outputs[0], outputs[1]

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
        for f in self.files:
            os.unlink(f)


class ServerFailed(Exception):
    pass


class Runner:
    """Runs one input: through this thread's fork servers when asked to, else as a `kiln` process."""

    def __init__(self, kiln, fork_server):
        self.kiln, self.fork_server = kiln, fork_server
        self.local = threading.local()
        self.servers = []
        self.lock = threading.Lock()

    def server(self, cwd, preload):
        mine = self.local.__dict__.setdefault("servers", {})
        key = (cwd, preload)
        if key not in mine:
            mine[key] = ForkServer(self.kiln, cwd, preload)
            with self.lock:
                self.servers.append(mine[key])
        return mine[key]

    def run(self, path, kiln_args):
        cwd, name = os.path.dirname(path), os.path.basename(path)
        if self.fork_server and not kiln_args:
            with open(path, "rb") as f:
                preload = "torch" if IMPORTS_TORCH.search(f.read()) else ""
            server = self.server(cwd, preload)
            try:
                return server.run(name)
            except OSError as e:
                # a server that died fails the input it was running (the next input starts another)
                self.local.__dict__["servers"].pop((cwd, preload), None)
                raise ServerFailed(str(e)) from e
        try:
            r = subprocess.run([self.kiln] + kiln_args + [name], cwd=cwd, capture_output=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return None
        return r.returncode, r.stdout, r.stderr

    def close(self):
        for s in self.servers:
            s.close()


def check(runner, path):
    h = header(path)
    if "expect-exit" not in h:
        return f"{path}: no '# expect-exit:' header"
    try:
        r = runner.run(path, h.get("kiln-args", "").split())
    except ServerFailed as e:
        return f"{path}: {e}"
    if r is None:
        return f"{path}: still running after {TIMEOUT_S} s"
    returncode, out, err = r
    out = out.decode("utf-8", "replace")
    err = err.decode("utf-8", "replace")
    last = [ln for ln in err.splitlines() if ln.strip()][-1:] or [""]
    problems = []
    if returncode < 0:
        problems.append(f"killed by signal {-returncode}")
    elif str(returncode) != h["expect-exit"]:
        problems.append(f"exit {returncode}, expected {h['expect-exit']}")
    if "expect-stderr" in h and h["expect-stderr"] not in last[0]:
        problems.append(f"last stderr line {last[0]!r} lacks {h['expect-stderr']!r}")
    if "expect-stderr-has" in h and h["expect-stderr-has"] not in err:
        problems.append(f"stderr lacks {h['expect-stderr-has']!r}")
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
    sanitize = fork_server = False
    while argv[:1] in (["--sanitize"], ["--fork-server"]):
        sanitize |= argv[0] == "--sanitize"
        fork_server |= argv[0] == "--fork-server"
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

    runner = Runner(kiln, fork_server)
    try:
        with ThreadPoolExecutor(max_workers=max(1, os.cpu_count() or 1)) as pool:
            results = list(pool.map(lambda f: check(runner, os.path.abspath(f)), files))
    finally:
        runner.close()
    failures = [m for m in results if m]
    for m in failures:
        print("FAIL", m)
    note = f" ({skipped} marked skip-sanitize left out)" if skipped else ""
    print(f"{len(files) - len(failures)} of {len(files)} bad inputs end as expected{note}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
