# Tracebacks through code compiled from a file's text under the file's name, as training drivers
# run scripts (exec(compile(open(f).read(), f, 'exec')), runpy.run_path): CPython's traceback
# reads the lines of the named file (linecache), so the frames show their source lines; a name in
# angle brackets or a file that does not exist shows none. inspect.getsource reads the same lines.
import inspect, os, runpy, tempfile, traceback

d = tempfile.mkdtemp()
path = os.path.join(d, "train_step.py")
with open(path, "w") as f:
    f.write("def step(batch):\n"
            "    total = sum(batch)\n"
            "    return total / (len(batch) - len(batch))\n"
            "\n"
            "def run():\n"
            "    return step([1, 2, 3])\n")


def frames(exc):
    for fs in traceback.extract_tb(exc.__traceback__):
        print(" ", os.path.basename(fs.filename), fs.lineno, fs.name, repr(fs.line))


ns = {"__name__": "__main__"}
exec(compile(open(path).read(), path, "exec"), ns)
try:
    ns["run"]()
except ZeroDivisionError as e:
    frames(e)
print(inspect.getsource(ns["step"]), end="")

try:
    runpy.run_path(path, run_name="__main__")["run"]()
except ZeroDivisionError as e:
    frames(e)

for name in ("<string>", os.path.join(d, "missing.py")):
    g = {}
    exec(compile("def f():\n    return 1 // 0\n", name, "exec"), g)
    try:
        g["f"]()
    except ZeroDivisionError as e:
        frames(e)
