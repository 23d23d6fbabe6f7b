"""runpy for Kiln: run a script file or a module's source as a fresh module namespace, as CPython's
runpy does for `python -m` and for driver scripts (`runpy.run_path("train.py", run_name="__main__")`).
The code is compiled from the file's text with its own file name (tracebacks and inspect point at it)
and executed in a new dict holding __name__, __file__, __package__, __loader__, __spec__ and
__builtins__, plus init_globals; the dict is returned. Modules compiled into Kiln (its standard
library) have no file to run: run_module names them in an ImportError, as CPython does for a
built-in module."""
import builtins as _builtins
import importlib.util as _util
import sys as _sys

__all__ = ["run_module", "run_path"]


def _run_code(code, run_globals, init_globals=None, mod_name=None, mod_spec=None, pkg_name=None, script_name=None):
    if init_globals is not None:
        run_globals.update(init_globals)
    if mod_spec is None:
        fname = script_name
        loader = None
        cached = None
    else:
        loader = getattr(mod_spec, "loader", None)
        fname = mod_spec.origin
        cached = None
        if pkg_name is None:
            pkg_name = mod_spec.parent
    run_globals.update(__name__=mod_name, __file__=fname, __cached__=cached, __doc__=None,
                       __loader__=loader, __package__=pkg_name, __spec__=mod_spec)
    exec(code, run_globals)
    return run_globals


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def run_path(path_name, init_globals=None, run_name=None):
    """Execute the code at the named filesystem location; returns the resulting module globals."""
    import os
    path_name = os.fspath(path_name)
    if run_name is None:
        run_name = "<run_path>"
    if os.path.isdir(path_name):
        path_name = os.path.join(path_name, "__main__.py")
    code = compile(_read(path_name), path_name, "exec")
    run_globals = {"__builtins__": _builtins}
    return _run_code(code, run_globals, init_globals, run_name, pkg_name="", script_name=path_name)


def run_module(mod_name, init_globals=None, run_name=None, alter_sys=False):
    """Execute a module's code without importing it; returns the resulting module globals."""
    if mod_name.startswith("."):
        raise ImportError("Relative module names not supported")
    try:
        spec = _util.find_spec(mod_name)
    except (ImportError, AttributeError, TypeError, ValueError) as ex:
        raise ImportError("Error while finding module specification for {!r} ({}: {})".format(
            mod_name, type(ex).__name__, ex)) from ex
    if spec is None:
        raise ImportError("No module named %s" % mod_name)
    origin = spec.origin
    if not origin or origin in ("built-in", "frozen") or not origin.endswith(".py"):
        raise ImportError("No code object available for %s" % mod_name)
    if origin.endswith("__init__.py"):
        main = _util.find_spec(mod_name + ".__main__")
        if main is None or not main.origin or not main.origin.endswith(".py"):
            raise ImportError("No module named %s.__main__; '%s' is a package and cannot be directly executed"
                              % (mod_name, mod_name))
        spec = main
        mod_name = mod_name + ".__main__"
        origin = main.origin
    code = compile(_read(origin), origin, "exec")
    pkg_name = mod_name.rpartition(".")[0]
    if run_name is None:
        run_name = mod_name
    run_globals = {"__builtins__": _builtins}
    if alter_sys:
        saved_argv0 = _sys.argv[0]
        _sys.argv[0] = origin
        try:
            return _run_code(code, run_globals, init_globals, run_name, spec, pkg_name).copy()
        finally:
            _sys.argv[0] = saved_argv0
    return _run_code(code, run_globals, init_globals, run_name, spec, pkg_name)
