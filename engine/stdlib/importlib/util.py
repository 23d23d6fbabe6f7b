# importlib.util: find_spec(name) -> a ModuleSpec when the module can be imported (already imported,
# provided by Kiln, or one of the program's own modules), else None; the idiom
# `importlib.util.find_spec("pkg") is not None` tests whether an optional dependency is there.
# As in CPython, a dotted name imports its parent package first; the module itself is not imported:
# one of the program's own files is located on sys.path (or the parent package's __path__) as the
# path finder would, so runpy.run_module and optional-dependency checks run nothing.
import _kiln_importlib
from importlib import _resolve_name

__all__ = ["find_spec", "resolve_name", "ModuleSpec"]


class ModuleSpec:
    def __init__(self, name, loader=None, *, origin=None, is_package=False):
        self.name = name
        self.loader = loader
        self.origin = origin
        self.submodule_search_locations = [] if is_package else None

    @property
    def parent(self):
        if self.submodule_search_locations is None:
            return self.name.rpartition(".")[0]
        return self.name

    def __repr__(self):
        return f"ModuleSpec(name={self.name!r}, loader={self.loader!r}, origin={self.origin!r})"


def resolve_name(name, package):
    if not name.startswith("."):
        return name
    if not package:
        raise ImportError(f"no package specified for {name!r} (required for relative module names)")
    level = 0
    for character in name:
        if character != ".":
            break
        level += 1
    return _resolve_name(name[level:], package, level)


def _spec_of(module):
    return ModuleSpec(module.__name__, origin=getattr(module, "__file__", "built-in"),
                      is_package=hasattr(module, "__path__"))


def find_spec(name, package=None):
    fullname = resolve_name(name, package) if name.startswith(".") else name
    module = _kiln_importlib.loaded(fullname)
    if module is not None:
        return _spec_of(module)
    parent = fullname.rpartition(".")[0]
    if parent:
        _kiln_importlib.import_module(parent)  # ModuleNotFoundError for a missing parent, as CPython
    if _kiln_importlib.provided(fullname):
        return ModuleSpec(fullname, origin="built-in")
    import os
    import sys
    if parent:
        entries = getattr(sys.modules.get(parent), "__path__", None) or []
    else:
        entries = sys.path
    leaf = fullname.rpartition(".")[2]
    namespace = None
    for entry in entries:
        base = os.path.join(entry, leaf) if entry else leaf
        if os.path.isfile(os.path.join(base, "__init__.py")):
            return ModuleSpec(fullname, origin=os.path.join(base, "__init__.py"), is_package=True)
        if os.path.isfile(base + ".py"):
            return ModuleSpec(fullname, origin=base + ".py")
        if namespace is None and os.path.isdir(base):
            namespace = base
    if namespace is not None:  # a directory without __init__.py: a namespace package (origin None)
        return ModuleSpec(fullname, origin=None, is_package=True)
    return None
