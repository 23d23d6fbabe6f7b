# torch.round(input, decimals=) as ATen's round_decimals_kernel computes it: 10^|decimals| is exact, then
# nearbyint(x * 10^d) / 10^d for d > 0 and nearbyint(x / 10^-d) * 10^-d for d < 0 (PyTorch's docs:
# round(tensor([1200.1234]), decimals=-3) is tensor([1000.])), half to even, in float32 and float64,
# through Tensor.round / round_ / Python's round(), with RoundBackward1's zero gradient.
import torch

print(torch.round(torch.tensor([1200.1234]), decimals=-3))
print(torch.round(torch.tensor([1.2345, 2.5678]), decimals=2))
print(torch.round(torch.tensor([4.7, -2.3, 9.1, -7.7])))
print(torch.round(torch.tensor([-0.5, 0.5, 1.5, 2.5])))
x = torch.tensor([1234.5678, -9876.54321, 15.0, 25.0, 35.0, 0.0049])
for d in (-3, -2, -1, 1, 2, 3):
    print(d, torch.round(x, decimals=d))
print(torch.round(x.double(), decimals=-2), torch.round(x.double(), decimals=3))
print(x.round(decimals=-1), torch.tensor([2567.0, -150.0]).round(decimals=-2))
y = x.clone()
y.round_(decimals=-2)
print(y)
g = torch.tensor([123.456, 7.89], requires_grad=True)
r = torch.round(g, decimals=-1)
print(r)
r.sum().backward()
print(g.grad)
