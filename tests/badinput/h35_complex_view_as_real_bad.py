# badinput: view_as_real of a real tensor
# expect-exit: 1
# expect-stderr: RuntimeError: view_as_real is only supported for complex tensors
import torch
torch.view_as_real(torch.ones(3))
