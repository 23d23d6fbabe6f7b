// IValue (see ivalue.h): checked accessors, TorchScript's constant printing, static types of
// run-time values and structural equality.
//
// repr() is what a graph shows inside prim::Constant[value=...], so it copies c10's printing:
// doubles with an integral value print as "1." and others with 17 significant digits
// ("1.0000000000000001e-05", as traced layer_norm graphs show eps), a one-element tensor prints as
// its value in braces ("{2}"), strings and devices in double quotes. A top-level bool prints as
// 0/1 because TorchScript stores bool constants as int attributes (prim::Constant[value=0]() with
// type bool); inside lists and tuples it prints True/False as c10's IValue printer does.
#include "graph/ivalue.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <limits>
#include <sstream>

#include "ops/ops.h"
#include "support/error.h"

namespace kiln::graph {

namespace {

// "a Tensor", "an int", "None": the wording of the accessor errors.
const char* tag_phrase(IValue::Tag t) {
    switch (t) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool: return "a bool";
        case IValue::Tag::Int: return "an int";
        case IValue::Tag::Double: return "a float";
        case IValue::Tag::String: return "a str";
        case IValue::Tag::Tensor: return "a Tensor";
        case IValue::Tag::Device: return "a Device";
        case IValue::Tag::List: return "a list";
        case IValue::Tag::Tuple: return "a tuple";
        case IValue::Tag::Object: return "an object";
        case IValue::Tag::Dict: return "a dict";
        case IValue::Tag::Future: return "a Future";
    }
    return "a value";
}

[[noreturn]] void wrong_tag(const char* expected, IValue::Tag got) {
    KILN_FAIL(RuntimeError, "expected ", expected, ", got ", tag_phrase(got));
}

// c10's printing of a double inside an IValue (ivalue.cpp, printMaybeAnnotatedDouble's core).
std::string double_repr(double d) {
    const int c = std::fpclassify(d);
    if ((c == FP_NORMAL || c == FP_ZERO) && std::abs(d) < 1e10) {
        const auto i = int64_t(d);
        if (double(i) == d) {
            if (i == 0 && std::signbit(d)) return "-0.";
            return std::to_string(i) + ".";
        }
    }
    std::ostringstream os;
    os << std::setprecision(std::numeric_limits<double>::max_digits10) << d;
    return os.str();
}

// c10::printQuotedString: double quotes, C escapes.
std::string quoted_str(const std::string& s) {
    std::string out = "\"";
    for (unsigned char ch : s) {
        switch (ch) {
            case '\\': out += "\\\\"; break;
            case '"': out += "\\\""; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (ch < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\%03o", unsigned(ch));
                    out += buf;
                } else {
                    out += char(ch);
                }
        }
    }
    return out + "\"";
}

// ATen's print(ostream, Tensor) (ATen/core/Formatting.cpp), which the graph printer uses for a
// tensor constant of 2 to 10 elements, newlines then turned into spaces: the values as float64,
// one column width and format for all (__printFormat: integers in default notation, else fixed
// with 4 decimals, scientific when magnitudes differ by more than 4 decades, a common scale factor
// for large ones), rows one per line, then "[ CPUFloatType{2,3} ]".
struct PrintFormat {
    double scale = 1;
    int width = 11;
    enum { Default, Fixed, Scientific } type = Default;
};

PrintFormat print_format(const std::vector<double>& v) {
    PrintFormat f;
    if (v.empty()) return f;
    bool int_mode = true;
    for (double z : v)
        if (std::isfinite(z) && z != std::ceil(z)) {
            int_mode = false;
            break;
        }
    size_t offset = 0;
    while (offset < v.size() && !std::isfinite(v[offset])) ++offset;
    double exp_min = 1, exp_max = 1;
    if (offset != v.size()) {
        exp_min = exp_max = std::fabs(v[offset]);
        for (size_t i = offset; i < v.size(); ++i) {
            const double z = std::fabs(v[i]);
            if (!std::isfinite(z)) continue;
            if (z < exp_min) exp_min = z;
            if (v[i] > exp_max) exp_max = z;  // ATen compares the signed value here
        }
        exp_min = exp_min != 0 ? std::floor(std::log10(exp_min)) + 1 : 1;
        exp_max = exp_max != 0 ? std::floor(std::log10(exp_max)) + 1 : 1;
    }
    if (int_mode) {
        if (exp_max > 9) f.type = PrintFormat::Scientific;
        else f.width = int(exp_max) + 1;
    } else if (exp_max - exp_min > 4) {
        f.type = PrintFormat::Scientific;
        if (std::fabs(exp_max) > 99 || std::fabs(exp_min) > 99) f.width = 12;
    } else {
        f.type = PrintFormat::Fixed;
        if (exp_max > 5 || exp_max < 0) {
            f.width = 7;
            f.scale = std::pow(10, exp_max - 1);
        } else {
            f.width = exp_max == 0 ? 7 : int(exp_max) + 6;
        }
    }
    return f;
}

std::string print_number(double x, const PrintFormat& f) {
    std::ostringstream os;
    if (f.type == PrintFormat::Fixed) os << std::fixed << std::setprecision(4);
    if (f.type == PrintFormat::Scientific) os << std::scientific << std::setprecision(4);
    os << std::setw(f.width) << x / f.scale;
    return os.str();
}

std::string print_scale(double scale) {
    std::ostringstream os;
    os << scale << " *\n";
    return os.str();
}

// __printMatrix as PyTorch 2.11's fmt-based Formatting.cpp writes it: rows of `cols` values, split
// into column groups of what fits in 80 characters; the indent (1 inside a 3+-dim tensor's slices)
// goes before "Columns i to j", before the scale line and before every row but the first, which
// follows the "(i,.,.) = " line directly; a scale line is preceded by a newline.
void print_matrix(std::string& out, const std::vector<double>& v, int64_t rows, int64_t cols, int64_t indent) {
    const PrintFormat f = print_format(v);
    const std::string ind(size_t(indent), ' ');
    const int64_t per_line = (80 - indent) / (f.width + 1);
    for (int64_t first = 0; first < cols;) {
        const int64_t last = std::min(first + per_line - 1, cols - 1);
        if (per_line < cols) {
            if (first != 0) out += "\n";
            out += ind + "Columns " + std::to_string(first + 1) + " to " + std::to_string(last + 1);
        }
        if (f.scale != 1) out += "\n" + ind + print_scale(f.scale) + ind;
        for (int64_t l = 0; l < rows; ++l)
            for (int64_t c = first; c <= last; ++c) {
                out += print_number(v[size_t(l * cols + c)], f);
                if (c < last) {
                    out += " ";
                    continue;
                }
                out += "\n";
                if (l != rows - 1) out += f.scale != 1 ? ind + " " : ind;
            }
        first = last + 1;
    }
}

std::string aten_print(const Tensor& t) {
    const Tensor d = contiguous(to_device(t.detach(), Device::CPU, DType::Float64));
    std::vector<double> v(size_t(d.numel()));
    for (int64_t i = 0; i < d.numel(); ++i) v[size_t(i)] = d.data_ptr<double>()[i];
    std::string out;
    const auto sizes = t.sizes();
    if (t.dim() == 1 && !v.empty()) {
        const PrintFormat f = print_format(v);
        if (f.scale != 1) out += print_scale(f.scale);
        for (double x : v) out += print_number(x, f) + "\n";
    } else if (t.dim() == 2 && !v.empty()) {
        print_matrix(out, v, sizes[0], sizes[1], 0);
    } else if (t.dim() > 2 && !v.empty()) {
        // __printTensor: one matrix per index of the leading dims, "(i,j,.,.) = " before each; the
        // first leading index moves fastest (ATen's counter carries from dim 0 upwards).
        const size_t lead = size_t(t.dim() - 2);
        const int64_t plane = sizes[lead] * sizes[lead + 1];
        std::vector<int64_t> counter(lead, 0), stride(lead, plane);
        for (size_t i = lead - 1; i-- > 0;) stride[i] = stride[i + 1] * sizes[i + 1];
        for (int64_t p = 0; p * plane < int64_t(v.size()); ++p) {
            if (p) out += "\n";
            out += "(";
            int64_t at = 0;
            for (size_t i = 0; i < lead; ++i) {
                out += std::to_string(counter[i] + 1) + ",";
                at += counter[i] * stride[i];
            }
            out += ".,.) = \n";
            std::vector<double> m(v.begin() + at, v.begin() + at + plane);
            print_matrix(out, m, sizes[lead], sizes[lead + 1], 1);
            for (size_t i = 0; i < lead; ++i) {
                if (++counter[i] < sizes[i]) break;
                counter[i] = 0;
            }
        }
    }
    out += std::string("[ ") + (t.device() == Device::CUDA ? "CUDA" : "CPU") + dtype_scalar_type_name(t.dtype()) + "Type{";
    for (int64_t i = 0; i < t.dim(); ++i) out += (i ? "," : "") + std::to_string(sizes[size_t(i)]);
    return out + "} ]";
}

// The graph printer's tensor constant (Node::printAttrValue): one element in braces (a boxed
// scalar), up to 10 as ATen prints them on one line, else a placeholder.
std::string tensor_repr(const Tensor& t) {
    if (!t.defined()) return "None";
    if (t.numel() == 1) {
        const Scalar s = reshape(t.detach(), {}).item();
        std::ostringstream os;
        os << "{";
        if (s.is_floating())
            os << s.to_double();  // default stream precision, as c10's printAttribute
        else
            os << s.to_int();
        os << "}";
        return os.str();
    }
    if (t.numel() > 10) return "<Tensor>";
    std::string s = aten_print(t);
    std::replace(s.begin(), s.end(), '\n', ' ');
    return s;
}

std::string repr_impl(const IValue& v, bool nested) {
    switch (v.tag) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool:
            if (nested) return v.u.b ? "True" : "False";
            return v.u.b ? "1" : "0";
        case IValue::Tag::Int: return std::to_string(v.u.i);
        case IValue::Tag::Double: return double_repr(v.u.d);
        case IValue::Tag::String: return quoted_str(*v.str);
        case IValue::Tag::Device: return quoted_str(device_name(v.u.dev));
        case IValue::Tag::Tensor: return tensor_repr(v.tensor);
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            const bool list = v.tag == IValue::Tag::List;
            std::string s = list ? "[" : "(";
            const IValueList& items = *v.seq;
            for (size_t i = 0; i < items.size(); ++i) {
                if (i) s += ", ";
                s += repr_impl(items[i], true);
            }
            if (!list && items.size() == 1) s += ",";
            return s + (list ? "]" : ")");
        }
        case IValue::Tag::Object: return "<" + v.obj->class_name + " object>";
        case IValue::Tag::Dict: {
            std::string s = "{";
            const IValueList& items = *v.seq;
            for (size_t i = 0; i + 1 < items.size(); i += 2)
                s += (i ? ", " : "") + repr_impl(items[i], true) + ": " + repr_impl(items[i + 1], true);
            return s + "}";
        }
        case IValue::Tag::Future: return "<Future>";
    }
    return "None";
}

}  // namespace

