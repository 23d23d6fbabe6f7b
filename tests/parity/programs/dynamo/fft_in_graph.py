# torch.fft under torch.compile: each transform is one call_function node of the torch._C._fft builtin
# (PyTorch's torch.fft functions are C functions), so explain() counts one op per transform and the
# graph code calls torch._C._fft.fft_*; compiled results match eager, forward and backward (a spectral
# filter as GFNet / FNO layers write it: rfft2, a complex weight, irfft2 with norm='ortho').
import torch


def spectrum(x):
    return torch.fft.rfft(x).abs()


def spectral_filter(x, w):
    X = torch.fft.rfft2(x, dim=(1, 2), norm="ortho")
    X = X * torch.view_as_complex(w)
    return torch.fft.irfft2(X, s=(8, 8), dim=(1, 2), norm="ortho")


def shifted(x):
    return torch.fft.fftshift(torch.fft.fft(x, n=16), dim=-1).real


torch.manual_seed(0)
x = torch.randn(4, 8, 8)
w = torch.randn(8, 5, 2)
exp = torch._dynamo.explain(spectrum)(x)
print(exp.graph_count, exp.graph_break_count, exp.op_count)
exp.graphs[0].graph.print_tabular()
exp = torch._dynamo.explain(spectral_filter)(x, w)
print(exp.graph_count, exp.graph_break_count, exp.op_count)
print([(n.op, n.name) for n in exp.graphs[0].graph.nodes])
exp = torch._dynamo.explain(shifted)(x)
print(exp.graph_count, exp.graph_break_count, exp.op_count)


def show_code(gm, example_inputs):
    print(gm.code.strip())
    return gm.forward


torch._dynamo.reset()
print(torch.compile(spectral_filter, backend=show_code)(x, w).shape)

for backend in ("eager", "aot_eager"):
    torch._dynamo.reset()
    xr = x.clone().requires_grad_()
    wr = w.clone().requires_grad_()
    out = torch.compile(spectral_filter, backend=backend)(xr, wr)
    ref = spectral_filter(x, w)
    print(backend, torch.allclose(out, ref, atol=1e-5), out.shape, out.dtype)
    out.square().sum().backward()
    print(xr.grad.shape, round(xr.grad.abs().sum().item(), 2), round(wr.grad.abs().sum().item(), 2))
    print(torch.allclose(torch.compile(shifted, backend=backend)(x), shifted(x), atol=1e-5))
