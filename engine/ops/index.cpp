// Indexing by tensors: index_select, gather, scatter_add, masked_select, and the triangle masks
// tril/triu.
//
// gather and scatter_add move the indexed dim to the end, so each "row" of the index tensor (all
// other coordinates fixed) touches one distinct row of the output: rows run in parallel and
// scatter_add never has two threads adding into the same element. Indices are bounds-checked
// before any data is written, with PyTorch's messages. The backward of each op is another op in
// this family (gather <-> scatter_add, index_select <-> index_add, masked_select <-> masked_scatter),
// recorded so that create_graph gradients work too.
#include <algorithm>
#include <cstring>

#include "autograd/grad_mode.h"
#include "autograd/node.h"
#include "cuda/dispatch.h"
#include "ops/composite.h"
#include "ops/index_ext.h"
#include "ops/ops.h"
#include "support/error.h"
#include "tensor/meta.h"
#include "tensor/iter.h"

namespace kiln {

namespace {

using autograd::Grads;

// Half and BFloat16 are loaded as float, the narrow integers as int64 (tensor.h compute_t).
template <typename T>
using calc_t = compute_t<T>;

// a += b for one element of any dtype (bool adds as logical or).
template <typename T>
inline void add_into(T& a, T b) {
    if constexpr (std::is_same_v<T, bool>) a = a || b;
    else a = T(calc_t<T>(a) + calc_t<T>(b));
}

// ---- index_select / index_add ---------------------------------------------------------------------

// Views t as [outer, size(d), inner] over a contiguous copy.
struct ThreeD {
    int64_t outer = 1, n = 1, inner = 1;
};
ThreeD three_d(const Shape& sizes, int64_t d) {
    ThreeD r;
    for (int64_t i = 0; i < int64_t(sizes.size()); ++i) {
        if (i < d) r.outer *= sizes[size_t(i)];
        else if (i == d) r.n = sizes[size_t(i)];
        else r.inner *= sizes[size_t(i)];
    }
    return r;
}

void check_index_select_index(const Tensor& index, const char* name) {
    KILN_CHECK(index.dtype() == DType::Int64 || index.dtype() == DType::Int32, RuntimeError, name,
               "(): Expected dtype int32 or int64 for index");
    KILN_CHECK(index.dim() <= 1, IndexError, name, "(): Index is supposed to be a vector");
}

// gather's and scatter's index (ATen's scatter_gather_dtype_check, whose method name is "scatter" for
// scatter_add too): int64 or int32 unless empty, returned as the int64 the kernels read.
Tensor scatter_gather_index(const Tensor& index, const char* method) {
    KILN_CHECK(index.numel() == 0 || index.dtype() == DType::Int64 || index.dtype() == DType::Int32, RuntimeError,
               method, "(): Expected dtype int32/int64 for index");
    return index.dtype() == DType::Int64 ? index : to_dtype(index.detach(), DType::Int64);
}

// zeros(shape).index_add_(d, index, g): the backward of index_select (itself differentiable).
// index (0- or 1-d, m values) viewed over `shape` (whose dim d has size m), constant elsewhere.
Tensor expanded_index(const Tensor& index, int64_t d, const Shape& shape) {
    Shape s1(shape.size(), 1);
    s1[size_t(d)] = index.numel();
    return expand(reshape(index.detach(), s1), shape);
}

Tensor index_add_zeros(const Tensor& g, int64_t d, const Tensor& index, const Shape& shape) {
    if (g.device() == Device::CUDA) {
        Tensor out = zeros(shape, {g.dtype(), Device::CUDA});
        cuda::common_device({g, index});
        cuda::scatter_add_tensor(out, d, expanded_index(index, d, g.sizes()), g.detach());
        return out;
    }
    Tensor gc = contiguous(g.detach());
    Tensor out = zeros(shape, {g.dtype()});
    std::vector<int64_t> idx = index.to_int_vector();
    ThreeD s = three_d(shape, d);
    const int64_t m = int64_t(idx.size());
    constexpr int64_t B = 1024;
    const int64_t nblk = (s.inner + B - 1) / B;
    dispatch_dtype(g.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* src = gc.data_ptr<T>();
        T* dst = out.data_ptr<T>();
        // Tasks own disjoint (outer row, inner block) parts of the output, so repeated indices
        // accumulate without races.
        parallel_for(0, s.outer * nblk, grain_for(m * B),
                     [&](int64_t b, int64_t e) {
                         for (int64_t t = b; t < e; ++t) {
                             const int64_t o = t / nblk, j0 = (t % nblk) * B, j1 = std::min(s.inner, j0 + B);
                             for (int64_t i = 0; i < m; ++i) {
                                 T* drow = dst + (o * s.n + idx[size_t(i)]) * s.inner;
                                 const T* srow = src + (o * m + i) * s.inner;
                                 for (int64_t j = j0; j < j1; ++j) add_into(drow[j], srow[j]);
                             }
                         }
                     });
    });
    if (autograd::needs_grad({g})) {
        Tensor index_c = index;
        autograd::record("IndexAddBackward0", {g}, {out},
                         [d, index_c](const Grads& gg) { return Grads{index_select(gg[0], d, index_c)}; });
    }
    return out;
}

// ---- gather / scatter_add ---------------------------------------------------------------------------

// For every "row" of index (all coordinates except d fixed), calls
// row(index_ptr, index_stride, a_base, b_base) where a/b are the element offsets of that row in
// the two data tensors (given by their strides).
struct RowWalk {
    Shape sizes;          // index sizes without d
    Shape ist, ast, bst;  // strides without d
    int64_t rows = 1;
};

RowWalk row_walk(const Tensor& index, const Tensor& a, const Tensor& b, int64_t d) {
    RowWalk w;
    for (int64_t k = 0; k < index.dim(); ++k) {
        if (k == d) continue;
        w.sizes.push_back(index.sizes()[size_t(k)]);
        w.ist.push_back(index.strides()[size_t(k)]);
        w.ast.push_back(a.strides()[size_t(k)]);
        w.bst.push_back(b.strides()[size_t(k)]);
        w.rows *= index.sizes()[size_t(k)];
    }
    return w;
}

template <typename F>
void for_each_row(const RowWalk& w, int64_t row_len, F&& f) {
    parallel_for(0, w.rows, grain_for(row_len), [&](int64_t b, int64_t e) {
        for (int64_t r = b; r < e; ++r) {
            int64_t rem = r, io = 0, ao = 0, bo = 0;
            for (size_t k = w.sizes.size(); k-- > 0;) {
                int64_t c = rem % w.sizes[k];
                rem /= w.sizes[k];
                io += c * w.ist[k];
                ao += c * w.ast[k];
                bo += c * w.bst[k];
            }
            f(io, ao, bo);
        }
    });
}

// Every index value must lie in [0, size); the message is PyTorch's scatter/gather one.
void check_index_bounds(const Tensor& index, int64_t d, int64_t size) {
    if (meta_mode()) return;  // example values carry no indices to check (the real call checks them)
    if (index.device() == Device::CUDA) return;  // checked by the kernel, on the device (cuda/index_check.h)
    if (index.numel() == 0) return;
    if (index.dtype() == DType::Int64) {
        // in range: two reductions decide it (copying every index out first cost more than the gather
        // itself for an index expanded over channels, as grid_sample's is); else the scan below names
        // the first one out of range
        autograd::NoGradGuard no_grad;
        const Tensor lo = min(index.detach()), hi = max(index.detach());
        if (lo.data_ptr<int64_t>()[0] >= 0 && hi.data_ptr<int64_t>()[0] < size) return;
    }
    std::vector<int64_t> v = index.to_int_vector();
    for (int64_t i : v)
        KILN_CHECK(i >= 0 && i < size, RuntimeError, "index ", i, " is out of bounds for dimension ", d, " with size ",
                   size);
}

// 0-dim tensors take part in gather/scatter as 1-element 1-dim tensors (PyTorch's
// ensure_nonempty_dim).
Tensor as_1d(const Tensor& t) { return t.dim() == 0 ? reshape(t, {1}) : t; }

Tensor gather_kernel(const Tensor& t_in, int64_t d, const Tensor& index_in) {
    Tensor t = as_1d(t_in.detach()), index = as_1d(index_in);
    Tensor out = Tensor::empty(index.sizes(), t.dtype(), cuda::common_device({t, index}));
    if (out.numel() == 0) return out;
    if (out.device() == Device::CUDA) {
        cuda::gather_tensor(out, t, d, index);
        return out;
    }
    const int64_t len = index.sizes()[size_t(d)];
    const int64_t is = index.strides()[size_t(d)], ts = t.strides()[size_t(d)];
    RowWalk w = row_walk(index, t, out, d);
    const int64_t* ip = index.data_ptr<int64_t>();
    const int64_t os = out.strides()[size_t(d)];
    dispatch_dtype(t.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* tp = t.data_ptr<T>();
        T* op = out.data_ptr<T>();
        if (os == 1 && is == 1 && ts == 1) {  // rows along d contiguous in all three: a plain gather loop
            for_each_row(w, len, [&](int64_t io, int64_t to, int64_t oo) {
                const int64_t* __restrict ir = ip + io;
                const T* __restrict tr = tp + to;
                T* __restrict orow = op + oo;
                for (int64_t j = 0; j < len; ++j) orow[j] = tr[ir[j]];
            });
            return;
        }
        for_each_row(w, len, [&](int64_t io, int64_t to, int64_t oo) {
            for (int64_t j = 0; j < len; ++j) op[oo + j * os] = tp[to + ip[io + j * is] * ts];
        });
    });
    return out;
}