IValue* Object::find(const std::string& name) {
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return &values[i];
    return nullptr;
}

void Object::set(const std::string& name, IValue v) {
    if (IValue* slot = find(name)) {
        *slot = std::move(v);
        return;
    }
    names.push_back(name);
    values.push_back(std::move(v));
}

IValue IValue::list(IValueList items) {
    IValue v;
    v.tag = Tag::List;
    v.seq = std::make_shared<IValueList>(std::move(items));
    return v;
}

IValue IValue::tuple(IValueList items) {
    IValue v;
    v.tag = Tag::Tuple;
    v.seq = std::make_shared<IValueList>(std::move(items));
    return v;
}

IValue IValue::int_list(const std::vector<int64_t>& v) {
    IValueList items;
    items.reserve(v.size());
    for (int64_t x : v) items.emplace_back(x);
    return list(std::move(items));
}

IValue IValue::tensor_list(const std::vector<Tensor>& v) {
    IValueList items;
    items.reserve(v.size());
    for (const Tensor& t : v) items.emplace_back(t);
    return list(std::move(items));
}

IValue IValue::object(std::shared_ptr<Object> o) {
    IValue v;
    v.tag = Tag::Object;
    v.obj = std::move(o);
    return v;
}

IValue IValue::future(std::shared_ptr<Future> f) {
    IValue v;
    v.tag = Tag::Future;
    v.fut = std::move(f);
    return v;
}

