# torch.nn.parameter: the module `from torch.nn.parameter import Parameter` reads; Parameter is the
# class torch.nn exports. The lazy modules' UninitializedParameter/UninitializedBuffer (native,
# bindings/nn.cpp) name this module as theirs, so they are here too: pickle and
# `from torch.nn.parameter import UninitializedParameter` find them. torch.nn.Buffer is not provided.
from torch.nn import Parameter, UninitializedBuffer, UninitializedParameter

__all__ = ["Parameter", "UninitializedParameter", "UninitializedBuffer"]
