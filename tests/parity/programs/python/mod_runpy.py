# runpy as driver scripts use it: run_path of a script file (run_name "__main__" runs its
# `if __name__ == "__main__":` block; the default "<run_path>" does not), init_globals, the returned
# namespace (__file__, __name__, definitions), a directory's __main__.py, run_module of a module on
# sys.path and of a package's __main__, tracebacks naming the script's file, and the errors of a
# missing module.
import os, runpy, sys, tempfile

d = tempfile.mkdtemp()
script = os.path.join(d, "train.py")
with open(script, "w") as f:
    f.write("import sys\n"
            "EPOCHS = globals().get('EPOCHS', 1)\n"
            "def train(n):\n"
            "    return [e * 2 for e in range(n)]\n"
            "if __name__ == '__main__':\n"
            "    print('main block', train(EPOCHS))\n")
g = runpy.run_path(script)
print(g["__name__"], os.path.basename(g["__file__"]), g["train"](3), "EPOCHS" in g)
g = runpy.run_path(script, init_globals={"EPOCHS": 4}, run_name="__main__")
print(g["EPOCHS"], g["__package__"] == "", g["__spec__"])
os.mkdir(os.path.join(d, "app"))
with open(os.path.join(d, "app", "__main__.py"), "w") as f:
    f.write("print('app main', __name__)\n")
runpy.run_path(os.path.join(d, "app"), run_name="__main__")
with open(os.path.join(d, "toolmod.py"), "w") as f:
    f.write("VALUE = 41 + 1\nif __name__ == '__main__':\n    print('toolmod as main')\n")
os.mkdir(os.path.join(d, "pkg"))
with open(os.path.join(d, "pkg", "__init__.py"), "w") as f:
    f.write("")
with open(os.path.join(d, "pkg", "__main__.py"), "w") as f:
    f.write("print('pkg main', __name__, __package__)\n")
sys.path.insert(0, d)
g = runpy.run_module("toolmod", run_name="__main__")
print(g["VALUE"], g["__name__"], "toolmod" in sys.modules)
g = runpy.run_module("toolmod")
print(g["__name__"])
runpy.run_module("pkg", run_name="__main__")
with open(os.path.join(d, "broken.py"), "w") as f:
    f.write("x = 1\nraise ValueError('bad value')\n")
try:
    runpy.run_path(os.path.join(d, "broken.py"))
except ValueError as e:
    import traceback
    print(e, os.path.basename(traceback.extract_tb(e.__traceback__)[-1].filename), traceback.extract_tb(e.__traceback__)[-1].lineno)
try:
    runpy.run_module("no_such_module_here")
except ImportError as e:
    print(type(e).__name__, e)
