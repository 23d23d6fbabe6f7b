# badinput: float("nan") / float(s) / int(s) of a str inside @torch.jit.script (a mutated scripted program's constant 0.5 -> float("nan")): PyTorch's aten::Float.str and aten::Int.str overloads (std::stod / std::stoll), where Kiln refused the call at compile time (h11 mutation sweep)
# expect-exit: 0
# expect-stdout: tensor([nan, nan]) tensor([-1.5000, -1.5000]) tensor([inf])
import torch
@torch.jit.script
def f(x: torch.Tensor, s: str, t: str) -> torch.Tensor:
    return x * float(s) + int(t)
print(f(torch.ones(2), "nan", "3"), f(torch.ones(2), "  2.5", "-4"), f(torch.ones(1), "inf", "0"))
@torch.jit.script
def g(x):
    return x / float("nan")
print(g(torch.ones(2)))
