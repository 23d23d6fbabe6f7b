# importlib.util: find_spec(name) -> a ModuleSpec when the module can be imported (already imported,
# provided by Kiln, or one of the program's own modules), else None; the idiom
# `importlib.util.find_spec("pkg") is not None` tests whether an optional dependency is there.
# As in CPython, a dotted name imports its parent package first; the module itself is not imported:
# one of the program's own files is located on sys.path (or the parent package's __path__) as the
# path finder would, so runpy.run_module and optional-dependency checks run nothing.
import _kiln_importlib
from importlib import _resolve_name
from importlib.machinery import ModuleSpec as _ModuleSpec, SourceFileLoader, SOURCE_SUFFIXES

__all__ = ["find_spec", "resolve_name", "ModuleSpec", "spec_from_file_location", "spec_from_loader", "module_from_spec"]


class ModuleSpec(_ModuleSpec):
    # find_spec's specs: the loader is left None (the module is imported by `import`, not by it)
    def __init__(self, name, loader=None, *, origin=None, is_package=False):
        super().__init__(name, loader, origin=origin, is_package=is_package)


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


_POPULATE = object()


def spec_from_loader(name, loader, *, origin=None, is_package=None):
    if origin is None:
        origin = getattr(loader, '_ORIGIN', None)
    if not origin and hasattr(loader, 'get_filename'):
        # a file loader: the spec of its file
        if is_package is None:
            return spec_from_file_location(name, loader=loader)
        return spec_from_file_location(name, loader=loader, submodule_search_locations=[] if is_package else None)
    if is_package is None and hasattr(loader, 'is_package'):
        is_package = loader.is_package(name)
    return _ModuleSpec(name, loader, origin=origin, is_package=is_package)


def spec_from_file_location(name, location=None, *, loader=None, submodule_search_locations=_POPULATE):
    # CPython's _bootstrap_external.spec_from_file_location: the loader follows the file's suffix
    # (None for a suffix no loader handles), the spec has a location, and a package's spec searches
    # the file's directory.
    import os
    if location is None:
        location = '<unknown>'
        if hasattr(loader, 'get_filename'):
            try:
                location = loader.get_filename(name)
            except ImportError:
                pass
    else:
        location = os.fspath(location)
    if loader is None:
        if not location.endswith(tuple(SOURCE_SUFFIXES)):
            return None
        loader = SourceFileLoader(name, location)
    spec = _ModuleSpec(name, loader, origin=location)
    spec.has_location = True
    if submodule_search_locations is _POPULATE:
        if hasattr(loader, 'is_package') and loader.is_package(name):
            spec.submodule_search_locations = []
    else:
        spec.submodule_search_locations = submodule_search_locations
    if spec.submodule_search_locations == []:
        dirname = os.path.split(location)[0]
        if dirname:
            spec.submodule_search_locations.append(dirname)
    return spec


def module_from_spec(spec):
    # CPython's _bootstrap.module_from_spec: the loader's create_module or a plain module, with the
    # spec's attributes set; the module is not put in sys.modules (the caller does that if wanted).
    import types
    module = None
    if hasattr(spec.loader, 'create_module'):
        module = spec.loader.create_module(spec)
    elif hasattr(spec.loader, 'exec_module'):
        raise ImportError('loaders that define exec_module() must also define create_module()')
    if module is None:
        module = types.ModuleType(spec.name)
    module.__spec__ = spec
    module.__loader__ = spec.loader
    module.__package__ = spec.parent
    if spec.submodule_search_locations is not None:
        module.__path__ = spec.submodule_search_locations
    if spec.has_location:
        module.__file__ = spec.origin
        module.__cached__ = spec.cached
    return module
