# badinput: a view made in inference_mode of a normal tensor requiring grad, changed in place outside it
# expect-exit: 1
# expect-stderr: RuntimeError: A view was created in inference mode and is being modified inplace in normal mode. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the inference_mode block
# expect-stdout: False True True None
import torch
a = torch.ones(2, 3, requires_grad=True).clone()
with torch.inference_mode():
    v = a.view(-1)
print(torch.is_inference(v), v.requires_grad, v.is_leaf, v.grad_fn)
v.add_(1)
