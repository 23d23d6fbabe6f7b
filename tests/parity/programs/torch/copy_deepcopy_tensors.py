import torch
import copy

t = torch.tensor([1.0, 2.0, 3.0])
c = copy.deepcopy(t)
t[0] = 10.0
print(t, c, c.requires_grad)
w = torch.tensor([0.5, -0.5], requires_grad=True)
(w * 2).sum().backward()
w2 = copy.deepcopy(w)
print(w2, w2.requires_grad, w2.grad, w2.is_leaf)
p = torch.nn.Parameter(torch.ones(2))
p2 = copy.deepcopy(p)
print(type(p2).__name__, p2.requires_grad, torch.equal(p, p2), p2 is p)
sd = {'a': torch.zeros(2), 'b': [torch.ones(1)]}
sd2 = copy.deepcopy(sd)
sd['a'] += 1
print(sd2['a'], sd2['b'][0])
shared = torch.arange(3)
pair = copy.deepcopy([shared, shared])
print(pair[0] is pair[1], pair[0])
lin = torch.nn.Linear(2, 2)
state = copy.deepcopy(lin.state_dict())
with torch.no_grad():
    lin.weight.fill_(0.0)
print(sorted(state.keys()), float(state['weight'].abs().sum()) > 0, float(lin.weight.sum()))
y = w * 3
try:
    copy.deepcopy(y)
except RuntimeError as e:
    print('RuntimeError', str(e)[:60])
