# badinput: t topk negative (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: selected index k out of range
import torch
torch.ones(3).topk(-1)
