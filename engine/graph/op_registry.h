// The op table: every aten:: operator a graph may contain, with its schema and its kernel.
//
// A schema is written in PyTorch's schema language and parsed at start-up:
//     "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"
// It names the operator (aten::add), the overload (Tensor), each argument's name, type and default,
// which arguments are keyword-only, and the returns. Tracing uses it to lay out a call's arguments
// (defaults become prim::Constant inputs, exactly as TorchScript graphs show them), scripting uses it
// to resolve overloads by argument types and to type outputs, and the graph interpreter runs the
// kernel: a function from the argument IValues (all arguments, in schema order) to the outputs.
// The kernels call the eager engine (ops/ops.h), so the interpreter is the reference every backend
// is compared with.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "graph/ivalue.h"
#include "graph/type.h"
#include "support/function.h"

namespace kiln::graph {

struct SchemaArg {
    std::string name;
    TypePtr type;                  // Tensor, int, int[], Scalar (Number), ScalarType (int), ...
    std::optional<IValue> default_value;
    bool kwarg_only = false;
    bool is_write = false;         // Tensor(a!): mutated in place
    int list_size = 0;             // int[2]: a single int broadcasts to this many (0: none)
    std::string type_text;         // as written in the schema ("int[1]?", "ScalarType?")
};

using Kernel = Function<IValueList(IValueList& args)>;

struct OpSchema {
    std::string name;      // "aten::add"
    std::string overload;  // "Tensor" ("" for the default overload)
    std::vector<SchemaArg> args;
    std::vector<SchemaArg> returns;
    Kernel kernel;

    std::string qualified() const { return overload.empty() ? name : name + "." + overload; }
    // "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"
    std::string str() const;
    bool is_inplace() const;  // name ends with '_' (aten::add_)
    // Index of the argument named `n`, or -1.
    int arg_index(const std::string& n) const;
};

// Parses one schema string; throws kiln::Error (RuntimeError) with the column of a syntax error.
OpSchema parse_schema(const std::string& text);

// Registers `schema` with `kernel`; returns the stored schema. Called by the table files.
const OpSchema* register_op(const std::string& schema, Kernel kernel);

// Every overload of `name` ("aten::add"), in registration order; empty when unknown.
const std::vector<const OpSchema*>& overloads(const std::string& name);
// One overload by qualified name ("aten::add.Tensor", or "aten::relu" for the default overload).
const OpSchema* find_schema(const std::string& qualified);
// All registered operator names, sorted (tests, the playground's op list).
std::vector<std::string> registered_op_names();

// Argument matching, shared by the tracer, the script compiler and the interpreter.
// Does `v` fit the schema type `t` (int for Scalar, an int for int[2], None for T?, a tensor for
// Tensor, ...)?
bool value_fits(const IValue& v, const SchemaArg& arg);
// Normalises `v` to what the kernel expects: an int where int[2] wants a list becomes [v, v].
IValue coerce_argument(const IValue& v, const SchemaArg& arg);

// Python's slice of a sequence of `len` items (PySlice_Unpack + PySlice_AdjustIndices, which
// PyTorch's slice_indices_adjust follows): the indices it takes, in order. Used by the list and
// string slice kernels (optable/scalar.cpp) and by the script compiler's tuple slices.
std::vector<int64_t> slice_indices(int64_t len, std::optional<int64_t> start, std::optional<int64_t> end, int64_t step);

}  // namespace kiln::graph
