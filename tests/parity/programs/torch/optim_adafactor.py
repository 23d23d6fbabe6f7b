# torch.optim.Adafactor: factored second moments for matrices (row_var / col_var), a full variance for
# vectors, relative step sizes, weight decay, maximize, update clipping d, state_dict round trip.
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 6), nn.Tanh(), nn.Linear(6, 2))
x = torch.randn(16, 4)
y = torch.randn(16, 2)
opt = torch.optim.Adafactor(model.parameters())
print(type(opt).__name__, sorted(opt.defaults.items(), key=lambda kv: kv[0]))
for step in range(5):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    loss.backward()
    opt.step()
    print(step, f"{loss.item():.6f}")
st = opt.state[model[0].weight]
print(sorted(st.keys()), st["step"], st["row_var"].shape, st["col_var"].shape)
print(sorted(opt.state[model[0].bias].keys()), opt.state[model[0].bias]["variance"].shape)
print([f"{v:.6f}" for v in model[2].weight.flatten().tolist()])

model2 = nn.Linear(3, 3)
opt2 = torch.optim.Adafactor(model2.parameters(), lr=0.05, beta2_decay=-0.5, eps=(1e-30, 1e-3), d=2.0,
                             weight_decay=0.01, maximize=True)
for step in range(3):
    opt2.zero_grad()
    out = model2(x[:, :3]).sum()
    out.backward()
    opt2.step()
print([f"{v:.6f}" for v in model2.weight.flatten().tolist()])
sd = opt2.state_dict()
print(sorted(sd["param_groups"][0].keys()))
opt3 = torch.optim.Adafactor(model2.parameters())
opt3.load_state_dict(sd)
print(opt3.param_groups[0]["lr"], opt3.param_groups[0]["d"], opt3.state[model2.weight]["step"])
for bad in [dict(lr=-1.0), dict(beta2_decay=0.5), dict(d=0.5), dict(eps=(None, -1.0)), dict(weight_decay=-1)]:
    try:
        torch.optim.Adafactor(model2.parameters(), **bad)
    except ValueError as e:
        print("ValueError", e)
