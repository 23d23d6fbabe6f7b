# torch.fx.passes.shape_prop: ShapeProp runs a GraphModule on example inputs (an Interpreter) and
# records each tensor-valued node's TensorMetadata in node.meta["tensor_meta"] and its result type in
# node.meta["type"], as PyTorch 2.11 does. Left out: fake_mode, quantized tensors' qparams.
import torch
from torch.fx.interpreter import Interpreter
from torch.fx.node import map_aggregate

__all__ = ["TensorMetadata", "ShapeProp"]


class TensorMetadata:
    _fields = ("shape", "dtype", "requires_grad", "stride", "memory_format", "is_quantized", "qparams")

    def __init__(self, shape, dtype, requires_grad, stride, memory_format, is_quantized, qparams):
        self.shape = shape
        self.dtype = dtype
        self.requires_grad = requires_grad
        self.stride = stride
        self.memory_format = memory_format
        self.is_quantized = is_quantized
        self.qparams = qparams

    def __iter__(self):
        return iter([getattr(self, f) for f in self._fields])

    def __getitem__(self, i):
        return getattr(self, self._fields[i])

    def __len__(self):
        return 7

    def __eq__(self, other):
        return isinstance(other, TensorMetadata) and list(self) == list(other)

    def __repr__(self):
        return "TensorMetadata(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields) + ")"


def _extract_tensor_metadata(result):
    shape = result.shape
    dtype = result.dtype
    requires_grad = result.requires_grad
    stride = result.stride()
    # (Kiln has no memory_format objects yet: None where PyTorch gives torch.contiguous_format)
    memory_format = getattr(torch, "contiguous_format", None) if result.is_contiguous() else None
    return TensorMetadata(shape, dtype, requires_grad, stride, memory_format, False, {})


class ShapeProp(Interpreter):
    def __init__(self, gm, fake_mode=None):
        super().__init__(gm)
        if fake_mode is not None:
            raise NotImplementedError("Kiln's ShapeProp runs on real example inputs (fake_mode=None)")
        self.fake_mode = None

    def run_node(self, n):
        result = super().run_node(n)
        found_tensor = False

        def extract_tensor_meta(obj):
            nonlocal found_tensor
            if isinstance(obj, torch.Tensor):
                found_tensor = True
                return _extract_tensor_metadata(obj)
            return obj

        meta = map_aggregate(result, extract_tensor_meta)
        if found_tensor:
            n.meta["tensor_meta"] = meta
        n.meta["type"] = type(result)
        return result

    def propagate(self, *args):
        return super().run(*args)
