# Real-program corpus (tests/realworld, see README.md): a model whose depth is drawn with Python's
# random module at every forward pass and which reuses one parameter for several orders (dynamic
# graphs and weight sharing), trained with SGD + momentum: the workflow of pytorch/tutorials
# beginner_source/examples_nn/dynamic_net.py @ 1d189709801e98f5f184af0567c7f06b8b5156c2. Written for
# Kiln, not copied.
import math
import random

import torch


class DynamicNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))
        self.e = torch.nn.Parameter(torch.randn(()))
        self.orders = []

    def forward(self, x):
        y = self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3
        top = random.randint(4, 6)
        self.orders.append(top)
        for exp in range(4, top):
            y = y + self.e * x ** exp
        return y

    def string(self):
        return (f'y = {self.a.item():.4f} + {self.b.item():.4f} x + {self.c.item():.4f} x^2 + '
                f'{self.d.item():.4f} x^3 + {self.e.item():.4f} x^4 ? + {self.e.item():.4f} x^5 ?')


random.seed(0)
torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)
model = DynamicNet()
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-8, momentum=0.9)
for t in range(3000):
    loss = criterion(model(x), y)
    if t % 500 == 499:
        print(t, f"{loss.item():.2f}")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f'Result: {model.string()}')
print(model.orders[:12], {k: model.orders.count(k) for k in sorted(set(model.orders))})
print(random.random(), random.choice('abc'), random.sample(range(10), 3), random.uniform(1, 2))
