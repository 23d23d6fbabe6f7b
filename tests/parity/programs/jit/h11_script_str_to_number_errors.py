# float(s) and int(s) of a str inside TorchScript with strings the conversion refuses (issue 31, h11
# sweep): PyTorch's aten::Float.str / aten::Int.str run std::stod / std::stoll and report a string
# they stop inside ("could not convert string to float: ...", "invalid literal for int() ...") or
# cannot start on (the library's own exception); the golden settles the exact texts Kiln must print.
import torch


@torch.jit.script
def to_float(s: str) -> float:
    return float(s)


@torch.jit.script
def to_int(s: str) -> int:
    return int(s)


for fn, text in [(to_float, "1.5"), (to_float, " 2"), (to_float, "1.5x"), (to_float, "abc"), (to_float, ""),
                 (to_float, "1e999"), (to_int, "42"), (to_int, "4 2"), (to_int, "x"),
                 (to_int, "99999999999999999999")]:
    try:
        print(fn.__name__ if hasattr(fn, "__name__") else "fn", repr(text), "->", fn(text))
    except Exception as e:  # the class and first line of the message are what this program checks
        print(repr(text), "->", type(e).__name__ + ":", [ln for ln in str(e).splitlines() if ln.strip()][-1])
