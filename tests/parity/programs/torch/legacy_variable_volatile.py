# The legacy autograd.Variable constructor as 0.3-era RL and seq2seq notebooks call it (probe 35:
# higgsfield/RL-Adventure): `Variable(x, volatile=True)` only warns now ("volatile was removed and
# now has no effect"), attributed to the caller's line; volatile together with requires_grad is a
# ValueError; the result is a detached alias of the data; the usual notebook shim
# `Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs)` passes the keyword through;
# .volatile on a tensor reads False with its own warning.
import warnings

import torch
import torch.autograd as autograd

x = torch.arange(4.0, requires_grad=True)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    v = autograd.Variable(x * 2, volatile=True)
    line = v.requires_grad, v.grad_fn is None, v.tolist()
print(line)
for w in caught:
    print(type(w.message).__name__, str(w.message), w.filename == __file__)

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    v = autograd.Variable(x, volatile=False)
    v2 = autograd.Variable(x, requires_grad=True)
print(len(caught), v.requires_grad, v2.requires_grad, v2.is_leaf, x.requires_grad)

try:
    autograd.Variable(x, requires_grad=True, volatile=True)
except ValueError as e:
    print("ValueError:", e)

Variable = lambda *args, **kwargs: autograd.Variable(*args, **kwargs)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    s = Variable(torch.FloatTensor([1.0, 2.0]).unsqueeze(0), volatile=True)
    q = torch.nn.Linear(2, 3)(s)
print(tuple(s.shape), q.requires_grad, len(caught))

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(x.volatile)
print([str(w.message) for w in caught])

# aliasing: the Variable shares data with its input
base = torch.zeros(3)
alias = autograd.Variable(base, volatile=True)
alias[1] = 5.0
print(base.tolist(), isinstance(alias, autograd.Variable), type(alias).__name__)
print(autograd.Variable().shape)
