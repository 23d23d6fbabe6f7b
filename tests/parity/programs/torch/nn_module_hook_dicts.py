import torch
import torch.nn as nn
from collections import OrderedDict
# nn.Module's hook tables as PyTorch keeps them: every module has the OrderedDicts _forward_hooks,
# _forward_pre_hooks, _backward_hooks, _backward_pre_hooks, the state-dict hook dicts and
# _is_full_backward_hook from construction; register_*_hook handles are their keys, and code that
# inspects (len, items, `in`) or clears them changes which hooks run.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.act(self.fc(x))


m = Net()
names = ["_forward_hooks", "_forward_hooks_with_kwargs", "_forward_hooks_always_called", "_forward_pre_hooks",
         "_forward_pre_hooks_with_kwargs", "_backward_hooks", "_backward_pre_hooks", "_state_dict_hooks",
         "_state_dict_pre_hooks", "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks"]
for n in names:
    d = getattr(m.fc, n)
    print(n, type(d).__name__, isinstance(d, OrderedDict), len(d), d)
print(m._is_full_backward_hook, m.act._is_full_backward_hook)

calls = []
h1 = m.register_forward_hook(lambda mod, inp, out: calls.append("fwd " + type(mod).__name__))
h2 = m.fc.register_forward_pre_hook(lambda mod, inp: calls.append("pre fc"))
h3 = m.act.register_forward_hook(lambda mod, inp, out: calls.append("fwd act"), with_kwargs=False)
h4 = m.register_forward_pre_hook(lambda mod, args, kwargs: calls.append("pre kw"), with_kwargs=True)
print(len(m._forward_hooks), list(m._forward_hooks) == [h1.id], h1.id in m._forward_hooks)
print(len(m._forward_pre_hooks), list(m._forward_pre_hooks_with_kwargs) == [h4.id], len(m.fc._forward_pre_hooks))
print([k == h2.id for k in m.fc._forward_pre_hooks.keys()], callable(m.act._forward_hooks[h3.id]))
x = torch.linspace(-1, 1, 6).reshape(2, 3)
m(x)
print(calls)

calls.clear()
m._forward_hooks.clear()
m(x)
print(calls, len(m._forward_hooks))

calls.clear()
h1.remove()  # already gone from the cleared dict: removing again is fine
h3.remove()
for mod in m.modules():
    for hid in list(mod._forward_pre_hooks):
        del mod._forward_pre_hooks[hid]
m(x)
print(calls, len(m.act._forward_hooks), len(m._forward_pre_hooks))

total = sum(len(mod._forward_hooks) + len(mod._forward_pre_hooks) for mod in m.modules())
print("hooks left", total)

m.fc.register_full_backward_hook(lambda mod, gi, go: calls.append(("bw", [None if g is None else tuple(g.shape) for g in gi])))
print(m.fc._is_full_backward_hook, len(m.fc._backward_hooks))
m(x.clone().requires_grad_(True)).sum().backward()
print(calls[-1])
m.fc._backward_hooks.clear()
calls.clear()
m(x.clone().requires_grad_(True)).sum().backward()
print(calls)
