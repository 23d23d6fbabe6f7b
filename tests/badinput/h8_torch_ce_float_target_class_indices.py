# badinput: PyTorch misuse: ce float target class indices
# expect-exit: 1
# expect-stderr: RuntimeError: expected scalar type Long but found Float
import torch
loss = torch.nn.functional.cross_entropy(torch.zeros(3, 5), torch.tensor([1.0, 2.0, 0.0]))
