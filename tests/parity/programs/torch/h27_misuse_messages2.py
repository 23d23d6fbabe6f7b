# Misuse of tensor and module APIs whose errors Kiln words from PyTorch's checks: negative padding
# past the input, narrow's argument order of checks, requires_grad set to a non-bool, a print
# precision of -1, max with a stray argument, and str(x.T) on tensors of other ranks.
import torch
import torch.nn.functional as F


def attempt(name, f):
    try:
        r = f()
        print(name, "ok", r)
    except Exception as e:
        print(name, type(e).__name__, str(e).split("\n")[0])


x = torch.arange(6.0).view(2, 3)
attempt("pad_neg_past", lambda: F.pad(torch.ones(2, 2), (-3, 0)))
attempt("pad_neg_mixed", lambda: F.pad(torch.ones(2, 2), (-3, 1)))
attempt("pad_neg_ok", lambda: F.pad(torch.ones(2, 3), (-1, -1)))
attempt("narrow_start_len", lambda: x.narrow(1, 3, -1))
attempt("narrow_start_past", lambda: x.narrow(1, 4, 0))
attempt("narrow_len_past", lambda: x.narrow(1, 1, 5))


def set_rg():
    t = torch.ones(2)
    t.requires_grad = 1


attempt("requires_grad_int", set_rg)
attempt("max_tensor_tensor_int", lambda: torch.max(x, x, 1))
attempt("min_tensor_dim_tensor", lambda: torch.min(x, 1, x))
attempt("sum_dim_tensor", lambda: torch.sum(x, torch.tensor(1)))
torch.set_printoptions(precision=-1)
attempt("print_precision_neg", lambda: str(torch.ones(2) / 3))
torch.set_printoptions(precision=4)
attempt("print_precision_4", lambda: str(torch.ones(2) / 3))
