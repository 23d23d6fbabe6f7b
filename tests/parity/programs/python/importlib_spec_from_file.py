# importlib.util.spec_from_file_location / module_from_spec / SourceFileLoader.exec_module: a Python
# config file loaded from a path as a module (yacs CfgNode.load_cfg of a .py file, mmcv-style
# Config.fromfile); spec attributes, package specs, a suffix no loader handles (None), errors raised
# by the file, spec_from_loader of a file loader, sys.modules registration by the caller.
import importlib.util, importlib.machinery, os, sys, tempfile
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, "train_cfg.py")
    with open(p, "w") as f:
        f.write("import math\nlr = 0.1 * 2\nlayers = [64, 128]\nname = __name__\ndef scaled(x):\n    return x * lr\ncfg = dict(lr=lr, layers=layers)\n")
    spec = importlib.util.spec_from_file_location("train_cfg", p)
    print(spec.name, os.path.basename(spec.origin), spec.has_location, spec.parent == "", spec.submodule_search_locations)
    print(type(spec.loader).__name__, isinstance(spec.loader, importlib.machinery.SourceFileLoader), os.path.basename(spec.loader.get_filename()))
    mod = importlib.util.module_from_spec(spec)
    print(type(mod).__name__, mod.__name__, mod.__spec__ is spec, mod.__loader__ is spec.loader, repr(mod.__package__), os.path.basename(mod.__file__))
    print("train_cfg" in sys.modules, hasattr(mod, "lr"))
    spec.loader.exec_module(mod)
    print(mod.lr, mod.layers, mod.name, mod.scaled(3), mod.cfg, mod.math.pi > 3)
    print(spec_none := importlib.util.spec_from_file_location("x", os.path.join(d, "cfg.yaml")))
    pkg = os.path.join(d, "pkg")
    os.makedirs(pkg)
    with open(os.path.join(pkg, "__init__.py"), "w") as f:
        f.write("VALUE = 7\n")
    ps = importlib.util.spec_from_file_location("pkg", os.path.join(pkg, "__init__.py"))
    print(ps.parent, [os.path.basename(x) for x in ps.submodule_search_locations])
    pm = importlib.util.module_from_spec(ps)
    ps.loader.exec_module(pm)
    print(pm.VALUE, [os.path.basename(x) for x in pm.__path__], pm.__package__)
    sys.modules["train_cfg"] = mod
    import train_cfg
    print(train_cfg is mod)
    bad = os.path.join(d, "bad.py")
    with open(bad, "w") as f:
        f.write("x = 1\nraise ValueError('bad config ' + str(x))\n")
    bs = importlib.util.spec_from_file_location("bad", bad)
    try:
        bs.loader.exec_module(importlib.util.module_from_spec(bs))
    except ValueError as e:
        print("ValueError:", e)
    ls = importlib.util.spec_from_loader("z", importlib.machinery.SourceFileLoader("z", p))
    print(ls.name, os.path.basename(ls.origin), ls.has_location, ls.submodule_search_locations)
print(importlib.machinery.SOURCE_SUFFIXES)
