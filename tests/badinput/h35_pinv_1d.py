# badinput: linalg.pinv of a vector
# expect-exit: 1
# expect-stderr: The input tensor A must have at least 2 dimensions.
import torch
torch.linalg.pinv(torch.ones(3))
