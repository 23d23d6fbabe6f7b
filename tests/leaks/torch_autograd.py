# badinput: autograd graphs: trained, kept alive at exit (retain_graph, create_graph), hooks holding closures, a tensor whose grad_fn refers back to Python objects
# expect-exit: 0
# expect-stdout: done
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x, y = torch.randn(16, 4), torch.randint(0, 2, (16,))
for _ in range(5):
    loss = F.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item() > 0)
w = torch.randn(3, requires_grad=True)
seen = []
w.register_hook(lambda g: seen.append(g) or g * 2)
z = (w.exp() * w).sum()
z.backward(retain_graph=True, create_graph=True)
gg = torch.autograd.grad(w.grad.sum(), w)
print(len(seen), gg[0].shape)
kept = (w * 3).tanh().sum()  # a graph alive at exit
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t * t
    @staticmethod
    def backward(ctx, g):
        (t,) = ctx.saved_tensors
        return 2 * t * g
s = Square.apply(w).sum()
s.backward()
print(w.grad is not None)
class Holder(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.me = [self]  # module -> list -> module
        self.register_forward_hook(lambda m, i, o: None)
    def forward(self, t):
        return self.lin(t)
h = Holder()
out = h(torch.ones(1, 2)).sum()
out.backward()
state = {k: v.clone() for k, v in model.state_dict().items()}
print("done")
