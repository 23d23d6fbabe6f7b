# Imports that cycle back into a package still initializing: `import pkg.sub as s` and `from pkg import
# sub` inside pkg.sub's own submodule take the module being initialized (CPython reads it from
# sys.modules), and each module runs once whichever import reaches it first.
import cyclepkg.tracer.run
import cyclepkg.tracer.run as r
from cyclepkg.tracer import run
import cyclepkg

print(r is run, cyclepkg.tracer.run is run, cyclepkg.READY, run.compile_graph())
print(sorted(k for k in __import__("sys").modules if k.startswith("cyclepkg")))
