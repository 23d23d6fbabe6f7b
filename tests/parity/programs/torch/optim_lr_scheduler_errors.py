import torch

# lr_scheduler constructor errors, user subclasses of LRScheduler, and step(epoch) closed forms.
w = torch.zeros(1, requires_grad=True)
S = torch.optim.lr_scheduler
opt = torch.optim.SGD([w], lr=0.1)
cases = [
    lambda: S.StepLR(3, 2),
    lambda: S.ConstantLR(opt, factor=2),
    lambda: S.LinearLR(opt, start_factor=0),
    lambda: S.LinearLR(opt, end_factor=1.5),
    lambda: S.ReduceLROnPlateau(opt, factor=1.5),
    lambda: S.ReduceLROnPlateau(opt, mode="up"),
    lambda: S.ReduceLROnPlateau(opt, threshold_mode="x"),
    lambda: S.ReduceLROnPlateau(opt, min_lr=[0.1, 0.2]),
    lambda: S.CosineAnnealingWarmRestarts(opt, T_0=0),
    lambda: S.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=0),
    lambda: S.OneCycleLR(opt, max_lr=1.0),
    lambda: S.OneCycleLR(opt, max_lr=1.0, total_steps=0),
    lambda: S.OneCycleLR(opt, max_lr=1.0, total_steps=5, pct_start=2.0),
    lambda: S.OneCycleLR(opt, max_lr=1.0, total_steps=5, anneal_strategy="sine"),
    lambda: S.OneCycleLR(opt, max_lr=[1.0, 2.0], total_steps=5),
    lambda: S.CyclicLR(torch.optim.SGD([w], lr=0.1), 0.01, 0.1, mode="sine"),
    lambda: S.LambdaLR(opt, [lambda e: 1, lambda e: 2]),
    lambda: S.MultiplicativeLR(opt, 3),
    lambda: S.StepLR(torch.optim.SGD([w], lr=0.1), 2, last_epoch=3),
    lambda: S.SequentialLR(opt, [], milestones=[]),
    lambda: S.SequentialLR(opt, [S.StepLR(opt, 2)], milestones=[1]),
    lambda: S.ChainedScheduler([]),
]
for i, make in enumerate(cases):
    try:
        make()
        print(i, "no error")
    except (TypeError, ValueError, KeyError) as e:
        print(i, type(e).__name__, str(e)[:100])

o = torch.optim.SGD([w], lr=0.1)
s = S.OneCycleLR(o, max_lr=1.0, total_steps=3)
try:
    for i in range(4):
        o.step()
        s.step()
except ValueError as e:
    print(type(e).__name__, e)

class WarmUp(S.LRScheduler):
    def __init__(self, optimizer, warm, last_epoch=-1):
        self.warm = warm
        super().__init__(optimizer, last_epoch)
    def get_lr(self):
        f = min(1.0, (self.last_epoch + 1) / self.warm)
        return [b * f for b in self.base_lrs]
o = torch.optim.SGD([w], lr=0.2)
s = WarmUp(o, 4)
seq = []
for i in range(6):
    o.step()
    s.step()
    seq.append(round(s.get_last_lr()[0], 6))
print(seq, list(s.state_dict().keys()))

o = torch.optim.SGD([w], lr=0.1)
s = S.StepLR(o, step_size=2, gamma=0.5)
for e in [5, 1, 8]:
    s.step(e)
    print(e, s.get_last_lr(), s.last_epoch)
s = S.CosineAnnealingWarmRestarts(torch.optim.SGD([w], lr=0.1), T_0=2, T_mult=2)
for e in [0.5, 1.5, 3, 7.25]:
    s.step(e)
    print(e, [round(x, 8) for x in s.get_last_lr()], s.T_i, s.T_cur)
