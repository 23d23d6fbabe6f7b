# badinput: torch API misuse: from numpy list
# expect-exit: 1
# expect-stderr: TypeError: expected np.ndarray (got list)
import torch
torch.from_numpy([1, 2])
