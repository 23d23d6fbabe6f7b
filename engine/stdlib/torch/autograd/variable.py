# torch.autograd.variable: the legacy Variable class. Since PyTorch 0.4 every Tensor plays its part, so
# the class only keeps old code running: Variable(data, requires_grad=...) returns a plain Tensor (the
# data detached, sharing storage, with requires_grad set: torch.autograd._legacy_variable), and
# isinstance(x, Variable) is True for any Tensor through the metaclass, as PyTorch's VariableMeta does;
# type(x) == Variable stays False, as there.
import torch


class VariableMeta(type):
    def __instancecheck__(cls, other):
        return isinstance(other, torch.Tensor)


class Variable(metaclass=VariableMeta):
    def __new__(cls, data=None, requires_grad=False, volatile=False):
        return torch.autograd._legacy_variable(data, requires_grad, volatile)
