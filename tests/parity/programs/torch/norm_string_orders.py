# torch.norm / Tensor.norm with string orders and numeric p, as torch/functional.py dispatches them
# (PyTorch 2.11): p='fro' over at most two dims is linalg.vector_norm(2), every other string order (and
# 'fro' over more dims) goes to linalg.matrix_norm over dim (all dims when none is given), a number p
# to linalg.vector_norm. Values and error texts ("Type: message") are compared.
import torch


def attempt(label, f):
    try:
        r = f()
        print(label, "->", list(r.shape), r.dtype, [round(v, 4) for v in r.reshape(-1).tolist()])
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", str(e).split("\n")[0])


x = torch.arange(6.0).reshape(2, 3) - 2
v = torch.arange(3.0)
c = torch.arange(24.0).reshape(2, 3, 4) / 10
d = torch.arange(6, dtype=torch.float64).reshape(3, 2)
attempt("fro 2d", lambda: torch.norm(x, "fro"))
attempt("fro default", lambda: torch.norm(x))
attempt("fro 1d", lambda: torch.norm(v, "fro"))
attempt("fro 3d all", lambda: torch.norm(c))
attempt("fro dim int", lambda: torch.norm(c, "fro", dim=1))
attempt("fro dim pair", lambda: torch.norm(c, "fro", dim=(0, 2)))
attempt("fro dim list keepdim", lambda: torch.norm(c, "fro", dim=[1, 2], keepdim=True))
attempt("fro 3 dims", lambda: torch.norm(c, "fro", dim=(0, 1, 2)))
attempt("fro dtype", lambda: torch.norm(x, "fro", dtype=torch.float64))
attempt("nuc 2d", lambda: torch.norm(x, "nuc"))
attempt("nuc f64", lambda: torch.norm(d, p="nuc"))
attempt("nuc keepdim", lambda: torch.norm(x, "nuc", keepdim=True))
attempt("nuc dims", lambda: torch.norm(c, "nuc", dim=(1, 2)))
attempt("nuc dims neg", lambda: torch.norm(c, "nuc", dim=(-1, 0)))
attempt("nuc 3d", lambda: torch.norm(c, "nuc"))
attempt("nuc 1d", lambda: torch.norm(v, "nuc"))
attempt("nuc dim int", lambda: torch.norm(c, "nuc", dim=1))
attempt("bad order", lambda: torch.norm(x, "abc"))
attempt("bad order 1d", lambda: torch.norm(v, "inf"))
attempt("p 1", lambda: torch.norm(x, 1))
attempt("p inf", lambda: torch.norm(x, float("inf")))
attempt("p -inf dim", lambda: torch.norm(x, float("-inf"), dim=0))
attempt("p 0", lambda: torch.norm(x, 0))
attempt("p 3 dim", lambda: torch.norm(c, 3, dim=2))
attempt("p 0.5", lambda: torch.norm(v, 0.5))
attempt("p None", lambda: torch.norm(x, None, dim=1))
attempt("p 2 dtype", lambda: torch.norm(x, 2, dtype=torch.float64))
attempt("int input", lambda: torch.norm(torch.arange(4)))
attempt("int input nuc", lambda: torch.norm(torch.arange(4).reshape(2, 2), "nuc"))
attempt("method fro", lambda: x.norm("fro"))
attempt("method nuc", lambda: x.norm(p="nuc"))
attempt("method nuc dims", lambda: c.norm("nuc", dim=(0, 1)))
attempt("method fro 3 dims", lambda: c.norm("fro", (0, 1, 2)))
attempt("method bad", lambda: x.norm("x"))
attempt("method p 1 keepdim", lambda: c.norm(1, 2, True))
out = torch.empty(0)
attempt("out fro", lambda: torch.norm(x, "fro", dim=(0, 1), out=out))
print("out", out.tolist() if out.numel() else out.shape)
out2 = torch.empty(0)
attempt("out nuc", lambda: torch.norm(x, "nuc", dim=(0, 1), out=out2))
print("out2", [round(v, 4) for v in out2.reshape(-1).tolist()])
g = (torch.arange(6.0).reshape(2, 3) - 2).requires_grad_()
for p in ("fro", "nuc"):
    n = torch.norm(g, p)
    (gr,) = torch.autograd.grad(n, g)
    print(p, round(n.item(), 4), [round(v, 4) for v in gr.reshape(-1).tolist()])
