# badinput: PyTorch misuse: load state dict missing and unexpected
# expect-exit: 1
# expect-stderr: Unexpected key(s) in state_dict: "bias_".
import torch
m = torch.nn.Linear(2, 2)
m.load_state_dict({'weight': torch.zeros(2, 2), 'bias_': torch.zeros(2)})
