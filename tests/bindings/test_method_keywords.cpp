// Tensor methods take PyTorch's keyword names: python_arg_parser binds a method's arguments by the names
// of its aten schema (native_functions.yaml), so `x.flip(dims=[0])` or `x.sum(dim=1, keepdim=True)` work
// in PyTorch. For the Tensor methods programs call most, every argument name of every op-table overload
// (engine/graph/optable, PyTorch's schemas) must be a parameter of Kiln's binding (bindings/tensor.cpp),
// so a keyword call PyTorch accepts is not refused by Kiln.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "bindings/convert.h"
#include "graph/op_registry.h"
#include "vm/args.h"
#include "vm/interpreter.h"

namespace {

// The methods real programs call most (counted over tests/realworld and the probe corpora).
const char* const kCommonMethods[] = {
    "view", "reshape", "permute", "transpose", "unsqueeze", "squeeze", "flatten", "sum", "mean", "max", "min",
    "argmax", "argmin", "softmax", "log_softmax", "matmul", "mm", "bmm", "add", "sub", "mul", "div", "pow", "exp",
    "log", "sqrt", "abs", "clamp", "masked_fill", "gather", "index_select", "expand", "repeat", "flip",
    "chunk", "split", "norm", "std", "var", "topk", "sort", "argsort", "cumsum", "prod", "all", "any", "eq", "ne",
    "gt", "lt", "ge", "le", "where", "narrow", "select", "unbind", "roll", "tile", "repeat_interleave", "fill_",
    "copy_", "type_as", "view_as", "expand_as", "masked_select", "new_zeros", "new_ones", "new_full", "tril", "triu",
    "clamp_", "add_", "mul_", "sigmoid", "tanh", "relu", "round", "floor", "long", "float", "detach", "clone"};
// (Also common, bound elsewhere with their own argument parsing: Tensor.to (device/dtype/tensor forms),
// Tensor.scatter (bindings/linalg_py.cpp).)

}  // namespace

TEST_CASE("common Tensor methods accept every keyword name of their aten schemas", "[bindings][tensor]") {
    kiln::vm::Interpreter in;  // registers the bindings
    std::map<std::string, std::set<std::string>> params;
    for (const std::string& spec : kiln::vm::bind::tensor_method_specs()) {
        kiln::vm::Signature sig(spec);
        auto names = sig.param_names();
        params[sig.name()] = std::set<std::string>(names.begin(), names.end());
    }
    std::vector<std::string> mismatches;
    for (const char* name : kCommonMethods) {
        auto it = params.find(name);
        if (it == params.end()) {
            mismatches.push_back(std::string(name) + ": not bound by tensor.cpp's method()");
            continue;
        }
        for (const kiln::graph::OpSchema* s : kiln::graph::overloads(std::string("aten::") + name)) {
            // Only the Tensor overloads are methods (aten::add.int and friends are TorchScript's).
            if (s->args.empty() || s->args[0].name != "self" || s->args[0].type_text.rfind("Tensor", 0) != 0) continue;
            for (const kiln::graph::SchemaArg& a : s->args) {
                if (a.name == "self" || a.name == "out") continue;
                if (!it->second.count(a.name))
                    mismatches.push_back(std::string(name) + ": '" + a.name + "' of " + s->qualified());
            }
        }
    }
    std::string report;
    for (const auto& m : mismatches) report += m + "\n";
    INFO(report);
    CHECK(mismatches.empty());
}
