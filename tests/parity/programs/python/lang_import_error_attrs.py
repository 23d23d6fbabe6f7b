# ImportError / ModuleNotFoundError carry msg, name and path, which optional-dependency checks read.
try:
    import surely_missing_module_xyz
except ImportError as e:
    print(type(e).__name__, e.name, e.path, isinstance(e, ModuleNotFoundError))
try:
    import os.surely_missing_sub
except ModuleNotFoundError as e:
    print(e.name, e.path)
for name in ["surely_missing_a", "json"]:
    try:
        import surely_missing_a
        found = True
    except ImportError as e:
        found = e.name != name
    print(name, found)
