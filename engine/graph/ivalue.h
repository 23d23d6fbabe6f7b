// IValue: a value flowing through a graph at run time (TorchScript's IValue, in miniature).
//
// The graph interpreter, the op kernels, constants (prim::Constant[value=...]) and saved archives
// all hold IValues: None, bool, int, float, str, Tensor, Device, lists, tuples and objects (a
// scripted module's attributes). They are independent of the VM's Python values, so a graph runs
// without an interpreter (backends, the C++ tests, a loaded archive); bindings/ converts between
// the two at the edge. Lists and tuples share their element vector when copied, as Python
// references do (a list mutated by aten::append is seen through every copy). Dicts (keys str or
// int, as TorchScript allows) share theirs the same way: `seq` holds the entries flattened as
// key, value, key, value... in insertion order, which is Python's iteration order; lookups are
// linear, script dicts being small.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "graph/type.h"
#include "tensor/tensor.h"

namespace kiln::graph {

struct IValue;
using IValueList = std::vector<IValue>;
class Future;  // graph/future.h: a forked task's result

// A scripted module or script-class instance: its class name and attribute slots in order.
struct Object {
    std::string class_name;  // qualified: __torch__.M
    std::vector<std::string> names;
    std::vector<IValue> values;  // (std::vector of an incomplete type: allowed since C++17)
    // The attribute named `name`, or nullptr.
    IValue* find(const std::string& name);
    void set(const std::string& name, IValue v);
};

struct IValue {
    enum class Tag : uint8_t { None, Bool, Int, Double, String, Tensor, Device, List, Tuple, Object, Dict, Future };

    IValue() = default;  // None
    IValue(bool b) : tag(Tag::Bool) { u.b = b; }
    IValue(int v) : tag(Tag::Int) { u.i = v; }
    IValue(int64_t v) : tag(Tag::Int) { u.i = v; }
    IValue(double v) : tag(Tag::Double) { u.d = v; }
    IValue(std::string s) : tag(Tag::String), str(std::make_shared<std::string>(std::move(s))) {}
    IValue(const char* s) : IValue(std::string(s)) {}
    IValue(Tensor t) : tag(Tag::Tensor), tensor(std::move(t)) {}
    IValue(Device d) : tag(Tag::Device) { u.dev = d; }
    static IValue list(IValueList items);
    static IValue tuple(IValueList items);
    static IValue int_list(const std::vector<int64_t>& v);
    static IValue tensor_list(const std::vector<Tensor>& v);
    static IValue object(std::shared_ptr<Object> o);
    static IValue dict(IValueList flat_entries = {});  // key, value, key, value...
    static IValue scalar(const Scalar& s);  // bool/int/float as the matching tag
    static IValue future(std::shared_ptr<Future> f);  // torch.jit.fork's result inside a graph

    bool is_none() const { return tag == Tag::None; }
    bool is_bool() const { return tag == Tag::Bool; }
    bool is_int() const { return tag == Tag::Int; }
    bool is_double() const { return tag == Tag::Double; }
    bool is_number() const { return tag == Tag::Int || tag == Tag::Double || tag == Tag::Bool; }
    bool is_string() const { return tag == Tag::String; }
    bool is_tensor() const { return tag == Tag::Tensor; }
    bool is_device() const { return tag == Tag::Device; }
    bool is_list() const { return tag == Tag::List; }
    bool is_tuple() const { return tag == Tag::Tuple; }
    bool is_object() const { return tag == Tag::Object; }
    bool is_dict() const { return tag == Tag::Dict; }
    bool is_future() const { return tag == Tag::Future; }

    // Accessors throw kiln::Error (RuntimeError) on the wrong tag: a malformed graph or archive
    // reports, never crashes.
    bool to_bool() const;
    int64_t to_int() const;
    double to_double() const;  // ints convert
    Scalar to_scalar() const;  // bool/int/float
    const std::string& to_string() const;
    const Tensor& to_tensor() const;
    Device to_device() const;
    IValueList& items() const;  // list or tuple elements
    std::vector<int64_t> to_int_list() const;
    std::vector<double> to_double_list() const;
    std::vector<Tensor> to_tensor_list() const;
    const std::shared_ptr<Object>& to_object() const;
    const std::shared_ptr<Future>& to_future() const;
    // Dicts: the flattened entries, the value stored under `key` (nullptr when absent), and
    // insertion or update in place (seen through every copy).
    IValueList& dict_entries() const;
    IValue* dict_find(const IValue& key) const;
    void dict_set(const IValue& key, IValue value) const;

    // TorchScript's printed constant: 1, 1., True, "cpu", [1, 2], {1}, (1, 2), None.
    std::string repr() const;
    // c10's operator<<(ostream&, const IValue&), what c10::str writes into error messages: strings
    // unquoted, integral doubles as "2." (no range limit, no signed zero), lists [1, 2], tuples (1,).
    std::string stream_text() const;
    // The static type of this value (complete tensor types for tensors).
    TypePtr type() const;

    Tag tag = Tag::None;
    union {
        bool b;
        int64_t i;
        double d;
        Device dev;
    } u{};
    std::shared_ptr<std::string> str;
    Tensor tensor;
    std::shared_ptr<IValueList> seq;
    std::shared_ptr<Object> obj;
    std::shared_ptr<Future> fut;
};

// Structural equality (tensors: same shape, dtype and values; used by constant pooling and tests).
bool ivalue_equal(const IValue& a, const IValue& b);

}  // namespace kiln::graph
