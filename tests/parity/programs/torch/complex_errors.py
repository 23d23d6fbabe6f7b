import torch
# Complex tensors: PyTorch's errors for view_as_complex/view_as_real, .imag of real tensors,
# torch.complex/polar dtype checks.
def attempt(label, f):
    try:
        r = f()
        print(label, "->", r)
    except Exception as e:
        print(label, "!!", type(e).__name__, str(e).split("\n")[0])

attempt("vac_int", lambda: torch.view_as_complex(torch.zeros(3, 2, dtype=torch.int64)))
attempt("vac_0d", lambda: torch.view_as_complex(torch.tensor(1.0)))
attempt("vac_last3", lambda: torch.view_as_complex(torch.zeros(4, 3)))
attempt("vac_stride", lambda: torch.view_as_complex(torch.zeros(2, 4).t()))
attempt("vac_odd_stride", lambda: torch.view_as_complex(torch.zeros(3, 3)[:, :2]))
attempt("vac_offset", lambda: torch.view_as_complex(torch.zeros(5)[1:].reshape(2, 2)))
attempt("var_real", lambda: torch.view_as_real(torch.zeros(3)))
attempt("var_conj", lambda: torch.view_as_real(torch.tensor([1j]).conj()))
attempt("imag_real", lambda: torch.zeros(2).imag)
attempt("complex_int", lambda: torch.complex(torch.tensor([1]), torch.tensor([2])))
attempt("complex_mixed", lambda: torch.complex(torch.tensor([1.0]), torch.tensor([2.0], dtype=torch.float64)))
attempt("polar_int", lambda: torch.polar(torch.tensor([1]), torch.tensor([2])))
attempt("tensor_float", lambda: torch.tensor([1j], dtype=torch.float32))
attempt("requires_grad", lambda: torch.tensor([1j], requires_grad=True).requires_grad)
attempt("rfft_complex", lambda: torch.fft.rfft(torch.tensor([1j, 2])))
attempt("fft_n0", lambda: torch.fft.fft(torch.ones(3), n=0))
