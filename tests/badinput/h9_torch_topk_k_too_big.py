# badinput: topk with k past the dim size
# expect-exit: 1
# expect-stderr: RuntimeError: selected index k out of range
import torch
torch.ones(4).topk(5)
