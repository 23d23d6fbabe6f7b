// Shape and layout operators: views (view, reshape, permute, transpose, expand, squeeze, slice,
// select, ...), copies and conversions (contiguous, clone, to, type_as, detach), joins and splits
// (cat, stack, split, chunk, unbind), and indexing (index_select, gather, masked_select, tril/triu).
//
// View kernels return the eager view, which shares storage with the input exactly as the
// `Tensor(a) -> Tensor(a)` alias annotations of their schemas promise.
#include <algorithm>

#include "graph/optable/args.h"
#include "graph/optable/optable.h"
#include "ops/composite.h"
#include "ops/index_ext.h"
#include "ops/output_layout.h"
#include "ops/tensor_extra.h"

namespace kiln::graph {

using namespace optable;

#define K [](IValueList & a) -> IValueList

namespace {

// aten::to's tail: non_blocking is meaningless on the CPU; copy forces a new tensor.
Tensor to_impl(const Tensor& x, std::optional<DType> dtype, bool copy) {
    const DType dt = dtype.value_or(x.dtype());
    if (dt != x.dtype()) return to_dtype(x, dt, copy);
    return copy ? clone(x) : x;
}

// A Tensor?[] argument (aten::index's indices): None entries are undefined tensors in the list.
std::vector<std::optional<Tensor>> opt_tensors(const IValue& v) {
    std::vector<std::optional<Tensor>> out;
    for (const Tensor& t : v.to_tensor_list()) out.push_back(t.defined() ? std::optional<Tensor>(t) : std::nullopt);
    return out;
}

}  // namespace

void register_shape_ops() {
    // ---- views ----
    def("aten::view(Tensor(a) self, SymInt[] size) -> Tensor(a)",
        K { return one(view(tensor_arg(a, 0), ints_arg(a, 1))); });
    def("aten::view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)",
        K { return one(view_dtype(tensor_arg(a, 0), dtype_arg(a, 1))); });
    def("aten::view_as(Tensor(a) self, Tensor other) -> Tensor(a)",
        K { return one(view(tensor_arg(a, 0), tensor_arg(a, 1).sizes())); });
    def("aten::reshape(Tensor(a) self, SymInt[] shape) -> Tensor(a)",
        K { return one(reshape(tensor_arg(a, 0), ints_arg(a, 1))); });
    def("aten::reshape_as(Tensor(a) self, Tensor other) -> Tensor(a)",
        K { return one(reshape(tensor_arg(a, 0), tensor_arg(a, 1).sizes())); });
    def("aten::permute(Tensor(a) self, int[] dims) -> Tensor(a)",
        K { return one(permute(tensor_arg(a, 0), ints_arg(a, 1))); });
    def("aten::transpose.int(Tensor(a) self, int dim0, int dim1) -> Tensor(a)",
        K { return one(transpose(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2))); });
    def("aten::t(Tensor(a) self) -> Tensor(a)", K { return one(t(tensor_arg(a, 0))); });
    // complex views (ops/complex.cpp): a complex tensor as (..., 2) real pairs and back, its parts
    def("aten::view_as_real(Tensor(a) self) -> Tensor(a)", K { return one(view_as_real(tensor_arg(a, 0))); });
    def("aten::view_as_complex(Tensor(a) self) -> Tensor(a)", K { return one(view_as_complex(tensor_arg(a, 0))); });
    def("aten::real(Tensor(a) self) -> Tensor(a)", K { return one(real(tensor_arg(a, 0))); });
    def("aten::imag(Tensor(a) self) -> Tensor(a)", K { return one(imag(tensor_arg(a, 0))); });
    // x.T: all dims reversed.
    def("aten::numpy_T(Tensor(a) self) -> Tensor(a)", K {
        const Tensor& x = tensor_arg(a, 0);
        std::vector<int64_t> dims(size_t(x.dim()));
        for (int64_t i = 0; i < x.dim(); ++i) dims[size_t(i)] = x.dim() - 1 - i;
        return one(permute(x, dims));
    });
    // x.mT / x.mH / x.H in scripted code (PyTorch's tensor properties): the last two dims swapped
    // (conjugated for mH and H; H only on matrices), with PyTorch's messages.
    def("aten::mT(Tensor(a) self) -> Tensor(a)", K {
        const Tensor& x = tensor_arg(a, 0);
        KILN_CHECK(x.dim() >= 2, RuntimeError, "tensor.mT is only supported on matrices or batches of matrices. Got ",
                   x.dim(), "-D tensor.");
        return one(transpose(x, -2, -1));
    });
    def("aten::mH(Tensor(a) self) -> Tensor(a)", K {
        const Tensor& x = tensor_arg(a, 0);
        KILN_CHECK(x.dim() >= 2, RuntimeError, "tensor.mH is only supported on matrices or batches of matrices. Got ",
                   x.dim(), "-D tensor.");
        Tensor m = transpose(x, -2, -1);
        return one(x.is_complex() ? conj(m) : m);
    });
    def("aten::matrix_H(Tensor(a) self) -> Tensor(a)", K {
        const Tensor& x = tensor_arg(a, 0);
        KILN_CHECK(x.dim() == 2, RuntimeError, "tensor.H is only supported on matrices (2-D tensors). Got ", x.dim(),
                   "-D tensor.");
        Tensor m = transpose(x, 0, 1);
        return one(x.is_complex() ? conj(m) : m);
    });
    def("aten::expand(Tensor(a) self, SymInt[] size, *, bool implicit=False) -> Tensor(a)",
        K { return one(expand(tensor_arg(a, 0), ints_arg(a, 1))); });
    def("aten::expand_as(Tensor(a) self, Tensor other) -> Tensor(a)",
        K { return one(expand_as(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::broadcast_to(Tensor(a) self, SymInt[] size) -> Tensor(a)",
        K { return one(broadcast_to(tensor_arg(a, 0), ints_arg(a, 1))); });
    def("aten::squeeze(Tensor(a) self) -> Tensor(a)", K { return one(squeeze(tensor_arg(a, 0))); });
    def("aten::squeeze.dim(Tensor(a) self, int dim) -> Tensor(a)",
        K { return one(squeeze(tensor_arg(a, 0), int_arg(a, 1))); });
    def("aten::squeeze.dims(Tensor(a) self, int[] dim) -> Tensor(a)", K {
        // Squeeze from the highest dim down so earlier removals do not shift later ones.
        Tensor x = tensor_arg(a, 0);
        std::vector<int64_t> dims = ints_arg(a, 1);
        const int64_t nd = x.dim();
        for (int64_t& d : dims) d = wrap_dim(d, nd);
        std::sort(dims.rbegin(), dims.rend());
        dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
        for (int64_t d : dims) x = squeeze(x, d);
        return one(x);
    });
    def("aten::unsqueeze(Tensor(a) self, int dim) -> Tensor(a)",
        K { return one(unsqueeze(tensor_arg(a, 0), int_arg(a, 1))); });
    def("aten::flatten.using_ints(Tensor(a) self, int start_dim=0, int end_dim=-1) -> Tensor(a)",
        K { return one(flatten(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2))); });
    def("aten::unflatten.int(Tensor(a) self, int dim, SymInt[] sizes) -> Tensor(a)",
        K { return one(unflatten(tensor_arg(a, 0), int_arg(a, 1), ints_arg(a, 2))); });
    def("aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) -> "
        "Tensor(a)",
        K { return one(slice(tensor_arg(a, 0), int_arg(a, 1), opt_int(a, 2), opt_int(a, 3), int_arg(a, 4))); });
    def("aten::select.int(Tensor(a) self, int dim, SymInt index) -> Tensor(a)",
        K {
            // aten::select's own bounds message (eager indexing words it as Python's IndexError).
            const Tensor& x = tensor_arg(a, 0);
            int64_t dim = int_arg(a, 1), index = int_arg(a, 2);
            if (x.dim() > 0) {
                int64_t d = wrap_dim(dim, x.dim()), n = x.sizes()[size_t(d)];
                if (index < -n || index >= n) {
                    std::string sizes;
                    for (int64_t s : x.sizes()) sizes += (sizes.empty() ? "" : ", ") + std::to_string(s);
                    KILN_FAIL(IndexError, "select(): index ", index, " out of range for tensor of size [", sizes,
                              "] at dimension ", d);
                }
            }
            return one(select(x, dim, index));
        });
    def("aten::narrow(Tensor(a) self, int dim, SymInt start, SymInt length) -> Tensor(a)",
        K { return one(narrow(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2), int_arg(a, 3))); });
    def("aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]",
        K { return tensors(unbind(tensor_arg(a, 0), int_arg(a, 1))); });
    def("aten::movedim.int(Tensor(a) self, int source, int destination) -> Tensor(a)",
        K { return one(movedim(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2))); });
    def("aten::movedim.intlist(Tensor(a) self, int[] source, int[] destination) -> Tensor(a)",
        K { return one(movedim(tensor_arg(a, 0), ints_arg(a, 1), ints_arg(a, 2))); });
    def("aten::as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None) -> Tensor(a)",
        K { return one(as_strided(tensor_arg(a, 0), ints_arg(a, 1), ints_arg(a, 2), opt_int(a, 3))); });

