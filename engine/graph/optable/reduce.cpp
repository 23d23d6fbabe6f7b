// Reductions and scans: sum, mean, prod, max/min (whole tensor, .dim with indices, .other),
// amax/amin, argmax/argmin, var/std (unbiased and correction forms), softmax/log_softmax,
// logsumexp, norm, all/any, cumsum/cumprod, and the order statistics (sort, argsort, topk, median).
//
// `int[1]? dim=None` means every dim; the eager ops take an empty dims vector for that. An explicit
// `dtype=` casts the input first, as PyTorch does for reductions that accumulate in the output dtype.
#include "graph/optable/args.h"
#include "graph/optable/optable.h"
#include "ops/composite.h"

namespace kiln::graph {

using namespace optable;

#define K [](IValueList & a) -> IValueList

namespace {

std::vector<int64_t> dims_or_all(const IValueList& a, size_t i) { return opt_ints(a, i).value_or(std::vector<int64_t>{}); }

Tensor cast_if(const Tensor& x, const std::optional<DType>& dt) { return dt && *dt != x.dtype() ? to_dtype(x, *dt) : x; }

// var/std correction: None means 1 (Bessel), as aten's correction overloads.
double correction_arg(const IValueList& a, size_t i) {
    std::optional<Scalar> c = opt_scalar(a, i);
    return c ? c->to_double() : 1.0;
}

}  // namespace

void register_reduce_ops() {
    def("aten::sum(Tensor self, *, ScalarType? dtype=None) -> Tensor",
        K { return one(sum(tensor_arg(a, 0), {}, false, opt_dtype(a, 1))); });
    def("aten::sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
        K { return one(sum(tensor_arg(a, 0), dims_or_all(a, 1), bool_arg(a, 2), opt_dtype(a, 3))); });
    def("aten::mean(Tensor self, *, ScalarType? dtype=None) -> Tensor",
        K { return one(mean(cast_if(tensor_arg(a, 0), opt_dtype(a, 1)))); });
    def("aten::mean.dim(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
        K { return one(mean(cast_if(tensor_arg(a, 0), opt_dtype(a, 3)), dims_or_all(a, 1), bool_arg(a, 2))); });
    def("aten::prod(Tensor self, *, ScalarType? dtype=None) -> Tensor",
        K { return one(prod(cast_if(tensor_arg(a, 0), opt_dtype(a, 1)))); });
    def("aten::prod.dim_int(Tensor self, int dim, bool keepdim=False, *, ScalarType? dtype=None) -> Tensor",
        K { return one(prod(cast_if(tensor_arg(a, 0), opt_dtype(a, 3)), int_arg(a, 1), bool_arg(a, 2))); });

    def("aten::max(Tensor self) -> Tensor", K { return one(max(tensor_arg(a, 0))); });
    def("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
        K { return two(max(tensor_arg(a, 0), int_arg(a, 1), bool_arg(a, 2))); });
    def("aten::max.other(Tensor self, Tensor other) -> Tensor",
        K { return one(maximum(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::min(Tensor self) -> Tensor", K { return one(min(tensor_arg(a, 0))); });
    def("aten::min.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
        K { return two(min(tensor_arg(a, 0), int_arg(a, 1), bool_arg(a, 2))); });
    def("aten::min.other(Tensor self, Tensor other) -> Tensor",
        K { return one(minimum(tensor_arg(a, 0), tensor_arg(a, 1))); });
    def("aten::amax(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor",
        K { return one(amax(tensor_arg(a, 0), ints_arg(a, 1), bool_arg(a, 2))); });
    def("aten::amin(Tensor self, int[1] dim=[], bool keepdim=False) -> Tensor",
        K { return one(amin(tensor_arg(a, 0), ints_arg(a, 1), bool_arg(a, 2))); });
    def("aten::argmax(Tensor self, int? dim=None, bool keepdim=False) -> Tensor",
        K { return one(argmax(tensor_arg(a, 0), opt_int(a, 1), bool_arg(a, 2))); });
    def("aten::argmin(Tensor self, int? dim=None, bool keepdim=False) -> Tensor",
        K { return one(argmin(tensor_arg(a, 0), opt_int(a, 1), bool_arg(a, 2))); });

    def("aten::var(Tensor self, bool unbiased=True) -> Tensor",
        K { return one(var(tensor_arg(a, 0), {}, bool_arg(a, 1) ? 1.0 : 0.0, false)); });
    def("aten::var.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor",
        K { return one(var(tensor_arg(a, 0), dims_or_all(a, 1), bool_arg(a, 2) ? 1.0 : 0.0, bool_arg(a, 3))); });
    def("aten::var.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor",
        K { return one(var(tensor_arg(a, 0), dims_or_all(a, 1), correction_arg(a, 2), bool_arg(a, 3))); });
    def("aten::std(Tensor self, bool unbiased=True) -> Tensor",
        K { return one(std_dev(tensor_arg(a, 0), {}, bool_arg(a, 1) ? 1.0 : 0.0, false)); });
    def("aten::std.dim(Tensor self, int[1]? dim, bool unbiased=True, bool keepdim=False) -> Tensor", K {
        return one(std_dev(tensor_arg(a, 0), dims_or_all(a, 1), bool_arg(a, 2) ? 1.0 : 0.0, bool_arg(a, 3)));
    });
    def("aten::std.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False) -> Tensor",
        K { return one(std_dev(tensor_arg(a, 0), dims_or_all(a, 1), correction_arg(a, 2), bool_arg(a, 3))); });

    def("aten::softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
        K { return one(softmax(tensor_arg(a, 0), int_arg(a, 1), opt_dtype(a, 2))); });
    def("aten::log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
        K { return one(log_softmax(tensor_arg(a, 0), int_arg(a, 1), opt_dtype(a, 2))); });
    def("aten::logsumexp(Tensor self, int[1] dim, bool keepdim=False) -> Tensor",
        K { return one(logsumexp(tensor_arg(a, 0), ints_arg(a, 1), bool_arg(a, 2))); });
    def("aten::norm.Scalar(Tensor self, Scalar p=2) -> Tensor",
        K { return one(norm(tensor_arg(a, 0), scalar_arg(a, 1).to_double())); });
    def("aten::norm.ScalarOpt_dim(Tensor self, Scalar? p, int[1] dim, bool keepdim=False) -> Tensor", K {
        std::optional<Scalar> p = opt_scalar(a, 1);
        return one(norm(tensor_arg(a, 0), p ? p->to_double() : 2.0, ints_arg(a, 2), bool_arg(a, 3)));
    });
    def("aten::linalg_vector_norm(Tensor self, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, "
        "ScalarType? dtype=None) -> Tensor",
        K {
            return one(norm(cast_if(tensor_arg(a, 0), opt_dtype(a, 4)), scalar_arg(a, 1).to_double(),
                            dims_or_all(a, 2), bool_arg(a, 3)));
        });
    def("aten::all(Tensor self) -> Tensor", K { return one(all(tensor_arg(a, 0))); });
    def("aten::any(Tensor self) -> Tensor", K { return one(any(tensor_arg(a, 0))); });
    def("aten::all.dim(Tensor self, int dim, bool keepdim=False) -> Tensor",
        K { return one(all(tensor_arg(a, 0), {int_arg(a, 1)}, bool_arg(a, 2))); });
    def("aten::any.dim(Tensor self, int dim, bool keepdim=False) -> Tensor",
        K { return one(any(tensor_arg(a, 0), {int_arg(a, 1)}, bool_arg(a, 2))); });
    def("aten::all.dims(Tensor self, int[]? dim=None, bool keepdim=False) -> Tensor", K {
        return one(all(tensor_arg(a, 0), opt_ints(a, 1).value_or(std::vector<int64_t>{}), bool_arg(a, 2)));
    });
    def("aten::any.dims(Tensor self, int[]? dim=None, bool keepdim=False) -> Tensor", K {
        return one(any(tensor_arg(a, 0), opt_ints(a, 1).value_or(std::vector<int64_t>{}), bool_arg(a, 2)));
    });
    def("aten::cumsum(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
        K { return one(cumsum(cast_if(tensor_arg(a, 0), opt_dtype(a, 2)), int_arg(a, 1))); });
    def("aten::cumprod(Tensor self, int dim, *, ScalarType? dtype=None) -> Tensor",
        K { return one(cumprod(cast_if(tensor_arg(a, 0), opt_dtype(a, 2)), int_arg(a, 1))); });

    // ---- order statistics ----
    def("aten::sort(Tensor self, int dim=-1, bool descending=False) -> (Tensor values, Tensor indices)",
        K { return two(sort(tensor_arg(a, 0), int_arg(a, 1), bool_arg(a, 2))); });
    def("aten::sort.stable(Tensor self, *, bool? stable, int dim=-1, bool descending=False) -> "
        "(Tensor values, Tensor indices)",
        K { return two(sort(tensor_arg(a, 0), int_arg(a, 2), bool_arg(a, 3), opt_bool(a, 1).value_or(false))); });
    def("aten::argsort(Tensor self, int dim=-1, bool descending=False) -> Tensor",
        K { return one(argsort(tensor_arg(a, 0), int_arg(a, 1), bool_arg(a, 2))); });
    def("aten::topk(Tensor self, SymInt k, int dim=-1, bool largest=True, bool sorted=True) -> "
        "(Tensor values, Tensor indices)",
        K { return two(topk(tensor_arg(a, 0), int_arg(a, 1), int_arg(a, 2), bool_arg(a, 3), bool_arg(a, 4))); });
    def("aten::median(Tensor self) -> Tensor", K { return one(median(tensor_arg(a, 0))); });
    def("aten::median.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)",
        K { return two(median(tensor_arg(a, 0), int_arg(a, 1), bool_arg(a, 2))); });
}

}  // namespace kiln::graph
