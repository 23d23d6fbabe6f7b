# Smaller pieces of the torch API real code calls: torch.nextafter, nn.init._calculate_correct_fan,
# nn.utils.skip_init, Module.register_state_dict_pre_hook, Tensor.register_post_accumulate_grad_hook,
# mvlgamma's grad_fn, the deprecated torch.range (inclusive end, with its warning).
import warnings

import torch
import torch.nn as nn

a = torch.tensor([0.0, 1.0, -1.0, 1.0], dtype=torch.float64)
b = torch.tensor([1.0, 2.0, -2.0, 0.0], dtype=torch.float64)
r = torch.nextafter(a, b)
print('nextafter64', [float.hex(v) for v in r.tolist()])
r32 = torch.nextafter(a.float(), b.float())
print('nextafter32', [float.hex(v) for v in r32.double().tolist()])
print('method', [float.hex(v) for v in torch.tensor([1.0]).nextafter(torch.tensor([0.0])).double().tolist()])

w = torch.empty(6, 4, 3, 3)
print('fan', nn.init._calculate_correct_fan(w, 'fan_in'), nn.init._calculate_correct_fan(w, 'fan_out'))
try:
    nn.init._calculate_correct_fan(w, 'fan_avg')
except ValueError as e:
    print('ValueError:', e)
print('fan in/out', nn.init._calculate_fan_in_and_fan_out(w))

lin = nn.utils.skip_init(nn.Linear, 3, 2, bias=False)
print('skip_init', type(lin).__name__, tuple(lin.weight.shape), lin.bias)


class NoDevice(nn.Module):
    def __init__(self):
        super().__init__()


for cls in (int, NoDevice):
    try:
        nn.utils.skip_init(cls)
    except RuntimeError as e:
        print('RuntimeError:', e)

m = nn.Linear(2, 2)
calls = []


def pre_hook(module, prefix, keep_vars):
    calls.append((type(module).__name__, prefix, keep_vars))


h = m.register_state_dict_pre_hook(pre_hook)
sd = m.state_dict()
print('pre hook', calls, list(sd.keys()))
outer = nn.Sequential(m)
outer.state_dict(keep_vars=True)
print('nested', calls[-1])
h.remove()
m.state_dict()
print('removed', len(calls))

p = torch.tensor([1.0, 2.0], requires_grad=True)
seen = []
p.register_post_accumulate_grad_hook(lambda t: seen.append(t.grad.tolist()))
(p * 3).sum().backward()
(p * p).sum().backward()
print('post accumulate', seen)

x = torch.tensor([[2.5, 3.0]], requires_grad=True)
y = torch.mvlgamma(x, 2)
print('mvlgamma', y.grad_fn.name(), ['%.6f' % v for v in y.tolist()[0]])
y.sum().backward()
print('mvlgamma grad', ['%.6f' % v for v in x.grad.tolist()[0]])

with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter('always')
    t = torch.range(1, 4)
    t2 = torch.range(0, 1, 0.25, dtype=torch.float64)
print('range', t.tolist(), t.dtype, t2.tolist())
print('warning', [str(w.message) for w in ws][:1], [w.category.__name__ for w in ws][:1])
