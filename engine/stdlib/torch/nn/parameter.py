# torch.nn.parameter: the module `from torch.nn.parameter import Parameter` reads; Parameter is the
# class torch.nn exports. torch.nn.Buffer and the lazy modules' UninitializedParameter/Buffer are not
# provided (Kiln has neither).
from torch.nn import Parameter

__all__ = ["Parameter"]
