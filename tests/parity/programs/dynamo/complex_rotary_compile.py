import torch
# torch.compile over complex tensor code (rotary embedding in the LLaMA form and a complex
# product): results must match eager, whatever the backend does with the complex ops.
torch.manual_seed(0)


def rope(x, freqs_cis):
    xc = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    return torch.view_as_real(xc * freqs_cis).flatten(-2).type_as(x)


def cmul(a, b):
    z = torch.complex(a, b)
    w = z * z.conj() + 1j * z
    return w.real.sum() + w.imag.abs().sum()


freqs = torch.outer(torch.arange(4).float(), 1.0 / (10000.0 ** (torch.arange(0, 8, 2).float() / 8)))
freqs_cis = torch.polar(torch.ones_like(freqs), freqs)
x = torch.randn(4, 8)
eager = rope(x, freqs_cis)
for backend in ["eager", "aot_eager", "inductor"]:
    torch._dynamo.reset()
    out = torch.compile(rope, backend=backend)(x, freqs_cis)
    print(backend, out.shape, out.dtype, torch.allclose(out, eager, atol=1e-6))
a, b = torch.randn(5), torch.randn(5)
ref = cmul(a, b)
torch._dynamo.reset()
got = torch.compile(cmul)(a, b)
print(round(ref.item(), 4), torch.allclose(got, ref, atol=1e-5))
