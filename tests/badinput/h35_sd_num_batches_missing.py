# badinput: a BatchNorm state_dict (version 2 metadata) without num_batches_tracked
# expect-exit: 1
# expect-stderr: Missing key(s) in state_dict: "num_batches_tracked".
import torch
m = torch.nn.BatchNorm1d(3)
sd = m.state_dict()
del sd["num_batches_tracked"]
m.load_state_dict(sd)
print("ok")
