import torch
import torch.nn as nn
# nn.Module hooks: forward pre-hooks and forward hooks (replacing args/results, with_kwargs,
# prepend, always_call), feature extraction, removal through handles, and full backward hooks
# (and pre-hooks) seeing and replacing the gradients at a module's boundary.
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
x = torch.randn(2, 4)
activation = {}
def get_activation(name):
    def hook(model, input, output):
        activation[name] = output.detach()
    return hook
h = model[0].register_forward_hook(get_activation("fc1"))
out = model(x)
print(activation["fc1"].shape, torch.allclose(activation["fc1"], model[0](x)))
h.remove()
activation.clear()
model(x)
print(activation)

order = []
lin = nn.Linear(2, 2)
lin.register_forward_pre_hook(lambda m, args: order.append("pre1"))
lin.register_forward_pre_hook(lambda m, args: order.append("pre0"), prepend=True)
lin.register_forward_hook(lambda m, args, out: order.append("fwd1"))
lin.register_forward_hook(lambda m, args, out: order.append("fwd0"), prepend=True)
lin(torch.ones(1, 2))
print(order)

# replacing the input and the output
scale = nn.Identity()
scale.register_forward_pre_hook(lambda m, args: args[0] * 10)
scale.register_forward_hook(lambda m, args, out: out + 1)
print(scale(torch.tensor([1.0, 2.0])))

class Add(nn.Module):
    def forward(self, a, b=0.0):
        return a + b

add = Add()
def kw_pre(m, args, kwargs):
    return args, {"b": torch.tensor(100.0)}
add.register_forward_pre_hook(kw_pre, with_kwargs=True)
add.register_forward_hook(lambda m, args, kwargs, out: out * 2, with_kwargs=True)
print(add(torch.tensor([1.0])))

# always_call hooks run when forward raises
class Boom(nn.Module):
    def forward(self, x):
        raise ValueError("boom")

boom = Boom()
boom.register_forward_hook(lambda m, args, out: print("always called, out =", out), always_call=True)
try:
    boom(torch.ones(1))
except ValueError as e:
    print("ValueError:", e)

# full backward hooks
net = nn.Linear(3, 2)
xin = torch.randn(4, 3, requires_grad=True)
grads = []
def bhook(m, grad_input, grad_output):
    grads.append((type(m).__name__, [None if g is None else tuple(g.shape) for g in grad_input],
                  [tuple(g.shape) for g in grad_output]))
bh = net.register_full_backward_hook(bhook)
net(xin).sum().backward()
print(grads)
print(torch.allclose(xin.grad, net.weight.sum(0).expand(4, 3)))
bh.remove()

# a backward hook that scales grad_input, and a pre-hook that zeroes grad_output
net2 = nn.Linear(3, 3)
xin2 = torch.ones(1, 3, requires_grad=True)
net2.register_full_backward_hook(lambda m, gi, go: (gi[0] * 0,))
net2(xin2).sum().backward()
print(xin2.grad)
net3 = nn.Linear(3, 1)
net3.register_full_backward_pre_hook(lambda m, go: (go[0] * 0,))
net3(torch.ones(2, 3)).sum().backward()
print(net3.weight.grad, net3.bias.grad)

# inputs that need no gradient: the hook still sees grad_output, with grad_input None
net4 = nn.Linear(2, 2)
seen = []
net4.register_full_backward_hook(lambda m, gi, go: seen.append((gi, go[0].shape)))
net4(torch.ones(3, 2)).sum().backward()
print(seen)

# a user module with a hook inside a model, and state_dict unaffected by hooks
class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
    def forward(self, x):
        return torch.tanh(self.fc(x))

blk = Block()
feats = []
blk.fc.register_forward_hook(lambda m, i, o: feats.append(o.shape))
blk.register_forward_hook(lambda m, i, o: feats.append(("block", o.shape)))
blk(torch.ones(5, 2))
print(feats, list(blk.state_dict().keys()))
try:
    net.register_backward_hook(lambda m, gi, go: None)
except RuntimeError as e:
    print("RuntimeError:", e)
