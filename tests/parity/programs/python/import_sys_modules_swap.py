# `import m` binds what m's own code left in sys.modules[m]: an object with properties (setting one
# runs code) and __getattr__ forwarding to the original module, or any object; importing again
# gives the same object, and so do `from pkg import m`, importlib and the parent's attribute.
import sys

import modpkg.flags
from modpkg import flags as f2
import modpkg.flags as f3

print(type(modpkg.flags).__name__ if hasattr(modpkg, "flags") else "no attribute")
print(type(f2).__name__, f2 is f3, f2.allow)
f2.allow = 0
print(f2.allow, f2.log, f3.allow)
print(sys.modules["modpkg.flags"] is f3, f3.helper())
import modpkg.flags_plain as p
print(type(p).__name__, p.answer)
try:
    from modpkg.flags_plain import missing
except ImportError as e:
    print(type(e).__name__, e)
import importlib
print(importlib.import_module("modpkg.flags") is f3)
