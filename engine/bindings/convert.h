// Conversions between VM values and engine types, shared by every torch binding file.
//
// The bindings expose the engine (ops/ops.h, nn/, optim/) to programs under PyTorch's names. Each
// binding parses its arguments with a vm::Signature (PyTorch's parameter names and defaults) and
// converts them here: tensors, Python scalars, shapes (ints, tuples, lists, torch.Size), dtypes
// (torch.float32 objects), devices ("cpu", torch.device). Conversion errors are TypeErrors worded
// like PyTorch's argument parser ("add(): argument 'other' (position 1) must be Tensor, not str").
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ops/ops.h"
#include "ops/output_layout.h"
#include "vm/args.h"
#include "vm/ops.h"

namespace kiln::autograd {
struct Node;
}

namespace kiln::vm::bind {

bool is_tensor(const Value& v);
// A memory_format= argument (torch.contiguous_format, ...; None is preserve_format).
MemoryFormat to_memory_format(Interpreter& in, const Value& v, const char* fn);
// An argument left out (Null, the binding's "no default") or passed as None.
inline bool is_none(const Value& v) { return v.is_null() || v.is_none(); }
// The tensor of a Tensor/Parameter value; TypeError naming `fn` and `arg` otherwise.
const Tensor& to_tensor(const Value& v, const char* fn = "", const char* arg = "input");
// "fn(): argument 'arg' (position N)" as PyTorch's argument parser names a bad argument: the position
// only when it was passed positionally in the native call in progress (vm/types.h's NativeCall).
std::string where_of(const char* fn, const char* arg, const Value& v, int fallback_position = 0);
// A Python bool/int/float as an engine Scalar (0-dim tensors too, through item()).
bool is_scalar(const Value& v);
Scalar to_scalar(const Value& v, const char* fn = "", const char* arg = "other");
// A tensor operand that may be a Python number: numbers become wrapped scalars (x + 1).
Tensor tensor_or_scalar(const Value& v, const char* fn = "", const char* arg = "other");
// torch.where's / Tensor.where's condition: a uint8 one is still accepted, with ATen's deprecation
// warning (TORCH_WARN_ONCE in where_self_out).
const Tensor& where_condition(Interpreter& in, const Value& v);
// Shapes: f(2, 3), f((2, 3)), f([2, 3]), f(torch.Size([2, 3])). `args` are the values from the
// first shape argument on (varargs form) or one sequence value.
Shape to_shape(const Value& v, const char* fn = "", const char* arg = "size");
Shape shape_from_varargs(const std::vector<Value>& args, const char* fn = "");
std::vector<int64_t> to_int_list(const Value& v, const char* fn = "", const char* arg = "dim");
std::vector<Tensor> to_tensor_list(Interpreter& in, const Value& v, const char* fn = "", const char* arg = "tensors", int argnum = 0);

// dtype objects: one immortal torch.dtype per DType (repr "torch.float32").
Value dtype_value(DType dt);
bool is_dtype(const Value& v);
DType to_dtype(const Value& v, const char* fn = "", const char* arg = "dtype");
std::optional<DType> to_opt_dtype(const Value& v, const char* fn = "", const char* arg = "dtype");  // None -> nullopt
// devices: "cpu", "cuda", "cuda:0", torch.device(...).
Value device_value(Device d);
Device to_device(const Value& v, const char* fn = "", const char* arg = "device");
bool is_device_value(const Value& v);  // a torch.device object
// torch.set_default_device's device: where factories called without device= (torch.empty, torch.tensor,
// nn layers' parameters) make their tensors; `with torch.device(d):` sets it for the block.
Device default_device();
void set_default_device(Device d);
// torch.Size([2, 3]) (a tuple subclass).
Value size_value(const Shape& s);
// A dimension argument: int (negative allowed; the op wraps it).
int64_t to_dim(const Value& v, const char* fn = "", const char* arg = "dim");
std::optional<int64_t> to_opt_int(const Value& v, const char* fn = "", const char* arg = "");
double to_float(const Value& v, const char* fn = "", const char* arg = "");
bool to_bool(const Value& v, const char* fn = "", const char* arg = "");
bool truthy_arg(const Value& v);  // a flag PyTorch reads in Python: the value's truth
// TensorOptions from dtype=/device=/requires_grad= slots (any may be Null/None).
TensorOptions to_options(const Value& dtype, const Value& device, const Value& requires_grad, const char* fn = "");

// def_method plus the checks CPython makes before a method of a built-in type runs: the receiver
// must be of the type (nn.Module.__setattr__(5, ...) is a TypeError, not a crash), and fixed-arity
// dunders/accessors get their argument count checked.
void checked_method(Type* t, const char* name, NativeFn fn);
// The same as a one-word registration for files that define many methods (`using method_def::method;`);
// its own namespace keeps tensor.cpp's method(type, spec, body) overload apart.
namespace method_def {
inline void method(Type* t, const char* name, NativeFn fn) { checked_method(t, name, std::move(fn)); }
}

// torch.tensor(data)'s conversion of nested lists/tuples/scalars/tensors with PyTorch's dtype
// inference (torch_module.cpp); also new_tensor, list indices and torch.Tensor([...]).
Tensor tensor_from_data(Interpreter& in, const Value& data, std::optional<DType> dtype, const char* fn);

// t[key] and t[key] = value as Tensor.__getitem__/__setitem__ do them (tensor.cpp); numpy.cpp's
// ndarrays reuse them for advanced indexing.
Tensor index_tensor(Interpreter& in, const Tensor& t, const Value& key);
void index_put_value(Interpreter& in, const Value& tensor, const Value& key, const Value& value);
// torch.Generator (random_py.cpp): the generator of a generator= argument (None/absent: nullptr,
// meaning the default one, for a GeneratorScope); TypeError for anything else.
GeneratorImpl* to_generator(const Value& v, const char* fn);
Type* generator_type();
Value generator_value(const GeneratorPtr& g);  // the Python object of a generator (one per generator)
void add_random_functions(ModuleObj& torch);     // torch.multinomial, get/set_rng_state, seed, default_generator
void register_random_module();                   // torch.random
void add_cuda_random_functions(ModuleObj& cuda);  // torch.cuda.manual_seed, get_rng_state, ... (the CUDA generator)
void register_serialization_module();            // serialization.cpp: torch.serialization (save/load)
void add_serialization(Interpreter& in, ModuleObj& torch);  // torch.save/torch.load
// collections.OrderedDict (engine/stdlib/collections, a dict subclass), as state_dict() returns it (nn.cpp).
Type* ordered_dict_type();
// torch.load's reader over the bytes of a checkpoint (the fuzz harness drives it directly).
Value load_checkpoint_bytes(Interpreter& in, const std::string& bytes, bool weights_only, const Value& map_location);

// Python-level wrappers.
inline Value wrap(const Tensor& t) { return wrap_tensor(t); }
Value wrap_list(const std::vector<Tensor>& ts);   // a list of tensors
Value wrap_tuple(const std::vector<Tensor>& ts);  // a tuple of tensors
Value scalar_value(const Scalar& s);               // int/float/bool
// A grad_fn as Python sees it (tensor.cpp): None, a custom Function's ctx, or a Node object.
Value wrap_grad_fn(const std::shared_ptr<autograd::Node>& n);
// The ctx of a custom autograd.Function's node (autograd_function.cpp), Null for other nodes.
Value custom_grad_fn_object(const autograd::Node* n);

// Registration entry points, one per binding file (called by register_torch_types).
void register_tensor_type(const TypeTable& t);  // tensor.cpp: Tensor/Parameter methods, properties, dunders
// The signature of every Tensor method bound by tensor.cpp's method(), in registration order (the keyword
// names are PyTorch's; tests/bindings/test_method_keywords.cpp checks them against the op table's schemas).
const std::vector<std::string>& tensor_method_specs();
// tensor.cpp: torch.FloatTensor, torch.LongTensor, ... (the legacy tensor types) into the torch
// module, and the dtype one of them (or its name, 'torch.LongTensor') stands for.
void add_legacy_tensor_types(ModuleObj& torch);
std::optional<DType> legacy_tensor_type_dtype(const Value& v);
// autograd_hooks.cpp: Tensor.register_hook / _backward_hooks, and the register_hook / register_prehook
// methods of a grad_fn type (node_of gives the node behind one of its objects).
void add_tensor_hook_methods(Type* tensor_type);
void add_node_hook_methods(Type* node_type, std::shared_ptr<autograd::Node> (*node_of)(const Value& grad_fn));
// autograd_hooks.cpp: torch.autograd's private saved-tensor hook stack functions (torch._C._autograd's
// _push/_pop_saved_tensors_default_hooks, _saved_tensors_hooks_disable/enable/is_enabled), which
// engine/stdlib/torch/autograd/graph.py's context managers call.
void add_saved_tensor_hook_functions(ModuleObj& autograd);
// tensor.cpp: the torch.autograd.graph.Node class every native grad_fn class derives from.
Type* grad_fn_node_type();
void register_torch_module();                   // torch_module.cpp: torch.* functions, dtypes, no_grad, ...
void register_autograd_function();              // autograd_function.cpp: torch.autograd.Function, FunctionCtx
void add_autograd_function(Interpreter& in, ModuleObj& autograd);  // Function into torch.autograd
void register_nn_modules(const TypeTable& t);   // nn.cpp: nn.Module and layers, torch.nn module
void register_functional_module();              // functional.cpp: torch.nn.functional
// functional.cpp: an adaptive pool's output_size by torch.nn.functional's _list_with_default (also for the layers)
std::vector<int64_t> adaptive_output_size(const Value& out, const Tensor& x, size_t n, const char* fn);
void register_optim_module();                   // optim.cpp: torch.optim
void register_jit_module();                     // jit.cpp: torch.jit
void register_dynamo_modules();                 // dynamo.cpp: torch._dynamo, torch.compiler, torch._logging
void add_compile_function(Interpreter& in, ModuleObj& torch);  // dynamo.cpp: torch.compile
void register_amp_modules();                                   // amp.cpp: torch.amp, torch.cpu.amp, torch.cuda.amp
void add_autocast(Interpreter& in, ModuleObj& torch);          // amp.cpp: torch.autocast, is_autocast_enabled, ...
void register_fx_module();                                     // fx.cpp: torch.fx._kiln (exec of generated forwards)
// fx.cpp: PyTorch's __torch_function__ dispatch on every callable of a torch module (torch, F).
void install_torch_function(ModuleObj& m, bool functional);
void register_grad_scaler_types();                             // grad_scaler.cpp: torch.amp.GradScaler and subclasses
void add_grad_scaler(ModuleObj& m, const char* legacy_device);  // GradScaler into torch.amp (nullptr) or torch.<dev>.amp

}  // namespace kiln::vm::bind
