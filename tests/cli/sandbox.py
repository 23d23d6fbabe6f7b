# Run by check_cli.cmake from a scratch directory WORK/prog, next to WORK/outside (which holds
# secret.txt) and a symlink WORK/prog/link -> WORK/outside. Every escape must raise PermissionError.
import os
import sys

print("argv", sys.argv[1:])
with open("inside.txt", "w") as f:
    f.write("ok\n")
print("inside", open("inside.txt").read().strip(), sorted(os.listdir(".")))
os.remove("inside.txt")
for path in ["/etc/passwd", "../outside/secret.txt", "link/secret.txt", "sub/../../outside/secret.txt",
             os.path.abspath("../outside/secret.txt")]:
    try:
        print("read", open(path).read().strip())
    except PermissionError as e:
        print("PermissionError", e.errno, "outside Kiln's sandbox" in str(e), "--allow-dir" in str(e))
if len(sys.argv) > 1 and sys.argv[1] == "exit":
    # with --allow-dir ../outside: a glob whose fixed directory part is allowed reads it, though `..`
    # itself is outside (the magic-free dirname is one path, as CPython's glob takes it)
    import glob
    print("glob", glob.glob("../outside/*.txt"), glob.glob("../outside/secret.*"))
print("exists", os.path.exists("/etc/passwd"), os.path.isfile("link/secret.txt"), os.path.isdir(".."))
for call in [lambda: os.listdir(".."), lambda: os.makedirs("../made"), lambda: open("/etc/passwd", "a"),
             lambda: os.remove("link/secret.txt")]:
    try:
        call()
        print("no error")
    except PermissionError as e:
        print("PermissionError", e.filename)
import tempfile
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "t.txt"), "w") as f:
        f.write("temp")
    print("tempdir", open(os.path.join(d, "t.txt")).read(), os.listdir(d))
print("tempdir removed", os.path.exists(d))
if len(sys.argv) > 1 and sys.argv[1] == "exit":
    sys.exit(int(sys.argv[2]))
