# Bad arguments PyTorch refuses with its own wording (issue 31's hostile-input sweep 6): interpolate's
# size checks, binary_cross_entropy's input range, mode over empty dims, tril/triu_indices,
# unflatten, unfold, index_put and copy_ shape errors, a zero slice step, and a non-tensor value
# in load_state_dict. The indices themselves are checked against PyTorch too.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        r = fn()
        print(label, "->", r)
    except Exception as e:
        print(label, "!", type(e).__name__ + ":", str(e).splitlines()[-1] if str(e) else "")


x4 = torch.ones(1, 1, 4, 4)
attempt("interp size 0", lambda: F.interpolate(x4, size=0))
attempt("interp scale -1", lambda: F.interpolate(x4, scale_factor=-1.0))
attempt("interp 1d size 0", lambda: F.interpolate(torch.ones(1, 1, 4), size=0))
attempt("interp empty input", lambda: F.interpolate(torch.ones(1, 1, 0, 4), size=(2, 2)))
attempt("interp ok", lambda: F.interpolate(x4, size=2).shape)
attempt("bce above 1", lambda: F.binary_cross_entropy(torch.tensor([1.5]), torch.tensor([1.0])))
attempt("bce nan", lambda: F.binary_cross_entropy(torch.tensor([float("nan")]), torch.tensor([1.0])))
attempt("bce ok", lambda: round(F.binary_cross_entropy(torch.tensor([0.25, 1.0]), torch.tensor([0.0, 1.0])).item(), 4))
attempt("mode empty dim", lambda: torch.empty(0, 3).mode(0))
attempt("mode other dim", lambda: torch.empty(0, 3).mode(1))
attempt("mode keepdim", lambda: torch.empty(0, 3).mode(1, keepdim=True).values.shape)
for r, c, o in [(3, 3, 0), (4, 3, 1), (3, 5, -1), (0, 3, 0), (5, 4, -7), (4, 4, 10), (2, 6, 2)]:
    print("tril", r, c, o, torch.tril_indices(r, c, o).tolist())
    print("triu", r, c, o, torch.triu_indices(r, c, o).tolist())
print(torch.tril_indices(3, 3, dtype=torch.int32).dtype)
attempt("tril negative row", lambda: torch.tril_indices(-1, 3))
attempt("triu negative col", lambda: torch.triu_indices(2, -3))
attempt("unflatten product", lambda: torch.ones(6).unflatten(0, (4, 2)))
attempt("unflatten empty", lambda: torch.ones(6).unflatten(0, ()))
attempt("unflatten two -1", lambda: torch.ones(6).unflatten(0, (-1, -1)))
attempt("nn.Unflatten", lambda: nn.Unflatten(1, (5, 5))(torch.ones(2, 12)))
attempt("unflatten ok", lambda: torch.ones(2, 6).unflatten(1, (3, -1)).shape)
attempt("unfold negative", lambda: torch.ones(5).unfold(0, -1, 1))
attempt("unfold zero", lambda: torch.ones(5).unfold(0, 0, 2).shape)


def put_wrong_shape():
    x = torch.zeros(3)
    x[[0, 1]] = torch.ones(3)


def slice_wrong_shape():
    x = torch.zeros(3)
    x[0:2] = torch.ones(3)


attempt("index_put shape", put_wrong_shape)
attempt("slice assign shape", slice_wrong_shape)
attempt("copy_ mismatch", lambda: torch.ones(3).copy_(torch.ones(4)))
attempt("copy_ broadcast out", lambda: torch.ones(3).copy_(torch.ones(2, 3)))
attempt("copy_ broadcast ok", lambda: torch.zeros(2, 3).copy_(torch.arange(3.0)).tolist())
attempt("slice step 0", lambda: torch.arange(10)[::0])
attempt("slice step -1", lambda: torch.arange(10)[::-1])
m = nn.Linear(2, 2)
attempt("state_dict int", lambda: m.load_state_dict({"weight": 5, "bias": torch.zeros(2)}))
attempt("state_dict int and shape", lambda: m.load_state_dict({"weight": "w", "bias": torch.zeros(3)}))
