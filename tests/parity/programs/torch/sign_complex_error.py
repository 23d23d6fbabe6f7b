# torch.sign / Tensor.sign / Tensor.sign_ refuse complex input (UnaryOps.cpp's check, pointing to
# torch.sgn), while torch.sgn accepts it.
import torch

z = torch.tensor([1 + 1j, -2j], dtype=torch.complex64)
for name, f in (('torch.sign', lambda: torch.sign(z)), ('Tensor.sign', lambda: z.sign()),
                ('torch.sgn', lambda: torch.sgn(z))):
    try:
        r = f()
        print(name, [(round(v.real, 4), round(v.imag, 4)) for v in r.tolist()])
    except RuntimeError as e:
        print(name, 'RuntimeError:', e)