// out = self.clone(); out[..., index[...], ...] += src[...] along d.
Tensor scatter_add_kernel(const Tensor& self_in, int64_t d, const Tensor& index_in, const Tensor& src_in) {
    Tensor out = clone(as_1d(self_in.detach()));
    Tensor index = as_1d(index_in), src = as_1d(src_in.detach());
    if (index.numel() == 0) return out;
    if (cuda::common_device({out, index, src}) == Device::CUDA) {
        cuda::scatter_add_tensor(out, d, index, src);
        return out;
    }
    const int64_t len = index.sizes()[size_t(d)];
    const int64_t is = index.strides()[size_t(d)], ss = src.strides()[size_t(d)], os = out.strides()[size_t(d)];
    RowWalk w = row_walk(index, out, src, d);
    const int64_t* ip = index.data_ptr<int64_t>();
    dispatch_dtype(out.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* op = out.data_ptr<T>();
        const T* sp = src.data_ptr<T>();
        // Each row of the index writes one row of out (coordinates other than d are shared), so
        // rows are independent and run in parallel.
        for_each_row(w, len, [&](int64_t io, int64_t oo, int64_t so) {
            for (int64_t j = 0; j < len; ++j) add_into(op[oo + ip[io + j * is] * os], sp[so + j * ss]);
        });
    });
    return out;
}

void check_same_ndim(const Tensor& index, const Tensor& other, const char* what) {
    KILN_CHECK(std::max<int64_t>(index.dim(), 1) == std::max<int64_t>(other.dim(), 1), RuntimeError,
               "Index tensor must have the same number of dimensions as ", what, " tensor");
}

// masked_scatter into zeros: the backward of masked_select (itself differentiable).
Tensor masked_scatter_zeros(const Tensor& g, const Tensor& mask_full) {
    Tensor out = zeros(mask_full.sizes(), {g.dtype()});
    Tensor gc = contiguous(g.detach());
    const bool* m = mask_full.data_ptr<bool>();
    dispatch_dtype(g.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* src = gc.data_ptr<T>();
        T* dst = out.data_ptr<T>();
        int64_t k = 0;
        for (int64_t i = 0; i < out.numel(); ++i)
            if (m[i]) dst[i] = src[k++];
    });
    if (autograd::needs_grad({g})) {
        Tensor mask_c = mask_full;
        autograd::record("MaskedScatterBackward0", {g}, {out},
                         [mask_c](const Grads& gg) { return Grads{masked_select(gg[0], mask_c)}; });
    }
    return out;
}

