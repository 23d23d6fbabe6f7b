# badinput: assigning .grad a tensor of another dtype: PyTorch 2.11's grad_dtype message (checked on the H200)
# expect-exit: 1
# expect-stderr: RuntimeError: attempting to assign a gradient with dtype 'long int' to a tensor with grad_dtype 'Float'. The gradient must match the tensor's grad_dtype (defaults to the tensor's dtype). You can set the tensor's grad_dtype attribute with a specific dtype, or None to allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a tensor and its gradient may break downstream systems that assume they match.
import torch
x = torch.ones(3, requires_grad=True)
x.grad = torch.zeros(3, dtype=torch.long)