    // ---- copies and conversions ----
    // memory_format is c10's number: contiguous_format 0, preserve_format 1, channels_last 2,
    // channels_last_3d 3 (graphs carry it so: conv_layout's conversions, traced .contiguous(...)).
    def("aten::contiguous(Tensor(a) self, *, MemoryFormat memory_format=contiguous_format) -> Tensor(a)",
        K {
            const int64_t f = opt_int(a, 1).value_or(0);
            if (f == 2 || f == 3) return one(contiguous_as(tensor_arg(a, 0), f == 2 ? MemoryFormat::ChannelsLast : MemoryFormat::ChannelsLast3d));
            return one(contiguous(tensor_arg(a, 0)));
        });
    def("aten::clone(Tensor self, *, MemoryFormat? memory_format=None) -> Tensor",
        K {
            const int64_t f = opt_int(a, 1).value_or(1);
            Tensor out = clone(tensor_arg(a, 0));  // preserve_format; the others lay the copy out again
            if (f == 2 || f == 3) return one(contiguous_as(out, f == 2 ? MemoryFormat::ChannelsLast : MemoryFormat::ChannelsLast3d));
            return one(f == 0 ? contiguous(out) : out);
        });
    def("aten::to.dtype(Tensor(a) self, ScalarType dtype, bool non_blocking=False, bool copy=False, "
        "MemoryFormat? memory_format=None) -> Tensor(a)",
        K { return one(to_impl(tensor_arg(a, 0), dtype_arg(a, 1), bool_arg(a, 3))); });
    def("aten::to.device(Tensor(a) self, Device device, ScalarType dtype, bool non_blocking=False, "
        "bool copy=False, MemoryFormat? memory_format=None) -> Tensor(a)",
        K { return one(to_device(tensor_arg(a, 0), a.at(1).to_device(), dtype_arg(a, 2), bool_arg(a, 4))); });
    def("aten::to.dtype_layout(Tensor(a) self, *, ScalarType? dtype=None, Layout? layout=None, "
        "Device? device=None, bool? pin_memory=None, bool non_blocking=False, bool copy=False, "
        "MemoryFormat? memory_format=None) -> Tensor(a)",
        K {
            if (std::optional<Device> d = opt_device(a, 3))
                return one(to_device(tensor_arg(a, 0), *d, opt_dtype(a, 1), bool_arg(a, 6)));
            return one(to_impl(tensor_arg(a, 0), opt_dtype(a, 1), bool_arg(a, 6)));
        });
    def("aten::to.other(Tensor(a) self, Tensor other, bool non_blocking=False, bool copy=False, "
        "MemoryFormat? memory_format=None) -> Tensor(a)",
        K { return one(to_impl(tensor_arg(a, 0), tensor_arg(a, 1).dtype(), bool_arg(a, 3))); });
    // TorchScript's own overloads (register_prim_ops.cpp): x.to(device) and x.to(dtype=None) in
    // scripted code, the dtype an optional int.
    def("aten::to.prim_Device(Tensor(a) self, Device? device, int? dtype=None, bool non_blocking=False, "
        "bool copy=False) -> Tensor(a)",
        K {
            std::optional<DType> dt = opt_dtype(a, 2);
            if (std::optional<Device> d = opt_device(a, 1)) return one(to_device(tensor_arg(a, 0), *d, dt, bool_arg(a, 4)));
            return one(to_impl(tensor_arg(a, 0), dt, bool_arg(a, 4)));
        });
    def("aten::to.prim_dtype(Tensor(a) self, int? dtype=None, bool non_blocking=False, bool copy=False) -> Tensor(a)",
        K { return one(to_impl(tensor_arg(a, 0), opt_dtype(a, 1), bool_arg(a, 3))); });
    // What x.to(...) / x.double() reach below autograd when the dtype or device changes (aten::to is
    // CompositeImplicitAutograd over it): always a new tensor. __torch_dispatch__ handlers receive it
    // (bindings/torch_dispatch.cpp) and call it on what they wrap.
    def("aten::_to_copy(Tensor self, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
        "bool? pin_memory=None, bool non_blocking=False, MemoryFormat? memory_format=None) -> Tensor",
        K {
            if (std::optional<Device> d = opt_device(a, 3)) return one(to_device(tensor_arg(a, 0), *d, opt_dtype(a, 1), true));
            return one(to_impl(tensor_arg(a, 0), opt_dtype(a, 1), true));
        });
    def("aten::type_as(Tensor self, Tensor other) -> Tensor",
        K { return one(to_impl(tensor_arg(a, 0), tensor_arg(a, 1).dtype(), false)); });
    def("aten::detach(Tensor(a) self) -> Tensor(a)", K { return one(tensor_arg(a, 0).detach()); });
    // A new tensor entering the graph (torch.from_numpy's, under torch.jit.trace): the tensor itself.
    def("aten::lift_fresh(Tensor(a) self) -> Tensor(a)", K { return one(tensor_arg(a, 0)); });

