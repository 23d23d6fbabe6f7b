import torch
import torch.nn as nn
import copy

torch.manual_seed(0)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(4, 2)
        self.scale = 2.0
        self.history = [1, 2]

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x))) * self.scale

net = Net()
with torch.no_grad():
    for i, p in enumerate(net.parameters()):
        p.copy_(torch.arange(p.numel(), dtype=torch.float32).reshape(p.shape) / (10 + i))
target = copy.deepcopy(net)
x = torch.ones(1, 3)
print(torch.equal(net(x), target(x)), target(x))
print(type(target).__name__, target.fc1 is net.fc1, target.fc1.weight is net.fc1.weight)
print(target.history is net.history, target.history, target.scale)
with torch.no_grad():
    net.fc1.weight.add_(1.0)
print(torch.equal(net(x), target(x)), target(x))
target.load_state_dict(net.state_dict())
print(torch.equal(net(x), target(x)))
print(target)
print(torch.rand(2))

seq = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2), nn.Tanh())
seq.train()
seq2 = copy.deepcopy(seq)
print(seq2, seq2.training, seq2[1].running_mean, seq2[1].num_batches_tracked)
seq.eval()
print(seq.training, seq2.training, seq2[0].weight.requires_grad, seq2[0].weight.grad)

class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(5, 3)
        self.head = nn.Linear(3, 5, bias=False)
        self.head.weight = self.emb.weight

tied = Tied()
tied2 = copy.deepcopy(tied)
print(tied2.head.weight is tied2.emb.weight, tied2.head.weight is tied.emb.weight)
print(torch.equal(tied2.emb.weight, tied.emb.weight))
lin = nn.Linear(2, 3)
(lin(torch.ones(1, 2)).sum()).backward()
lin2 = copy.deepcopy(lin)
print(lin2.weight.grad, lin2.bias.grad is not lin.bias.grad)
print(torch.rand(1))
