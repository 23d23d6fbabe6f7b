// Autograd nodes: the backward graph PyTorch builds while running ops eagerly.
//
// An op whose inputs require grad calls autograd::record(...) with its outputs and a backward
// formula: a closure that takes the gradients of the outputs and returns one gradient per input
// (an undefined Tensor where an input gets none). The formula is written with ordinary tensor ops,
// next to the forward code (micrograd's layout), so it is also differentiable for create_graph.
// Each node's next_edges point at the nodes that produced its inputs (or at a leaf's
// AccumulateGrad), giving the grad_fn.next_functions chain that lessons print.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/function.h"
#include "tensor/tensor.h"

namespace kiln::autograd {

struct Node;

struct Edge {
    std::shared_ptr<Node> fn;  // null: this input needs no gradient
    uint32_t input_nr = 0;     // which output of fn the input was
};

using Grads = std::vector<Tensor>;
using BackwardFn = Function<Grads(const Grads& grad_outputs)>;

// Hooks, as PyTorch's engine runs them around a node (each kind is one object per tensor or node
// that runs its registered callables in order; the bindings keep those in a Python dict, as
// PyTorch keeps tensor._backward_hooks, so RemovableHandle.remove() works on the dict):
// - a TensorHook sees the gradient of one tensor before anything uses it (the node's backward, a
//   leaf's accumulation into .grad, retain_grad, autograd.grad's result) and may replace it;
// - a FunctionPreHook sees a node's output gradients before its backward and may replace them;
// - a FunctionPostHook sees the gradients the backward computed for the node's inputs (and the
//   output gradients) and may replace the former.
// An empty / undefined result keeps the gradients unchanged.
struct TensorHook {
    virtual ~TensorHook() = default;
    virtual Tensor operator()(const Tensor& grad) = 0;
};
// - a PostAccumulateGradHook sees a leaf itself after its AccumulateGrad updated .grad (PyTorch's
//   tensor_post_acc_grad_hooks: the optimizer-step-in-backward pattern); it returns nothing.
struct PostAccumulateGradHook {
    virtual ~PostAccumulateGradHook() = default;
    virtual void operator()(const Tensor& leaf) = 0;
};
struct FunctionPreHook {
    virtual ~FunctionPreHook() = default;
    virtual std::vector<Tensor> operator()(const std::vector<Tensor>& grad_outputs) = 0;
};
struct FunctionPostHook {
    virtual ~FunctionPostHook() = default;
    virtual std::vector<Tensor> operator()(const std::vector<Tensor>& grad_inputs,
                                           const std::vector<Tensor>& grad_outputs) = 0;
};

// Saved-tensor hooks (torch.autograd.graph.saved_tensors_hooks): while a pair is installed on this
// thread, every tensor an op saves for backward is handed to the pack hook as it is saved and only
// the packed object is kept; the unpack hook turns it back into a tensor each time the backward (or
// anything else) reads it. The packed object is freed with the node's saved tensors, so a Python
// object with __del__ (a temporary file) sees the graph release it.
struct SavedTensorPack {
    virtual ~SavedTensorPack() = default;
    virtual Tensor unpack() const = 0;
};
struct SavedTensorHooks {
    virtual ~SavedTensorHooks() = default;
    virtual std::shared_ptr<SavedTensorPack> pack(const Tensor& t) = 0;
};
// The innermost pair applies (PyTorch's stack of default hooks). push raises the message given to
// disable_saved_tensor_hooks while hooks are disabled.
void push_saved_tensor_hooks(std::shared_ptr<SavedTensorHooks> hooks);
void pop_saved_tensor_hooks();
// torch.autograd.graph.disable_saved_tensors_hooks: an empty optional enables them again.
void set_saved_tensor_hooks_disabled(std::optional<std::string> message);
const std::optional<std::string>& saved_tensor_hooks_disabled();

// A tensor saved for backward, with the storage version at save time: using it after an in-place
// change raises PyTorch's "modified by an inplace operation" error instead of a wrong gradient.
// Under saved-tensor hooks it keeps the pack hook's result instead (and, as PyTorch, no version
// check: what the hooks return is the user's responsibility).
class SavedTensor {
public:
    SavedTensor() = default;
    explicit SavedTensor(const Tensor& t);
    // One of the node's own outputs (saved detached, to avoid a cycle), output number `output_nr`:
    // its version error names the node that saved it.
    // Under saved-tensor hooks the output is packed once record() has attached it (PyTorch's pack
    // hook sees the output with its grad_fn), so the packed object is filled in later, in a slot the
    // copies of this SavedTensor share.
    static SavedTensor output(const Tensor& out, int output_nr = 0);
    Tensor get() const;  // checks the version
    bool defined() const { return tensor_.defined() || packed_ != nullptr; }

    struct PackSlot {
        std::shared_ptr<SavedTensorPack> pack;
    };

private:
    Tensor tensor_;
    std::shared_ptr<PackSlot> packed_;
    uint64_t version_ = 0;
    bool output_ = false;
    int output_nr_ = 0;
};

struct OutputMeta {
    Shape sizes;
    DType dtype;
    Device device = Device::CPU;  // where a missing gradient's zeros are made
};

struct Node {
    std::string name;               // "MulBackward0", as PyTorch's grad_fn names
    std::vector<Edge> next_edges;   // one per input of the forward op
    std::vector<OutputMeta> outputs;  // shape/dtype of each forward output (to make zero grads)
    std::vector<std::weak_ptr<TensorImpl>> retained;  // outputs that called retain_grad(), by output_nr
    BackwardFn backward;            // kept after release; its SavedTensors raise once released
    bool released = false;
    bool materialize_grads = true;  // missing output gradients reach backward as zeros (else undefined)
    uint64_t sequence_nr = 0;       // creation order: later nodes run first in backward
    // Hooks of the tensors this node produced (by output_nr), then the node's own (grad_fn.register_prehook
    // and grad_fn.register_hook).
    std::vector<std::pair<uint32_t, std::shared_ptr<TensorHook>>> tensor_pre_hooks;
    std::shared_ptr<FunctionPreHook> pre_hooks;
    std::shared_ptr<FunctionPostHook> post_hooks;

