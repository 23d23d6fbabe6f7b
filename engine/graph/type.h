// The static types of graph values, printed the way TorchScript prints them.
//
// Every value in a graph has a type. Scripting infers them from annotations and operator schemas
// (plain `Tensor`, `int`, `int[]`, `Tensor?`, `(Tensor, int)`, `Dict(str, Tensor)`); tracing records
// tensors with everything it observed, so a traced value prints as a *complete* tensor type:
// `Float(3, 4, strides=[4, 1], requires_grad=0, device=cpu)`. A dtype inside a graph is an `int`
// holding c10's ScalarType number (torch.float32 is 6), as in TorchScript, so scalar_type_code()
// lives here too.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tensor/dtype.h"
#include "tensor/shape.h"
#include "tensor/storage.h"

namespace kiln::graph {

enum class TypeKind : uint8_t {
    Tensor,
    Int,
    Float,
    Bool,
    Str,
    None,
    Device,
    Number,    // Scalar in schemas: int, float or bool
    List,      // contained[0]
    Tuple,     // contained...
    Optional,  // contained[0]
    Dict,      // contained[0] key, contained[1] value
    Class,     // a module or script class: name is its qualified name (__torch__.M)
    Future,    // contained[0]
    Function,
    Any,
};

struct Type;
using TypePtr = std::shared_ptr<const Type>;

struct Type {
    TypeKind kind = TypeKind::Any;
    std::vector<TypePtr> contained;
    std::string name;  // Class: qualified name
    // Tensor details (tracing): all set, or none (plain `Tensor`).
    std::optional<DType> dtype;
    std::optional<Shape> sizes;
    std::optional<Shape> strides;
    std::optional<bool> requires_grad;
    std::optional<Device> device;

    bool is_tensor() const { return kind == TypeKind::Tensor; }
    bool is_complete_tensor() const { return kind == TypeKind::Tensor && sizes.has_value(); }
    // TorchScript's printed form: "Tensor", "int[]", "Tensor?", "(Tensor, int)", "Float(2, 3, ...)".
    std::string str() const;
    // The annotation spelling used in `.code`: "Tensor", "List[int]", "Optional[Tensor]", "Tuple[...]".
    std::string annotation_str() const;
};

// Interned singletons for the simple kinds.
TypePtr tensor_type();
// TensorType::getInferred(): the type of a parameter without annotation. It prints, compares and
// unifies as Tensor, but is a type object of its own, which is what PyTorch's passes that key on
// the type object see (TransformExits makes one prim::Uninitialized per type object).
TypePtr inferred_tensor_type();
TypePtr int_type();
TypePtr float_type();
TypePtr bool_type();
TypePtr str_type();
TypePtr none_type();
TypePtr device_type();
TypePtr number_type();
TypePtr any_type();
TypePtr function_type();
TypePtr list_type(TypePtr elem);
TypePtr tuple_type(std::vector<TypePtr> elems);
TypePtr optional_type(TypePtr elem);
TypePtr dict_type(TypePtr key, TypePtr value);
TypePtr future_type(TypePtr elem);
TypePtr class_type(const std::string& qualified_name);
// A complete tensor type observed on a tensor (tracing).
TypePtr complete_tensor_type(DType dtype, const Shape& sizes, const Shape& strides, bool requires_grad, Device device);

bool type_equal(const TypePtr& a, const TypePtr& b);
// `a` may be used where `b` is expected (int where Number/Optional[int]/Any, complete tensor where
// Tensor, None where Optional[T], List[T] where List[Optional]...): TorchScript's isSubtypeOf.
bool is_subtype(const TypePtr& a, const TypePtr& b);
// Drops tensor details: Float(2, 3, ...) -> Tensor (also inside lists, tuples, optionals).
TypePtr erase_tensor_details(const TypePtr& t);
// The common supertype of two branch types, or nullptr when TorchScript would reject them. As
// unifyTypes, equal types unify to the second one (`a` is a subtype of `b`: `b`).
TypePtr unify_types(const TypePtr& a, const TypePtr& b);

// c10::ScalarType numbers (the value a dtype has inside a graph): Long 4, Half 5, Float 6,
// Double 7, Bool 11, BFloat16 15.
int64_t scalar_type_code(DType dt);
std::optional<DType> dtype_from_scalar_type_code(int64_t code);

}  // namespace kiln::graph
