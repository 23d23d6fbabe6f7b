# badinput: register_post_accumulate_grad_hook on a non-leaf
# expect-exit: 1
# expect-stderr: RuntimeError: post accumulate grad hooks cannot be registered on non-leaf tensors
import torch
x = torch.ones(2, requires_grad=True) * 2
x.register_post_accumulate_grad_hook(lambda t: None)
