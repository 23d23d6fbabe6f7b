import torch
import torch.nn as nn
import torch.nn.functional as F
# A training loop fed by generators: a batch generator with a finally, genexprs over parameters,
# yield from over named parameters, and a generator of per-epoch losses driven by send().
lin = nn.Linear(2, 1)
with torch.no_grad():
    lin.weight.copy_(torch.tensor([[0.5, -0.25]]))
    lin.bias.fill_(0.125)
x = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, 0.5]])
y = torch.tensor([[1.0], [0.0], [1.0], [0.5]])


def batches(size):
    try:
        for i in range(0, x.shape[0], size):
            yield x[i:i + size], y[i:i + size]
    finally:
        print("batches closed")


def named_shapes(module):
    yield from ((n, tuple(p.shape)) for n, p in module.named_parameters())


print(list(named_shapes(lin)))
print("numel", sum(p.numel() for p in lin.parameters()))
opt = torch.optim.SGD(lin.parameters(), lr=0.5)


def trainer():
    epoch = 0
    while True:
        total = 0.0
        for xb, yb in batches(2):
            opt.zero_grad()
            loss = F.mse_loss(lin(xb), yb)
            loss.backward()
            opt.step()
            total += loss.item()
        epoch = yield epoch, total


t = trainer()
print(next(t)[0])
for e in range(1, 4):
    ep, total = t.send(e)
    print(f"epoch {ep} total {total:.6f}")
t.close()
print("grad norm", f"{sum(p.grad.pow(2).sum() for p in lin.parameters()).sqrt().item():.6f}")
print(all(p.requires_grad for p in lin.parameters()), any(p.grad is None for p in lin.parameters()))
first = next(iter(batches(3)))
print(first[0].shape, first[1].tolist())
print("done")
