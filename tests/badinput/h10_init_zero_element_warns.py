# badinput: nn.init on a zero-element tensor: PyTorch's warning, the tensor left as it is (silent before)
# expect-exit: 0
# expect-stdout: Initializing zero-element tensors is a no-op
import warnings
import torch
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    torch.nn.init.kaiming_normal_(torch.ones(0, 3))
print(w[0].message)
