# Globals that an inlined function of another module reads are guarded: a helper of an imported
# module branching on that module's flag and scaling by its constant, and torch's own
# torch.backends.mha.get_fastpath_enabled() (it reads the module's _is_fastpath_enabled). Changing
# either between calls recompiles; restoring the first values reuses the first graph.
import sys
import types

import torch

calls = []


def backend(gm, example_inputs):
    calls.append(1)
    return gm.forward


source = """
SCALE = 2.0
MODE = "double"
LIMIT = 4


def helper(x):
    if MODE == "double":
        return x * SCALE
    return x[:LIMIT] + SCALE
"""
cfg = types.ModuleType("kiln_parity_cfg")
exec(source, cfg.__dict__)
sys.modules["kiln_parity_cfg"] = cfg


@torch.compile(backend=backend)
def f(x):
    y = cfg.helper(x)
    if torch.backends.mha.get_fastpath_enabled():
        return y + 1
    return y - 1


x = torch.arange(6.0)
print(f(x), len(calls))
print(f(x), len(calls))
cfg.SCALE = 3.0
print(f(x), len(calls))
cfg.MODE = "add"
print(f(x), len(calls))
cfg.LIMIT = 2
print(f(x), len(calls))
torch.backends.mha.set_fastpath_enabled(False)
print(f(x), len(calls))
torch.backends.mha.set_fastpath_enabled(True)
cfg.MODE = "double"
cfg.SCALE = 2.0
print(f(x), len(calls))
