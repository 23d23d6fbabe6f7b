// Variable trackers: what the translator keeps on its symbolic stack and in its symbolic locals.
//
// Each Var stands for one Python value of the frame being captured, in the way Dynamo's
// VariableTracker subclasses do: a tensor is a graph node plus an example value (the metadata
// tensor ops propagate); a Python constant is just its value (and gets folded); a list, tuple or
// dict holds Vars; functions, modules and objects hold the real object they are (so attribute
// reads and calls can be followed) and, when they came from the frame, the Source to guard and
// reload them through. The translator never reads tensor data to decide anything: a decision
// that would need it is a graph break.
//
// Kiln's deliberate simplification: example values are real tensors computed from copies of the
// inputs (PyTorch uses FakeTensors with no data). Their metadata (shape, dtype, strides,
// requires_grad) is exactly what a fake tensor would carry, and no data flows into decisions.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "capture/dynamo/fx_graph.h"
#include "capture/dynamo/source.h"

namespace kiln::capture::dynamo {

struct Var;
using VarP = std::shared_ptr<Var>;

// A cell box shared between a frame and the closures it makes (LOAD_CLOSURE / LOAD_DEREF).
struct CellBox {
    VarP value;  // null while empty
};
using CellP = std::shared_ptr<CellBox>;

struct Var {
    enum class K {
        Null,        // the NULL CALL's stack layout uses
        Constant,    // None, bool, int, float, str, dtype, device, torch.Size, range, slices of constants
        Tensor,      // a graph node with an example value
        Tuple,
        List,
        Dict,        // constant keys
        Slice,       // items: start, stop, step (when one of them is not a constant)
        Function,    // a user function (inlined when called)
        Nested,      // a function made inside the traced region (MAKE_FUNCTION): code + closure cells
        Builtin,     // a native callable (torch.relu, len, a bound method of a constant)
        Type,        // a class
        PyModule,    // a Python module (torch, math, torch.nn.functional)
        NNModule,    // an nn.Module instance
        Object,      // any other user object
        Method,      // self + a method name (tensor methods, list.append) or self + a user function
        Iterator,    // items (unrolled loops)
        GradMode,    // torch.no_grad() / enable_grad() / set_grad_enabled(b) as a context manager
        SdpaKernel,  // torch.nn.attention.sdpa_kernel(backends): value is the list of backends
        Autocast,    // torch.autocast(...) as a context manager (PyTorch's AutocastModeVariable): items are
                     // its target values (device_type, dtype, enabled, cache_enabled); once entered,
                     // node is the _enter_autocast node and value the region entered while tracing
        Cell,        // a cell, on the stack between LOAD_CLOSURE and MAKE_FUNCTION
        SymInt,      // a symbolic int: a size symbol, a dynamic int input, or arithmetic on them
        NewObject,   // an instance of a user class made in the traced region: value is its class,
                     // keys/items its attributes (PyTorch's UserDefinedObjectVariable of a new object)
        NullContext, // contextlib.nullcontext(enter_result), made in the region or passed in (PyTorch's
                     // NullContextVariable): items[0] is what `with ... as v` binds; entering and
                     // leaving it does nothing
        GenContext,  // a @contextlib.contextmanager manager called in the region (PyTorch inlines the
                     // generator behind it, a GenericContextWrappingVariable): `gen` is the generator
                     // function's frame bound to its arguments, run to its yield when the `with`
                     // enters and on to its end when it leaves
    };
    K kind = K::Constant;
    vm::Value value;          // the real object (everything but Tensor/containers/Null)
    FxNode* node = nullptr;   // Tensor
    vm::Value example;        // Tensor: the example tensor
    std::vector<VarP> items;  // Tuple/List/Iterator items, Dict values, Slice parts
    std::vector<vm::Value> keys;  // Dict keys
    SourceP source;           // where it came from in the frame, if anywhere
    VarP self;                // Method: the receiver
    std::string method;       // Method: the method name (when not a user function in `value`)
    size_t pos = 0;           // Iterator: next item
    bool grad = true;         // GradMode: the mode inside the block
    bool prev_grad = true;    // GradMode: the mode to restore
    bool applied = false;     // GradMode: already in effect (set_grad_enabled(b) applies when called)
    vm::Value sdpa_prev;      // SdpaKernel: the backends enabled before the block (restored on exit)
    bool sdpa_priority = false;  // SdpaKernel: set_priority
    vm::Type* seq_type = nullptr;  // Tuple: the tuple type (named tuples, torch.Size)
    std::vector<CellP> closure;    // Nested: closure cells
    vm::Value defaults;            // Nested: default values (a Tuple) or Null
    VarP annotations;              // Nested: the def's annotations tuple (MAKE_FUNCTION 0x04) or null
    CellP cell;                    // Cell
    bool lazy = false;             // Tensor/SymInt: a frame input whose placeholder is made on first use
    bool opaque = false;           // Object: a native object Kiln's Dynamo does not model (an optimizer);
                                   // Builtin: one of its methods, whose call breaks the graph
    int symbol = -1;               // SymInt: the symbol it is (-1: computed from symbols)
    std::vector<VarP> sym_sizes;   // Tensor inputs: per dim, the SymInt standing for it (null: static)
    VarP tensor_of;                // SymInt of a dynamic float: the 0-d tensor placeholder it is read from
    std::shared_ptr<void> gen;     // GenContext: the translator's suspended frame of the generator
    VarP dict_part;                // NewObject of a dict subclass (a Hugging Face ModelOutput): its items, a
                                   // Dict Var with no source (PyTorch's UserDefinedDictVariable._dict_vt)

