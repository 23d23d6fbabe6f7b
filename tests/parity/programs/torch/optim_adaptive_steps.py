import torch

# RMSprop, Adagrad, Adadelta, Adamax, NAdam, RAdam, ASGD, Rprop: a few steps on a quadratic from
# fixed weights, the param-group keys in PyTorch's order, the state names and values.
def run(name, steps, **kw):
    w = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    opt = getattr(torch.optim, name)([w], **kw)
    print(name, kw)
    for i in range(steps):
        opt.zero_grad()
        loss = (w * w * torch.tensor([1.0, 0.5, 2.0])).sum() + w[0]
        loss.backward()
        opt.step()
        print(" ", i, f"{loss.item():.6f}", [f"{x:.6f}" for x in w.tolist()])
    st = opt.state[w]
    print("  state", list(st.keys()))
    for k, v in st.items():
        print("   ", k, v.dtype, [f"{x:.6f}" for x in v.reshape(-1).tolist()])
    print("  keys", list(opt.param_groups[0].keys()))

run("RMSprop", 4)
run("RMSprop", 4, lr=0.05, momentum=0.9, centered=True, weight_decay=0.1)
run("Adagrad", 4, lr=0.1, lr_decay=0.01, initial_accumulator_value=0.5)
run("Adadelta", 4)
run("Adadelta", 3, lr=0.5, rho=0.5, weight_decay=0.25, maximize=True)
run("Adamax", 4, lr=0.1, weight_decay=0.5)
run("NAdam", 4, lr=0.1)
run("NAdam", 3, lr=0.1, weight_decay=0.5, decoupled_weight_decay=True)
run("RAdam", 8, lr=0.1)
run("RAdam", 3, lr=0.1, weight_decay=0.5, decoupled_weight_decay=True)
run("ASGD", 5, lr=0.1, t0=2, lambd=0.01)
run("Rprop", 6, lr=0.25)
run("Rprop", 3, etas=(0.25, 2.0), step_sizes=(0.01, 0.5))
