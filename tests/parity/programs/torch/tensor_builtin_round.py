# Python's round() of a tensor: PyTorch's Tensor defines no __round__, so round(t) and round(t, n)
# raise builtin round's TypeError and hasattr(t, "__round__") is False (fairseq's safe_round checks
# that before using .item()); torch.round / Tensor.round(decimals=) and round(t.item(), n) work.
import torch

t = torch.tensor(2.5678)
for args in ((t,), (t, 2), (torch.tensor([1.25, 2.5]), 1)):
    try:
        round(*args)
    except TypeError as e:
        print("TypeError:", e)
print(hasattr(t, "__round__"), hasattr(torch.Tensor, "__round__"))
print(t.round(decimals=2), torch.round(t), round(t.item(), 2), round(torch.tensor(3).item()))


def safe_round(number, ndigits):
    if hasattr(number, "__round__"):
        return round(number, ndigits)
    elif torch.is_tensor(number) and number.numel() == 1:
        return safe_round(number.item(), ndigits)
    return number


print(safe_round(t, 3), safe_round(torch.tensor([0.123456]), 2), safe_round(1.23456, 1))
