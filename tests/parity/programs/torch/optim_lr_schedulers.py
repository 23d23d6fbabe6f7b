import torch
import math

# The lr_scheduler classes: the lr after each step (optimizer.step() first), get_last_lr(),
# state_dict keys, momentum cycling, and resuming a schedule from a state_dict.
w = torch.zeros(2, requires_grad=True)
S = torch.optim.lr_scheduler

def run(name, make, n, metrics=None, opt_cls=torch.optim.SGD, **opt_kw):
    opt = opt_cls([w], lr=0.1, **opt_kw)
    s = make(opt)
    seq = [opt.param_groups[0]["lr"]]
    for i in range(n):
        opt.step()
        if metrics is None:
            s.step()
        else:
            s.step(metrics[i])
        seq.append(opt.param_groups[0]["lr"])
    print(name, [round(x, 8) for x in seq], [round(x, 8) for x in s.get_last_lr()])
    return s, opt

run("StepLR", lambda o: S.StepLR(o, step_size=3, gamma=0.5), 10)
run("MultiStepLR", lambda o: S.MultiStepLR(o, milestones=[2, 5, 5], gamma=0.1), 7)
run("ExponentialLR", lambda o: S.ExponentialLR(o, gamma=0.9), 5)
run("CosineAnnealingLR", lambda o: S.CosineAnnealingLR(o, T_max=4, eta_min=0.01), 12)
run("CosineAnnealingWarmRestarts", lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2), 15)
run("LambdaLR", lambda o: S.LambdaLR(o, lambda e: 0.95 ** e), 5)
run("MultiplicativeLR", lambda o: S.MultiplicativeLR(o, lambda e: 0.5 if e % 2 else 1.0), 6)
run("LinearLR", lambda o: S.LinearLR(o, start_factor=0.25, total_iters=4), 6)
run("ConstantLR", lambda o: S.ConstantLR(o, factor=0.5, total_iters=3), 5)
run("PolynomialLR", lambda o: S.PolynomialLR(o, total_iters=4, power=2.0), 6)
s, opt = run("OneCycleLR", lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=10), 9, momentum=0.9)
print(" momentum", round(opt.param_groups[0]["momentum"], 8), sorted(k for k in opt.param_groups[0] if "lr" in k or "mom" in k))
run("OneCycleLR3", lambda o: S.OneCycleLR(o, max_lr=0.5, epochs=2, steps_per_epoch=5, three_phase=True,
                                           anneal_strategy="linear"), 9, opt_cls=torch.optim.Adam)
s, opt = run("CyclicLR", lambda o: S.CyclicLR(o, base_lr=0.01, max_lr=0.1, step_size_up=2, step_size_down=3), 11,
             momentum=0.9)
print(" momentum", round(opt.param_groups[0]["momentum"], 8))
run("CyclicLR2", lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode="triangular2", cycle_momentum=False), 12)
run("CyclicLRexp", lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode="exp_range", gamma=0.9,
                                         cycle_momentum=False), 8)
run("ReduceLROnPlateau", lambda o: S.ReduceLROnPlateau(o, patience=1, cooldown=1), 10,
    metrics=[1.0, 0.9, 0.95, 0.95, 0.95, 0.95, 0.8, 0.85, 0.85, 0.85])
run("ReduceLROnPlateauMax", lambda o: S.ReduceLROnPlateau(o, mode="max", factor=0.5, patience=0,
                                                          threshold=0.1, threshold_mode="abs", min_lr=0.02), 6,
    metrics=[1.0, 1.05, 1.2, 1.2, 1.25, 1.5])
run("SequentialLR", lambda o: S.SequentialLR(o, [S.LinearLR(o, start_factor=0.5, total_iters=2),
                                                  S.ExponentialLR(o, gamma=0.9)], milestones=[3]), 7)
run("ChainedScheduler", lambda o: S.ChainedScheduler([S.ConstantLR(o, factor=0.5, total_iters=2),
                                                      S.ExponentialLR(o, gamma=0.9)]), 5)

opt = torch.optim.SGD([w], lr=0.1)
s = S.StepLR(opt, step_size=2, gamma=0.5)
print(s.state_dict())
for i in range(3):
    opt.step()
    s.step()
sd = s.state_dict()
s2 = S.StepLR(opt, step_size=2, gamma=0.5)
s2.load_state_dict(sd)
for i in range(3):
    opt.step()
    s2.step()
print(s2.last_epoch, s2.get_last_lr(), opt.param_groups[0]["initial_lr"])
print(sorted(S.OneCycleLR(torch.optim.SGD([w], lr=0.1), max_lr=1.0, total_steps=5).state_dict().keys()))
print(S.ReduceLROnPlateau(torch.optim.SGD([w], lr=0.1)).state_dict())
print(opt)
