# badinput: clip grad nan
# expect-exit: 1
# expect-stderr: RuntimeError: The total norm of order 2.0 for gradients from `parameters` is non-finite, so it cannot be clipped. To disable this error and scale the gradients by the non-finite norm anyway, set `error_if_nonfinite=False`
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 1)
m(torch.tensor([[float("nan"), 1.0]])).sum().backward()
torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0, error_if_nonfinite=True)
