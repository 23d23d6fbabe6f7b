# badinput: a full backward hook returning too many grad_inputs
# expect-exit: 1
# expect-stderr: RuntimeError: Backward hook returned an invalid number of grad_input, got 2, but expected 1
import torch
m = torch.nn.Linear(2, 2)
m.register_full_backward_hook(lambda mod, gi, go: (gi[0], gi[0]))
m(torch.ones(2, requires_grad=True)).sum().backward()
