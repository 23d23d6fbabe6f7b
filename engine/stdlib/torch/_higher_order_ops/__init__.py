# torch._higher_order_ops: operators that take functions (torch.cond, while_loop), and the torch.ops.higher_order
# namespace that names them in graphs.
from torch._higher_order_ops.cond import cond, HigherOrderOperator
from torch._higher_order_ops.while_loop import while_loop

__all__ = ["cond", "while_loop", "HigherOrderOperator"]


class _HigherOrderNamespace:
    # torch.ops.higher_order: the higher-order operators by name.
    def __init__(self):
        self.__name__ = "torch.ops.higher_order"

    def __repr__(self):
        return "<module 'torch.ops.higher_order' from 'torch._ops.py'>"

    def __getattr__(self, name):
        import sys
        if name == "cond":
            return sys.modules["torch._higher_order_ops.cond"].cond_op
        if name == "map_impl":
            import torch._higher_order_ops.map as _map
            return _map.map_impl
        if name == "while_loop":
            return sys.modules["torch._higher_order_ops.while_loop"].while_loop_op
        raise AttributeError(f"'_OpNamespace' 'higher_order' object has no attribute '{name}'")


namespace = _HigherOrderNamespace()