    // The saved tensors by the names PyTorch's generated node gives them (derivatives.yaml: "self",
    // "other", "result", ...), for grad_fn._saved_<name>. They are copies of what the backward closure
    // holds (same tensor, or the same packed object under saved-tensor hooks) and are freed with it.
    std::vector<std::pair<std::string, SavedTensor>> saved;
    bool saved_released = false;  // freed by a backward without retain_graph

    // The VM's Python object for this node while one exists, borrowed (PyTorch's Node::pyobj_): a
    // node keeps one identity in programs (`a is b` for two reads of one leaf's AccumulateGrad).
    void* py_object = nullptr;

    // AccumulateGrad: the sink for a leaf tensor's gradient.
    std::weak_ptr<TensorImpl> leaf;
    bool is_accumulate_grad() const { return !leaf.expired() || name == "AccumulateGrad"; }

    // Called when a backward without retain_graph frees the node's saved tensors: nodes that keep
    // them outside the closure (custom autograd.Functions keep them in their ctx) free them here.
    virtual void release_saved() {}

    // Frees the graph behind this node without recursing: a chain of 200k ops (a long loop's
    // autograd graph) would otherwise be destroyed one C++ frame per node and overflow the stack.
    // Like CPython's trashcan, the outermost destructor takes the inputs' nodes and the backward
    // closures (whose saved tensors may hold more graph) into a list and drains it in a loop.
    virtual ~Node();
};

// True when grad mode is on and any of the tensors requires grad.
bool needs_grad(std::initializer_list<Tensor> inputs);
bool needs_grad(const std::vector<Tensor>& inputs);

// Attaches a node to `outputs` (which become non-leaf, requires_grad=True) with edges to `inputs`.
// Call only when needs_grad(inputs) is true. Undefined inputs get null edges.
// `saved` names the tensors the backward closure saved (see Node::saved).
using NamedSaved = std::vector<std::pair<std::string, SavedTensor>>;
std::shared_ptr<Node> record(const char* name, const std::vector<Tensor>& inputs,
                             const std::vector<Tensor>& outputs, BackwardFn backward, NamedSaved saved = {});

// record() for a node made by the caller (a Node subclass): fills its edges and attaches the outputs.
void attach(const std::shared_ptr<Node>& node, const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs);

// PyTorch's text for running a released node again or reading its freed saved tensors.
const char* second_backward_message();

// The edge that a gradient for `t` should flow into (its grad_fn, or its AccumulateGrad if a leaf
// that requires grad), or a null edge.
Edge gradient_edge(const Tensor& t);

// tensor.backward(gradient, retain_graph, create_graph, inputs) and torch.autograd.backward. With
// `inputs`, only their .grad is accumulated (leaves or not), as PyTorch's backward(inputs=...).
void backward(const std::vector<Tensor>& roots, const std::vector<Tensor>& grad_roots = {},
              bool retain_graph = false, bool create_graph = false, const std::vector<Tensor>& inputs = {});
// torch.autograd.grad(outputs, inputs, grad_outputs): returns the gradients instead of accumulating.
std::vector<Tensor> grad(const std::vector<Tensor>& outputs, const std::vector<Tensor>& inputs,
                         const std::vector<Tensor>& grad_outputs = {}, bool retain_graph = false,
                         bool create_graph = false, bool allow_unused = false);

// The object that runs a tensor's hooks, made by `make` on the first Tensor.register_hook and
// attached where the engine looks for it (the tensor, and its grad_fn's tensor_pre_hooks).
std::shared_ptr<TensorHook> tensor_hooks(const Tensor& t, const Function<std::shared_ptr<TensorHook>()>& make);

// Sums a broadcast gradient back to `shape` (the backward of broadcasting).
Tensor sum_to(const Tensor& grad, const Shape& shape);

}  // namespace kiln::autograd

namespace kiln::autograd {

// ---- in-place ops under autograd ---------------------------------------------------------------
// An in-place op x.op_(y) with autograd is run as: x_old = inplace_source(x) (a copy of x's data
// carrying x's autograd identity), r = op(x_old, y) recorded as usual, then x's data is overwritten
// with r's and inplace_rebase(x, r) makes r's node x's grad_fn. Formulas that saved x_old stay valid
// because x_old owns its own storage.
void check_inplace(const Tensor& x);  // PyTorch's leaf-requires-grad error
// TensorImpl::creation_meta of a differentiable view a custom autograd.Function returned, or of an
// input it returned as-is (PyTorch's CreationMeta::IN_CUSTOM_FUNCTION, next to tensor.h's
// ViewCreation values): changing it in place would bypass the Function's backward, so check_inplace
// refuses it with PyTorch's text.
constexpr uint8_t kViewInCustomFunction = 3;
Tensor inplace_source(const Tensor& x);
void inplace_rebase(const Tensor& x, const Tensor& result);

}  // namespace kiln::autograd
