import torch
import torch.nn as nn

# nn.Module subclasses mixed with plain mixin classes (either order), cooperative __init__,
# properties and dunders on modules, abstract-style base classes, and the MROs PyTorch sees.


class CountParamsMixin:
    def num_params(self):
        return sum(p.numel() for p in self.parameters())

    @property
    def kind(self):
        return type(self).__name__.lower()


class ScaleMixin:
    def __init__(self, *args, scale=1.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.scale = scale

    def scaled(self, x):
        return x * self.scale


class Block(nn.Module, CountParamsMixin):
    def __init__(self, n):
        super().__init__()
        self.lin = nn.Linear(n, n)

    def forward(self, x):
        return torch.relu(self.lin(x))


class ScaledBlock(ScaleMixin, Block):
    def forward(self, x):
        return self.scaled(super().forward(x))


class Stack(CountParamsMixin, nn.Module):
    def __init__(self, *blocks):
        super().__init__()
        self.blocks = nn.ModuleList(blocks)

    def __len__(self):
        return len(self.blocks)

    def __getitem__(self, i):
        return self.blocks[i]

    def __iter__(self):
        return iter(self.blocks)

    def forward(self, x):
        for b in self:
            x = b(x)
        return x


b = Block(2)
s = ScaledBlock(2, scale=0.5)
with torch.no_grad():
    for m in (b, s):
        m.lin.weight.copy_(torch.tensor([[1.0, -1.0], [0.5, 2.0]]))
        m.lin.bias.copy_(torch.tensor([0.25, -0.5]))
stack = Stack(b, s)
x = torch.tensor([[1.0, 2.0], [3.0, -1.0]])
with torch.no_grad():
    print(b(x))
    print(s(x))
    print(stack(x))
print([c.__name__ for c in ScaledBlock.__mro__])
print([c.__name__ for c in Stack.__mro__])
print(b.num_params(), s.num_params(), stack.num_params(), b.kind, s.kind, stack.kind, s.scale)
print(len(stack), type(stack[1]).__name__, [type(m).__name__ for m in stack])
print(isinstance(s, nn.Module), isinstance(s, CountParamsMixin), issubclass(ScaledBlock, (ScaleMixin, int)))
print(sorted(n for n, _ in stack.named_parameters()))
print(stack)
print(s.training, stack.eval().training, s.training)
sd = stack.state_dict()
print(list(sd.keys()))


class Base(nn.Module):
    def __init_subclass__(cls, act="relu", **kwargs):
        super().__init_subclass__(**kwargs)
        cls.act_name = act

    def act(self, x):
        return getattr(torch, self.act_name)(x)


class TanhNet(Base, act="tanh"):
    def forward(self, x):
        return self.act(x)


class ReluNet(Base):
    def forward(self, x):
        return self.act(x)


t = torch.tensor([-1.0, 0.0, 2.0])
print(TanhNet.act_name, ReluNet.act_name, ReluNet()(t), TanhNet()(torch.zeros(2)))
