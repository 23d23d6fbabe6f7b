import torch
# What torch.compile refuses in a torch.cond, with PyTorch 2.11's exception types: a graph break
# inside a branch, branches returning different structures or dtypes, a branch returning its input,
# a branch that is not a tensor function. The whole cond is one graph or an error, never half.


def attempt(name, fn, *args, **kw):
    torch._dynamo.reset()
    try:
        out = torch.compile(fn, backend="eager", **kw)(*args)
        print(name, "ok", out)
    except Exception as e:
        msg = str(e)
        print(name, type(e).__name__, "Cond doesn't work unless" in msg, "expected same dtype" in msg)


def break_in_branch(x):
    def true_fn(x):
        torch._dynamo.graph_break()
        return x.sin()

    def false_fn(x):
        return x.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def item_in_branch(x):
    def true_fn(x):
        return x * x.sum().item()

    def false_fn(x):
        return x.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def different_structure(x):
    def true_fn(x):
        return x.sin(), x.cos()

    def false_fn(x):
        return x.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def different_dtype(x):
    def true_fn(x):
        return x.sin()

    def false_fn(x):
        return (x > 0).long()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def returns_input(x):
    def true_fn(x):
        return x

    def false_fn(x):
        return x.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def mutates_input(x):
    def true_fn(x):
        x.add_(1)
        return x.sin()

    def false_fn(x):
        return x.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def mutates_own_value(x):
    def true_fn(x):
        y = x.clone()
        y.add_(1)
        return y

    def false_fn(x):
        return x.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def returns_string(x):
    def true_fn(x):
        return "yes"

    def false_fn(x):
        return "no"

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


def ok(x):
    def true_fn(x):
        return x.sin()

    def false_fn(x):
        return x.cos()

    return torch.cond(x.sum() > 0, true_fn, false_fn, (x,))


x = torch.tensor([0.5, 1.0, 2.0])
attempt("break_in_branch", break_in_branch, x)
attempt("break_in_branch_fullgraph", break_in_branch, x, fullgraph=True)
attempt("item_in_branch", item_in_branch, x)
attempt("different_structure", different_structure, x)
attempt("different_dtype", different_dtype, x)
attempt("returns_input", returns_input, x)
attempt("mutates_input", mutates_input, x.clone())
attempt("mutates_own_value", mutates_own_value, x)
attempt("returns_string", returns_string, x)
attempt("ok", ok, x)
# The eager call of the same functions still runs the chosen branch.
print(ok(x), ok(-x))
