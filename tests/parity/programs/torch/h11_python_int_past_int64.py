# Python ints past int64 as tensor-op Scalars, eager and compiled (issue 31, h11 sweep): PyTorch 2.x's
# argument parser reads an int beyond int64 as an unsigned 64-bit Scalar, and what each op does with
# it (wraps, promotes, or refuses the conversion) is only known from PyTorch itself: Kiln says
# OverflowError 'int too big to convert' for all of them today. The golden settles each line.
import torch


def attempt(label, fn):
    try:
        r = fn()
        print(label, "->", r.dtype, r.tolist())
    except Exception as e:  # the class and message are what this program checks
        print(label, "->", type(e).__name__ + ":", str(e).splitlines()[0])


i64 = torch.ones(2, dtype=torch.int64)
f32 = torch.ones(2)
attempt("int64 * 2**63", lambda: i64 * 2**63)
attempt("int64 + 2**64", lambda: i64 + 2**64)
attempt("int64 + 2**63 - 1", lambda: i64 + (2**63 - 1))
attempt("int64 - 2**63", lambda: i64 - 2**63)
attempt("float32 * 2**63", lambda: f32 * 2**63)
attempt("float32 * 2**64", lambda: f32 * 2**64)
attempt("full int64 2**63", lambda: torch.full((2,), 2**63, dtype=torch.int64))
attempt("full 2**63", lambda: torch.full((2,), 2**63))
attempt("tensor([2**63])", lambda: torch.tensor([2**63]))
attempt("tensor([2**64])", lambda: torch.tensor([2**64]))


@torch.compile(backend="eager")
def scale(x, n):
    return x * n


attempt("compiled int64 * 2**63", lambda: scale(i64, 2**63))
attempt("compiled float32 * 2**63", lambda: scale(f32, 2**63))
