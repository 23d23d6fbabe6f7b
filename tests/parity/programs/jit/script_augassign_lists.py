import torch
from typing import List
# Augmented assignment and empty list literals as TorchScript compiles them (ir_emitter's getAugOp
# and emitListLiteral): a List or Tensor target updates in place (`xs += [...]` is aten::add_,
# `xs *= n` aten::mul_, a tensor's `%=` aten::fmod_ with C's sign of the dividend), other types
# rebind to the out-of-place result; an unannotated `[]` is an EmptyListLiteral that no variable
# names (it prints as `_0 = annotate(List[Tensor], [])`), an annotated one keeps its name. The
# .code of each function and its results, aliasing included.


@torch.jit.script
def gather_rows(t: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
    out = []
    for i in range(t.size(0)):
        out += [t[i][idx[i]]]
    return torch.stack(out)


@torch.jit.script
def collect(t: torch.Tensor):
    xs = []
    xs.append(t)
    xs.append(t * 2)
    ys: List[int] = []
    ys.append(3)
    return torch.stack(xs), ys


@torch.jit.script
def repeat_and_extend(n: int):
    zs = [1, 2]
    alias = zs
    zs *= n
    zs += [7]
    return zs, alias


@torch.jit.script
def tensor_updates(t: torch.Tensor, k: int):
    u = t.clone()
    u %= 3
    u += 1
    u *= 2
    k += 1
    k *= 3
    return u, k


@torch.jit.script
def nested_loop_lists(n: int) -> List[int]:
    acc: List[int] = []
    for i in range(n):
        row: List[int] = []
        for j in range(i):
            row += [j]
        acc += [len(row)]
    return acc


for fn in [gather_rows, collect, repeat_and_extend, tensor_updates, nested_loop_lists]:
    print(fn.code)
t = torch.arange(12.0).reshape(4, 3)
print(gather_rows(t, torch.tensor([2, 0, 1, 1])))
print(collect(torch.tensor([1.0, -2.0])))
print(repeat_and_extend(3))
print(repeat_and_extend(0))
print(tensor_updates(torch.tensor([-7.0, -1.5, 4.0, 8.0]), 4))
print(nested_loop_lists(4))
