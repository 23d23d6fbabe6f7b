# badinput: index_add_ with a double source into a float tensor
# expect-exit: 1
# expect-stderr: RuntimeError: index_add_(): self (Float) and source (Double) must have the same scalar type
import torch
torch.zeros(3).index_add_(0, torch.tensor([0]), torch.ones(1, dtype=torch.float64))
