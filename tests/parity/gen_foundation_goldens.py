"""Generates tests/parity/golden/foundation.json with real PyTorch (run on the GPU machine, which has
PyTorch 2.11):

    python3 tests/parity/gen_foundation_goldens.py > tests/parity/golden/foundation.json

Three kinds of cases, each reproduced by tests/parity/test_foundation_parity.cpp:
- "print": a tensor given by its exact values/shape/dtype/requires_grad and the repr PyTorch prints.
- "random": after torch.manual_seed(seed), a sequence of draws (rand/randn/randint) and their exact
  values (float64 repr of each element), so the generator and its transforms are checked bit for bit.
- "init": default initialisation of nn modules after manual_seed, as parameter values.
"""
import json
import math

import torch

cases = []


def exact(t):
    return [float(v) if t.is_floating_point() else int(v) for v in t.detach().double().reshape(-1).tolist()]


def print_case(name, t):
    cases.append({
        "kind": "print", "name": name, "dtype": str(t.dtype).replace("torch.", ""), "shape": list(t.shape),
        "values": [v if not (isinstance(v, float) and (math.isnan(v) or math.isinf(v))) else str(v)
                   for v in exact(t)],
        "requires_grad": t.requires_grad, "repr": repr(t),
    })


f = torch.float32
print_case("softmax_2x3", torch.arange(6.).reshape(2, 3).softmax(1))
print_case("ints_as_float", torch.tensor([1., 2., 3.]))
print_case("fixed", torch.tensor([0.1, 2.5, -3.25]))
print_case("sci_small", torch.tensor([1e-5, 1.0]))
print_case("sci_ratio", torch.tensor([1e9, 1.]))
print_case("sci_int_large", torch.tensor([123456789.0, 1.]))
print_case("nonfinite", torch.tensor([float("nan"), float("inf"), -float("inf"), 1.5]))
print_case("nonfinite_int_mode", torch.tensor([float("nan"), 1., 2.]))
print_case("zeros", torch.zeros(2, 3))
print_case("ones_f64", torch.ones(3, dtype=torch.float64))
print_case("neg_zero", torch.tensor([-0.0, 0.0]))
print_case("arange10", torch.arange(10))
print_case("arange100_wrap", torch.arange(100))
print_case("arange2000_summary", torch.arange(2000))
print_case("arange2000f_40x50", torch.arange(2000.).reshape(40, 50))
print_case("int_3d", torch.arange(24).reshape(2, 3, 4))
torch.manual_seed(0)
print_case("randn_3x4x5", torch.randn(3, 4, 5))
print_case("randn_4x20", torch.randn(4, 20))
print_case("randn_big_summary", torch.randn(30, 40))
print_case("scalar_float", torch.tensor(3.5))
print_case("scalar_int", torch.tensor(7))
print_case("scalar_bool", torch.tensor(True))
print_case("bools", torch.tensor([True, False, True]))
print_case("empty", torch.empty(0))
print_case("empty_0x3", torch.empty(0, 3))
print_case("empty_int_2x0", torch.zeros(2, 0, dtype=torch.int64))
print_case("half", torch.tensor([1.5, 2.25, -0.1], dtype=torch.float16))
print_case("bfloat16", torch.tensor([1.5, 2.25, -0.1], dtype=torch.bfloat16))
print_case("linspace30", torch.linspace(0, 1, 30))
print_case("arange50x1.5", torch.arange(50.) * 1.5)
print_case("requires_grad", torch.ones(2, requires_grad=True))
print_case("requires_grad_f64_wrap", torch.linspace(0, 1, 12, dtype=torch.float64).requires_grad_())
print_case("large", torch.tensor([1e10, 2e10]))
print_case("neg_2x2", torch.tensor([[-1.5, 2.0], [3.25, -4.125]]))
print_case("ints_mixed", torch.tensor([-5, 10, 300]))
print_case("f64_fixed", torch.tensor([1.0 / 3, 2.0 / 3], dtype=torch.float64))
print_case("tiny_and_zero", torch.tensor([0.0, 1e-10]))
print_case("eye3", torch.eye(3))
print_case("int_big", torch.tensor([2**40, -3]))


def draws(seed, ops):
    torch.manual_seed(seed)
    out = []
    for op in ops:
        kind, shape = op[0], op[1]
        dtype = getattr(torch, op[2]) if len(op) > 2 and op[2] else None
        if kind == "rand":
            t = torch.rand(*shape, dtype=dtype)
        elif kind == "randn":
            t = torch.randn(*shape, dtype=dtype)
        else:
            t = torch.randint(op[3], op[4], shape)
        out.append({"op": kind, "shape": list(shape), "dtype": str(t.dtype).replace("torch.", ""),
                    "low": op[3] if kind == "randint" else 0, "high": op[4] if kind == "randint" else 0,
                    "values": [repr(v) for v in exact(t)]})
    cases.append({"kind": "random", "seed": seed, "draws": out})


draws(0, [("rand", (5,)), ("rand", (20,)), ("randn", (5,)), ("randn", (17,)), ("randn", (3, 16))])
draws(42, [("randn", (1,)), ("randn", (1,)), ("randn", (3,)), ("rand", (2,))])
draws(7, [("randn", (5,), "float64"), ("rand", (4,), "float64"), ("randn", (40,), "float64")])
draws(3, [("randint", (8,), None, 0, 10), ("randint", (5,), None, -4, 4), ("rand", (3,))])


def init_case(name, seed, make):
    torch.manual_seed(seed)
    m = make()
    cases.append({"kind": "init", "name": name, "seed": seed,
                  "params": [{"name": n, "shape": list(p.shape), "values": [repr(v) for v in exact(p)]}
                             for n, p in m.named_parameters()],
                  "repr": repr(m)})


init_case("linear_3_2", 0, lambda: torch.nn.Linear(3, 2))
init_case("conv_2_3_k3", 0, lambda: torch.nn.Conv2d(2, 3, 3))
init_case("embedding_4_3", 1, lambda: torch.nn.Embedding(4, 3))
init_case("mlp", 0, lambda: torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2)))

print(json.dumps({"torch_version": torch.__version__,
                  "command": "python3 tests/parity/gen_foundation_goldens.py > tests/parity/golden/foundation.json",
                  "cases": cases}, indent=1))
