// The FX-style graph Dynamo captures: placeholder, get_attr, call_function, call_method,
// call_module and output nodes whose targets are the Python-level callables the program called.
//
// Unlike the TorchScript IR (engine/graph), which names aten operators, an FX node holds the very
// object the program called (torch.relu, operator.add, the method name "sin"), so the graph can be
// run by calling those objects again (the "eager" backend), and a custom backend written in Kiln's
// Python sees `gm.graph.nodes` with `op`, `name`, `target`, `args` and `kwargs` as in PyTorch.
// Nodes are VM objects for that reason: a node's args hold other nodes directly.
//
// Three printouts: str(graph) (FX's `%add : [num_users=1] = call_function[...]` form),
// print_tabular() (opcode/name/target/args/kwargs columns) and the generated Python source
// (`gm.code`, and the annotated form TORCH_LOGS=graph_code prints).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "vm/interpreter.h"

namespace kiln::capture::dynamo {

enum class FxOp { Placeholder, GetAttr, CallFunction, CallMethod, CallModule, Output };
const char* fx_op_name(FxOp op);

// Where in the user's program a node came from (graph_code comments, explain's user stacks).
struct UserFrame {
    std::string filename;
    int line = 0;
    std::string function;
    std::string code;  // the stripped source line
    // The module whose forward this frame is, as the user wrote its path ("self.attn"; "" for a
    // frame that is no module's forward): PyTorch's nn_module_stack, which the playground's graph
    // view groups and collapses nodes by.
    std::string module;
};

struct FxNode : vm::NativeObj {
    FxNode();
    void clear() override;

    FxOp op = FxOp::CallFunction;
    std::string name;
    vm::Value target;         // the callable (call_function) or a Str (method/placeholder/attr name)
    std::string target_name;  // how FX prints the target: operator.add, torch.relu, sin, L_x_
    vm::Value args;           // a Tuple; nodes appear in it as FxNode values
    std::vector<std::pair<std::string, vm::Value>> kwargs;
    vm::Value example;        // meta['example_value']: a tensor, a tuple of tensors, or a constant
    std::vector<UserFrame> stack;  // innermost last
    // The built-in layers (nn.Linear, nn.Sequential...) whose calls recorded it, outermost first, as the
    // user wrote their paths ("self.mlp", "self.mlp.0"): the end of PyTorch's nn_module_stack, where
    // no Python forward ran (the frames' UserFrame::module give the rest).
    std::vector<std::string> layers;
    int users = 0;
    bool name_set = false;    // renamed after the user's variable (first STORE_FAST), or a placeholder
    bool is_symint = false;   // a placeholder standing for a dynamic size (reserved)
    // A placeholder made with no type_expr (a higher-order op's subgraph input, lifted by
    // SubgraphTracer.create_graph_input(name)): `def forward(self, l_x_):` with no annotation.
    bool untyped = false;
    // A placeholder's node.type: the input's class, which Dynamo's create_graph_input records
    // (type(value)): torch.nn.parameter.Parameter for a module's parameter, a tensor subclass as
    // itself; null for torch.Tensor (and for other nodes, whose type is None).
    vm::Value type;
};

class FxGraph {
public:
    std::vector<vm::Ref<FxNode>> nodes;
    // The graphs its get_attr nodes name (a torch.cond's branches, `cond_true_0`), in graph order:
    // PyTorch's GraphModule copies the submodules its get_attr nodes reach from the root's
    // nn_modules, so print_readable nests them as classes and gm.cond_true_0 is a GraphModule.
    std::vector<std::pair<std::string, std::shared_ptr<FxGraph>>> submodules;
    const FxGraph* submodule(const std::string& name) const;

    // A new node named after `base` (snake case; _1, _2 for repeats; Python builtins get _1).
    FxNode* add(FxOp op, const std::string& base);
    FxNode* output() const;
    // Uses up the next name of `base` without adding a node: a node PyTorch records and later
    // removes as dead code (the `size` call of a dynamic `x.size()`) still numbers its successors.
    void take_name(const std::string& base);
    // FX's _Namespace.create_name for a name given by hand (a higher-order op's subgraph placeholder,
    // a value Dynamo makes in a graph it then discards): `candidate` if free, else the next base_N,
    // counting on from the base's count (a trailing _N of the candidate sets it, as FX's regex does).
    std::string claim_name(const std::string& candidate);
    // Gives `n` the user's variable name (`y = x * 2` names the node y), once, as Dynamo does;
    // a name already taken gets _1, _2 (the original name stays used up).
    void rename(FxNode* n, const std::string& name);
    // Recounts users from args (after the graph is complete).
    void count_users();
    // Number of call_function nodes (explain's op count) and their targets.
    int op_count() const;

    std::string str(vm::Interpreter& in) const;              // print(gm.graph)
    std::string tabular(vm::Interpreter& in) const;          // gm.graph.print_tabular()
    // `def forward(self, L_x_ : torch.Tensor): ...` (gm.code); with `annotated`, the form
    // TORCH_LOGS=graph_code prints (tensor types "f32[3][1]cpu" and `# File:` source comments).
    // `strides` = false: print_readable's default annotations ("f32[3, 4]": include_stride and
    // include_device off).
    std::string python_code(vm::Interpreter& in, bool annotated, bool strides = true) const;
    // GraphModule.print_readable(): `class <name>(torch.nn.Module):` around the forward, the
    // submodules' classes nested after it (torch.fx.graph_module._print_readable).
    // `strides`: the TORCH_LOGS=graph_code form ("f32[3, 4][4, 1]cpu").
    std::string readable(vm::Interpreter& in, const std::string& name, bool strides = false) const;

    // Runs the graph on `inputs` (one per placeholder) by calling each node's target; returns
    // the output tuple. The reference executor (the "eager" backend).
    vm::Value run(vm::Interpreter& in, const std::vector<vm::Value>& inputs) const;

private:
    std::vector<std::pair<std::string, int>> used_;
    std::vector<std::string> claimed_;  // names claim_name gave out (no node may take them)
};

// The Python type of FX nodes (torch.fx.node.Node); graph_module.cpp gives it its properties.
vm::Type* fx_node_type();

// "f32[3, 4][4, 1]cpu": the type annotation Dynamo's graph printouts give a tensor.
std::string tensor_annotation(const vm::Value& example, bool strides = true);
// The Python repr FX uses for an argument (nodes print as their names, %name in str(graph)).
std::string fx_arg_repr(vm::Interpreter& in, const vm::Value& v, bool percent);

}  // namespace kiln::capture::dynamo
