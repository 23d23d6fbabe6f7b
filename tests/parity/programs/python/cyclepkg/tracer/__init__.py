print("tracer init")
from . import run
from .run import compile_graph