    bool is_tensor() const { return kind == K::Tensor; }
    bool is_symint() const { return kind == K::SymInt; }
    bool is_constant() const { return kind == K::Constant; }
    bool is_null() const { return kind == K::Null; }
    bool is_sequence() const { return kind == K::Tuple || kind == K::List; }

    static VarP make();  // an empty Var, recorded in the current VarArena
    static VarP null();
    static VarP constant(vm::Value v, SourceP source = nullptr);
    static VarP tensor(FxNode* node, vm::Value example);
    static VarP tuple(std::vector<VarP> items, vm::Type* type = nullptr);
    static VarP list(std::vector<VarP> items);
    static VarP of_kind(K kind, vm::Value v, SourceP source = nullptr);
};

CellP new_cell();  // an empty cell box, recorded in the current VarArena

// The Vars and cell boxes one translation makes. They refer to each other through shared_ptr, and
// a traced program can make them cyclic: an object whose attribute is itself (`self.me = self`),
// a parent and child that point at each other, a list appended to itself, a nested function that
// closes over its own cell. Reference counting alone never frees such a cycle (LeakSanitizer
// reported them), so the arena keeps a weak reference to each Var and box made while it is
// current and, when it goes (with the translation's Capture, after codegen), empties the
// references every one still alive holds: items, receiver, closure cells, sizes, cell contents.
// A Var must not be used after its translation's arena is gone; none outlives its Capture.
class VarArena {
public:
    VarArena() = default;
    ~VarArena();
    VarArena(const VarArena&) = delete;
    VarArena& operator=(const VarArena&) = delete;

    void add(const VarP& v);
    void add(const CellP& c);

private:
    void compact();
    std::vector<std::weak_ptr<Var>> vars_;
    std::vector<std::weak_ptr<CellBox>> cells_;
    size_t compact_at_ = 4096;  // entries before expired ones are dropped (a long translation makes many)
};

// Makes `arena` the one new Vars and cells are recorded in, on this thread, for the scope (nests).
class VarArenaScope {
public:
    explicit VarArenaScope(VarArena* arena);
    ~VarArenaScope();
    VarArenaScope(const VarArenaScope&) = delete;
    VarArenaScope& operator=(const VarArenaScope&) = delete;

private:
    VarArena* prev_;
};

}  // namespace kiln::capture::dynamo
