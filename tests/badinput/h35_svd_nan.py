# badinput: linalg.svd of a matrix holding NaN
# expect-exit: 1
# expect-stderr: linalg.svd: The algorithm failed to converge
import torch
print(torch.linalg.svd(torch.tensor([[float('nan'), 1.0], [1.0, 2.0]])).S)
