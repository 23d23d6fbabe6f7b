# Namespace packages (PEP 420): a folder without __init__.py imports as a package, as
# weiaicunzai/pytorch-cifar100's `from models.resnet import resnet18` (models/ has no __init__.py)
# relies on. It runs no code, has __file__ None and its folder in __path__; submodules, nested
# namespace packages and relative imports inside them work as in regular packages.
import os
import sys

import nspkg
from nspkg.layers import dense
import nspkg.inner.helpers as H

print(nspkg.__name__, nspkg.__package__, nspkg.__file__)
print([os.path.basename(p) for p in nspkg.__path__])
print(dense(2), H.scale(5), H.__name__, H.__package__)
print(hasattr(nspkg, "layers"), hasattr(nspkg, "inner"), nspkg.inner.helpers is H)
print("nspkg" in sys.modules, "nspkg.inner" in sys.modules)
print(sorted(k for k in vars(nspkg) if k in ("__doc__", "__file__", "__name__", "__package__", "__path__")))
try:
    import nspkg.missing
except ModuleNotFoundError as e:
    print(type(e).__name__, e.name)
