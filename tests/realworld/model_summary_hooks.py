# Real-program corpus (tests/realworld, see README.md): a Keras-style model summary built the way
# TylerYep/torchinfo torchinfo/torchinfo.py and layer_info.py @ 5c4164f1 build theirs (and
# sksq96/pytorch-summary torchsummary.py @ 345d898d before it): forward pre/post hooks on every
# module, a module tree walked with a stack of reversed(module._modules.items()), layers told apart
# and shared parameters deduplicated by id(), output sizes found through nested dict/tuple/list
# outputs by hasattr(x, "__getitem__") duck typing, "Input size" from sys.getsizeof of each input's
# untyped_storage(), and collections.abc hints evaluated at module level. Written for Kiln, not
# copied; the table layout is this program's own.
from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import torch
import torch.nn as nn
import torch.nn.functional as F

INPUT_OUTPUT_TYPES = Sequence[Any] | Mapping[str, torch.Tensor] | torch.Tensor
HookFactory = Callable[[nn.Module], Callable[..., None]]


class LayerInfo:
    def __init__(self, var_name: str, module: nn.Module, depth: int, parent: LayerInfo | None) -> None:
        self.var_name = var_name
        self.module = module
        self.layer_id = id(module)
        self.class_name = type(module).__name__
        self.depth = depth
        self.parent = parent
        self.output_size: list[int] = []
        self.is_recursive = False
        self.direct_params = [(id(p), p.numel(), p.requires_grad) for p in module.parameters(recurse=False)]

    def __repr__(self) -> str:
        return f"{self.class_name}: {self.depth}"


def nested_size(out: Any) -> list[int]:
    if hasattr(out, "tensors"):
        return nested_size(out.tensors)
    if isinstance(out, torch.Tensor):
        return list(out.size())
    if not hasattr(out, "__getitem__") or not out:
        return []
    if isinstance(out, Mapping):
        return nested_size(list(out.values()))
    return nested_size(out[0])


def walk(model: nn.Module) -> list[tuple[str, nn.Module, int, LayerInfo | None]]:
    # the depth-first order a recursive walk gives, with an explicit stack
    order = []
    stack = [(type(model).__name__, model, 0, None)]
    infos: dict[int, LayerInfo] = {}
    while stack:
        name, module, depth, parent = stack.pop()
        info = LayerInfo(name, module, depth, parent)
        infos.setdefault(id(module), info)
        order.append(info)
        stack += [(n, m, depth + 1, info) for n, m in reversed(module._modules.items()) if m is not None]
    return order


def summary(model: nn.Module, *inputs: torch.Tensor) -> None:
    rows = walk(model)
    by_module: dict[int, list[LayerInfo]] = {}
    for r in rows:
        by_module.setdefault(r.layer_id, []).append(r)
    calls: dict[int, int] = {}

    def post_hook(module: nn.Module, args: Any, output: Any) -> None:
        k = calls.get(id(module), 0)
        occurrences = by_module[id(module)]
        occurrences[min(k, len(occurrences) - 1)].output_size = nested_size(output)
        calls[id(module)] = k + 1

    handles = [m.register_forward_hook(post_hook) for m in model.modules()]
    try:
        with torch.no_grad():
            model(*inputs)
    finally:
        for h in handles:
            h.remove()

    seen_layers: set[int] = set()
    seen_params: set[int] = set()
    total = trainable = 0
    print("=" * 72)
    print(f"{'Layer (type:depth)':<32}{'Output Shape':<24}{'Param #':>16}")
    print("=" * 72)
    for r in rows:
        new = [(pid, n, t) for pid, n, t in r.direct_params if pid not in seen_params]
        r.is_recursive = r.layer_id in seen_layers or (r.direct_params and not new)
        seen_layers.add(r.layer_id)
        for pid, n, t in new:
            seen_params.add(pid)
            total += n
            trainable += n if t else 0
        own = sum(n for _, n, _ in r.direct_params)
        count = "(recursive)" if r.is_recursive and own else (f"{own:,}" if own else "--")
        name = ("  " * r.depth + ("└─" if r.depth else "") + f"{r.class_name}: {r.depth}")[:31]
        print(f"{name:<32}{str(r.output_size):<24}{count:>16}")
    print("=" * 72)
    input_bytes = sum(sys.getsizeof(x.untyped_storage()) for x in inputs)
    param_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    print(f"Total params: {total:,}")
    print(f"Trainable params: {trainable:,}")
    print(f"Non-trainable params: {total - trainable:,}")
    print(f"Input size (MB): {input_bytes / 1e6:.2f}")
    print(f"Params size (MB): {param_bytes / 1e6:.2f}")
    print(f"Storage overhead per input (bytes): {[sys.getsizeof(x.untyped_storage()) - x.untyped_storage().nbytes() for x in inputs]}")
    print("=" * 72)


class Outputs:
    def __init__(self, tensors: torch.Tensor) -> None:
        self.tensors = tensors


class ConvNet(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                                      nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(16, 10)

    def forward(self, x: torch.Tensor) -> dict[str, tuple[Outputs, ...]]:
        h = self.features(x).flatten(1)
        return {"logits": (Outputs(F.log_softmax(self.head(h), dim=1)),)}


class TiedLM(nn.Module):
    # an embedding tied to the output layer and one block applied twice
    def __init__(self, vocab: int = 50, dim: int = 16) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.block = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())
        self.lstm = nn.LSTM(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, vocab, bias=False)
        self.out.weight = self.embed.weight

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        h = self.block(self.block(self.embed(tokens)))
        h, _ = self.lstm(h)
        return self.out(h)


torch.manual_seed(0)
summary(ConvNet(), torch.randn(4, 1, 28, 28))
summary(TiedLM(), torch.randint(0, 50, (2, 12)))
lm = TiedLM()
print(len({id(p) for p in lm.parameters()}), len(list(lm.parameters())), sum(p.numel() for p in lm.parameters()))
print(math.isclose(sys.getsizeof(torch.zeros(1000).untyped_storage()), 4056))
print(isinstance(INPUT_OUTPUT_TYPES.__args__[0].__args__, tuple), HookFactory.__args__[0] is nn.Module)
