# badinput: topk with k over the size
# expect-exit: 1
# expect-stderr: RuntimeError: selected index k out of range
import torch
torch.topk(torch.ones(3), 5)
