// Tensor.__repr__, formatted exactly as PyTorch formats it (torch/_tensor_str.py's rules).
//
// 1. One formatter for the whole tensor decides the mode from the finite non-zero values it will
//    show (all of them, or the edge items when the tensor has more than 1000 elements):
//    integer mode ("1.") when every value is whole, scientific ("1.0000e+08") when max/min > 1000,
//    max > 1e8 or (non-integer) min < 1e-4, fixed ("0.1235", 4 decimals) otherwise; every entry
//    is right-aligned to the widest.
// 2. Rows are nested brackets, separated by "," and one newline per remaining dim; a 1-d row wraps at
//    80 columns; big tensors show 3 edge items and "...".
// 3. Suffixes follow: dtype= when it is not the default float, int64 or bool; size= for empty
//    non-1-d tensors; grad_fn=<Name> or requires_grad=True; a suffix wraps if the line gets too long.
#include "autograd/forward_ad.h"
#include <cmath>
#include <cstdio>
#include <functional>
#include <type_traits>

#include "autograd/node.h"
#include "support/error.h"
#include "tensor/print.h"
#include "tensor/print_options.h"
#include "tensor/tensor.h"

namespace kiln {

PrintOptions& print_options() {
    static PrintOptions opts;
    return opts;
}

namespace {

// torch.set_printoptions' values (print_options.h), read at each repr.
#define kPrecision (print_options().precision)
#define kEdgeItems (print_options().edgeitems)
#define kLineWidth (print_options().linewidth)

std::string format_double(const char* fmt, double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    // _tensor_str formats with f"{{:.{precision}f}}": a negative precision is Python's format error
    // (printf would quietly take it as the default 6)
    KILN_CHECK(kPrecision >= 0, ValueError, "Format specifier missing precision");
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, kPrecision, v);
    return buf;
}

std::string format_int_mode(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}

class Formatter {
public:
    Formatter(DType dtype, const std::vector<double>& values) : floating_(dtype_is_floating(dtype)), dtype_(dtype) {
        if (!floating_) {
            for (double v : values) max_width_ = std::max(max_width_, int(plain(v).size()));
            return;
        }
        std::vector<double> nz;
        for (double v : values)
            if (std::isfinite(v) && v != 0.0) nz.push_back(v);
        if (nz.empty()) return;  // zeros and non-finites only: whole-number style ("0.", "inf"), sci_mode or not
        double mn = std::fabs(nz[0]), mx = mn;
        for (double v : nz) {
            mn = std::min(mn, std::fabs(v));
            mx = std::max(mx, std::fabs(v));
            if (v != std::ceil(v)) int_mode_ = false;
        }
        // Scientific notation when the magnitudes spread over more than 1e3, exceed 1e8 or (for
        // non-integers) go below 1e-4, unless set_printoptions(sci_mode=) decides; the width is then
        // measured in the notation actually printed (PyTorch 2.11's _Formatter).
        const bool spread = mx / mn > 1000.0 || mx > 1.0e8 || (!int_mode_ && mn < 1.0e-4);
        sci_mode_ = print_options().sci_mode ? *print_options().sci_mode : spread;
        for (double v : nz) {
            const int w = sci_mode_  ? int(format_double("%.*e", v).size())
                          : int_mode_ ? int(format_int_mode(v).size()) + 1
                                      : int(format_double("%.*f", v).size());
            max_width_ = std::max(max_width_, w);
        }
    }

    // Integer tensors print from their exact int64 values (a double would round past 2**53).
    explicit Formatter(const std::vector<int64_t>& values) : floating_(false), dtype_(DType::Int64) {
        for (int64_t v : values) max_width_ = std::max(max_width_, int(std::to_string(v).size()));
    }

    int width() const { return max_width_; }

    std::string format(int64_t v) const {
        std::string s = std::to_string(v);
        if (int(s.size()) < max_width_) s = std::string(size_t(max_width_) - s.size(), ' ') + s;
        return s;
    }

    std::string format(double v) const {
        std::string s;
        if (floating_) {
            if (sci_mode_) {
                s = format_double("%.*e", v);
            } else if (int_mode_) {
                s = format_int_mode(v);
                if (std::isfinite(v)) s += ".";
            } else {
                s = format_double("%.*f", v);
            }
        } else {
            s = plain(v);
        }
        if (int(s.size()) < max_width_) s = std::string(size_t(max_width_) - s.size(), ' ') + s;
        return s;
    }

private:
    std::string plain(double v) const {
        if (dtype_ == DType::Bool) return v != 0.0 ? "True" : "False";
        return std::to_string(int64_t(v));
    }

