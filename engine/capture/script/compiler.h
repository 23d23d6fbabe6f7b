// torch.jit.script's compiler: a Python function's AST (engine/lang) -> a typed graph::Graph whose
// control flow stays in prim::If / prim::Loop blocks, as TorchScript's frontend and IR emitter do.
//
// The compiler knows nothing about the VM. What a global name means (the torch module, another
// scripted function, a plain Python function to compile too, a Python value it must reject) is
// answered by a Resolver that bindings/jit_script.cpp implements over the function's globals. The
// result is a CompiledFunction: its graph (inputs named after the parameters), the parameter types
// and defaults (the calling convention checks arguments against them) and the return type.
//
// Errors are ScriptError: a kiln::Error (RuntimeError) that also carries the Python class PyTorch
// raises (UnsupportedNodeError, NotSupportedError or RuntimeError) and whose message is PyTorch's
// first line, ending with ':', followed by the source location and the line with up to two lines of
// the function's text each side (SourceRange::highlight); an error in a function compiled for a
// call site then names each caller ("'f' is being compiled since it was called from 'M.forward'")
// with the expression it was emitting, as ErrorReport's call stack does.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "graph/ir.h"
#include "lang/ast.h"
#include "support/error.h"

namespace kiln::capture::script {

struct ScriptError : kiln::Error {
    ScriptError(std::string cls, const std::string& message)
        : kiln::Error(ErrorKind::RuntimeError, message), py_class(std::move(cls)) {}
    std::string py_class;  // "RuntimeError", "UnsupportedNodeError", "NotSupportedError"
};

struct ScriptParam {
    std::string name;
    graph::TypePtr type;
    bool inferred = false;  // unannotated: Tensor, printed "Tensor (inferred)" in errors
    std::optional<graph::IValue> default_value;
};

struct CompiledFunction {
    std::string name;
    std::shared_ptr<graph::Graph> graph;
    std::vector<ScriptParam> params;  // `self` excluded for methods
    graph::TypePtr return_type;
    // "f(Tensor x, int k=1) -> Tensor", the Declaration line of call errors.
    std::string declaration() const;
};

// What a global (or builtin) name refers to, as the compiler needs to know it.
struct GlobalRef {
    enum class Kind { Missing, Module, Script, PythonFunction, PythonValue };
    Kind kind = Kind::Missing;
    std::string module_name;                          // Module: "torch", "torch.nn.functional", "typing"
    std::shared_ptr<const CompiledFunction> script;   // Script
    std::function<std::shared_ptr<const CompiledFunction>()> compile;  // PythonFunction: compiles on demand
    std::string type_name;                            // PythonValue: type(v).__name__
};

// A method of a scripted module's class, as a call site needs it.
struct MethodRef {
    std::shared_ptr<const CompiledFunction> fn;  // a compiled method (its params exclude `self`)
    // @torch.jit.ignore / @torch.jit.unused methods are not compiled: the call stays a
    // prim::CallMethod that the runtime answers (a call back into Python, or the unused error).
    bool python = false;
    graph::TypePtr return_type;  // python methods: the annotated return type (Tensor if none)
};

// A scripted module's class (torch.jit.script(module)): its attribute slots, in the order its
// graph::Object holds them, and its methods, compiled on demand (`self.helper(x)` compiles helper).
struct ClassInfo {
    std::string name;  // qualified: __torch__.M
    std::vector<std::pair<std::string, graph::TypePtr>> attributes;
    // Names in the module's __constants__ or annotated torch.jit.Final: `self.name` compiles to a
    // prim::Constant of the value, not to a prim::GetAttr of a slot.
    std::vector<std::pair<std::string, graph::IValue>> constants;
    // The method `name`, or nullopt when the class has none. May throw ScriptError.
    std::function<std::optional<MethodRef>(const std::string& name)> method;
    // "ModuleList", "ModuleDict" or "Sequential" for a module container: a `for` over it (or over
    // enumerate() of it, or a ModuleDict's items()/keys()/values()) is unrolled over its submodules,
    // the Class-typed attributes in order, as PyTorch's emitUnrolledLoop does.
    std::string container;
};

struct Resolver {
    virtual ~Resolver() = default;
    virtual GlobalRef lookup(const std::string& name) = 0;
    // The class behind a Class-typed value (`self`, a submodule), or nullptr.
    virtual const ClassInfo* class_info(const std::string& /*qualified_name*/) { return nullptr; }
    // A reference to torch.nn.functional.<name> (F.relu), told to the caller: most of PyTorch's
    // torch.nn.functional is Python source that its compiler scripts (with a deprecation warning).
    virtual void functional_referenced(const std::string& /*name*/) {}
    // An annotation named a dtype-specific legacy tensor class (torch.LongTensor, ByteTensor, ...):
    // TorchScript types it Tensor and PyTorch's is_tensor warns that the dtype is not enforced.
    virtual void dtype_tensor_annotation(const std::string& /*name*/) {}
    // `module.attr` where the module's attribute is a bool, int, float, str or None: PyTorch's
    // PythonModuleValue::attr makes it a constant (toSugaredValue with is_constant=true), so np.pi or
    // a config module's number compiles; nullopt for anything else (functions, classes, submodules).
    virtual std::optional<graph::IValue> module_constant(const std::string& /*module*/, const std::string& /*attr*/) {
        return std::nullopt;
    }
};

// Scripted functions that compiled graphs call (prim::CallFunction), by qualified name: the name the
// call's Function constant carries in its type (__torch__.affine; a second, different function of the
// same name is __torch__.___torch_mangle_1.affine, as PyTorch mangles it). Registering returns that name.
std::string register_called_function(const std::shared_ptr<const CompiledFunction>& fn);
std::shared_ptr<const CompiledFunction> find_called_function(const std::string& qualified);

// The FunctionDef whose def line or first decorator line is `line` (searching class bodies too),
// or nullptr.
const lang::FunctionDef* find_function(const lang::Module& module, int line);

// Compiles `def` (from `filename`, whose text is `source`, used for error excerpts). With
// `self_type` (a Class type the resolver describes), `def` is a method: its first parameter becomes
// the graph's first input, typed `self_type`, and is not listed in params.
std::shared_ptr<CompiledFunction> compile_function(const lang::FunctionDef& def, const std::string& filename,
                                                   const std::string& source, Resolver& resolver,
                                                   graph::TypePtr self_type = nullptr);
// The type an annotation expression names (int, List[int], Tensor...); throws ScriptError.
graph::TypePtr annotation_type(const lang::Expr& e, const std::string& filename, const std::string& source,
                               Resolver& resolver);

// The annotation spelling PyTorch uses in argument errors: "Tensor", "List[int]", "Optional[Tensor]".
std::string type_annotation_str(const graph::TypePtr& t);

}  // namespace kiln::capture::script
