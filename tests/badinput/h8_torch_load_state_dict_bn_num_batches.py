# badinput: PyTorch misuse: load state dict bn num batches
# expect-exit: 1
# expect-stderr: Missing key(s) in state_dict: "num_batches_tracked".
import torch
bn = torch.nn.BatchNorm1d(2)
sd = bn.state_dict()
del sd['num_batches_tracked']
print(bn.load_state_dict(sd))
del sd['running_var']
bn.load_state_dict(sd)
