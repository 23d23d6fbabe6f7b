# torch.nn.parameter: the module `from torch.nn.parameter import Parameter` reads; Parameter is the
# class torch.nn exports. The lazy modules' UninitializedParameter/UninitializedBuffer (native,
# bindings/nn.cpp) name this module as theirs, so they are here too: pickle and
# `from torch.nn.parameter import UninitializedParameter` find them; Buffer (torch/nn/_buffer.py) too.
from torch.nn import Parameter, UninitializedBuffer, UninitializedParameter
from torch.nn._buffer import Buffer

__all__ = ["Buffer", "Parameter", "UninitializedParameter", "UninitializedBuffer"]
