# badinput: torch.func.grad of a non-scalar function
# expect-exit: 1
# expect-stderr: RuntimeError: grad_and_value(f)(*args): Expected f(*args) to return a scalar Tensor, got tensor with 1 dims. Maybe you wanted to use the vjp or jacrev APIs instead?
import torch
torch.func.grad(lambda x: x * 2)(torch.ones(2))
