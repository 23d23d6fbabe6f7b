import torch
# Window functions: periodic and symmetric forms, parameters, dtypes, the empty and one-point
# windows, and the negative-length error.

for n in (1, 2, 5, 8):
    print(n, torch.hann_window(n), torch.hann_window(n, periodic=False))
print(torch.hamming_window(6), torch.hamming_window(6, False, alpha=0.5, beta=0.4))
print(torch.blackman_window(7), torch.blackman_window(7, periodic=False))
print(torch.bartlett_window(5), torch.bartlett_window(6, periodic=False))
print(torch.kaiser_window(6), torch.kaiser_window(5, False, beta=5.0))
print(torch.kaiser_window(4, dtype=torch.float64))
print(torch.hann_window(4, dtype=torch.float64), torch.hann_window(0), torch.hann_window(3, requires_grad=True))
for fn in (torch.hann_window, torch.hamming_window, torch.blackman_window, torch.bartlett_window, torch.kaiser_window):
    try:
        fn(-2)
    except RuntimeError as e:
        print("RuntimeError:", e)
try:
    torch.hann_window(4, dtype=torch.int64)
except RuntimeError as e:
    print("RuntimeError:", e)