template <bool Lower>
Tensor triangle(const Tensor& x, int64_t k) {
    const char* name = Lower ? "tril" : "triu";
    KILN_CHECK(x.dim() >= 2, RuntimeError, name, ": input tensor must have at least 2 dimensions");
    const int64_t rows = x.size(-2), cols = x.size(-1);
    if (x.device() == Device::CUDA) {
        // On the GPU: the (rows, cols) keep-mask, made on the host once, selects through where()'s
        // CUDA kernel (causal attention masks and its backward come through here).
        Tensor mask = Tensor::empty({rows, cols}, DType::Bool);
        bool* m = mask.data_ptr<bool>();
        for (int64_t i = 0; i < rows; ++i)
            for (int64_t j = 0; j < cols; ++j) m[i * cols + j] = Lower ? (j - i <= k) : (j - i >= k);
        Tensor out = where(to_device(mask, Device::CUDA), x.detach(), zeros_like(x.detach()));
        if (autograd::needs_grad({x}))
            autograd::record(Lower ? "TrilBackward0" : "TriuBackward0", {x}, {out},
                             [k](const Grads& g) { return Grads{Lower ? tril(g[0], k) : triu(g[0], k)}; });
        return out;
    }
    Tensor xc = contiguous(x.detach());
    Tensor out = Tensor::empty(x.sizes(), x.dtype());
    const int64_t nrows = rows == 0 ? 0 : x.numel() / cols;
    if (x.numel() > 0) {
        dispatch_dtype(x.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            const T* in = xc.data_ptr<T>();
            T* o = out.data_ptr<T>();
            parallel_for(0, nrows, grain_for(cols), [&](int64_t b, int64_t e) {
                for (int64_t r = b; r < e; ++r) {
                    const int64_t i = r % rows;
                    for (int64_t j = 0; j < cols; ++j) {
                        bool keep = Lower ? (j - i <= k) : (j - i >= k);
                        o[r * cols + j] = keep ? in[r * cols + j] : T(calc_t<T>(0));
                    }
                }
            });
        });
    }
    if (autograd::needs_grad({x})) {
        autograd::record(Lower ? "TrilBackward0" : "TriuBackward0", {x}, {out},
                         [k](const Grads& g) { return Grads{Lower ? tril(g[0], k) : triu(g[0], k)}; });
    }
    return out;
}

}  // namespace

Tensor index_select(const Tensor& t, int64_t dim, const Tensor& index_in) {
    // A complex tensor selects on its real view (the pair dimension rides along): freqs_cis[positions].
    if (t.is_complex()) return view_as_complex(index_select(view_as_real(t), wrap_dim(dim, t.dim()), index_in));
    check_index_select_index(index_in, "index_select");
    // int32 indices are read as int64 (the kernels and the backward take int64).
    const Tensor index = index_in.dtype() == DType::Int32 ? to_dtype(index_in.detach(), DType::Int64) : index_in;
    const int64_t d = wrap_dim(dim, t.dim());
    if (meta_mode()) {
        // Sizes only (a compiler's example value): the indices are not read, so not bounds-checked.
        Shape out_shape = t.sizes();
        if (t.dim() > 0) out_shape[size_t(d)] = index.numel();
        Tensor out = Tensor::empty(out_shape, t.dtype(), t.device());
        if (autograd::needs_grad({t})) {
            Shape in_shape = t.sizes();
            Tensor index_c = index;
            autograd::record("IndexSelectBackward0", {t}, {out}, [in_shape, d, index_c](const Grads& g) {
                if (in_shape.empty()) return Grads{reshape(g[0], in_shape)};
                return Grads{index_add_zeros(g[0], d, index_c, in_shape)};
            });
        }
        return out;
    }
    KILN_CHECK(t.dim() > 0 || index.numel() == 1, IndexError, "index_select(): Index to scalar can have only 1 value, got ",
               index.numel(), " value(s)");
    const bool on_gpu = cuda::common_device({t, index}) == Device::CUDA;
    // The host checks the indices on the CPU; on the GPU the gather kernel does (cuda/index_check.h),
    // so the host does not wait for the device here.
    std::vector<int64_t> idx;
    if (!on_gpu && index.dtype() == DType::Int64 && index.is_contiguous()) {
        // (a contiguous int64 index copied as a block: to_int_vector's element-by-element read was most
        // of a long 1-D index_select)
        idx.resize(size_t(index.numel()));
        if (!idx.empty()) std::memcpy(idx.data(), index.data_ptr<int64_t>(), idx.size() * sizeof(int64_t));
    } else if (!on_gpu) {
        idx = index.to_int_vector();
    }
    const int64_t size = t.dim() == 0 ? 1 : t.sizes()[size_t(d)];
    if (!idx.empty()) {
        int64_t lo = idx[0], hi = idx[0];
        for (const int64_t v : idx) {  // (a min/max the compiler vectorizes; minmax_element is a scalar chain)
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
        KILN_CHECK(lo >= 0 && hi < size, IndexError, "index out of range in self");
    }
    Shape out_shape = t.sizes();
    if (t.dim() > 0) out_shape[size_t(d)] = index.numel();
    if (on_gpu) {
        Tensor out = Tensor::empty(out_shape, t.dtype(), Device::CUDA);
        if (t.dim() == 0) copy_(out, t.detach());
        else cuda::gather_tensor(out, t.detach(), d, expanded_index(index, d, out_shape));
        if (autograd::needs_grad({t})) {
            Shape in_shape = t.sizes();
            Tensor index_c = index;
            autograd::record("IndexSelectBackward0", {t}, {out}, [in_shape, d, index_c](const Grads& g) {
                if (in_shape.empty()) return Grads{reshape(g[0], in_shape)};
                return Grads{index_add_zeros(g[0], d, index_c, in_shape)};
            });
        }
        return out;
    }
    Tensor xc = contiguous(t.detach());
    Tensor out = Tensor::empty(out_shape, t.dtype());
    ThreeD s = three_d(t.sizes(), d);
    const int64_t m = int64_t(idx.size());
    const size_t row_bytes = size_t(s.inner) * t.element_size();
    const char* src = static_cast<const char*>(xc.data());
    char* dst = static_cast<char*>(out.data());
    // The last dim (inner == 1): element gathers row by row, typed (a memcpy of one element, with a
    // division and a remainder per element, cost 4.5 ns an element: x[..., idx], nearest upsampling).
    auto gather_rows = [&](auto tag) {
        using E = decltype(tag);
        const E* in = reinterpret_cast<const E*>(src);
        E* o = reinterpret_cast<E*>(dst);
        const int64_t* ix = idx.data();
        if (s.outer == 1) {  // one long row (a 1-D input): the indices split over the threads
            parallel_for(0, m, kParallelGrain, [&](int64_t b, int64_t e) {
                for (int64_t i = b; i < e; ++i) o[i] = in[ix[i]];
            });
            return;
        }
        parallel_for(0, s.outer, grain_for(m), [&](int64_t b, int64_t e) {
            for (int64_t r = b; r < e; ++r) {
                const E* __restrict row = in + r * s.n;
                E* __restrict out_row = o + r * m;
                for (int64_t i = 0; i < m; ++i) out_row[i] = row[ix[i]];
            }
        });
    };
    if (out.numel() > 0 && s.inner == 1 && t.element_size() == 4) {
        gather_rows(uint32_t{});
    } else if (out.numel() > 0 && s.inner == 1 && t.element_size() == 8) {
        gather_rows(uint64_t{});
    } else if (out.numel() > 0 && s.inner == 1 && t.element_size() == 2) {
        gather_rows(uint16_t{});
    } else if (out.numel() > 0 && s.inner == 1 && t.element_size() == 1) {
        gather_rows(uint8_t{});
    } else if (out.numel() > 0) {
        parallel_for(0, s.outer * m, grain_for(s.inner),
                     [&](int64_t b, int64_t e) {
                         for (int64_t r = b; r < e; ++r) {
                             const int64_t o = r / m, i = r % m;
                             std::memcpy(dst + size_t(r) * row_bytes,
                                         src + size_t(o * s.n + idx[size_t(i)]) * row_bytes, row_bytes);
                         }
                     });
    }
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        Tensor index_c = index;
        autograd::record("IndexSelectBackward0", {t}, {out}, [in_shape, d, index_c](const Grads& g) {
            if (in_shape.empty()) return Grads{reshape(g[0], in_shape)};
            return Grads{index_add_zeros(g[0], d, index_c, in_shape)};
        });
    }
    return out;
}

