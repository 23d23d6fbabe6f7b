# badinput: del seq[1], ModuleList.pop, del ModuleDict[k]: the removed child is freed at once as in PyTorch (Kiln kept every constructor argument of a container alive as long as the container)
# expect-exit: 0
# expect-stdout: True True True True 2 1 1
import weakref
import torch.nn as nn
seq = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
r1 = weakref.ref(seq[1])
del seq[1]
ml = nn.ModuleList([nn.Linear(1, 1), nn.Tanh()])
r2 = weakref.ref(ml[0])
ml.pop(0)
md = nn.ModuleDict({'a': nn.ReLU(), 'b': nn.Tanh()})
r3 = weakref.ref(md['a'])
del md['a']
s2 = nn.Sequential(nn.ReLU(), nn.Tanh())
r4 = weakref.ref(s2[0])
del s2[0:1]
print(r1() is None, r2() is None, r3() is None, r4() is None, len(seq), len(ml), len(md))
