# importlib.import_module (absolute, dotted and relative names) and importlib.util.find_spec as
# programs use them to load optional modules by name.
import importlib
import importlib.util

json_mod = importlib.import_module("json")
print(json_mod.__name__, json_mod.dumps({"a": 1}), importlib.import_module("collections.abc").__name__)
print(importlib.import_module(".abc", "collections") is importlib.import_module("collections.abc"))
print(importlib.util.find_spec("json") is not None, importlib.util.find_spec("surely_not_a_module_xyz"))
print(importlib.util.find_spec("json").name, importlib.util.resolve_name("..b", "a.x.y"))
for bad in [lambda: importlib.import_module("surely_not_a_module_xyz"),
            lambda: importlib.import_module(".abc"),
            lambda: importlib.util.find_spec("surely_not_a_package_xyz.sub")]:
    try:
        bad()
    except (ModuleNotFoundError, TypeError) as e:
        print(type(e).__name__)
print(importlib.invalidate_caches())
