# os: directories and files inside the program's own directory (cleaned up at the end).
import os
import shutil

base = "tmp_mod_os_files"
if os.path.exists(base):
    shutil.rmtree(base)
print(os.path.exists(base), os.path.isdir(base))
os.mkdir(base)
print(os.path.exists(base), os.path.isdir(base), os.path.isfile(base))
os.makedirs(os.path.join(base, "a", "b", "c"))
os.makedirs(os.path.join(base, "a", "b"), exist_ok=True)
try:
    os.makedirs(os.path.join(base, "a"))
except FileExistsError as e:
    print("FileExistsError", e)
try:
    os.mkdir(base)
except FileExistsError as e:
    print("FileExistsError", e.errno, e.strerror, e.filename)
for name in ["z.txt", "m.txt", "a.log"]:
    with open(os.path.join(base, name), "w") as f:
        f.write(name * 3)
print(sorted(os.listdir(base)))
print(os.path.getsize(os.path.join(base, "z.txt")))
print(os.path.isfile(os.path.join(base, "z.txt")), os.path.isdir(os.path.join(base, "z.txt")))
os.rename(os.path.join(base, "z.txt"), os.path.join(base, "y.txt"))
print(sorted(os.listdir(base)))
os.remove(os.path.join(base, "y.txt"))
os.unlink(os.path.join(base, "m.txt"))
print(sorted(os.listdir(base)))
for call, arg in [(os.remove, "missing.txt"), (os.rmdir, "missing_dir"), (os.listdir, "missing_dir")]:
    try:
        call(os.path.join(base, arg))
    except FileNotFoundError as e:
        print("FileNotFoundError", e)
try:
    os.rmdir(os.path.join(base, "a"))
except OSError as e:
    print(type(e).__name__, e.errno, e.strerror)
try:
    os.remove(os.path.join(base, "a"))
except IsADirectoryError as e:
    print("IsADirectoryError", e)
try:
    os.rename(os.path.join(base, "nope"), os.path.join(base, "other"))
except FileNotFoundError as e:
    print("FileNotFoundError", e)
walked = []
for root, dirs, files in os.walk(base):
    dirs.sort()
    walked.append((root, sorted(dirs), sorted(files)))
print(walked)
os.rmdir(os.path.join(base, "a", "b", "c"))
print(sorted(os.listdir(os.path.join(base, "a", "b"))))
shutil.rmtree(base)
print(os.path.exists(base))
print("HOME" in os.environ or "PATH" in os.environ, type(os.environ.get("KILN_SURELY_UNSET_VAR")).__name__)
print(os.getenv("KILN_SURELY_UNSET_VAR"), os.getenv("KILN_SURELY_UNSET_VAR", "fallback"))
os.environ["KILN_TEST_VAR"] = "set in the program"
print(os.environ["KILN_TEST_VAR"], os.getenv("KILN_TEST_VAR"))
print(os.cpu_count() >= 1, type(os.getpid()).__name__)
e = OSError(2, "No such file or directory", "x.txt")
print(e, e.args, e.errno, e.filename)
print(OSError("plain message"), FileNotFoundError(2, "gone"), issubclass(FileNotFoundError, OSError), IOError is OSError)
os.makedirs(os.path.join(base, "keep", "inner"))
os.makedirs(os.path.join(base, ".skip", "inner"))
with open(os.path.join(base, "keep", "f.txt"), "w") as f:
    f.write("x")
for root, dirs, files in os.walk(base):
    dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    print("pruned walk", root, dirs, sorted(files))
order = [r for r, d, f in os.walk(base, topdown=False)]
print(order.index(base) == len(order) - 1, order.index(os.path.join(base, "keep", "inner")) < order.index(os.path.join(base, "keep")), sorted(order))
print(type(os.walk(base)).__name__)
shutil.rmtree(base)
print(os.path.exists(base))
