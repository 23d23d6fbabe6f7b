# Tensor.view(dtype): the same bytes read as another dtype (ATen's view_dtype). Equal element sizes keep
# the shape; a smaller one multiplies the last size (and the other strides, the offset), a larger one
# divides them. llm.c writes bfloat16 weights through t.view(torch.int16); the errors name the
# ScalarTypes; the result shares storage and is not differentiable.
import torch

x = torch.tensor([1.0, -2.0, 0.5, 3.25])
print(x.view(torch.int32))
h = x.view(torch.int16)
print(h, h.shape, h.stride())
print(h.view(torch.float32))
print(torch.tensor([[1.0, 2.5], [3.0, -4.0]], dtype=torch.bfloat16).view(torch.int16))
print(torch.tensor([1.0, 2.0], dtype=torch.float16).view(torch.int16))
y = torch.arange(16, dtype=torch.uint8).view(2, 8)
print(y.view(torch.int32), y.view(torch.int16).shape, y.view(torch.int16).stride())
print(y[:, 4:].view(torch.int32), y[:, 4:].view(torch.int32).storage_offset())
print(torch.tensor([True, False]).view(torch.uint8), torch.tensor([1, 0], dtype=torch.int8).view(torch.bool))
print(x.view(torch.float32) is x, x.view(torch.int32).data_ptr() == x.data_ptr())
v = x.view(torch.int32)
v[0] = 0
print(x)
w = torch.ones(3, requires_grad=True)
print(w.view(torch.int32).requires_grad, w.view(torch.int32).grad_fn)
print(torch.ones(2, 3).double().view(torch.float32).shape)
for bad in (lambda: torch.tensor(1.0).view(torch.int16), lambda: torch.ones(2, 3).t().view(torch.int16),
            lambda: torch.ones(3, dtype=torch.int16).view(torch.float32),
            lambda: torch.ones(8, dtype=torch.int16)[1:5].view(torch.int32),
            lambda: torch.ones(3, 4, dtype=torch.int16)[:, :2].view(torch.float64),
            lambda: torch.ones(3, 5, dtype=torch.int16)[:, :4].view(torch.int32)):
    try:
        bad()
    except RuntimeError as e:
        print(e)
