print("run executes")
import cyclepkg.tracer as tracer
from cyclepkg import tracer as tracer2
import cyclepkg
print("run sees", tracer is tracer2, tracer.__name__, hasattr(cyclepkg, "READY"), cyclepkg.NODE)


def compile_graph():
    return "compiled " + cyclepkg.NODE