IValue IValue::dict(IValueList flat_entries) {
    IValue v;
    v.tag = Tag::Dict;
    v.seq = std::make_shared<IValueList>(std::move(flat_entries));
    return v;
}

IValueList& IValue::dict_entries() const {
    if (tag != Tag::Dict) wrong_tag("a dict", tag);
    return *seq;
}

IValue* IValue::dict_find(const IValue& key) const {
    IValueList& e = dict_entries();
    for (size_t i = 0; i + 1 < e.size(); i += 2)
        if (ivalue_equal(e[i], key)) return &e[i + 1];
    return nullptr;
}

void IValue::dict_set(const IValue& key, IValue value) const {
    if (IValue* slot = dict_find(key)) {
        *slot = std::move(value);
        return;
    }
    seq->push_back(key);
    seq->push_back(std::move(value));
}

IValue IValue::scalar(const Scalar& s) {
    switch (s.kind()) {
        case Scalar::Kind::Bool: return IValue(s.to_bool());
        case Scalar::Kind::Int: return IValue(s.to_int());
        case Scalar::Kind::Float: break;
    }
    return IValue(s.to_double());
}

bool IValue::to_bool() const {
    if (tag != Tag::Bool) wrong_tag("a bool", tag);
    return u.b;
}

int64_t IValue::to_int() const {
    if (tag != Tag::Int) wrong_tag("an int", tag);
    return u.i;
}

