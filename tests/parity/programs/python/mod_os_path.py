# os.path's string functions (posixpath): join, split, basename, dirname, splitext, normpath, ...
import os
import os.path

print(os.sep, repr(os.linesep), os.curdir, os.pardir, os.name, os.path.sep)
for parts in [("a", "b", "c.txt"), ("a/", "b"), ("a", "/abs", "c"), ("", "x"), ("a", ""), ("/", "etc")]:
    print(parts, "->", os.path.join(*parts))
for p in ["a/b/c.txt", "/usr/lib/", "file", "/", "", "a//b", "//x", "dir/.hidden", "./rel/x.tar.gz"]:
    print(repr(p), os.path.split(p), repr(os.path.basename(p)), repr(os.path.dirname(p)), os.path.splitext(p))
for p in [".bashrc", "a.b.c", "x.", "..", "dir.d/file", "...ext"]:
    print(repr(p), os.path.splitext(p))
for p in ["a/./b/../c", "/a/../../b", "../x/..", "a//b///c/", ".", "", "/..", "//a/b", "///a"]:
    print(repr(p), "->", repr(os.path.normpath(p)))
print(os.path.isabs("/x"), os.path.isabs("x"), os.path.isabs(""))
print(os.path.relpath("a/b/c", "a"), os.path.relpath("a", "a/b/c"), os.path.relpath("x/y", "x/y"))
print(os.path.abspath("sub/../f.txt") == os.path.join(os.getcwd(), "f.txt"))
print(os.path.abspath(".") == os.getcwd(), os.path.isabs(os.getcwd()))
print(os.path.expanduser("~/data").endswith("/data"), os.path.expanduser("x/~"))
print(os.path.join(os.path.dirname("pkg/mod/file.py"), "data", "cfg.json"))
try:
    os.path.join("a", 1)
except TypeError as e:
    print("TypeError", e)
print(os.fspath("plain"))
