# Real-program corpus (tests/realworld, see README.md): the autograd walk-through of the beginner
# tutorials: requires_grad tensors, grad_fn names, binary_cross_entropy_with_logits on a one-layer
# net, backward and .grad, no_grad and detach, vector-Jacobian products with backward(v,
# retain_graph=True) accumulating into .grad, zero_(), the while-loop doubling example, and a LeNet
# with a hand-written flatten size, MSELoss and walking loss.grad_fn.next_functions: the workflow of
# pytorch/tutorials beginner_source/basics/autogradqs_tutorial.py, blitz/autograd_tutorial.py and
# blitz/neural_networks_tutorial.py @ 1532c0de875b79f541371438d8d1d08be18f87de. Written for Kiln, not
# copied.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.ones(5)
y = torch.zeros(3)
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = F.binary_cross_entropy_with_logits(z, y)
print(f"Gradient function for z = {type(z.grad_fn).__name__}")
print(f"Gradient function for loss = {type(loss.grad_fn).__name__}")
loss.backward()
print(w.grad)
print(b.grad)
with torch.no_grad():
    z = torch.matmul(x, w) + b
print(z.requires_grad, (torch.matmul(x, w) + b).detach().requires_grad)

inp = torch.eye(4, 5, requires_grad=True)
out = (inp + 1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\n{inp.grad}")
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nSecond call\n{inp.grad}")
inp.grad.zero_()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"\nCall after zeroing gradients\n{inp.grad}")

x = torch.ones(2, 2, requires_grad=True)
y = x + 2
z = y * y * 3
out = z.mean()
print(y, z, out, sep="\n")
out.backward()
print(x.grad)
x = torch.randn(3, requires_grad=True)
y = x * 2
while y.data.norm() < 1000:
    y = y * 2
y.backward(torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float))
print(x.grad / (y / x).detach())
print(x.requires_grad, (x ** 2).requires_grad)
with torch.no_grad():
    print((x ** 2).requires_grad)


class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.view(-1, self.num_flat_features(x))
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)

    def num_flat_features(self, x):
        size = x.size()[1:]
        num_features = 1
        for s in size:
            num_features *= s
        return num_features


net = Net()
print(net)
params = list(net.parameters())
print(len(params), params[0].size())
input = torch.randn(1, 1, 32, 32)
output = net(input)
target = torch.randn(10).view(1, -1)
criterion = nn.MSELoss()
loss = criterion(output, target)
print(f"{loss.item():.4f}")
print(type(loss.grad_fn).__name__)
print(type(loss.grad_fn.next_functions[0][0]).__name__)
print(type(loss.grad_fn.next_functions[0][0].next_functions[0][0]).__name__)
net.zero_grad()
print('conv1.bias.grad before backward', net.conv1.bias.grad)
loss.backward()
print('conv1.bias.grad after backward', net.conv1.bias.grad.shape)
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
optimizer.zero_grad()
loss = criterion(net(input), target)
loss.backward()
optimizer.step()
print(f"{criterion(net(input), target).item():.4f}")
