# A Python number where torch.add/sub/mul/div (and subtract, multiply, divide, true_divide,
# floor_divide) take their Tensor `input`: PyTorch's argument parser binds it as a wrapped-number 0-dim
# tensor (should_allow_numbers_as_tensors), so the other operand's dtype wins. TabNet's decoder starts
# its sum at `res = 0` and writes `res = torch.add(res, x)`. Other functions still refuse a number.
import torch

x = torch.ones(2, 3) * 0.5
res = 0
for k in range(3):
    res = torch.add(res, x * k)
print(res)
i = torch.tensor([1, 2, 3])
print(torch.add(0, i), torch.add(2.5, i), torch.add(True, i), torch.add(1, 2), torch.add(1, 2.0))
print(torch.sub(1, x)[0], torch.subtract(10, i), torch.mul(3, i), torch.multiply(0.5, i))
print(torch.div(1, i), torch.divide(7, i, rounding_mode="floor"), torch.true_divide(1, i), torch.floor_divide(7, i))
print(torch.add(1, i, alpha=2), torch.add(input=1, other=x[0], alpha=3), torch.sub(5, i, alpha=2))
y = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.mul(2, y).sum()
z.backward()
print(y.grad, torch.add(0, y).grad_fn is not None)
h = torch.ones(2, dtype=torch.float16)
print(torch.add(1e-4, h).dtype, torch.mul(3, torch.ones(2, dtype=torch.uint8)).dtype)
for f, a in ((torch.maximum, 1), (torch.atan2, 2.0)):
    try:
        f(a, x)
    except TypeError as e:
        print("TypeError:", str(e).splitlines()[0])
