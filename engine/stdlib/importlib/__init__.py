# importlib: import_module (absolute and relative names, through the same machinery as `import`,
# the program's own modules included), invalidate_caches, and importlib.util's find_spec /
# module_from_spec-free spec objects (importlib/util.py). Left out: reload (a Kiln program's modules
# run once; it raises NotImplementedError saying so), loaders and importlib.resources
# (importlib.metadata is metadata.py).
import _kiln_importlib

__all__ = ["import_module", "invalidate_caches", "reload"]


def _resolve_name(name, package, level):
    bits = package.rsplit(".", level - 1)
    if len(bits) < level:
        raise ImportError("attempted relative import beyond top-level package")
    base = bits[0]
    return f"{base}.{name}" if name else base


def import_module(name, package=None):
    level = 0
    if name.startswith("."):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for {!r}".format(name))
        for character in name:
            if character != ".":
                break
            level += 1
        name = _resolve_name(name[level:], package, level)
    return _kiln_importlib.import_module(name)


def invalidate_caches():
    return None


def reload(module):
    raise NotImplementedError(
        f"importlib.reload({module.__name__!r}) is not supported in Kiln: a program's modules are compiled and run "
        "once; re-run the program to pick up changes"
    )
