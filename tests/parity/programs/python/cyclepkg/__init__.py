# A package whose __init__ imports a subpackage whose modules import the package back while it is
# still initializing (einx's layout: einx/_src/tracer/__init__.py imports .run, which does
# `import einx._src.tracer as tracer`).
print("cyclepkg init")
from .graph import *
from . import tracer
READY = True
