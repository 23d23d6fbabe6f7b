# badinput: nan topk ok (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: tensor([nan])
import torch
print(torch.tensor([1.0, float("nan"), 2.0]).topk(1).values)
