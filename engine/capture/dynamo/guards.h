// Guards: the conditions under which a compiled frame may be reused.
//
// While the translator specializes the frame on what it saw (a tensor's dtype and sizes, the value
// of an int argument, which module `self` is, whether grad mode was on), it records a guard for
// each such fact, keyed by the value's source. Before a cache entry runs, every guard is checked
// against the new frame; the first one that fails makes the entry miss and gives the readable
// recompile reason PyTorch prints ("tensor 'x' size mismatch at index 0. expected 3, actual 4").
// Guard kinds and names follow Dynamo's GuardBuilder (TENSOR_MATCH, EQUALS_MATCH, ID_MATCH, ...).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "capture/dynamo/fx_graph.h"
#include "capture/dynamo/source.h"

namespace kiln::capture::dynamo {

struct Guard {
    enum class Kind {
        TensorMatch,     // type, dtype, device, requires_grad, sizes, strides
        EqualsMatch,     // a Python constant: type and value
        TypeMatch,       // the type of an object (user objects, nn.Modules)
        IdMatch,         // the very object (functions, classes)
        NoneMatch,       // `is None`
        SequenceLength,  // len() of a list or tuple (its items have guards of their own)
        DictKeys,        // the keys of a dict, in order
        GlobalState,     // grad mode (and the default dtype)
        NoAliasing,      // two tensor inputs are distinct objects
        DuplicateInput,  // two sources are the same tensor
        SymSize,         // a symbolic size: 2 <= L['x'].size()[0] (and == another size, duck sizing)
        SymCompare,      // a decision taken on a symbol: L['x'].size()[0] > 4 was True
        NoHasAttr,       // the object at `source` has no attribute `value` (a str): getattr(m, 'n', d) took d
    };
    Kind kind = Kind::EqualsMatch;
    SourceP source;
    SourceP other;  // NoAliasing / DuplicateInput

    // What was seen.
    DType dtype = DType::Float32;
    Device device = Device::CPU;
    bool requires_grad = false;
    Shape sizes, strides;
    std::vector<bool> dynamic;  // TensorMatch: dims not checked (a symbol stands for them)
    bool contiguous = false;    // TensorMatch with dynamic dims: strides are checked as "contiguous"
    int cmp = 0;                // SymCompare: a bytecode::CMP_* operator
    int64_t rhs = 0;            // SymCompare: the constant compared with
    bool expected = true;       // SymCompare: the outcome the graph took
    bool float_compare = false; // SymCompare on a dynamic float, against rhs_float
    double rhs_float = 0;
    vm::Value value;  // EqualsMatch constant, IdMatch object, TypeMatch type
    int64_t length = 0;
    std::vector<vm::Value> keys;
    bool grad_mode = true;
    DType default_dtype = DType::Float32;
    std::string autocast;  // GlobalState: autocast_state() when the guard was made ("" when off everywhere)

    UserFrame where;  // the user line that made the guard

    // The autocast part of the global state, as the guard prints and compares it: "" while autocast is
    // off on every device type (so guard printouts without autocast stay as they were).
    static std::string autocast_state();

    const char* kind_name() const;  // TENSOR_MATCH
    std::string code(vm::Interpreter& in) const;  // check_tensor(L['x'], ...), L['n'] == 2
    // Empty when the guard holds in `frame`, else the reason a recompile reports.
    std::optional<std::string> check(vm::Interpreter& in, const vm::Frame& frame,
                                     std::unordered_map<const Source*, vm::Value>* memo = nullptr) const;
};

// What a TENSOR_MATCH guard compares, read from a tensor, or made up by the playground's what-if
// panel (guard_whatif.h) for a tensor that does not exist.
struct TensorFacts {
    DType dtype = DType::Float32;
    Device device = Device::CPU;
    bool requires_grad = false;
    Shape sizes, strides;
    bool contiguous = true;
};
// The reason `g` (a TENSOR_MATCH) fails for a tensor with these facts, as a recompile reports it;
// `who` is the source as the user wrote it (x, self.fc.weight).
std::optional<std::string> tensor_match_failure(const Guard& g, const std::string& who, const TensorFacts& t);
// The reason `g` (a SHAPE_ENV guard on an int: SymSize or SymCompare) fails for `value`; `other`
// is the value of g.other for a SymSize equality (null when unreadable), `other_who` its name.
std::optional<std::string> sym_int_failure(const Guard& g, const std::string& who, int64_t value,
                                           const int64_t* other, const std::string& other_who);
// The same for a SymCompare on a dynamic float (float_compare).
std::optional<std::string> sym_float_failure(const Guard& g, const std::string& who, double value);

struct GuardSet {
    std::vector<Guard> guards;

    // The guards' sources as one tree, PyTorch's GuardManager tree in miniature: each distinct access
    // path (L['self']._modules['layer1']) is one node, read once per check from its parent's value, and
    // a frame local is read by its slot rather than found by name. Built on the first check of this
    // guard list (guards.cpp); shared by copies, rebuilt when the list it was built for changed.
    struct Tree;
    mutable std::shared_ptr<const Tree> tree;
    // The graph inputs' sources when the compiled function reads its inputs itself (read_inputs): their
    // paths join the tree, so a path the guards read is not walked again for the call.
    std::vector<SourceP> inputs;

    bool has(Guard::Kind k, const Source& s) const;
    // The first failing guard's reason, or nothing when all pass.
    // `failed` (optional) is set to the guard that failed: its kind is the recompile's reason class.
    // `values` (optional) receives the tree's node values read by a passing check (read_inputs reuses them).
    std::optional<std::string> check(vm::Interpreter& in, const vm::Frame& frame, const Guard** failed = nullptr,
                                     std::vector<vm::Value>* values = nullptr) const;
    // The tree for this list and the frames of `co` (made now if not yet).
    std::shared_ptr<const Tree> tree_for(const bytecode::CodeObject& co) const;
    // TORCH_LOGS=guards: the guard tree, one manager per source.
    std::string str(vm::Interpreter& in) const;
};

// The roots of the inputs' paths (distinct frame locals and globals, in order of first use): what the
// transformed code passes to a compiled function that reads its inputs itself.
std::vector<SourceP> input_roots(const std::vector<SourceP>& inputs);
// Whether every input path is a chain of attribute and constant-key item reads from a local or a
// global (what read_inputs reads as the transformed code's loads would).
bool readable_inputs(const std::vector<SourceP>& inputs);
// The values of tree `t`'s inputs, read from `roots` (the values of input_roots, in order), starting
// from `seeded` (the node values of the passing guard check just made for this call, or empty).
std::vector<vm::Value> read_inputs(vm::Interpreter& in, const GuardSet::Tree& t, const vm::Value* roots, size_t nroots,
                                   std::vector<vm::Value> seeded);

}  // namespace kiln::capture::dynamo
