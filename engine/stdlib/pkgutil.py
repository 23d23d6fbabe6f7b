# pkgutil for Kiln: the parts of CPython 3.12's module that libraries call at import time.
# get_data(package, resource) reads a data file shipped beside a package's modules (timm's
# data/imagenet_info.py loads its class-name tables this way at `import timm`); iter_modules and
# walk_packages list the modules of directories (plugin registries, model zoos that import every
# submodule); ModuleInfo, extend_path and resolve_name as CPython defines them. Kiln's own standard
# modules are embedded, not files: get_data on one of them returns None, as CPython does for a
# loader without get_data. Not here: the PEP 302 emulation (ImpImporter, get_loader, find_loader,
# iter_importers), which import machinery without path-entry finders has no use for.
import importlib
import os
import sys
from collections import namedtuple

__all__ = ["get_data", "iter_modules", "walk_packages", "extend_path", "ModuleInfo", "resolve_name"]

ModuleInfo = namedtuple("ModuleInfo", "module_finder name ispkg")
ModuleInfo.__doc__ = "A namedtuple with minimal info about a module."


class FileFinder:
    # The path-entry finder iter_modules reports for a directory, printed as CPython's is.
    def __init__(self, path):
        self.path = path

    def __repr__(self):
        return "FileFinder(%r)" % (self.path,)


def _module_file(module):
    f = getattr(module, "__file__", None)
    if not f or f.startswith("<"):
        return None
    return f


def get_data(package, resource):
    module = sys.modules.get(package)
    if module is None:
        try:
            module = importlib.import_module(package)
        except ImportError:
            return None
    path = _module_file(module)
    if path is None:
        return None
    parts = resource.split("/")
    parts.insert(0, os.path.dirname(path))
    with open(os.path.join(*parts), "rb") as f:
        return f.read()


def _iter_dir(path, prefix):
    try:
        filenames = os.listdir(path)
    except OSError:
        return
    filenames.sort()
    yielded = set()
    finder = FileFinder(path)
    for fn in filenames:
        full = os.path.join(path, fn)
        ispkg = False
        if os.path.isdir(full):
            if "." in fn or not os.path.isfile(os.path.join(full, "__init__.py")):
                continue
            modname = fn
            ispkg = True
        elif fn.endswith(".py"):
            modname = fn[:-3]
            if modname == "__init__" or "." in modname:
                continue
        else:
            continue
        if not modname.isidentifier() or modname in yielded:
            continue
        yielded.add(modname)
        yield ModuleInfo(finder, prefix + modname, ispkg)


def iter_modules(path=None, prefix=""):
    if path is None:
        path = sys.path
    elif isinstance(path, str):
        raise ValueError("path must be None or list of paths to look for modules in")
    seen = set()
    for entry in path:
        for info in _iter_dir(entry or ".", prefix):
            if info.name not in seen:
                seen.add(info.name)
                yield info


def walk_packages(path=None, prefix="", onerror=None):
    def seen(p, m={}):
        if p in m:
            return True
        m[p] = True

    for info in iter_modules(path, prefix):
        yield info
        if info.ispkg:
            try:
                __import__(info.name)
            except ImportError:
                if onerror is not None:
                    onerror(info.name)
            except Exception:
                if onerror is not None:
                    onerror(info.name)
                else:
                    raise
            else:
                p = getattr(sys.modules[info.name], "__path__", None) or []
                p = [q for q in p if not seen(q)]
                yield from walk_packages(p, info.name + ".", onerror)


def extend_path(path, name):
    # A namespace-style package spread over several sys.path entries: every sys.path directory holding
    # a subdirectory of the package's name joins __path__.
    if not isinstance(path, list):
        return path
    path = path[:]
    parent_package, _, final_name = name.rpartition(".")
    if parent_package:
        try:
            search_path = sys.modules[parent_package].__path__
        except (KeyError, AttributeError):
            return path
    else:
        search_path = sys.path
    for d in search_path:
        if not isinstance(d, str):
            continue
        subdir = os.path.join(d, final_name)
        if os.path.isdir(subdir) and subdir not in path:
            path.append(subdir)
    return path


def resolve_name(name):
    import re
    pattern = re.compile(r"^(?P<pkg>(?!\d)(\w+)(\.(?!\d)(\w+))*)(?P<cln>:(?P<obj>(?!\d)(\w+)(\.(?!\d)(\w+))*)?)?$", re.UNICODE)
    m = pattern.match(name)
    if not m:
        raise ValueError("invalid format: %r" % name)
    gd = m.groupdict()
    if gd.get("cln"):
        mod = importlib.import_module(gd["pkg"])
        parts = gd.get("obj")
        parts = parts.split(".") if parts else []
    else:
        parts = name.split(".")
        modname = parts.pop(0)
        mod = importlib.import_module(modname)
        while parts:
            p = parts[0]
            s = "%s.%s" % (modname, p)
            try:
                mod = importlib.import_module(s)
                parts.pop(0)
                modname = s
            except ImportError:
                break
    result = mod
    for p in parts:
        result = getattr(result, p)
    return result
