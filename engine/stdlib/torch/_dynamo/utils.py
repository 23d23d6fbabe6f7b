# torch._dynamo.utils: the part of PyTorch's module that programs read: `counters` (how many frames
# Dynamo converted, graphs it compiled, graph breaks by reason; kept by the engine in
# torch._dynamo._counters). Left out: compile_times() and the other internals of PyTorch's module.
from torch._dynamo import _counters as counters
