# torch._weights_only_unpickler's allow-list context manager for Kiln: `with
# torch.serialization.safe_globals([cls, fn]):` allow-lists those globals for the torch.load calls
# inside the block and restores the previous allow-list on exit, as PyTorch's _safe_globals does
# (its __exit__ puts back the set it found on __enter__). The unpickler itself is native
# (bindings/serialization.cpp); its allow-list is kept there as qualified names.

__all__ = ["_safe_globals"]


class _safe_globals:
    def __init__(self, safe_globals):
        self.safe_globals = safe_globals

    def __enter__(self):
        import torch.serialization as s
        self.initial_safe_globals_set = s._kiln_safe_global_names()
        s.add_safe_globals(self.safe_globals)

    def __exit__(self, type, value, tb):
        import torch.serialization as s
        s._kiln_set_safe_global_names(self.initial_safe_globals_set)


class safe_globals(_safe_globals):
    pass


safe_globals.__module__ = "torch.serialization"
