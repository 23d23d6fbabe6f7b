# torch.ops: each attribute is an operator namespace (torch.ops.aten, torch.ops.prim, and those made by
# torch.library), built by torch/_ops.py on first use and kept (PEP 562's module __getattr__).
import torch._ops as _ops_impl


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(f"module 'torch.ops' has no attribute '{name}'")
    if name == "higher_order":
        # torch.cond and friends are Python objects (torch/_higher_order_ops), not op-table entries.
        import torch._higher_order_ops as _hop
        globals()[name] = _hop.namespace
        return _hop.namespace
    ns = _ops_impl.namespace(name)
    globals()[name] = ns
    return ns