double IValue::to_double() const {
    if (tag == Tag::Int) return double(u.i);
    if (tag != Tag::Double) wrong_tag("a float", tag);
    return u.d;
}

Scalar IValue::to_scalar() const {
    switch (tag) {
        case Tag::Bool: return Scalar(u.b);
        case Tag::Int: return Scalar(u.i);
        case Tag::Double: return Scalar(u.d);
        default: wrong_tag("a number", tag);
    }
}

const std::string& IValue::to_string() const {
    if (tag != Tag::String) wrong_tag("a str", tag);
    return *str;
}

const Tensor& IValue::to_tensor() const {
    if (tag != Tag::Tensor) wrong_tag("a Tensor", tag);
    return tensor;
}

Device IValue::to_device() const {
    if (tag != Tag::Device) wrong_tag("a Device", tag);
    return u.dev;
}

IValueList& IValue::items() const {
    if (tag != Tag::List && tag != Tag::Tuple) wrong_tag("a list", tag);
    return *seq;
}

std::vector<int64_t> IValue::to_int_list() const {
    std::vector<int64_t> out;
    for (const IValue& v : items()) out.push_back(v.to_int());
    return out;
}

std::vector<double> IValue::to_double_list() const {
    std::vector<double> out;
    for (const IValue& v : items()) out.push_back(v.to_double());
    return out;
}

std::vector<Tensor> IValue::to_tensor_list() const {
    std::vector<Tensor> out;
    // Tensor?[] holds None for absent entries: they become undefined tensors.
    for (const IValue& v : items()) out.push_back(v.is_none() ? Tensor() : v.to_tensor());
    return out;
}

const std::shared_ptr<Object>& IValue::to_object() const {
    if (tag != Tag::Object) wrong_tag("an object", tag);
    return obj;
}

const std::shared_ptr<Future>& IValue::to_future() const {
    if (tag != Tag::Future) wrong_tag("a Future", tag);
    return fut;
}

std::string IValue::repr() const { return repr_impl(*this, false); }

std::string IValue::stream_text() const {
    switch (tag) {
        case Tag::Bool: return u.b ? "True" : "False";
        case Tag::String: return *str;
        case Tag::Device: return device_name(u.dev);
        case Tag::Double: {
            // Unlike the graph printer's double_repr: any integral normal value (that fits int64) is
            // "i.", and -0.0 prints "0.".
            const int c = std::fpclassify(u.d);
            if ((c == FP_NORMAL || c == FP_ZERO) && std::abs(u.d) < 9.2e18 && double(int64_t(u.d)) == u.d)
                return std::to_string(int64_t(u.d)) + ".";
            std::ostringstream os;
            os << std::setprecision(std::numeric_limits<double>::max_digits10) << u.d;
            return os.str();
        }
        case Tag::List:
        case Tag::Tuple: {
            const bool is_list = tag == Tag::List;
            std::string s = is_list ? "[" : "(";
            for (size_t i = 0; i < seq->size(); ++i) s += (i ? ", " : "") + (*seq)[i].stream_text();
            return s + (is_list ? "]" : seq->size() == 1 ? ",)" : ")");
        }
        default: return repr_impl(*this, true);
    }
}

