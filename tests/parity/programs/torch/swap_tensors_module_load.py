# torch.utils.swap_tensors and nn.Module's swap-based loading (the swap_tensors recipe): two tensors
# trade class, __dict__ and contents while each keeps its identity; with
# torch.__future__.set_swap_module_params_on_conversion(True), load_state_dict swaps the checkpoint's
# values into the existing Parameter objects (an optimizer holding them sees the new values).
import torch
import torch.nn as nn

a = torch.arange(3.0)
b = nn.Parameter(torch.ones(2, 2))
a.note = "from a"
ida, idb = id(a), id(b)
torch.utils.swap_tensors(a, b)
print(type(a).__name__, a.shape, a.requires_grad, id(a) == ida)
print(type(b).__name__, b.tolist(), b.requires_grad, id(b) == idb, b.note)

print(torch.__future__.get_swap_module_params_on_conversion())
torch.__future__.set_swap_module_params_on_conversion(True)
torch.manual_seed(0)
m = nn.Linear(3, 2)
opt = torch.optim.SGD(m.parameters(), lr=0.1)
weight_obj = m.weight
sd = {"weight": torch.full((2, 3), 0.5), "bias": torch.tensor([1.0, -1.0])}
print(m.load_state_dict(sd))
print(m.weight is weight_obj, type(m.weight).__name__, m.weight.requires_grad)
print(m.weight.tolist(), m.bias.tolist())
print(opt.param_groups[0]["params"][0] is m.weight, opt.param_groups[0]["params"][0].tolist())
m(torch.ones(1, 3)).sum().backward()
opt.step()
print(m.weight.tolist())
torch.__future__.set_swap_module_params_on_conversion(False)
