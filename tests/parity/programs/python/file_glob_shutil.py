# glob, fnmatch, shutil and tempfile on a small tree in the program's directory.
import fnmatch
import glob
import os
import shutil
import tempfile

root = "tmp_file_glob_shutil"
os.makedirs(os.path.join(root, "a", "b"))
for name in ["x.txt", "y.txt", "z.log", ".hidden.txt", os.path.join("a", "inner.txt"), os.path.join("a", "b", "deep.txt")]:
    with open(os.path.join(root, name), "w") as f:
        f.write(name)
print(sorted(glob.glob(os.path.join(root, "*.txt"))))
print(sorted(glob.glob(os.path.join(root, "*"))))
print(sorted(glob.glob(os.path.join(root, "?.*"))))
print(sorted(glob.glob(os.path.join(root, "[xz].*"))))
print(sorted(glob.glob(os.path.join(root, "[!x]*"))))
print(sorted(glob.glob(os.path.join(root, "*", "*.txt"))))
print(sorted(glob.glob(os.path.join(root, "**", "*.txt"), recursive=True)))
print(sorted(glob.glob(os.path.join(root, "**"), recursive=True)))
print(sorted(glob.glob(os.path.join(root, "*/"))))
print(glob.glob(os.path.join(root, "nothing*")), glob.glob(os.path.join(root, "x.txt")), glob.glob(os.path.join(root, "missing.txt")))
print(fnmatch.fnmatch("model_01.pt", "model_*.pt"), fnmatch.fnmatch("a.txt", "*.py"), fnmatch.fnmatch("x1", "x[0-9]"))
print(fnmatch.filter(["a.py", "b.txt", "c.py"], "*.py"))
print(shutil.copyfile(os.path.join(root, "x.txt"), os.path.join(root, "copy.txt")))
with open(os.path.join(root, "copy.txt")) as f:
    print(f.read())
print(shutil.copy(os.path.join(root, "y.txt"), os.path.join(root, "a")))
print(sorted(os.listdir(os.path.join(root, "a"))))
print(shutil.move(os.path.join(root, "z.log"), os.path.join(root, "a", "b")))
print(sorted(os.listdir(os.path.join(root, "a", "b"))))
try:
    shutil.copyfile(os.path.join(root, "missing"), os.path.join(root, "other"))
except FileNotFoundError as e:
    print("FileNotFoundError", e)
try:
    shutil.rmtree(os.path.join(root, "missing_dir"))
except FileNotFoundError as e:
    print("FileNotFoundError", e)
shutil.rmtree(os.path.join(root, "missing_dir"), ignore_errors=True)
shutil.rmtree(root)
print(os.path.exists(root))
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "scratch.txt")
    with open(path, "w") as f:
        f.write("scratch")
    print(os.listdir(tmp), os.path.isdir(tmp), os.path.isabs(tmp))
print(os.path.exists(tmp))
d = tempfile.mkdtemp(prefix="run_", suffix="_x")
print(os.path.basename(d).startswith("run_"), os.path.basename(d).endswith("_x"), os.path.isdir(d))
os.rmdir(d)
print(os.path.isdir(tempfile.gettempdir()))
