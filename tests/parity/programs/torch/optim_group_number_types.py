# Param-group options set to numbers that are not Python floats: NumPy scalars (schedulers written
# with NumPy, e.g. DINOv2's CosineScheduler: `g["lr"] = lr_schedule[it]`). Each must take effect at the
# next step, as PyTorch's optimizers compute with them.
import numpy as np
import torch


for value in [np.float64(0.0), np.float32(0.25), np.int64(0)]:
    p = torch.nn.Parameter(torch.ones(3))
    for opt in [torch.optim.SGD([p], lr=1.0), torch.optim.AdamW([p], lr=1e-3, weight_decay=0.04),
                torch.optim.Adam([p], lr=1e-2, betas=(np.float64(0.8), 0.99))]:
        for g in opt.param_groups:
            g["lr"] = value
        p.grad = torch.full((3,), 2.0)
        opt.step()
        print(type(value).__name__, type(opt).__name__, [round(x, 6) for x in p.tolist()])
sched = np.linspace(0.0, 1e-3, 4)
p = torch.nn.Parameter(torch.ones(2))
opt = torch.optim.AdamW([p], lr=1.0)
for it in range(4):
    opt.param_groups[0]["lr"] = sched[it]
    p.grad = torch.tensor([1.0, -1.0])
    opt.step()
    print(it, [round(x, 7) for x in p.tolist()], type(opt.param_groups[0]["lr"]).__name__)