namespace {
// gather/scatter/scatter_add of complex tensors (which have no element kernels, tensor/dtype.h): the op
// on the view_as_real views with each index repeated over the (real, imag) pair dim, as where() does,
// so values and autograd follow the real op (FEDformer's `out_ft[:, :, :, wi] = ...` on a cfloat
// buffer written with gradient).
bool complex_pair_op(const Tensor& t) { return t.is_complex() && t.dim() > 0; }
Tensor pair_index(const Tensor& index) {
    Shape s = index.sizes();
    s.push_back(2);
    return contiguous(expand(unsqueeze(index, -1), s));
}
Tensor real_pairs(const Tensor& z) { return view_as_real(resolve_conj(z)); }
}  // namespace

Tensor gather(const Tensor& t, int64_t dim, const Tensor& index_in) {
    const Tensor index = scatter_gather_index(index_in, "gather");
    const int64_t d = wrap_dim(dim, t.dim());
    check_same_ndim(index, t, "input");
    if (complex_pair_op(t)) return view_as_complex(contiguous(gather(real_pairs(t), d, pair_index(index))));
    Tensor t1 = as_1d(t), i1 = as_1d(index);
    for (int64_t k = 0; k < i1.dim(); ++k) {
        if (k == d) continue;
        KILN_CHECK(i1.sizes()[size_t(k)] <= t1.sizes()[size_t(k)], RuntimeError, "Size does not match at dimension ", k,
                   " expected index ", shape_str(index.sizes()), " to be no larger than self ", shape_str(t.sizes()),
                   " apart from dimension ", d);
    }
    Tensor out;
    if (meta_mode()) {  // sizes only: the indices are not read
        out = Tensor::empty(index.sizes(), t.dtype(), t.device());
    } else {
        check_index_bounds(index, d, t1.sizes()[size_t(d)]);
        out = gather_kernel(t, d, index);
    }
    if (index.dim() == 0) out = reshape(out, {});
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        Tensor index_c = index;
        autograd::record("GatherBackward0", {t}, {out}, [in_shape, d, index_c](const Grads& g) {
            return Grads{scatter_add(zeros(in_shape, {g[0].dtype(), g[0].device()}), d, index_c, g[0])};
        });
    }
    return out;
}

Tensor scatter_add(const Tensor& t, int64_t dim, const Tensor& index_in, const Tensor& src) {
    const Tensor index = scatter_gather_index(index_in, "scatter");
    KILN_CHECK(t.dtype() == src.dtype(), RuntimeError, "scatter(): Expected self.dtype to be equal to src.dtype");
    const int64_t d = wrap_dim(dim, t.dim());
    check_same_ndim(index, t, "self");
    check_same_ndim(index, src, "src");
    if (complex_pair_op(t))
        return view_as_complex(contiguous(scatter_add(real_pairs(t), d, pair_index(index), real_pairs(src))));
    Tensor t1 = as_1d(t), i1 = as_1d(index), s1 = as_1d(src);
    for (int64_t k = 0; k < i1.dim(); ++k) {
        bool ok = i1.sizes()[size_t(k)] <= s1.sizes()[size_t(k)] && (k == d || i1.sizes()[size_t(k)] <= t1.sizes()[size_t(k)]);
        KILN_CHECK(ok, RuntimeError, "Expected index ", shape_str(index.sizes()), " to be no larger than self ",
                   shape_str(t.sizes()), " apart from dimension ", d, " and to be no larger size than src ",
                   shape_str(src.sizes()));
    }
    Tensor out;
    if (meta_mode()) {  // sizes only: the indices are not read
        out = Tensor::empty(t.sizes(), t.dtype(), t.device());
    } else {
        check_index_bounds(index, d, t1.sizes()[size_t(d)]);
        out = scatter_add_kernel(t, d, index, src);
    }
    if (t.dim() == 0) out = reshape(out, {});
    if (autograd::needs_grad({t, src})) {
        Tensor index_c = index;
        Shape src_shape = src.sizes();
        autograd::record("ScatterAddBackward0", {t, src}, {out}, [d, index_c, src_shape](const Grads& g) {
            // self's gradient passes through; src's is read back from where it was added. When
            // index is smaller than src, src's other elements get zero.
            Tensor gsrc = gather(g[0], d, index_c);
            if (gsrc.sizes() != src_shape) {
                Tensor full = zeros(src_shape, {gsrc.dtype(), gsrc.device()});
                Tensor part = full;
                for (int64_t k = 0; k < gsrc.dim(); ++k) part = narrow(part, k, 0, gsrc.sizes()[size_t(k)]);
                copy_(part, gsrc);
                gsrc = full;
            }
            return Grads{g[0], gsrc};
        });
    }
    return out;
}

