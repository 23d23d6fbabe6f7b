# Every module has __doc__ (module.__init__ sets it to None; a docstring replaces it): matplotlib's
# top-level pylab.py copies `__doc__ = matplotlib.pylab.__doc__`, and code reads mod.__doc__ of modules
# without a docstring. Packages, plain modules, documented ones and modules made with types.ModuleType.
import types

import docpkg
import docpkg.plain as plain
from docpkg import documented

print(repr(docpkg.__doc__), repr(plain.__doc__), repr(documented.__doc__))
print("__doc__" in vars(docpkg), "__doc__" in vars(plain), "__doc__" in dir(plain))
print(repr(types.ModuleType("m").__doc__), repr(types.ModuleType("m", "text").__doc__))
print(getattr(plain, "__doc__", "missing"))
