import torch

# The new optimizers' printed form, defaults, param groups and constructor errors.
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for name in ["RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam", "ASGD", "Rprop", "LBFGS"]:
    cls = getattr(torch.optim, name)
    opt = cls([w])
    print(opt)
    print(sorted(opt.defaults.items()))
    print(cls.__module__, type(opt).__name__, isinstance(opt, torch.optim.Optimizer))

opt = torch.optim.RMSprop([{"params": [w]}, {"params": [b], "lr": 0.5, "momentum": 0.25}], lr=0.1)
print(opt)
opt.param_groups[1]["alpha"] = 0.5
print(opt.param_groups[1]["alpha"], len(opt.param_groups))
print(torch.optim.Adagrad([w], lr=1).state[w])

bad = [("RMSprop", dict(lr=-1.0)), ("RMSprop", dict(eps=-1e-3)), ("RMSprop", dict(momentum=-1)),
       ("RMSprop", dict(weight_decay=-0.5)), ("RMSprop", dict(alpha=-0.5)),
       ("Adagrad", dict(lr_decay=-1)), ("Adagrad", dict(initial_accumulator_value=-2.5)),
       ("Adagrad", dict(eps=-1)), ("Adadelta", dict(rho=1.5)), ("Adadelta", dict(lr=-2)),
       ("Adamax", dict(betas=(1.0, 0.5))), ("Adamax", dict(betas=(0.5, -0.25))),
       ("NAdam", dict(momentum_decay=-0.5)), ("RAdam", dict(eps=-1.0)), ("ASGD", dict(weight_decay=-1)),
       ("Rprop", dict(etas=(1.5, 2.0))), ("Rprop", dict(etas=(0.5, 0.75))), ("Rprop", dict(lr=-0.5))]
for name, kw in bad:
    try:
        getattr(torch.optim, name)([w], **kw)
        print(name, kw, "no error")
    except ValueError as e:
        print(name, kw, type(e).__name__, e)
try:
    torch.optim.LBFGS([{"params": [w]}, {"params": [b]}])
except ValueError as e:
    print("LBFGS", e)
