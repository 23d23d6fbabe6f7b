# badinput: a non-path argument to os.path, fnmatch, glob and os functions: each worded where CPython reads it (os.fspath, re, or the os call that names itself); __slots__ naming __dict__ twice
# expect-exit: 1
# expect-stderr: TypeError: expected str, bytes or os.PathLike object, not int
import fnmatch
import glob
import os
import os.path
for call, text in ((lambda: os.path.basename(1), "expected str, bytes or os.PathLike object, not int"),
                   (lambda: os.path.relpath("a", 1), "expected str, bytes or os.PathLike object, not int"),
                   (lambda: fnmatch.fnmatch(1, "a"), "expected str, bytes or os.PathLike object, not int"),
                   (lambda: glob.has_magic(1), "expected string or bytes-like object, got 'int'"),
                   (lambda: os.path.getsize(1.5), "stat: path should be string, bytes, os.PathLike or integer, not float"),
                   (lambda: os.path.islink(1.5), "lstat: path should be string, bytes or os.PathLike, not float"),
                   (lambda: os.listdir(1.5), "listdir: path should be string, bytes, os.PathLike, integer or None, not float"),
                   (lambda: os.mkdir(1.5), "mkdir: path should be string, bytes or os.PathLike, not float"),
                   (lambda: type("S", (), {"__slots__": ("__dict__", "__dict__")}), "__dict__ slot disallowed: we already got one"),
                   (lambda: type("W", (type("B", (), {}),), {"__slots__": ("__weakref__",)}),
                    "__weakref__ slot disallowed: we already got one")):
    try:
        call()
        raise AssertionError(text)
    except TypeError as e:
        assert str(e) == text, (str(e), text)
os.path.join(1, "a")
