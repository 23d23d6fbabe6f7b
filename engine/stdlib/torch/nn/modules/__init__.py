# torch.nn.modules: the package of the torch.nn layers written in Kiln's Python (rnn, transformer, padding, dropout).
# The other layers are native (engine/nn, engine/bindings/nn.cpp) and live directly in torch.nn.
#
# PyTorch's package re-exports every layer class of its files (`from torch.nn.modules import Module,
# Linear`); here they are torch.nn's own classes, looked up on first use (PEP 562). A name that is not
# a layer raises AttributeError, so `from torch.nn.modules import loss` still imports the submodule.


def __getattr__(name):
    import torch.nn as nn

    if not name.startswith("__"):
        value = getattr(nn, name, None)
        if isinstance(value, type) and issubclass(value, nn.Module):
            return value
    raise AttributeError(f"module 'torch.nn.modules' has no attribute '{name}'")
