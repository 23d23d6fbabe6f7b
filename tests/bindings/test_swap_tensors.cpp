// torch.utils.swap_tensors (torch._kiln_swap_tensors in bindings/ops_py.cpp: the impls' contents,
// classes and __dict__s trade places, each Python object keeps its identity) and nn.Module's
// swap-based load_state_dict under torch.__future__.set_swap_module_params_on_conversion(True).
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_output;

TEST_CASE("swap_tensors: class, __dict__ and contents trade places, identities stay", "[bindings][swap_tensors]") {
    CHECK(program_output(R"PY(
import torch
a = torch.arange(3.0)
b = torch.nn.Parameter(torch.ones(2))
a.tag = 1
ida, idb = id(a), id(b)
torch.utils.swap_tensors(a, b)
print(type(a).__name__, a.tolist(), a.requires_grad, id(a) == ida, hasattr(a, "tag"))
print(type(b).__name__, b.tolist(), b.requires_grad, id(b) == idb, b.tag)
)PY") == "Parameter [1.0, 1.0] True True False\nTensor [0.0, 1.0, 2.0] False True 1\n");
}

TEST_CASE("swap_tensors: load_state_dict swaps into the module's Parameter objects", "[bindings][swap_tensors]") {
    CHECK(program_output(R"PY(
import torch
torch.__future__.set_swap_module_params_on_conversion(True)
m = torch.nn.Linear(2, 1)
w = m.weight
opt = torch.optim.SGD(m.parameters(), lr=1.0)
m.load_state_dict({"weight": torch.tensor([[2.0, 3.0]]), "bias": torch.tensor([0.5])})
print(m.weight is w, type(w).__name__, w.requires_grad, w.tolist())
m(torch.ones(1, 2)).sum().backward()
opt.step()
print(w.tolist(), opt.param_groups[0]["params"][0] is w)
)PY") == "True Parameter True [[2.0, 3.0]]\n[[1.0, 2.0]] True\n");
}
