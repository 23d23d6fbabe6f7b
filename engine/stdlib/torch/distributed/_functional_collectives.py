# torch.distributed._functional_collectives for Kiln: the functional (out-of-place) collectives that
# tensor-parallel code imports (gpt-fast's tp.py: `from torch.distributed import
# _functional_collectives as funcol` on every non-macOS host). Kiln runs one process, so a group has
# one rank (torch/distributed/__init__.py): each collective returns a new tensor holding this rank's
# own contribution, as PyTorch's do for a group of one, and refuses to run without a process group
# with torch.distributed's own error. wait_tensor is the identity (nothing is ever in flight).
import torch
import torch.distributed as _dist

__all__ = ["all_reduce", "all_gather_tensor", "reduce_scatter_tensor", "broadcast", "all_reduce_coalesced",
           "all_gather_into_tensor_coalesced", "reduce_scatter_tensor_coalesced", "all_to_all_single",
           "wait_tensor", "permute_tensor"]

_REDUCE_OPS = ("sum", "avg", "product", "min", "max", "band", "bor", "bxor", "premul_sum")


def _check(group, reduce_op=None):
    _dist._default_group()
    if reduce_op is not None:
        name = str(reduce_op).lower().split(".")[-1]
        if name not in _REDUCE_OPS:
            raise ValueError(f"Unrecognized reduce_op {reduce_op}")


def wait_tensor(tensor):
    return tensor


def all_reduce(self, reduceOp, group, tag=""):
    _check(group, reduceOp)
    return self.clone()


def all_gather_tensor(self, gather_dim, group, tag=""):
    _check(group)
    return self.clone()


def reduce_scatter_tensor(self, reduceOp, scatter_dim, group, tag=""):
    _check(group, reduceOp)
    return self.clone()


def broadcast(self, src, group, tag=""):
    _check(group)
    return self.clone()


def all_to_all_single(self, output_split_sizes, input_split_sizes, group, tag=""):
    _check(group)
    return self.clone()


def permute_tensor(self, src_dst, group, tag=""):
    _check(group)
    return self.clone()


def all_reduce_coalesced(self, reduceOp, group, tag=""):
    _check(group, reduceOp)
    return [t.clone() for t in self]


def all_gather_into_tensor_coalesced(self, group, tag=""):
    _check(group)
    return [t.clone() for t in self]


def reduce_scatter_tensor_coalesced(inputs, reduceOp, scatter_dim, group, tag=""):
    _check(group, reduceOp)
    return [t.clone() for t in inputs]