    bool floating_;
    DType dtype_;
    bool int_mode_ = true;
    bool sci_mode_ = false;
    int max_width_ = 1;
};

// The values the formatter sees: everything, or only the edge items of each dim when summarizing.
// V is double, or int64_t for integer tensors.
template <typename V>
void summarized_values(const Tensor& t, const std::vector<V>& all, const Shape& strides, int64_t dim,
                       int64_t offset, bool summarize, std::vector<V>& out) {
    if (dim == t.dim()) {
        out.push_back(all[size_t(offset)]);
        return;
    }
    int64_t n = t.sizes()[dim];
    for (int64_t i = 0; i < n; ++i) {
        if (summarize && n > 2 * kEdgeItems && i == kEdgeItems) i = n - kEdgeItems;
        summarized_values(t, all, strides, dim + 1, offset + i * strides[dim], summarize, out);
    }
}

template <typename V>
struct Printer {
    const Tensor& t;
    const std::vector<V>& all;  // row-major values
    Shape strides;                   // row-major strides into `all`
    const Formatter& fmt;
    bool summarize;
    // Complex tensors: `all` holds the real parts; the imaginary parts and their formatter.
    const std::vector<V>* imag = nullptr;
    const Formatter* imag_fmt = nullptr;

    // _tensor_str's _val_formatter: "1.+2.j", "1.-2.j" (the imaginary part's padding dropped).
    std::string element(size_t i) const {
        if (!imag_fmt) return fmt.format(all[i]);
        std::string re = fmt.format(all[i]);
        std::string im = imag_fmt->format((*imag)[i]) + "j";
        im.erase(0, im.find_first_not_of(' '));
        if (im[0] == '+' || im[0] == '-') return re + im;
        return re + "+" + im;
    }

    std::string vector_str(int64_t offset, int indent) const {
        const int64_t n = t.sizes().back();
        const int element_length = fmt.width() + 2 + (imag_fmt ? imag_fmt->width() + 1 : 0);
        const int per_line = std::max(1, (kLineWidth - indent) / element_length);
        std::vector<std::string> data;
        for (int64_t i = 0; i < n; ++i) {
            if (summarize && n > 2 * kEdgeItems && i == kEdgeItems) {
                data.push_back(" ...");
                i = n - kEdgeItems;
            }
            data.push_back(element(size_t(offset + i)));
        }
        std::string out = "[";
        for (size_t i = 0; i < data.size(); ++i) {
            if (i > 0) out += (i % size_t(per_line) == 0) ? ",\n" + std::string(size_t(indent) + 1, ' ') : ", ";
            out += data[i];
        }
        return out + "]";
    }

