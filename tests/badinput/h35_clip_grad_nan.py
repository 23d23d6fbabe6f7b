# badinput: torch.nn / utils misuse: clip grad nan
# expect-exit: 1
# expect-stderr: RuntimeError: The total norm of order 2.0 for gradients from `parameters` is non-finite, so it cannot be clipped. To disable this error and scale the gradients by the non-finite norm anyway, set `error_if_nonfinite=False`
import torch
p = torch.nn.Parameter(torch.ones(2))
p.grad = torch.tensor([float('nan'), 1.0])
torch.nn.utils.clip_grad_norm_([p], 1.0, error_if_nonfinite=True)
