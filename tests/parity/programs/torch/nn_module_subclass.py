import torch
import torch.nn as nn
# A user nn.Module with nested children, a Parameter and a buffer: repr, parameters, state_dict, modes.
class Block(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(hidden, dim)
    def forward(self, x):
        return x + self.fc2(self.act(self.fc1(x)))
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(2, 4)
        self.blocks = nn.Sequential(Block(4, 8), Block(4, 8))
        self.norm = nn.LayerNorm(4)
        self.head = nn.Linear(4, 3)
        self.scale = nn.Parameter(torch.tensor(2.0))
        self.register_buffer("offset", torch.tensor([0.5, -0.5, 0.0]))
    def forward(self, x):
        h = self.blocks(self.embed(x))
        return self.head(self.norm(h)) * self.scale + self.offset
net = Net()
print(net)
print(len(list(net.parameters())), sum([p.numel() for p in net.parameters()]))
for name, p in net.named_parameters():
    print(name, list(p.shape))
print(list(net.state_dict().keys()))
print([n for n, m in net.named_children()], [n for n, b in net.named_buffers()])
print(len(list(net.modules())), type(net.blocks[0].fc1).__name__, type(net).__name__)
print(net.training, net.blocks[1].act.training)
net.eval()
print(net.training, net.blocks[1].act.training, net.head.training)
net.train()
print(net.training, net.norm.training)
with torch.no_grad():
    for name, p in net.named_parameters():
        if name != "scale":
            p.copy_(torch.arange(p.numel()).float().reshape(p.shape) % 3 / 4 - 0.25)
out = net(torch.tensor([[1.0, -1.0], [0.5, 2.0]]))
print(out.shape, out.requires_grad, type(out.grad_fn).__name__)
print([f"{v:.3f}" for v in out.view(-1).tolist()])
print(net.offset, net.scale)
print(isinstance(net, nn.Module), isinstance(net.blocks, nn.Sequential), net.blocks[0].fc2)
out.sum().backward()
print(net.scale.grad.shape, net.head.bias.grad)
print(net.blocks[0].fc1.weight.grad.shape, net.offset.requires_grad, net.offset.grad)