Tensor masked_select(const Tensor& t, const Tensor& mask) {
    require_not_meta("masked_select");
    require_data(mask.impl()->storage.get());
    KILN_CHECK(mask.dtype() == DType::Bool, RuntimeError, "masked_select: expected BoolTensor for mask");
    Shape shape = broadcast_shapes(t.sizes(), mask.sizes());
    Tensor tb = contiguous(expand(t.detach(), shape));
    Tensor mb = contiguous(expand(mask.detach(), shape));
    const bool* m = mb.data_ptr<bool>();
    const int64_t n = mb.numel();
    int64_t count = 0;
    for (int64_t i = 0; i < n; ++i) count += m[i] ? 1 : 0;
    Tensor out = Tensor::empty({count}, t.dtype());
    const size_t es = t.element_size();
    const char* src = static_cast<const char*>(tb.data());
    char* dst = static_cast<char*>(out.data());
    for (int64_t i = 0, k = 0; i < n; ++i)
        if (m[i]) std::memcpy(dst + size_t(k++) * es, src + size_t(i) * es, es);
    if (autograd::needs_grad({t})) {
        Shape in_shape = t.sizes();
        autograd::record("MaskedSelectBackward0", {t}, {out}, [mb, in_shape](const Grads& g) {
            return Grads{autograd::sum_to(masked_scatter_zeros(g[0], mb), in_shape)};
        });
    }
    return out;
}

Tensor tril(const Tensor& t, int64_t diagonal) { return triangle<true>(t, diagonal); }
Tensor triu(const Tensor& t, int64_t diagonal) { return triangle<false>(t, diagonal); }

}  // namespace kiln

// ---- scatter (ops/index_ext.h) ------------------------------------------------------------------------
// scatter_add's row walk with assignment (or *=, +=) instead of +=. Rows of index write disjoint
// rows of out, so they run in parallel; within a row, later positions overwrite earlier ones.

namespace kiln {
namespace {

enum class ScatterMode { Set, Add, Multiply };

ScatterMode scatter_mode(const std::string& reduce) {
    if (reduce.empty()) return ScatterMode::Set;
    if (reduce == "add") return ScatterMode::Add;
    if (reduce == "multiply") return ScatterMode::Multiply;
    KILN_FAIL(RuntimeError, "reduce argument must be either add or multiply.");
}

Tensor scatter_kernel(const Tensor& self_in, int64_t d, const Tensor& index_in, const Tensor& src_in, ScatterMode mode) {
    // CUDA tensors take the CPU loop (there is no device kernel for scatter yet) and go back.
    const Device dev = self_in.device();
    // Sizes only (a compiler's example value): the result has self's layout; no index is read.
    // The same on the meta device (PyTorch's meta scatter: the result is self's layout).
    if (meta_mode() || dev == Device::Meta) return Tensor::empty(as_1d(self_in).sizes(), self_in.dtype(), dev);
    auto cpu = [](const Tensor& t) { return t.device() == Device::CPU ? t : to_device(t, Device::CPU); };
    Tensor out = clone(as_1d(cpu(self_in.detach())));
    Tensor index = as_1d(cpu(index_in)), src = as_1d(cpu(src_in.detach()));
    if (index.numel() > 0) {
        const int64_t len = index.sizes()[size_t(d)];
        const int64_t is = index.strides()[size_t(d)], ss = src.strides()[size_t(d)], os = out.strides()[size_t(d)];
        RowWalk w = row_walk(index, out, src, d);
        const int64_t* ip = index.data_ptr<int64_t>();
        dispatch_dtype(out.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            T* op = out.data_ptr<T>();
            const T* sp = src.data_ptr<T>();
            for_each_row(w, len, [&](int64_t io, int64_t oo, int64_t so) {
                for (int64_t j = 0; j < len; ++j) {
                    T& dst = op[oo + ip[io + j * is] * os];
                    const T v = sp[so + j * ss];
                    if (mode == ScatterMode::Set) dst = v;
                    else if (mode == ScatterMode::Add) add_into(dst, v);
                    else dst = T(double(dst) * double(v));
                }
            });
        });
    }
    return dev == Device::CPU ? out : to_device(out, dev);
}

void check_scatter_shapes(const Tensor& t, int64_t d, const Tensor& index, const Tensor* src) {
    check_same_ndim(index, t, "self");
    if (src) check_same_ndim(index, *src, "src");
    Tensor t1 = as_1d(t), i1 = as_1d(index);
    for (int64_t k = 0; k < i1.dim(); ++k) {
        bool ok = k == d || i1.sizes()[size_t(k)] <= t1.sizes()[size_t(k)];
        if (src) ok = ok && i1.sizes()[size_t(k)] <= as_1d(*src).sizes()[size_t(k)];
        if (!ok && src)
            KILN_FAIL(RuntimeError, "Expected index ", shape_str(index.sizes()), " to be no larger than self ",
                      shape_str(t.sizes()), " apart from dimension ", d, " and to be no larger size than src ",
                      shape_str(src->sizes()));
        KILN_CHECK(ok, RuntimeError, "Expected index ", shape_str(index.sizes()), " to be no larger than self ",
                   shape_str(t.sizes()), " apart from dimension ", d);
    }
    check_index_bounds(index, d, t1.sizes()[size_t(d)]);
}

// The gradient of a scattered-over self: zero where something was written.
Tensor scatter_self_grad(const Tensor& g, int64_t d, const Tensor& index) {
    return scatter(g, d, index, Scalar(0.0), "");
}

}  // namespace

Tensor scatter(const Tensor& t, int64_t dim, const Tensor& index_in, const Tensor& src, const std::string& reduce) {
    const int64_t d = wrap_dim(dim, t.dim());
    const Tensor index = scatter_gather_index(index_in, "scatter");
    KILN_CHECK(t.dtype() == src.dtype(), RuntimeError, "scatter(): Expected self.dtype to be equal to src.dtype");
    check_scatter_shapes(t, d, index, &src);
    if (complex_pair_op(t) && reduce != "multiply")  // a complex product is not the pairs' product
        return view_as_complex(contiguous(scatter(real_pairs(t), d, pair_index(index), real_pairs(src), reduce)));
    const ScatterMode mode = scatter_mode(reduce);
    Tensor out = scatter_kernel(t, d, index, src, mode);
    if (t.dim() == 0) out = reshape(out, {});
    if (autograd::needs_grad({t, src})) {
        Tensor index_c = index;
        Shape src_shape = src.sizes();
        autograd::record("ScatterBackward0", {t, src}, {out}, [d, index_c, src_shape, mode](const Grads& g) {
            KILN_CHECK(mode == ScatterMode::Set, NotImplementedError,
                       "the derivative for 'scatter' with reduce is not implemented.");
            Tensor gsrc = gather(g[0], d, index_c);
            if (gsrc.sizes() != src_shape) {  // src larger than index: its other elements get zero
                Tensor full = zeros(src_shape, {gsrc.dtype(), gsrc.device()});
                Tensor part = full;
                for (int64_t k = 0; k < gsrc.dim(); ++k) part = narrow(part, k, 0, gsrc.sizes()[size_t(k)]);
                copy_(part, gsrc);
                gsrc = full;
            }
            return Grads{scatter_self_grad(g[0], d, index_c), gsrc};
        });
    }
    return out;
}

