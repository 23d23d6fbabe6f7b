// Sources: where a value the translator saw came from in the frame, e.g. L['x'], G['SCALE'],
// L['self']._modules['fc']._parameters['weight'], L['cfg']['mode'].
//
// Dynamo needs the answer to "where did this come from?" for three jobs: a guard re-reads the
// value through its source on every call (guards.h), the transformed bytecode reloads graph inputs
// through it (codegen.h), and graph placeholders are named after it (L_x_). A source is a small
// immutable tree rooted at a frame local or a global of the frame's module; attributes and
// subscripts hang below. Values made inside the traced region (op results, constants folded from
// other constants) have no source.
#pragma once
#include <memory>
#include <string>
#include <unordered_map>

#include "vm/interpreter.h"

namespace kiln::capture::dynamo {

struct Source;
using SourceP = std::shared_ptr<const Source>;

struct Source {
    enum class Kind {
        Local,   // a local of the frame being compiled (parameters, cells and free variables too)
        Global,  // a global of the frame's module (builtins when not found there)
        Attr,    // base.name; `via` names the nn.Module table it lives in (_modules, _parameters, _buffers)
        Item,    // base[key] for a constant key (an int or a str)
        Size,    // base.size()[dim]: a tensor's size, the value of a size symbol
        Tensorify,  // base (a Python float) passed to the graph as a 0-d float64 tensor
    };
    Kind kind = Kind::Local;
    std::string name;  // Local/Global/Attr name
    std::string via;   // Attr: "", "_modules", "_parameters" or "_buffers"
    vm::Value key;     // Item: the key
    SourceP base;

    static SourceP local(std::string name);
    static SourceP global(std::string name);
    static SourceP attr(SourceP base, std::string name, std::string via = "");
    static SourceP item(SourceP base, vm::Value key);
    static SourceP size(SourceP base, int64_t dim);
    static SourceP tensorify(SourceP base);
    int64_t dim = 0;  // Size

    // L['self']._modules['fc']._parameters['weight'], as Dynamo prints guards.
    std::string str() const;
    // The same without the L[...] / G[...] wrapper (self.fc.weight): recompile reasons print this.
    std::string user_str() const;
    // L_self_modules_fc_parameters_weight_: a placeholder's target (runs of other characters become _).
    std::string placeholder_name() const;
    // The root local's name ("self" for L['self'].fc), or "" for a global root.
    std::string root_local() const;
    bool is_global_rooted() const;

    // Reads the value through the source in `frame` (a guard check, the recompile reason). Throws
    // PyError when a step fails (a missing attribute).
    // `memo` (one guard check pass: no Python code runs between its lookups) keeps each Attr and
    // Item source's value, so sources that share a prefix (a compiled optimizer step's hundreds of
    // G['opt'].param_groups[0]['params'][i].grad) walk it once.
    vm::Value resolve(vm::Interpreter& in, const vm::Frame& frame,
                      std::unordered_map<const Source*, vm::Value>* memo = nullptr) const;
};

// The value of local `name` in `frame` (a fast local or a cell's contents), Null when unbound.
vm::Value frame_local(const vm::Frame& frame, const std::string& name);

}  // namespace kiln::capture::dynamo
