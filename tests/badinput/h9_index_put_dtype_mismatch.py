# badinput: index_put_ with double values into a float tensor
# expect-exit: 1
# expect-stderr: RuntimeError: Index put requires the source and destination dtypes match, got Float for the destination and Double for the source.
import torch
torch.zeros(3).index_put_((torch.tensor([0]),), torch.ones(1, dtype=torch.float64))