Tensor index_copy(const Tensor& t, int64_t dim, const Tensor& index, const Tensor& source) {
    const int64_t nd = t.dim();
    const int64_t d = wrap_dim(dim, nd);
    KILN_CHECK(index.dim() < 2, IndexError, "index_copy_(): Index should have dimension 1 or 0 (got ", index.dim(), ")");
    const int64_t n = index.numel();
    KILN_CHECK(source.dim() > 0 || n == 1, IndexError,
               "index_copy_(): When source is scalar, index should have one element (got ", n, ")");
    KILN_CHECK(source.dim() == nd || source.dim() == 0 || nd == 0, IndexError,
               "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source "
               "dimensionality (", source.dim(), "), destination dimensionality (", nd, ")");
    KILN_CHECK(index.dtype() == DType::Int64, RuntimeError, "index_copy_(): Expected a long tensor for index, but got ",
               dtype_scalar_type_name(index.dtype()));
    KILN_CHECK(t.dtype() == source.dtype(), RuntimeError,
               "index_copy_(): self and source expected to have the same dtype, but got (self) ",
               dtype_scalar_type_name(t.dtype()), " and (source) ", dtype_scalar_type_name(source.dtype()));
    // The slice shapes (the sizes without dim) print as c10 prints a std::vector: items separated by spaces.
    auto slice_text = [&](const Shape& sizes) {
        std::string out;
        for (int64_t k = 0; k < int64_t(sizes.size()); ++k)
            if (k != d) out += (out.empty() ? "" : " ") + std::to_string(sizes[size_t(k)]);
        return out;
    };
    if (source.dim() > 0 && nd > 0) {
        KILN_CHECK(slice_text(t.sizes()) == slice_text(source.sizes()), RuntimeError,
                   "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: ",
                   slice_text(t.sizes()), " at dimension ", d, " and source slice shape: ", slice_text(source.sizes()),
                   " at dimension 0.");
        KILN_CHECK(n == source.sizes()[size_t(d)], IndexError, "index_copy_(): Number of indices (", n,
                   ") should be equal to source.size(dim) (", source.sizes()[size_t(d)], ")");
    }
    const int64_t size = nd > 0 ? t.sizes()[size_t(d)] : 1;
    if (!meta_mode())
        for (int64_t i : index.to_int_vector())
            KILN_CHECK(i >= 0 && i < size, IndexError, "index_copy_(): index ", i, " is out of bounds for dimension ", d,
                       " with size ", size);
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        if (nd == 0) {
            out = clone(reshape(source.detach(), {}));
        } else {
            Tensor src = source.dim() == 0 ? reshape(source.detach(), Shape(size_t(nd), 1)) : source.detach();
            out = scatter(t.detach(), d, expanded_index(index, d, src.sizes()), src);
        }
    }
    if (autograd::needs_grad({t, source})) {
        Tensor index_c = index.detach();
        Shape source_shape = source.sizes();
        autograd::record("IndexCopyBackward0", {t, source}, {out}, [d, index_c, source_shape](const Grads& g) {
            // derivatives.yaml: self: grad.index_fill(dim, index, 0), source: grad.index_select(dim, index)
            // (reshaped for a 0-dim source); the fill is an index_copy of zeros, so it stays differentiable.
            Tensor zero = zeros(source_shape, {g[0].dtype(), g[0].device()});
            return Grads{index_copy(g[0], d, index_c, zero),
                         reshape(g[0].dim() == 0 ? g[0] : index_select(g[0], d, index_c), source_shape)};
        });
    }
    return out;
}

Tensor scatter(const Tensor& t, int64_t dim, const Tensor& index_in, Scalar value, const std::string& reduce) {
    const int64_t d = wrap_dim(dim, t.dim());
    const Tensor index = scatter_gather_index(index_in, "scatter");
    check_scatter_shapes(t, d, index, nullptr);
    const ScatterMode mode = scatter_mode(reduce);
    Tensor src = full(as_1d(index).sizes(), value, {t.dtype(), t.device()});
    Tensor out = scatter_kernel(t, d, index, src, mode);
    if (t.dim() == 0) out = reshape(out, {});
    if (autograd::needs_grad({t})) {
        Tensor index_c = index;
        autograd::record("ScatterBackward1", {t}, {out}, [d, index_c, mode](const Grads& g) {
            KILN_CHECK(mode == ScatterMode::Set, NotImplementedError,
                       "the derivative for 'scatter' with reduce is not implemented.");
            return Grads{scatter_self_grad(g[0], d, index_c)};
        });
    }
    return out;
}

}  // namespace kiln

// ---- advanced indexing as ops: aten::index.Tensor, aten::index_put (ops/index_ext.h) -------------------
// Both go through the flat position of each indexed element within the indexed dims, computed with
// tensor ops from the index tensors (never read here), so a trace on meta tensors records the same
// ops as a real call and a compiled graph is valid for any index values of the same shapes.

