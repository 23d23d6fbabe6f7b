# badinput: a compiled function returning a dict of tensors and Python values
# expect-exit: 0
# expect-stdout: tensor([2.]) 3 tensor([2.]) str
import torch
@torch.compile
def f(x):
    return {'a': x + 1, 'b': 3, 'c': [x * 2, 'str']}
r = f(torch.ones(1))
print(r['a'], r['b'], r['c'][0], r['c'][1])
