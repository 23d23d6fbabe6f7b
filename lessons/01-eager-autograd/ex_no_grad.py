import torch

w = torch.tensor([1.0, -2.0], requires_grad=True)
x = torch.tensor([3.0, 4.0])

# The exercise: evaluating the model here is only for a report, so autograd should
# record nothing. Make `report` come out without a grad_fn.
report = (w * x).sum()
print("recorded:", report.grad_fn is not None)
print("value:", report.item())
