# torch.jit.script on a class (a TorchScript class, as pytorch-minimize's @torch.jit.script
# JacobianLinearOperator): PyTorch returns the class itself, so Python code keeps building ordinary
# instances; nn.Module subclasses, inheriting classes and Enums are handled as torch/jit/_script.py does.
import enum
import warnings

import torch
from torch import Tensor

warnings.simplefilter("ignore")


@torch.jit.script
class LinOp(object):
    def __init__(self, A: Tensor, scale: float = 1.0) -> None:
        self.A = A
        self.scale = scale
        self.shape = (A.shape[0], A.shape[1])

    def mv(self, v: Tensor) -> Tensor:
        return self.A.mv(v) * self.scale


op = LinOp(torch.tensor([[1.0, 2.0], [3.0, 4.0]]), 0.5)
print(type(op).__name__, LinOp.__name__, isinstance(op, LinOp), op.shape, op.mv(torch.tensor([1.0, 1.0])))


class Color(enum.Enum):
    RED = 1


print(torch.jit.script(Color) is Color)


class Base:
    pass


class Derived(Base):
    def f(self) -> int:
        return 1


class Net(torch.nn.Module):
    def forward(self, x):
        return x


for cls in (Derived, Net):
    try:
        torch.jit.script(cls)
    except RuntimeError as e:
        print("RuntimeError:", str(e).splitlines()[0])
