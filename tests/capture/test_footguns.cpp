// The footguns of torch.jit.trace, next to what torch.jit.script does with the same program.
//
// Tracing records the tensor operations of one run: whatever Python decided along the way (which
// branch, which number `.item()` gave, what len() was, what a global held) is frozen into the graph.
// The result is a graph that runs without complaint on other inputs and computes something else.
// Each case below traces a function on one input, then runs eager, traced and scripted versions on
// an input where the frozen decision is wrong, and pins down three things: the silent mismatch
// (traced != eager, with no error), the TracerWarning that was the only hint (emitted twice: trace
// and check_trace), and scripting's answer (the right value, or a compile error instead of a silent
// freeze). Silent mismatches come first: they are the dangerous ones. Errors raised come last.
#include "support/program.h"

using kiln::testing::program_output;

namespace {

// Traces `fn` (defined in `defs`) on `example`, scripts it, and prints, for `fresh`:
//   <traced == eager> <scripted == eager> <number of TracerWarnings> <its first seven words>
std::string compare(const std::string& defs, const std::string& example, const std::string& fresh) {
    return program_output("import warnings\n" + defs + R"(
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    traced = torch.jit.trace(fn, )" + example + R"()
    scripted = torch.jit.script(fn)
    x = )" + fresh + R"(
    eager_out = fn(x)
    traced_out = traced(x)
    scripted_out = scripted(x)
tw = [w for w in ws if w.category.__name__ == "TracerWarning"]
first = " ".join(str(tw[0].message).split(" ")[:7]) if tw else "-"
print(torch.equal(traced_out, eager_out), torch.equal(scripted_out, eager_out), len(tw), first)
)");
}

}  // namespace

// ---- SILENT MISMATCHES: the traced graph runs and returns a wrong answer -----------------------------

TEST_CASE("footguns: a branch on tensor data is frozen to the traced side", "[jit][footguns]") {
    const char* defs = R"(
def fn(x):
    if x.sum() > 0:
        return x * 2
    return -x
)";
    // Traced on a positive input, run on a negative one: the graph only knows `x * 2`.
    CHECK(compare(defs, "torch.tensor([1.0, 2.0])", "torch.tensor([-1.0, -2.0])") ==
          "False True 2 Converting a tensor to a Python boolean\n");
    // On an input that takes the same branch, nothing looks wrong.
    CHECK(compare(defs, "torch.tensor([1.0, 2.0])", "torch.tensor([3.0, 4.0])") ==
          "True True 2 Converting a tensor to a Python boolean\n");
}

TEST_CASE("footguns: .item() bakes the traced number into the graph", "[jit][footguns]") {
    const char* defs = R"(
def fn(x):
    return x / x.sum().item()
)";
    CHECK(compare(defs, "torch.tensor([1.0, 3.0])", "torch.tensor([2.0, 2.0, 4.0])") ==
          "False True 2 Converting a tensor to a Python number\n");
}

TEST_CASE("footguns: len() and Python ints from shapes are constants, x.shape[i] is traced", "[jit][footguns]") {
    // len(x) is a Python int: frozen (with a warning).
    CHECK(compare("\ndef fn(x):\n    return x * len(x)\n", "torch.ones(2)", "torch.ones(5)") ==
          "False True 2 Using len to get tensor shape might\n");
    // x.shape[0] records aten::size: the traced graph follows the input's shape. No warning.
    CHECK(compare("\ndef fn(x):\n    return x.reshape([x.shape[0], -1]).sum(1)\n", "torch.ones(2, 3)", "torch.ones(4, 6)") ==
          "True True 0 -\n");
}

TEST_CASE("footguns: a Python value the function reads is frozen by tracing, refused by scripting", "[jit][footguns]") {
    // Tracing reads the global once; changing it later changes eager results, not the trace's.
    std::string out = program_output(R"(
SCALE = 2.0
def fn(x):
    return x * SCALE
traced = torch.jit.trace(fn, torch.ones(2))
SCALE = 3.0
print(fn(torch.ones(2)), traced(torch.ones(2)))
try:
    torch.jit.script(fn)
except RuntimeError as e:
    print("script:", str(e).split("\n")[0])
)");
    CHECK(out ==
          "tensor([3., 3.]) tensor([2., 2.])\n"
          "script: python value of type 'float' cannot be used as a value. Perhaps it is a closed over global variable? "
          "If so, please consider passing it in as an argument or use a local variable instead.:\n");
}

// ---- ERRORS RAISED: the trace refuses, at trace time or on the first input it does not fit --------------

TEST_CASE("footguns: a loop over a tensor's rows is unrolled, another length fails at run time", "[jit][footguns]") {
    std::string out = program_output(R"(
import warnings
def fn(x):
    y = x[0] * 0
    for row in x:
        y = y + row
    return y
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    traced = torch.jit.trace(fn, torch.ones(2, 3))
print(len([w for w in ws if w.category.__name__ == "TracerWarning"]), str(traced.graph).count("aten::add"))
try:
    traced(torch.ones(4, 3))
except RuntimeError as e:
    print("traced:", str(e).strip().split("\n")[-1])
print("scripted:", torch.jit.script(fn)(torch.ones(4, 3)))
)");
    CHECK(out ==
          "2 2\n"
          "traced: RuntimeError: Expected 2 elements in a list but found 4\n"
          "scripted: tensor([4., 4., 4.])\n");
}

TEST_CASE("footguns: tracing refuses non-tensor outputs, scripting compiles them", "[jit][footguns]") {
    std::string out = program_output(R"(
def fn(x):
    return x.sum().item() > 0
try:
    torch.jit.trace(fn, torch.ones(2))
except RuntimeError as e:
    print("trace:", str(e)[:38])
print("script:", torch.jit.script(fn)(torch.ones(2)), torch.jit.script(fn)(-torch.ones(2)))
)");
    CHECK(out ==
          "trace: Only tensors, lists, tuples of tensors\n"
          "script: True False\n");
}

TEST_CASE("trace: a value passed to a transposed convolution takes its forward's name (%input)", "[trace][jit]") {
    // PyTorch's F.conv_transpose2d is C: the innermost Python frame when it records is
    // ConvTranspose2d.forward, whose local `input` names the value. Kiln's Python wrapper around
    // its stand-in is a frame PyTorch does not have, so the name lookup looks past it.
    std::string out = program_output(R"PY(
import torch
import torch.nn as nn

class D(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.ConvTranspose2d(4, 2, 2, stride=2)
        self.b = nn.ConvTranspose2d(2, 2, 1)
    def forward(self, x):
        return self.b(torch.relu(self.a(x)))

t = torch.jit.trace(D(), torch.randn(1, 4, 2, 2))
print('%input : Float(1, 2, 4, 4' in str(t.graph))
print('prim::CallMethod[name="forward"](%b, %input)' in str(t.graph))
)PY");
    CHECK(out == "True\nTrue\n");
}
