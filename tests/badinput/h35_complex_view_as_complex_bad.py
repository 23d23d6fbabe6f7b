# badinput: view_as_complex of a tensor whose last dim is not 2
# expect-exit: 1
# expect-stderr: RuntimeError: Tensor must have a last dimension of size 2
import torch
torch.view_as_complex(torch.ones(3))
