# badinput: PyTorch misuse: nll float target
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Float
import torch
loss = torch.nn.functional.nll_loss(torch.zeros(3, 5), torch.tensor([1.0, 2.0, 0.0]))
