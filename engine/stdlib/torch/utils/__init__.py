# torch.utils: the package of torch.utils.data (engine/stdlib/torch/utils/data/), checkpoint, hooks,
# benchmark and tensorboard (a SummaryWriter that writes no event files). cpp_extension is not
# provided.


def swap_tensors(t1, t2):
    """Swap the contents of two tensor objects (class, __dict__ and data), each keeping its identity.

    PyTorch 2.11's torch.utils.swap_tensors: refused for tensors with live weak references (Kiln's
    weakref counts its ref objects while they exist: weakref.getweakrefs); PyTorch's
    use-count check (no other references to either tensor) is not reproduced, because Kiln's layers
    and optimizers hold the tensors themselves and swap with them (torch._kiln_swap_tensors)."""
    import weakref

    import torch
    if weakref.getweakrefs(t1):
        raise RuntimeError("Cannot swap t1 because it has weakref associated with it")
    if weakref.getweakrefs(t2):
        raise RuntimeError("Cannot swap t2 because it has weakref associated with it")
    if not isinstance(t1, torch.Tensor) or not isinstance(t2, torch.Tensor):
        raise TypeError(f"swap_tensors(): expected two tensors, got {type(t1).__name__} and {type(t2).__name__}")
    torch._kiln_swap_tensors(t1, t2)
