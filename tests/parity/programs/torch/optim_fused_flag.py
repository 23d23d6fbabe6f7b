# fused=True on the CPU (PyTorch 2.11 has fused CPU kernels for SGD, Adam, AdamW and Adagrad, used by
# LLMs-from-scratch's training-speed scripts: AdamW(..., fused=True)): the optimizer runs, keeps
# fused in its defaults and param_groups, and rejects fused with foreach or differentiable.
import torch

torch.manual_seed(0)
for ctor in (torch.optim.SGD, torch.optim.Adam, torch.optim.AdamW, torch.optim.Adagrad):
    w = torch.nn.Parameter(torch.randn(4))
    kw = dict(momentum=0.9) if ctor is torch.optim.SGD else {}
    opt = ctor([w], lr=0.1, fused=True, **kw)
    for _ in range(3):
        opt.zero_grad()
        (w * w).sum().backward()
        opt.step()
    print(ctor.__name__, opt.defaults["fused"], opt.param_groups[0]["fused"], [round(x, 4) for x in w.tolist()])
    for bad in (dict(foreach=True), dict(differentiable=True)):
        try:
            ctor([w], lr=0.1, fused=True, **bad)
            print("  accepted", bad)
        except RuntimeError as e:
            print("  RuntimeError:", e)
opt = torch.optim.AdamW([torch.nn.Parameter(torch.ones(2))], lr=1e-3, fused=False, foreach=True)
print(opt.defaults["fused"], opt.defaults["foreach"])