namespace kiln {
namespace {

struct FlatIndex {
    Tensor base;                // t, or t permuted so that separated indexed dims come first
    std::vector<int64_t> perm;  // that permutation (empty: none)
    int64_t start = 0, count = 0;
    Shape index_shape;  // the indices' broadcast shape
    Tensor flat;        // Long [index_shape]: row-major position within the indexed dims
    Shape before() const { return Shape(base.sizes().begin(), base.sizes().begin() + start); }
    Shape after() const { return Shape(base.sizes().begin() + start + count, base.sizes().end()); }
    Shape result_shape() const {
        Shape s = before();
        s.insert(s.end(), index_shape.begin(), index_shape.end());
        Shape a = after();
        s.insert(s.end(), a.begin(), a.end());
        return s;
    }
};

FlatIndex flat_index(const Tensor& t, const std::vector<std::optional<Tensor>>& indices) {
    // One entry per index: the first dim of t it indexes, how many dims it spans (a k-d mask spans
    // k), and its positions within those dims as a Long tensor. A mask stands for its nonzero
    // coordinates (PyTorch expands it to k Long indices); taken whole, its positions are the row-major
    // offsets of its nonzero elements within the spanned dims, in range by construction.
    struct Entry {
        int64_t dim, span;
        Tensor index;
        bool from_mask;
    };
    std::vector<Entry> idx;
    int64_t d = 0;
    for (const auto& ix : indices) {
        if (!ix || !ix->defined()) {
            ++d;
            continue;
        }
        Tensor i = ix->detach();
        // PyTorch takes CPU indices for a tensor on any device (they move to it), and no others.
        if (i.device() != t.device()) {
            KILN_CHECK(i.device() == Device::CPU, RuntimeError,
                       "indices should be either on cpu or on the same device as the indexed tensor (",
                       device_name(t.device()), ")");
            i = to_device(i, t.device());
        }
        if (i.dtype() == DType::Bool || i.dtype() == DType::UInt8) {
            // (a data-dependent size: a meta trace of it retries on real data)
            for (int64_t j = 0; j < i.dim(); ++j)
                KILN_CHECK(d + j < t.dim() && i.sizes()[size_t(j)] == t.sizes()[size_t(d + j)], IndexError,
                           "The shape of the mask ", shape_str(i.sizes()), " at index ", j,
                           " does not match the shape of the indexed tensor ", shape_str(t.sizes()), " at index ", d + j);
            // Found on the host (a GPU mask is copied there: its count sizes the result, as PyTorch's
            // nonzero synchronizes), used where t is.
            const Tensor host = i.device() == Device::CPU ? i : to_device(i, Device::CPU);
            if (i.dim() > 0) {
                Tensor pos = nonzero_flat(host);
                idx.push_back({d, i.dim(), t.device() == Device::CPU ? pos : to_device(pos, t.device()), true});
            }
            d += i.dim();
            continue;
        }
        KILN_CHECK(i.dtype() == DType::Int64 || i.dtype() == DType::Int32, IndexError,
                   "tensors used as indices must be long, int, byte or bool tensors");
        idx.push_back({d++, 1, i.dtype() == DType::Int64 ? i : to_dtype(i, DType::Int64), false});
    }
    KILN_CHECK(d <= t.dim(), IndexError, "too many indices for tensor of dimension ", t.dim(), " (got ", d, ")");
    FlatIndex f;
    f.base = t;
    for (const Entry& e : idx) f.count += e.span;
    if (idx.empty()) return f;
    bool consecutive = true;
    for (size_t j = 1; j < idx.size(); ++j) consecutive = consecutive && idx[j].dim == idx[j - 1].dim + idx[j - 1].span;
    if (!consecutive) {
        for (const Entry& e : idx)
            for (int64_t k = 0; k < e.span; ++k) f.perm.push_back(e.dim + k);
        for (int64_t k = 0; k < t.dim(); ++k)
            if (std::find(f.perm.begin(), f.perm.end(), k) == f.perm.end()) f.perm.push_back(k);
        f.base = permute(t, f.perm);
    }
    f.start = consecutive ? idx[0].dim : 0;
    Shape b = idx[0].index.sizes();
    for (size_t j = 1; j < idx.size(); ++j) {
        try {
            b = broadcast_shapes(b, idx[j].index.sizes());
        } catch (const Error&) {
            std::string all;
            for (size_t k = 0; k < idx.size(); ++k)  // a mask as the one index per dim PyTorch makes of it
                for (int64_t r = 0; r < idx[k].span; ++r) all += (all.empty() ? "" : ", ") + shape_str(idx[k].index.sizes());
            KILN_FAIL(IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes ", all);
        }
    }
    f.index_shape = b;
    Tensor flat;
    int64_t at = f.start;  // the entry's first dim in f.base
    for (size_t j = 0; j < idx.size(); ++j) {
        const Entry& e = idx[j];
        int64_t size = 1;
        for (int64_t k = 0; k < e.span; ++k) size *= f.base.sizes()[size_t(at + k)];
        const int64_t pos = at - f.start;  // the entry's place among the indexed dims (error messages)
        at += e.span;
        Tensor w = e.index;
        if (!e.from_mask) {
            if (!meta_mode())
                for (int64_t v : w.to_int_vector())
                    KILN_CHECK(v >= -size && v < size, IndexError, "index ", v, " is out of bounds for dimension ",
                               f.count == 1 ? e.dim : pos, " with size ", size);
            w = where(lt(w, Scalar(int64_t(0))), add(w, Scalar(size)), w);  // negative: from the end
        }
        flat = j == 0 ? w : add(mul(flat, Scalar(size)), w);
    }
    f.flat = expand(flat, b);
    return f;
}

// The indexed dims of f.base merged into one (of the product of their sizes).
Tensor merged_base(const FlatIndex& f, const Tensor& base) {
    return f.count > 1 ? flatten(base, f.start, f.start + f.count - 1) : base;
}

}  // namespace

Tensor index(const Tensor& t, const std::vector<std::optional<Tensor>>& indices) {
    FlatIndex f = flat_index(t, indices);
    if (f.count == 0) return clone(t);
    Tensor out = index_select(merged_base(f, f.base), f.start, reshape(f.flat, {-1}));
    return reshape(out, f.result_shape());
}

Tensor index_put(const Tensor& t, const std::vector<std::optional<Tensor>>& indices, const Tensor& values_in,
                 bool accumulate) {
    const Tensor values = values_in.dtype() == t.dtype() ? values_in : to_dtype(values_in, t.dtype());
    // x[mask] = v with one bool mask and a single value (PyTorch's masked_fill path): a where() over
    // the mask laid on its dims, which reads no mask values and keeps x's size whatever the mask.
    int64_t mask_at = -1, given = 0;
    for (size_t k = 0; k < indices.size(); ++k)
        if (indices[k] && indices[k]->defined()) {
            ++given;
            if (indices[k]->dtype() == DType::Bool) mask_at = int64_t(k);
        }
    if (given == 1 && mask_at >= 0 && values.numel() == 1) {
        const Tensor& m = *indices[size_t(mask_at)];
        for (int64_t j = 0; j < m.dim(); ++j)
            KILN_CHECK(mask_at + j < t.dim() && m.sizes()[size_t(j)] == t.sizes()[size_t(mask_at + j)], IndexError,
                       "The shape of the mask ", shape_str(m.sizes()), " at index ", j,
                       " does not match the shape of the indexed tensor ", shape_str(t.sizes()), " at index ", mask_at + j);
        Shape ms(size_t(mask_at), 1);
        ms.insert(ms.end(), m.sizes().begin(), m.sizes().end());
        ms.resize(size_t(t.dim()), 1);
        const Tensor mask = reshape(m.detach(), ms), v = reshape(values, {});
        return accumulate ? add(t, where(mask, v, zeros_like(v))) : where(mask, v, t);
    }
    FlatIndex f = flat_index(t, indices);
    if (f.count == 0) return accumulate ? add(t, values) : add(mul(t, Scalar(int64_t(0))), values);
    const Shape rs = f.result_shape();
    Tensor v;
    try {
        v = expand(values, rs);
    } catch (const Error&) {
        KILN_FAIL(RuntimeError, "shape mismatch: value tensor of shape ", shape_str(values.sizes()),
                  " cannot be broadcast to indexing result of shape ", shape_str(rs));
    }
    // values and positions over the merged indexed dim: [before, n, after]
    Shape vs = f.before();
    vs.push_back(shape_numel(f.index_shape));
    Shape a = f.after();
    vs.insert(vs.end(), a.begin(), a.end());
    v = reshape(v, vs);
    Shape is(vs.size(), 1);
    is[size_t(f.start)] = vs[size_t(f.start)];
    Tensor pos = expand(reshape(f.flat, is), vs);
    Tensor merged = merged_base(f, f.base);
    Tensor out = accumulate ? scatter_add(merged, f.start, pos, v) : scatter(merged, f.start, pos, v);
    out = reshape(out, f.base.sizes());
    if (!f.perm.empty()) {
        std::vector<int64_t> inv(f.perm.size());
        for (size_t k = 0; k < f.perm.size(); ++k) inv[size_t(f.perm[k])] = int64_t(k);
        out = contiguous(permute(out, inv));
    }
    return out;
}

}  // namespace kiln

// ---- slice_scatter / select_scatter (ops/index_ext.h) ---------------------------------------------------

namespace kiln {
namespace {

// A contiguous copy of t with `write` applied to a view of it (src copied in, broadcast as PyTorch's
// copy_ does); meta mode gives the layout only. The gradients: t's is g with the view zeroed, src's
// is g's view, both through the same op (so the backward is differentiable too).
template <class View>
Tensor scatter_into_view(const char* grad_fn, const Tensor& t, const Tensor& src, View view) {
    if (meta_mode()) return Tensor::empty(t.sizes(), t.dtype(), t.device());
    Tensor out;
    {
        autograd::NoGradGuard no_grad;
        out = Tensor::empty(t.sizes(), t.dtype(), t.device());  // never t's storage: t is only read
        copy_(out, t.detach());
        Tensor part = view(out);
        copy_(part, src.detach());
    }
    if (autograd::needs_grad({t, src})) {
        const Shape src_shape = src.sizes();
        const DType src_dt = src.dtype();
        autograd::record(grad_fn, {t, src}, {out}, [view, src_shape, src_dt, grad_fn](const Grads& g) {
            Tensor zero = zeros(src_shape, {src_dt, g[0].device()});
            Tensor gt = scatter_into_view(grad_fn, g[0], zero, view);
            Tensor gs = contiguous(view(g[0]));
            return Grads{gt, gs.dtype() == src_dt ? gs : to_dtype(gs, src_dt)};
        });
    }
    return out;
}

}  // namespace

Tensor slice_scatter(const Tensor& t, const Tensor& src, int64_t dim, std::optional<int64_t> start,
                     std::optional<int64_t> end, int64_t step) {
    const int64_t d = wrap_dim(dim, t.dim());
    auto view = [d, start, end, step](const Tensor& x) { return slice(x, d, start, end, step); };
    KILN_CHECK(view(t).sizes() == src.sizes(), RuntimeError, "expected src to have a size equal to the slice of self. src size = ",
               shape_str(src.sizes()), ", slice size = ", shape_str(view(t).sizes()));
    return scatter_into_view("SliceScatterBackward0", t, src, view);
}

Tensor select_scatter(const Tensor& t, const Tensor& src, int64_t dim, int64_t index) {
    const int64_t d = wrap_dim(dim, t.dim());
    auto view = [d, index](const Tensor& x) { return select(x, d, index); };
    KILN_CHECK(view(t).sizes() == src.sizes(), RuntimeError, "expected src to have a size equal to the slice of self. src size = ",
               shape_str(src.sizes()), ", slice size = ", shape_str(view(t).sizes()));
    return scatter_into_view("SelectScatterBackward0", t, src, view);
}

Tensor take_along_dim(const Tensor& x, const Tensor& idx, std::optional<int64_t> dim) {
    if (!dim) return gather(reshape(x, {x.numel()}), 0, reshape(idx, {idx.numel()}));
    KILN_CHECK(x.dim() == idx.dim(), RuntimeError,
               "torch.take_along_dim(): input and indices should have the same number of dimensions, but got ", x.dim(),
               " dimensions for input, and ", idx.dim(), " dimensions for indices");
    const int64_t d = wrap_dim(*dim, x.dim());
    // Tensor::size as ATen's sym_size: a 0-dim pair has no dim `d` (IndexError), where wrap_dim admitted it.
    const int64_t idx_n = idx.size(d), x_n = x.size(d);
    Shape xs = x.sizes(), is = idx.sizes();
    xs[size_t(d)] = 1;
    is[size_t(d)] = 1;
    Shape b = broadcast_shapes(xs, is);
    Shape bx = b, bi = b;
    bx[size_t(d)] = x_n;
    bi[size_t(d)] = idx_n;
    return gather(expand(x, bx), d, expand(idx, bi));
}

std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors) {
    Shape s;
    for (const Tensor& t : tensors) s = broadcast_shapes(s, t.sizes());
    // ATen's expand_outplace: a tensor already of the common shape is returned itself (the same
    // tensor object in Python, `broadcast_tensors(x, y)[0] is x`), the others are expanded views.
    std::vector<Tensor> out;
    for (const Tensor& t : tensors) out.push_back(t.sizes() == s ? t : expand(t, s));
    return out;
}

}  // namespace kiln
