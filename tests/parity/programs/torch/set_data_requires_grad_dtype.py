# Assigning .data of a tensor that requires grad keeps a differentiable dtype, as PyTorch's
# VariableHooks::set_data checks: Conv-TasNet's integer self-test
# (`encoder.conv1d_U.weight.data = torch.randint(2, size)`) raises "data set to a tensor that requires
# gradients must be floating point or complex dtype" and leaves the parameter unchanged; a tensor
# without requires_grad takes any dtype, and floating/complex data changes dtype and shape freely.
import torch

torch.manual_seed(0)
conv = torch.nn.Conv1d(4, 3, kernel_size=1, bias=False)
before = conv.weight.detach().clone()
try:
    conv.weight.data = torch.randint(2, conv.weight.size())
except RuntimeError as e:
    print('RuntimeError:', e)
print(conv.weight.dtype, torch.equal(conv.weight.detach(), before))
for bad in (torch.tensor([1, 2]), torch.tensor([True, False]), torch.tensor([1], dtype=torch.uint8)):
    w = torch.zeros(2, requires_grad=True)
    try:
        w.data = bad
        print('accepted', bad.dtype)
    except RuntimeError as e:
        print(bad.dtype, 'RuntimeError')
w = torch.zeros(2, requires_grad=True)
w.data = torch.ones(3, dtype=torch.float64)
print(w.dtype, w.shape, w.requires_grad)
w.data = torch.ones(2, dtype=torch.complex64)
print(w.dtype, w.requires_grad)
plain = torch.zeros(2)
plain.data = torch.tensor([5, 6])
print(plain.dtype, plain.tolist())
p = torch.nn.Parameter(torch.zeros(2), requires_grad=False)
p.data = torch.tensor([7, 8])
print(p.dtype, p.requires_grad, p.tolist())