    std::string str(int64_t dim, int64_t offset, int indent) const {
        const int64_t nd = t.dim();
        if (dim == nd - 1) return vector_str(offset, indent);
        const int64_t n = t.sizes()[dim];
        std::vector<std::string> slices;
        for (int64_t i = 0; i < n; ++i) {
            if (summarize && n > 2 * kEdgeItems && i == kEdgeItems) {
                slices.push_back("...");
                i = n - kEdgeItems;
            }
            slices.push_back(str(dim + 1, offset + i * strides[dim], indent + 1));
        }
        std::string sep = "," + std::string(size_t(nd - dim - 1), '\n') + std::string(size_t(indent) + 1, ' ');
        std::string out = "[";
        for (size_t i = 0; i < slices.size(); ++i) out += (i ? sep : "") + slices[i];
        return out + "]";
    }
};

template <typename V>
std::string tensor_body(const Tensor& t, const std::vector<V>& all, int indent) {
    bool summarize = double(t.numel()) > print_options().threshold;
    Shape strides = contiguous_strides(t.sizes());
    std::vector<V> shown;
    if (summarize)
        summarized_values(t, all, strides, 0, 0, true, shown);
    Formatter fmt = [&] {
        if constexpr (std::is_same_v<V, int64_t>) return Formatter(summarize ? shown : all);
        else return Formatter(t.dtype(), summarize ? shown : all);
    }();
    if (t.dim() == 0) return fmt.format(all[0]);
    Printer<V> p{t, all, strides, fmt, summarize};
    return p.str(0, 0, indent);
}

// A complex tensor: real and imaginary parts each with its own formatter (PyTorch's real_formatter
// and imag_formatter), printed as "re+imj".
std::string complex_body(const Tensor& t, int indent) {
    const DType rdt = dtype_to_real(t.dtype());
    auto part = [&](int k) {
        auto impl = std::make_shared<TensorImpl>();
        impl->storage = t.impl()->storage;
        impl->sizes = t.sizes();
        impl->strides = t.strides();
        for (auto& s : impl->strides) s *= 2;
        impl->offset = t.storage_offset() * 2 + k;
        impl->dtype = rdt;
        return Tensor(std::move(impl)).to_double_vector();
    };
    const std::vector<double> re = part(0), im = part(1);
    const bool summarize = double(t.numel()) > print_options().threshold;
    const Shape strides = contiguous_strides(t.sizes());
    std::vector<double> shown_re, shown_im;
    if (summarize) {
        summarized_values(t, re, strides, 0, 0, true, shown_re);
        summarized_values(t, im, strides, 0, 0, true, shown_im);
    }
    Formatter fre(rdt, summarize ? shown_re : re), fim(rdt, summarize ? shown_im : im);
    Printer<double> p{t, re, strides, fre, summarize, &im, &fim};
    if (t.dim() == 0) return p.element(0);
    return p.str(0, 0, indent);
}

std::string tensor_body(const Tensor& t, int indent) {
    if (t.is_complex()) return complex_body(t, indent);
    if (dtype_is_integral(t.dtype(), /*include_bool=*/false)) return tensor_body(t, t.to_int_vector(), indent);
    return tensor_body(t, t.to_double_vector(), indent);
}

std::string add_suffixes(const std::string& body, const std::vector<std::string>& suffixes, int indent) {
    std::string out = body;
    size_t nl = body.rfind('\n');
    int64_t last_line_len = int64_t(body.size()) - (nl == std::string::npos ? -1 : int64_t(nl)) + 1;
    for (const std::string& s : suffixes) {
        if (last_line_len + int64_t(s.size()) + 2 > kLineWidth) {
            out += ",\n" + std::string(size_t(indent), ' ') + s;
            last_line_len = indent + int64_t(s.size());
        } else {
            out += ", " + s;
            last_line_len += int64_t(s.size()) + 2;
        }
    }
    return out + ")";
}

}  // namespace

std::string Tensor::repr() const { return tensor_repr(*this, "tensor("); }

// The repr with another prefix: a tensor subclass prints its class name, "MyTensor([1., 2.])", and its
// rows indent by the prefix's width (PyTorch's _str_intern).
std::string tensor_repr(const Tensor& t, const std::string& prefix) {
    if (!t.defined()) return "None";
    const int indent = int(prefix.size());
    std::vector<std::string> suffixes;
    std::string body;
    DType dt = t.dtype();
    // complex64 is the default complex dtype beside float32 (complex128 beside float64).
    const DType default_complex = default_float_dtype() == DType::Float64 ? DType::Complex128 : DType::Complex64;
    bool default_dtype = dt == default_float_dtype() || dt == default_complex || dt == DType::Int64 || dt == DType::Bool;
    if (t.device() == Device::CUDA) suffixes.push_back("device='cuda:0'");  // first, as PyTorch
    if (t.device() == Device::Meta) suffixes.push_back("device='meta'");
    // "size=" and str(tuple(self.shape)): (2, 3), (3,), ()
    auto size_suffix = [&] {
        std::string size = "size=(";
        for (int64_t i = 0; i < t.dim(); ++i) size += (i ? ", " : "") + std::to_string(t.sizes()[i]);
        return size + (t.dim() == 1 ? ",)" : ")");
    };
    if (t.is_meta()) {
        // _tensor_str's meta branch: no data to show, so "..." with the size, and the dtype unless it
        // is the default float dtype (int64 and bool included)
        suffixes.push_back(size_suffix());
        if (dt != default_float_dtype()) suffixes.push_back(std::string("dtype=") + dtype_name(dt));
        body = "...";
    } else if (t.numel() == 0) {
        if (t.dim() != 1) suffixes.push_back(size_suffix());
        if (dt != default_float_dtype()) suffixes.push_back(std::string("dtype=") + dtype_name(dt));
        body = "[]";
    } else {
        if (!default_dtype) suffixes.push_back(std::string("dtype=") + dtype_name(dt));
        body = tensor_body(t.host_snapshot(), indent);
    }
    if (t.grad_fn())
        suffixes.push_back("grad_fn=<" + t.grad_fn()->name + ">");
    else if (t.requires_grad())
        suffixes.push_back("requires_grad=True");
    // a dual tensor shows its tangent (_tensor_str's "tangent=" suffix, str of the tangent)
    if (Tensor tangent = autograd::fw_grad(t); tangent.defined()) suffixes.push_back("tangent=" + tangent.repr());
    return add_suffixes(prefix + body, suffixes, indent);
}

}  // namespace kiln
