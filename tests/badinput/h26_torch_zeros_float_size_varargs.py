# badinput: torch.zeros(n / 2, 3) with a float first size: no signature of zeros takes it, so the parser lists both (PyTorch 2.11's text)
# expect-exit: 1
# expect-stderr:  * (tuple of ints size, *, Tensor out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, bool requires_grad = False)
import torch
n = 5
torch.zeros(n / 2, 3)
