import torch
# Shape errors caught and printed: matmul, broadcasting, view/reshape, cat/stack, expand, dims.
def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r.shape)
    except RuntimeError as e:
        print(label, "RuntimeError:", e)
    except IndexError as e:
        print(label, "IndexError:", e)
a = torch.ones(2, 3)
attempt("matmul", lambda: a @ torch.ones(2, 3))
attempt("mm", lambda: torch.mm(a, torch.ones(4, 2)))
attempt("matmul ok", lambda: a @ torch.ones(3, 2))
attempt("matmul 1d", lambda: torch.ones(3) @ torch.ones(4))
attempt("bmm", lambda: torch.bmm(torch.ones(2, 2, 3), torch.ones(3, 3, 2)))
attempt("add", lambda: a + torch.ones(4))
attempt("mul3d", lambda: torch.ones(2, 3, 4) * torch.ones(3, 3, 1))
attempt("bcast ok", lambda: a + torch.ones(2, 1))
attempt("view", lambda: torch.arange(6).view(4, 2))
attempt("reshape", lambda: torch.arange(6).reshape(5, -1))
attempt("cat", lambda: torch.cat([a, torch.ones(2, 2)]))
attempt("cat ok", lambda: torch.cat([a, torch.ones(2, 2)], dim=1))
attempt("stack", lambda: torch.stack([a, torch.ones(3, 2)]))
attempt("expand", lambda: torch.ones(3).expand(2, 4))
attempt("sum dim", lambda: a.sum(dim=2))
attempt("transpose", lambda: a.transpose(0, 2))
attempt("index", lambda: a[2])
attempt("squeeze ok", lambda: a.squeeze(0))
attempt("linear", lambda: torch.nn.functional.linear(a, torch.ones(4, 2)))
def set_row():
    a[0] = torch.ones(4)
    return a
attempt("setitem", set_row)
def bad_forward(x):
    h = x @ torch.ones(3, 4)
    return h @ torch.ones(3, 1)
attempt("nested", lambda: bad_forward(a))
try:
    a.view(-1, -1)
except RuntimeError as e:
    print("view -1 twice:", e)
