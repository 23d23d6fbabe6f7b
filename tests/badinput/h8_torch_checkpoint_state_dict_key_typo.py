# badinput: PyTorch misuse: checkpoint state dict key typo
# expect-exit: 1
# expect-stderr: Unexpected key(s) in state_dict: "model", "epoch".
import torch
m = torch.nn.Linear(2, 2)
ck = {'model': m.state_dict(), 'epoch': 3}
m.load_state_dict(ck)
