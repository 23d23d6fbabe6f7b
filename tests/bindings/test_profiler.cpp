// torch.profiler / torch.autograd.profiler's events: the operators a program's torch calls reach (as
// PyTorch's dispatcher names them), their input shapes under record_shapes=True, the autograd
// engine's per-node events, record_function ranges, and their nesting by time
// (engine/support/profiler.h, bindings/jit_trace.cpp's profiled_call, stdlib/torch/profiler).
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

using kiln::testing::program_output;

TEST_CASE("profiler: operator events nested under record_function ranges", "[bindings][profiler]") {
    CHECK(program_output(R"PY(
import torch
from torch.profiler import profile, record_function
m = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU())
x = torch.ones(2, 4)
with profile(record_shapes=True) as prof:
    with record_function("fwd"):
        y = m(x)[0] * 2
    y.sum().backward()
def walk(e, d):
    print("  " * d + e.name, e.input_shapes)
    for c in e.cpu_children:
        walk(c, d + 1)
for e in prof.events():
    if e.cpu_parent is None:
        walk(e, 0)
)PY") == "fwd []\n"
             "  aten::linear [[2, 4], [3, 4], [3]]\n"
             "    aten::t [[3, 4]]\n"
             "      aten::transpose [[3, 4], [], []]\n"
             "        aten::as_strided [[3, 4], [], [], []]\n"
             "    aten::addmm [[3], [2, 4], [4, 3], [], []]\n"
             "      aten::expand [[3], [], []]\n"
             "        aten::as_strided [[3], [], [], []]\n"
             "      aten::copy_ [[2, 3], [2, 3], []]\n"
             "      aten::resolve_conj [[2, 3]]\n"
             "      aten::resolve_conj [[2, 4]]\n"
             "  aten::relu [[2, 3]]\n"
             "    aten::clamp_min [[2, 3], []]\n"
             "  aten::select [[2, 3], [], []]\n"
             "  aten::mul [[3], []]\n"
             "aten::sum [[3], []]\n"
             "  aten::as_strided [[], [], [], []]\n"
             "  aten::fill_ [[1], []]\n"
             "aten::ones_like [[], [], [], [], [], []]\n"
             "  aten::empty_like [[], [], [], [], [], []]\n"
             "    aten::empty_strided [[], [], [], [], [], []]\n"
             "  aten::fill_ [[], []]\n"
             "autograd::engine::evaluate_function: SumBackward0 []\n"
             "  SumBackward0 []\n"
             "    aten::expand [[], [], []]\n"
             "      aten::as_strided [[], [], [], []]\n"
             "autograd::engine::evaluate_function: MulBackward0 []\n"
             "  MulBackward0 []\n"
             "autograd::engine::evaluate_function: SelectBackward0 []\n"
             "  SelectBackward0 []\n"
             "autograd::engine::evaluate_function: ReluBackward0 []\n"
             "  ReluBackward0 []\n"
             "    aten::threshold_backward [[2, 3], [2, 3], []]\n"
             "autograd::engine::evaluate_function: AddmmBackward0 []\n"
             "  AddmmBackward0 []\n"
             "    aten::t [[2, 3]]\n"
             "      aten::transpose [[2, 3], [], []]\n"
             "        aten::as_strided [[2, 3], [], [], []]\n"
             "    aten::mm [[3, 2], [2, 4]]\n"
             "      aten::resolve_conj [[3, 4]]\n"
             "      aten::resolve_conj [[2, 4]]\n"
             "    aten::t [[3, 4]]\n"
             "      aten::transpose [[3, 4], [], []]\n"
             "        aten::as_strided [[3, 4], [], [], []]\n"
             "    aten::sum [[2, 3], [], [], []]\n"
             "      aten::fill_ [[1, 3], []]\n"
             "    aten::view [[1, 3], []]\n"
             "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad []\n"
             "  torch::autograd::AccumulateGrad []\n"
             "    aten::detach [[3]]\n"
             "autograd::engine::evaluate_function: TBackward0 []\n"
             "  TBackward0 []\n"
             "    aten::t [[4, 3]]\n"
             "      aten::transpose [[4, 3], [], []]\n"
             "        aten::as_strided [[4, 3], [], [], []]\n"
             "autograd::engine::evaluate_function: torch::autograd::AccumulateGrad []\n"
             "  torch::autograd::AccumulateGrad []\n"
             "    aten::detach [[3, 4]]\n");
}

TEST_CASE("profiler: key_averages counts, shapes grouping and PyTorch's table columns", "[bindings][profiler]") {
    CHECK(program_output(R"PY(
import torch
x = torch.ones(3, 3)
with torch.autograd.profiler.profile(record_shapes=True) as prof:
    for n in (3, 3, 2):
        torch.relu(x[:n]).sum().item()
    len(x); x.size(0); x.dim()
avg = prof.key_averages()
print(sorted((e.key, e.count) for e in avg))
print(sorted((e.key, e.input_shapes) for e in prof.key_averages(group_by_input_shape=True) if e.key == "aten::relu"))
lines = avg.table(sort_by="count", row_limit=2).splitlines()
print(lines[1].split())
print(len(lines), lines[-1].split(":")[0])
print(prof.key_averages(group_by_input_shape=True).table(row_limit=1).splitlines()[1].split("  ")[-2:])
)PY") == "[('aten::_local_scalar_dense', 3), ('aten::alias', 2), ('aten::as_strided', 3), ('aten::clamp_min', 3), "
             "('aten::fill_', 3), ('aten::item', 3), ('aten::relu', 3), ('aten::slice', 1), ('aten::sum', 3)]\n"
             "[('aten::relu', [[2, 3]]), ('aten::relu', [[3, 3]])]\n"
             "['Name', 'Self', 'CPU', '%', 'Self', 'CPU', 'CPU', 'total', '%', 'CPU', 'total', 'CPU', 'time', 'avg', "
             "'#', 'of', 'Calls']\n"
             "7 Self CPU time total\n"
             "['Input Shapes', '']\n");
}

TEST_CASE("profiler: Kineto-style chrome trace and the legacy EventList trace are JSON", "[bindings][profiler]") {
    CHECK(program_output(R"PY(
import json, os, tempfile, torch
from torch.profiler import profile, record_function
d = tempfile.mkdtemp()
with profile(record_shapes=True) as prof:
    with record_function("r"):
        torch.zeros(2) + 1
prof.export_chrome_trace(os.path.join(d, "t.json"))
doc = json.load(open(os.path.join(d, "t.json")))
print([(e["name"], e["cat"], e["args"].get("Input Dims")) for e in doc["traceEvents"] if e["ph"] == "X"])
prof.events().export_chrome_trace(os.path.join(d, "l.json"))
print([e["name"] for e in json.load(open(os.path.join(d, "l.json")))])
)PY") == "[('r', 'user_annotation', None), ('aten::zeros', 'cpu_op', [[], [], [], [], []]), ('aten::empty', 'cpu_op', [[], [], [], [], [], []]), ('aten::zero_', 'cpu_op', [[2]]), ('aten::add', 'cpu_op', [[2], [], []])]\n"
             "['r', 'aten::zeros', 'aten::empty', 'aten::zero_', 'aten::add']\n");
}
