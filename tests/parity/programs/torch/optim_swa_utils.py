import torch
import torch.nn as nn

# torch.optim.swa_utils: AveragedModel (SWA running mean, EMA through get_ema_multi_avg_fn, buffers),
# SWALR with cos and linear anneals, its state_dict keys.
from torch.optim.swa_utils import AveragedModel, SWALR, get_ema_multi_avg_fn, get_ema_avg_fn

m = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
swa = AveragedModel(m)
print(swa)
print([n for n, _ in swa.named_parameters()], [n for n, _ in swa.named_buffers()])
opt = torch.optim.SGD(m.parameters(), lr=0.5, momentum=0.9)
sched = SWALR(opt, swa_lr=0.05, anneal_epochs=3)
print(sched.get_last_lr(), opt.param_groups[0]["swa_lr"])
for i in range(5):
    with torch.no_grad():
        m[0].weight.fill_(float(i))
        m[0].bias.fill_(2.0 * i)
    m.train()
    m(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    swa.update_parameters(m)
    opt.step()
    sched.step()
    print(i, swa.module[0].weight.tolist(), swa.module[0].bias.tolist(), swa.n_averaged.item(),
          [round(x, 6) for x in sched.get_last_lr()], [round(x, 4) for x in swa.module[1].running_mean.tolist()])
print(sorted(k for k in sched.state_dict().keys() if k != "anneal_func"))
opt2 = torch.optim.SGD(nn.Linear(1, 1).parameters(), lr=1.0)
lin = SWALR(opt2, swa_lr=0.1, anneal_epochs=2, anneal_strategy="linear")
seq = []
for i in range(4):
    opt2.step()
    lin.step()
    seq.append(round(lin.get_last_lr()[0], 6))
print(seq)
lin_m = nn.Linear(1, 1)
with torch.no_grad():
    lin_m.weight.fill_(0.0)
ema = AveragedModel(lin_m, multi_avg_fn=get_ema_multi_avg_fn(0.75))
ema2 = AveragedModel(lin_m, avg_fn=get_ema_avg_fn(0.75))
for v in [4.0, 8.0]:
    with torch.no_grad():
        lin_m.weight.fill_(v)
    ema.update_parameters(lin_m)
    ema2.update_parameters(lin_m)
    print(ema.module.weight.item(), ema2.module.weight.item())
for f in [lambda: SWALR(opt2, 0.1, anneal_strategy="exp"), lambda: SWALR(opt2, 0.1, anneal_epochs=-1),
          lambda: SWALR(opt2, [0.1, 0.2])]:
    try:
        f()
    except ValueError as e:
        print(type(e).__name__, e)
