# badinput: torch.full((2,)) without a fill value: full has two signatures, so the parser lists them (PyTorch 2.11)
# expect-exit: 1
# expect-stderr:  * (tuple of ints size, Number fill_value, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)
import torch
torch.full((2,))