    // ---- joins and splits ----
    def("aten::cat(Tensor[] tensors, int dim=0) -> Tensor",
        K { return one(cat(a.at(0).to_tensor_list(), int_arg(a, 1))); });
    def("aten::stack(Tensor[] tensors, int dim=0) -> Tensor",
        K { return one(stack(a.at(0).to_tensor_list(), int_arg(a, 1))); });
    def("aten::hstack(Tensor[] tensors) -> Tensor", K { return one(hstack(a.at(0).to_tensor_list())); });
    def("aten::vstack(Tensor[] tensors) -> Tensor", K { return one(vstack(a.at(0).to_tensor_list())); });
    def("aten::split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> Tensor(a)[]",
        K { return tensors(split(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2))); });
    def("aten::split.sizes(Tensor(a -> *) self, SymInt[] split_size, int dim=0) -> Tensor(a)[]",
        K { return tensors(split(tensor_arg(a, 0), ints_arg(a, 1), int_arg(a, 2))); });
    def("aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]",
        K { return tensors(split(tensor_arg(a, 0), ints_arg(a, 1), int_arg(a, 2))); });
    def("aten::chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]",
        K { return tensors(chunk(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2))); });
    // ops/tensor_extra.h
    def("aten::flip(Tensor self, int[] dims) -> Tensor", K { return one(flip(tensor_arg(a, 0), ints_arg(a, 1))); });
    def("aten::repeat(Tensor self, SymInt[] repeats) -> Tensor", K { return one(repeat(tensor_arg(a, 0), ints_arg(a, 1))); });
    def("aten::roll(Tensor self, SymInt[1] shifts, int[1] dims=[]) -> Tensor",
        K { return one(roll(tensor_arg(a, 0), ints_arg(a, 1), ints_arg(a, 2))); });
    def("aten::repeat_interleave.self_int(Tensor self, SymInt repeats, int? dim=None, *, SymInt? output_size=None) "
        "-> Tensor",
        K { return one(repeat_interleave(tensor_arg(a, 0), int_arg(a, 1), opt_int(a, 2))); });

    // ---- indexing ----
    def("aten::index_select(Tensor self, int dim, Tensor index) -> Tensor",
        K { return one(index_select(tensor_arg(a, 0), int_arg(a, 1), tensor_arg(a, 2))); });
    def("aten::take_along_dim(Tensor self, Tensor indices, int? dim=None) -> Tensor",
        K { return one(take_along_dim(tensor_arg(a, 0), tensor_arg(a, 1), opt_int(a, 2))); });
    // torch.atleast_{1,2,3}d (torch/functional.py over aten's ops): views with leading / trailing
    // size-1 dims, one tensor or a list (the .Sequence overloads); scripted solvers call them
    // (pytorch-minimize's estimate_smallest_singular_value: U = torch.atleast_2d(U)).
    {
        auto at1 = [](const Tensor& t) { return t.dim() == 0 ? reshape(t, {1}) : t; };
        auto at2 = [](const Tensor& t) {
            return t.dim() == 0 ? reshape(t, {1, 1}) : t.dim() == 1 ? unsqueeze(t, 0) : t;
        };
        auto at3 = [](const Tensor& t) {
            return t.dim() == 0 ? reshape(t, {1, 1, 1}) : t.dim() == 1 ? unsqueeze(unsqueeze(t, 0), -1)
                   : t.dim() == 2 ? unsqueeze(t, -1) : t;
        };
        static Tensor (*f1)(const Tensor&) = +at1;
        static Tensor (*f2)(const Tensor&) = +at2;
        static Tensor (*f3)(const Tensor&) = +at3;
        def("aten::atleast_1d(Tensor self) -> Tensor", K { return one(f1(tensor_arg(a, 0))); });
        def("aten::atleast_2d(Tensor self) -> Tensor", K { return one(f2(tensor_arg(a, 0))); });
        def("aten::atleast_3d(Tensor self) -> Tensor", K { return one(f3(tensor_arg(a, 0))); });
        def("aten::atleast_1d.Sequence(Tensor[] tensors) -> Tensor[]", K {
            std::vector<Tensor> out;
            for (const Tensor& t : a.at(0).to_tensor_list()) out.push_back(f1(t));
            return tensors(out);
        });
        def("aten::atleast_2d.Sequence(Tensor[] tensors) -> Tensor[]", K {
            std::vector<Tensor> out;
            for (const Tensor& t : a.at(0).to_tensor_list()) out.push_back(f2(t));
            return tensors(out);
        });
        def("aten::atleast_3d.Sequence(Tensor[] tensors) -> Tensor[]", K {
            std::vector<Tensor> out;
            for (const Tensor& t : a.at(0).to_tensor_list()) out.push_back(f3(t));
            return tensors(out);
        });
    }
    def("aten::broadcast_tensors(Tensor[] tensors) -> Tensor[]", K { return tensors(broadcast_tensors(a.at(0).to_tensor_list())); });
    // torch.meshgrid (functional.py's _VF.meshgrid): YOLO's and NeRF's grids in compiled code; the AOT
    // decomposition (aot/derivatives.cpp) turns it into ATen's views and expands.
    def("aten::meshgrid(Tensor[] tensors) -> Tensor[]", K { return tensors(meshgrid(a.at(0).to_tensor_list())); });
    def("aten::meshgrid.indexing(Tensor[] tensors, *, str indexing) -> Tensor[]",
        K { return tensors(meshgrid(a.at(0).to_tensor_list(), str_arg(a, 1))); });
    def("aten::gather(Tensor self, int dim, Tensor index, *, bool sparse_grad=False) -> Tensor",
        K { return one(gather(tensor_arg(a, 0), int_arg(a, 1), tensor_arg(a, 2))); });
    def("aten::scatter_add(Tensor self, int dim, Tensor index, Tensor src) -> Tensor",
        K { return one(scatter_add(tensor_arg(a, 0), int_arg(a, 1), tensor_arg(a, 2), tensor_arg(a, 3))); });
    // ops/index_ext.h: scatter (the one-hot idiom x.scatter_(1, idx, 1) traces to aten::scatter_.value).
    def("aten::scatter.src(Tensor self, int dim, Tensor index, Tensor src) -> Tensor",
        K { return one(scatter(tensor_arg(a, 0), int_arg(a, 1), tensor_arg(a, 2), tensor_arg(a, 3))); });
    def("aten::scatter.value(Tensor self, int dim, Tensor index, Scalar value) -> Tensor",
        K { return one(scatter(tensor_arg(a, 0), int_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3))); });
    def("aten::scatter_.src(Tensor(a!) self, int dim, Tensor index, Tensor src) -> Tensor(a!)", K {
        Tensor self = tensor_arg(a, 0);
        copy_(self, scatter(self, int_arg(a, 1), tensor_arg(a, 2), tensor_arg(a, 3)));
        return one(self);
    });
    def("aten::scatter_.value(Tensor(a!) self, int dim, Tensor index, Scalar value) -> Tensor(a!)", K {
        Tensor self = tensor_arg(a, 0);
        copy_(self, scatter(self, int_arg(a, 1), tensor_arg(a, 2), scalar_arg(a, 3)));
        return one(self);
    });
    // ops/index_ext.h: index_copy (x.index_copy(0, idx, src), x.index_copy_(...)).
    def("aten::index_copy(Tensor self, int dim, Tensor index, Tensor source) -> Tensor",
        K { return one(index_copy(tensor_arg(a, 0), int_arg(a, 1), tensor_arg(a, 2), tensor_arg(a, 3))); });
    def("aten::index_copy_(Tensor(a!) self, int dim, Tensor index, Tensor source) -> Tensor(a!)", K {
        Tensor self = tensor_arg(a, 0);
        copy_(self, index_copy(self, int_arg(a, 1), tensor_arg(a, 2), tensor_arg(a, 3)));
        return one(self);
    });
    // ops/index_ext.h: advanced indexing (x[idx], x[:, [0, 2]], x[rows, cols] = v) as one node each.
    def("aten::index.Tensor(Tensor self, Tensor?[] indices) -> Tensor",
        K { return one(index(tensor_arg(a, 0), opt_tensors(a.at(1)))); });
    def("aten::index_put(Tensor self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor",
        K {
            return one(index_put(tensor_arg(a, 0), opt_tensors(a.at(1)), tensor_arg(a, 2), a.at(3).to_bool()));
        });
    def("aten::index_put_(Tensor(a!) self, Tensor?[] indices, Tensor values, bool accumulate=False) -> Tensor(a!)",
        K {
            Tensor self = tensor_arg(a, 0);
            copy_(self, index_put(self, opt_tensors(a.at(1)), tensor_arg(a, 2), a.at(3).to_bool()));
            return one(self);
        });
    // The functional forms of writes through slice/select views (AOT autograd's functionalization).
    def("aten::slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1) "
        "-> Tensor",
        K {
            return one(slice_scatter(tensor_arg(a, 0), tensor_arg(a, 1), int_arg(a, 2), opt_int(a, 3), opt_int(a, 4),
                                     int_arg(a, 5)));
        });
    def("aten::select_scatter(Tensor self, Tensor src, int dim, SymInt index) -> Tensor",
        K { return one(select_scatter(tensor_arg(a, 0), tensor_arg(a, 1), int_arg(a, 2), int_arg(a, 3))); });
    def("aten::masked_select(Tensor self, Tensor mask) -> Tensor",
        K { return one(masked_select(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::nonzero(Tensor self) -> Tensor", K { return one(nonzero(tensor_arg(a, 0))); });
    def("aten::tril(Tensor self, int diagonal=0) -> Tensor", K { return one(tril(tensor_arg(a, 0), int_arg(a, 1))); });
    def("aten::triu(Tensor self, int diagonal=0) -> Tensor", K { return one(triu(tensor_arg(a, 0), int_arg(a, 1))); });
}

}  // namespace kiln::graph
