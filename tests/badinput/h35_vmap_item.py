# badinput: vmap of a function returning a Python float
# expect-exit: 1
# expect-stderr: ValueError: vmap(<lambda>, ...): `<lambda>` must only return Tensors, got type <class 'float'>. Did you mean to set out_dims= to None for output?
import torch
torch.vmap(lambda x: x.item())(torch.ones(2))
