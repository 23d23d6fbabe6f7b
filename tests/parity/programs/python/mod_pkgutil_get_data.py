# pkgutil: get_data reads a resource beside a package's __init__.py (timm's imagenet_info.py loads
# its class tables this way at `import timm`), iter_modules / walk_packages list a directory's
# modules in sorted order with ModuleInfo tuples, and resolve_name finds objects by dotted or
# colon-separated names.
import os
import shutil
import sys
import pkgutil

root = "tmp_mod_pkgutil_pkg"
shutil.rmtree(root, ignore_errors=True)
os.makedirs(os.path.join(root, "tmp_pkgutil_demo", "sub"))
os.makedirs(os.path.join(root, "tmp_pkgutil_demo", "_info"))
os.makedirs(os.path.join(root, "tmp_pkgutil_demo", "notapkg"))
with open(os.path.join(root, "tmp_pkgutil_demo", "__init__.py"), "w") as f:
    f.write("VALUE = 41\n")
with open(os.path.join(root, "tmp_pkgutil_demo", "alpha.py"), "w") as f:
    f.write("def f():\n    return 'alpha'\n")
with open(os.path.join(root, "tmp_pkgutil_demo", "beta.py"), "w") as f:
    f.write("class K:\n    class Inner:\n        x = 7\n")
with open(os.path.join(root, "tmp_pkgutil_demo", "sub", "__init__.py"), "w") as f:
    f.write("")
with open(os.path.join(root, "tmp_pkgutil_demo", "sub", "gamma.py"), "w") as f:
    f.write("G = 3\n")
with open(os.path.join(root, "tmp_pkgutil_demo", "_info", "names.txt"), "w") as f:
    f.write("tench\ngoldfish\n")
with open(os.path.join(root, "tmp_pkgutil_demo", "readme.txt"), "w") as f:
    f.write("not a module")

sys.path.insert(0, root)
import tmp_pkgutil_demo

data = pkgutil.get_data("tmp_pkgutil_demo", "_info/names.txt")
print(type(data).__name__, data, data.decode().splitlines())
try:
    pkgutil.get_data("tmp_pkgutil_demo", "_info/missing.txt")
except FileNotFoundError as e:
    print("FileNotFoundError", e.errno)

pkg_dir = os.path.dirname(tmp_pkgutil_demo.__file__)
infos = list(pkgutil.iter_modules([pkg_dir]))
print([(m.name, m.ispkg) for m in infos])
print(type(infos[0]).__name__, infos[0]._fields, isinstance(infos[0], tuple))
print([(m.name, m.ispkg) for m in pkgutil.iter_modules([pkg_dir], prefix="tmp_pkgutil_demo.")])
print([m.name for m in pkgutil.iter_modules([root]) if m.name.startswith("tmp_")])
walked = [(m.name, m.ispkg) for m in pkgutil.walk_packages([pkg_dir], prefix="tmp_pkgutil_demo.")]
print(walked)
try:
    list(pkgutil.iter_modules(pkg_dir))
except ValueError as e:
    print("ValueError:", e)

print(pkgutil.resolve_name("tmp_pkgutil_demo.alpha:f")())
print(pkgutil.resolve_name("tmp_pkgutil_demo.beta.K.Inner").x)
print(pkgutil.resolve_name("tmp_pkgutil_demo:VALUE"), pkgutil.resolve_name("tmp_pkgutil_demo.sub.gamma").G)
print(pkgutil.resolve_name("os.path.join")("a", "b"))
for bad in ["", "1abc", "a b"]:
    try:
        pkgutil.resolve_name(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    pkgutil.resolve_name("tmp_pkgutil_demo.alpha:nothere")
except AttributeError as e:
    print("AttributeError")
print(pkgutil.extend_path(["x"], "tmp_pkgutil_demo") == ["x"], pkgutil.extend_path("notalist", "y"))

sys.path.remove(root)
shutil.rmtree(root)
