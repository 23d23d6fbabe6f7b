import math

import numpy as np
import torch
# Scripted functions that read module attributes holding numbers (np.pi, math.e, a config module's
# int/str/bool; PyTorch's PythonModuleValue::attr makes each a constant, toSugaredValue with
# is_constant=true) and call torch.tril_indices / triu_indices (aten schemas with offset and dtype).
import types
cfg = types.ModuleType("cfg")
cfg.SCALE = 3
cfg.NAME = "tri"
cfg.FLAG = True
import sys
sys.modules["cfg"] = cfg
import cfg as config


@torch.jit.script
def log_two_pi(x):
    return x + torch.log(torch.tensor(2 * np.pi)) + math.e


@torch.jit.script
def scaled(x):
    if config.FLAG:
        return x * config.SCALE
    return x


@torch.jit.script
def unflatten_tril(x):
    n, dim = x.shape
    idxs = torch.tril_indices(dim, dim)
    tril = torch.zeros(n, dim, dim)
    tril[:, idxs[0, :], idxs[1, :]] = x
    return tril


@torch.jit.script
def upper(n: int, m: int, k: int):
    return torch.triu_indices(n, m, k), torch.tril_indices(n, m, -k, dtype=torch.int32)


print(log_two_pi(torch.zeros(2)))
print(scaled(torch.ones(2)))
print("prim::Constant[value=3]" in str(scaled.graph), "cfg" in str(scaled.graph))
print(unflatten_tril(torch.tensor([[2.0], [3.0]])))
try:
    unflatten_tril(torch.arange(1.0, 7.0).view(1, 6))
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[-1])
u, l = upper(3, 4, 1)
print(u, l, l.dtype)
print("aten::tril_indices" in str(unflatten_tril.graph))
for args in [(0, 3), (3, 0), (4, 2, -1), (2, 5, 3)]:
    print(args, torch.tril_indices(*args).tolist(), torch.triu_indices(*args).tolist())
try:
    torch.tril_indices(-1, 2)
except RuntimeError as e:
    print("RuntimeError:", e)