TypePtr IValue::type() const {
    switch (tag) {
        case Tag::None: return none_type();
        case Tag::Bool: return bool_type();
        case Tag::Int: return int_type();
        case Tag::Double: return float_type();
        case Tag::String: return str_type();
        case Tag::Device: return device_type();
        case Tag::Tensor:
            if (!tensor.defined()) return none_type();
            return complete_tensor_type(tensor.dtype(), tensor.sizes(), tensor.strides(), tensor.requires_grad(),
                                        tensor.device());
        case Tag::List: {
            // The elements' common type, without tensor details (a list holds tensors of any
            // shape); an empty or mixed list is a list of Any.
            TypePtr elem;
            for (const IValue& v : *seq) {
                TypePtr t = erase_tensor_details(v.type());
                elem = elem ? unify_types(elem, t) : t;
                if (!elem) break;
            }
            return list_type(elem ? elem : any_type());
        }
        case Tag::Tuple: {
            std::vector<TypePtr> elems;
            for (const IValue& v : *seq) elems.push_back(v.type());
            return tuple_type(std::move(elems));
        }
        case Tag::Object: return class_type(obj ? obj->class_name : std::string());
        case Tag::Future: return future_type(any_type());  // the element type lives in the graph's types
        case Tag::Dict: {
            // Like lists: the entries' common key and value types; empty or mixed is Any.
            TypePtr kt, vt;
            bool mixed = false;
            for (size_t i = 0; i + 1 < seq->size(); i += 2) {
                TypePtr k = (*seq)[i].type(), v = erase_tensor_details((*seq)[i + 1].type());
                kt = kt ? (type_equal(kt, k) ? kt : nullptr) : k;
                vt = vt ? unify_types(vt, v) : v;
                if (!kt || !vt) mixed = true;
                if (mixed) break;
            }
            if (mixed || !kt) return dict_type(kt && !mixed ? kt : str_type(), any_type());
            return dict_type(kt, vt);
        }
    }
    return any_type();
}

bool ivalue_equal(const IValue& a, const IValue& b) {
    if (a.tag != b.tag) return false;
    switch (a.tag) {
        case IValue::Tag::None: return true;
        case IValue::Tag::Bool: return a.u.b == b.u.b;
        case IValue::Tag::Int: return a.u.i == b.u.i;
        // Bitwise for doubles would split 0. and -0.; constants pool on value, but -0. must stay
        // distinct (it prints differently), so compare value and sign.
        case IValue::Tag::Double:
            if (std::isnan(a.u.d) || std::isnan(b.u.d)) return std::isnan(a.u.d) && std::isnan(b.u.d);
            return a.u.d == b.u.d && std::signbit(a.u.d) == std::signbit(b.u.d);
        case IValue::Tag::String: return *a.str == *b.str;
        case IValue::Tag::Device: return a.u.dev == b.u.dev;
        case IValue::Tag::Tensor: {
            const Tensor &x = a.tensor, &y = b.tensor;
            if (!x.defined() || !y.defined()) return x.defined() == y.defined();
            if (x.is_same(y)) return true;
            if (x.dtype() != y.dtype() || x.sizes() != y.sizes() || x.device() != y.device()) return false;
            return equal(x.detach(), y.detach());
        }
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            if (a.seq == b.seq) return true;
            if (a.seq->size() != b.seq->size()) return false;
            for (size_t i = 0; i < a.seq->size(); ++i)
                if (!ivalue_equal((*a.seq)[i], (*b.seq)[i])) return false;
            return true;
        }
        case IValue::Tag::Object: return a.obj == b.obj;  // identity: objects are mutable
        case IValue::Tag::Future: return a.fut == b.fut;
        case IValue::Tag::Dict: {
            if (a.seq == b.seq) return true;
            if (a.seq->size() != b.seq->size()) return false;
            for (size_t i = 0; i + 1 < a.seq->size(); i += 2) {
                IValue* other = b.dict_find((*a.seq)[i]);
                if (!other || !ivalue_equal((*a.seq)[i + 1], *other)) return false;
            }
            return true;
        }
    }
    return false;
}

}  // namespace kiln::graph
