import torch
import torch.nn as nn

# nn.init.orthogonal_ (values from the seeded normal draw, rounded), eye_, dirac_, and
# nn.utils.parameters_to_vector / vector_to_parameters.
torch.manual_seed(0)
for shape in [(4, 3), (3, 4), (2, 2, 2, 2)]:
    w = nn.init.orthogonal_(torch.empty(shape))
    print(shape, [round(v, 4) for v in w.reshape(-1).tolist()])
torch.manual_seed(1)
c = nn.Conv2d(2, 4, 3)
nn.init.orthogonal_(c.weight, nn.init.calculate_gain("relu"))
m = c.weight.reshape(4, -1)
print(round(sum((m @ m.t())[i, i].item() for i in range(4)), 4), [round(v, 4) for v in c.weight[0, 0].reshape(-1).tolist()])
print(nn.init.eye_(torch.empty(3, 2)))
print(nn.init.dirac_(torch.empty(2, 2, 3, 3))[:, :, 1, 1])
print(nn.init.dirac_(torch.empty(4, 1, 3), groups=2)[:, 0])
lin = nn.Linear(3, 2)
v = nn.utils.parameters_to_vector(lin.parameters())
print(v.shape, type(v.grad_fn).__name__)
nn.utils.vector_to_parameters(torch.arange(8.0), lin.parameters())
print(lin.weight, lin.bias)
for f in [lambda: nn.init.orthogonal_(torch.empty(3)), lambda: nn.init.eye_(torch.empty(2, 2, 2)),
          lambda: nn.init.dirac_(torch.empty(2, 2)), lambda: nn.utils.vector_to_parameters([1.0], lin.parameters())]:
    try:
        f()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
