# Multi-file programs: the program's own modules and packages, found through sys.path (the script's
# directory), with absolute and relative imports, as pytorch/examples' main.py imports data.py and
# model.py.
import sys

import userpkg
from userpkg import model
from userpkg.model import Net, helper
import userpkg.util as U

print(userpkg.__name__, model.__name__, U.double(3), Net().forward(2), helper())
print(userpkg.VERSION, userpkg.util is U, userpkg.double is U.double, U.where())
from userpkg.sub import deep

print(deep.value(), deep.__name__, deep.__package__)
print(hasattr(userpkg, "model"), hasattr(userpkg, "sub"))
try:
    import no_such_module_here
except ModuleNotFoundError as e:
    print(type(e).__name__)
try:
    from userpkg import missing_name
except ImportError as e:
    print(type(e).__name__)
