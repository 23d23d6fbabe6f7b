# Real-program corpus (tests/realworld, see README.md): the "fit sin(x) with a cubic" ladder of the
# PyTorch tutorials: hand-written gradients on tensors, autograd with in-place updates under no_grad,
# nn.Sequential(Linear, Flatten(0, 1)) with MSELoss(reduction='sum'), optim.SGD and optim.RMSprop, a
# custom Module with a string() method: the workflow of pytorch/tutorials beginner_source/
# examples_tensor/polynomial_tensor.py, examples_autograd/polynomial_autograd.py,
# examples_nn/polynomial_nn.py, polynomial_optim.py and polynomial_module.py @
# 1d189709801e98f5f184af0567c7f06b8b5156c2. Written for Kiln, not copied.
import math
import torch

torch.manual_seed(0)
x = torch.linspace(-math.pi, math.pi, 2000)
y = torch.sin(x)

# 1. tensors and hand-written gradients
a, b, c, d = (torch.randn(()) for _ in range(4))
learning_rate = 1e-6
for t in range(1000):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum().item()
    if t % 250 == 249:
        print('tensor', t, f"{loss:.2f}")
    grad_y_pred = 2.0 * (y_pred - y)
    a -= learning_rate * grad_y_pred.sum()
    b -= learning_rate * (grad_y_pred * x).sum()
    c -= learning_rate * (grad_y_pred * x ** 2).sum()
    d -= learning_rate * (grad_y_pred * x ** 3).sum()
print(f'Result: y = {a.item():.4f} + {b.item():.4f} x + {c.item():.4f} x^2 + {d.item():.4f} x^3')

# 2. autograd
a, b, c, d = (torch.randn((), requires_grad=True) for _ in range(4))
for t in range(1000):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum()
    if t % 250 == 249:
        print('autograd', t, f"{loss.item():.2f}")
    loss.backward()
    with torch.no_grad():
        for p in (a, b, c, d):
            p -= learning_rate * p.grad
            p.grad = None
print(f'Result: y = {a.item():.4f} + {b.item():.4f} x + {c.item():.4f} x^2 + {d.item():.4f} x^3')

# 3. nn + 4. optim
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
print(xx.shape, xx.dtype)
for name in ['manual', 'SGD', 'RMSprop']:
    model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
    loss_fn = torch.nn.MSELoss(reduction='sum')
    optimizer = None
    if name == 'SGD':
        optimizer = torch.optim.SGD(model.parameters(), lr=1e-6, momentum=0.9)
    elif name == 'RMSprop':
        optimizer = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    for t in range(1000):
        loss = loss_fn(model(xx), y)
        if t % 250 == 249:
            print(name, t, f"{loss.item():.2f}")
        if optimizer is None:
            model.zero_grad()
            loss.backward()
            with torch.no_grad():
                for param in model.parameters():
                    param -= 1e-6 * param.grad
        else:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
    linear_layer = model[0]
    print(f'Result: y = {linear_layer.bias.item():.4f} + {linear_layer.weight[:, 0].item():.4f} x + '
          f'{linear_layer.weight[:, 1].item():.4f} x^2 + {linear_layer.weight[:, 2].item():.4f} x^3')
print(model)


# 5. a custom Module
class Polynomial3(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))

    def forward(self, x):
        return self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3

    def string(self):
        return f'y = {self.a.item():.4f} + {self.b.item():.4f} x + {self.c.item():.4f} x^2 + {self.d.item():.4f} x^3'


model = Polynomial3()
print([n for n, _ in model.named_parameters()])
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-6)
for t in range(1000):
    loss = criterion(model(x), y)
    if t % 250 == 249:
        print('module', t, f"{loss.item():.2f}")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f'Result: {model.string()}')
