import torch
import torch.testing
# torch.testing.assert_close: default tolerances per dtype, attribute checks and mismatch messages.
torch.testing.assert_close(torch.tensor([1.0, 2.0]), torch.tensor([1.0, 2.0000001]))
print("ok1")
for a, e, kw in [(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 2.5, 3.0]), {}),
                 (torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 2], [3, 7]]), {}),
                 (torch.tensor([1.0]), torch.tensor([1.0, 2.0]), {}),
                 (torch.tensor([1.0]), torch.tensor([1.0], dtype=torch.float64), {}),
                 (1.0, 1.5, {}), (3, 4, {}),
                 (torch.tensor([1.0, 2.0]), torch.tensor([1.1, 2.0]), {"rtol": 0.0, "atol": 0.05}),
                 ([torch.ones(1), 2.0], [torch.ones(1), 2.0], {}),
                 (torch.tensor([True, False]), torch.tensor([True, True]), {})]:
    try:
        torch.testing.assert_close(a, e, **kw)
        print("passed")
    except Exception as ex:
        print(type(ex).__name__, ex)
