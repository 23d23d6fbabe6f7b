import torch
import torch.nn as nn
import torch.nn.functional as F
# A float32 training loop with torch.amp.GradScaler on the CPU reproduces the unscaled loop: the scale
# is a power of two, so scaling and unscaling the gradients is exact and the parameters stay equal,
# while the scale grows every growth_interval steps. Then a step with an inf in the batch is skipped
# (parameters unchanged, scale backed off), and Adam with unscale_ + clip_grad_norm_ matches the
# unscaled Adam loop with the same clipping.


def make_model():
    m = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    with torch.no_grad():
        m[0].weight.copy_(torch.tensor([[0.5, -0.25, 0.75], [1.0, 0.5, -0.5], [-0.75, 0.25, 0.5], [0.25, 0.25, 0.25]]))
        m[0].bias.copy_(torch.tensor([0.0, 0.5, -0.25, 0.125]))
        m[2].weight.copy_(torch.tensor([[0.5, -1.0, 0.25, 0.75], [-0.5, 0.25, 1.0, -0.25]]))
        m[2].bias.copy_(torch.tensor([0.25, -0.5]))
    return m


x = torch.tensor([[1.0, 2.0, -1.0], [0.5, -0.5, 1.5], [-1.0, 1.0, 0.5], [2.0, 0.0, 1.0]])
y = torch.tensor([[1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [1.0, -1.0]])

plain = make_model()
popt = torch.optim.SGD(plain.parameters(), lr=0.125, momentum=0.5)
scaled = make_model()
sopt = torch.optim.SGD(scaled.parameters(), lr=0.125, momentum=0.5)
scaler = torch.amp.GradScaler("cpu", init_scale=2.0 ** 10, growth_interval=2)
for step in range(5):
    popt.zero_grad()
    ploss = F.mse_loss(plain(x), y)
    ploss.backward()
    popt.step()
    sopt.zero_grad()
    sloss = F.mse_loss(scaled(x), y)
    scaler.scale(sloss).backward()
    scaler.step(sopt)
    scaler.update()
    same = all(torch.equal(a, b) for a, b in zip(plain.parameters(), scaled.parameters()))
    print(f"step {step}: loss {ploss.item():.6f} {sloss.item():.6f} scale {scaler.get_scale()} params equal {same}")

before = [p.detach().clone() for p in scaled.parameters()]
bad = x.clone()
bad[1, 1] = float("inf")
sopt.zero_grad()
scaler.scale(F.mse_loss(scaled(bad), y)).backward()
print("inf batch step:", scaler.step(sopt))
scaler.update()
print("skipped:", all(torch.equal(a, b) for a, b in zip(before, scaled.parameters())), "scale", scaler.get_scale())

plain = make_model()
popt = torch.optim.Adam(plain.parameters(), lr=0.01)
scaled = make_model()
sopt = torch.optim.Adam(scaled.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu", init_scale=256.0)
for step in range(3):
    popt.zero_grad()
    ploss = F.mse_loss(plain(x), y)
    ploss.backward()
    pn = nn.utils.clip_grad_norm_(plain.parameters(), 0.5)
    popt.step()
    sopt.zero_grad()
    sloss = F.mse_loss(scaled(x), y)
    scaler.scale(sloss).backward()
    scaler.unscale_(sopt)
    sn = nn.utils.clip_grad_norm_(scaled.parameters(), 0.5)
    scaler.step(sopt)
    scaler.update()
    same = all(torch.equal(a, b) for a, b in zip(plain.parameters(), scaled.parameters()))
    print(f"adam {step}: loss {sloss.item():.6f} norm {pn.item():.4f} {sn.item():.4f} params equal {same}")
print([round(v, 4) for v in scaled[2].bias.tolist()], scaler.get_scale(), scaler.state_dict()["_growth_tracker"])
