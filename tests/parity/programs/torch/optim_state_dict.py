import torch

# optimizer.state_dict() / load_state_dict(): the packed form (parameter indices, options, state
# tensors), a round trip into a fresh optimizer (sharing the state tensors) that then steps.
def make():
    a = torch.tensor([1.0, -1.0], requires_grad=True)
    b = torch.tensor([[0.5], [2.0]], requires_grad=True)
    return a, b

def loss_of(a, b):
    return (a * a).sum() + (b * torch.tensor([[1.0], [3.0]])).sum() ** 2

for name, kw in [("SGD", dict(lr=0.1, momentum=0.9)), ("Adam", dict(lr=0.1)), ("RMSprop", dict(lr=0.01)),
                 ("Adagrad", dict(lr=0.5)), ("Adadelta", {}), ("NAdam", dict(lr=0.1)), ("ASGD", dict(lr=0.1)),
                 ("Rprop", dict(lr=0.1))]:
    a, b = make()
    cls = getattr(torch.optim, name)
    opt = cls([{"params": [a]}, {"params": [b], "lr": 0.05}], **kw)
    for i in range(2):
        opt.zero_grad()
        loss_of(a, b).backward()
        opt.step()
    sd = opt.state_dict()
    print(name, list(sd.keys()), list(sd["state"].keys()))
    for g in sd["param_groups"]:
        print("  group", g)
    for k, st in sd["state"].items():
        print("  state", k, {n: [round(x, 5) for x in t.reshape(-1).tolist()] for n, t in st.items()})
    a2, b2 = make()
    with torch.no_grad():
        a2.copy_(a)
        b2.copy_(b)
    opt2 = cls([{"params": [a2]}, {"params": [b2]}], lr=0.3)
    opt2.load_state_dict(sd)
    print("  loaded lr", [g["lr"] for g in opt2.param_groups], opt2.param_groups[1]["params"][0] is b2)
    # the loaded state holds the saved tensors themselves (same dtype and device: no copy)
    print("  shared", [sd["state"][0][k] is opt2.state[a2][k] for k in sd["state"][0]])
    opt2.zero_grad()
    loss_of(a2, b2).backward()
    opt2.step()
    print("  stepped", [round(x, 4) for x in a2.tolist()], [round(x, 4) for x in b2.reshape(-1).tolist()])

a, b = make()
opt = torch.optim.Adam([a, b])
try:
    opt.load_state_dict({"state": {}, "param_groups": [{"params": [0]}]})
except ValueError as e:
    print(type(e).__name__, e)
try:
    opt.load_state_dict({"state": {}, "param_groups": [{"params": [0, 1]}, {"params": [2]}]})
except ValueError as e:
    print(type(e).__name__, e)
print(torch.optim.SGD([a]).state_dict())
