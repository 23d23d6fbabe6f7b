# badinput: inf clamp ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: tensor([ 1., -1.])
import torch
print(torch.tensor([1.0, -1.0]).clamp(min=float("-inf"), max=float("inf")))
