# Python attributes on tensors and subclass instances held only by modules and optimizers: the
# object read back (module attribute, parameters(), param_groups) keeps its class and attributes
# (PyTorch's PyObject preservation), the way weight-decay tagging and sharding code marks parameters;
# copy.deepcopy of Parameter subclasses and of modules holding them.
import copy

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
for name, p in model.named_parameters():
    p.no_decay = name.endswith("bias")
print([(n, p.no_decay) for n, p in model.named_parameters()])
decay = [p for p in model.parameters() if not p.no_decay]
no_decay = [p for p in model.parameters() if p.no_decay]
opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01}, {"params": no_decay, "weight_decay": 0.0}], lr=0.1)
print([[tuple(p.shape) for p in g["params"]] for g in opt.param_groups])
print([p.no_decay for g in opt.param_groups for p in g["params"]])
model[0].weight.sharded = True
print(getattr(model[0].weight, "sharded", None), getattr(model[2].weight, "sharded", None))


class TaggedParam(nn.Parameter):
    pass


model[2].weight = TaggedParam(torch.ones(2, 4))
model[2].weight.role = "head"
print(type(model[2].weight).__name__, model[2].weight.role)
print([type(p).__name__ for p in model.parameters()])
clone = copy.deepcopy(model)
print(type(clone[2].weight).__name__, clone[2].weight is model[2].weight, clone[2].weight.requires_grad)
print(torch.equal(clone[2].weight, model[2].weight))
loss = model(torch.randn(5, 3)).sum()
loss.backward()
opt.step()
print(type(model[2].weight).__name__, model[2].weight.role, round(model[2].weight.grad.sum().item(), 4))
