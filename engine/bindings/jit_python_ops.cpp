// Op-table entries for aten operators whose eager implementation in Kiln is Python
// (torch/nn/_functional_ext.py: interpolate's upsampling kernels, unfold/fold's im2col/col2im,
// affine_grid/grid_sample, the margin and embedding losses, pixel/channel shuffles, prelu, the
// transposed convolutions, ...).
//
// PyTorch's scripted torch.nn.functional ends in these aten ops (F.interpolate's
// `torch._C._nn.upsample_bilinear2d(input, output_size, align_corners, scale_factors)`, F.unfold's
// im2col, F.pixel_shuffle as the builtin aten::pixel_shuffle), so scripted graphs name them as
// PyTorch's do. Each kernel runs the eager function of torch.nn.functional with the schema's
// arguments (translated back where aten encodes a string as an int: the losses' at::Reduction,
// grid_sampler's mode enums), so the graph interpreter agrees with eager execution by construction,
// as the C++ tables' kernels do. They are registered when torch.jit is first used (the kernels need
// the interpreter that owns the Python functions).
#include <string>
#include <vector>

#include "aot/derivatives.h"
#include "bindings/convert.h"
#include "bindings/jit.h"
#include "graph/op_registry.h"
#include "vm/interpreter.h"
#include "vm/ops.h"

namespace kiln::vm::bind {
namespace {

using graph::IValue;
using graph::IValueList;

// at::Reduction's int as F's reduction string.
Value reduction_name(const IValue& v) {
    switch (v.to_int()) {
        case 0: return new_str("none");
        case 1: return new_str("mean");
        default: return new_str("sum");
    }
}

// A kernel calling torch.nn.functional.<fn> with the values `args` builds from the schema's.
void def_py(const char* schema, const char* fn, std::function<std::vector<Value>(const IValueList&)> args) {
    std::string name = fn;
    const graph::OpSchema* s = graph::register_op(schema, [name, args](IValueList& a) -> IValueList {
        Interpreter& in = current_interpreter();
        Ref<ModuleObj> F = in.import_module("torch.nn.functional");
        const Value* f = F->dict.find(name);
        if (!f) raise(types().RuntimeError, str("torch.nn.functional.", name, " is missing"));
        Value r = in.call(*f, args(a));
        return {to_ivalue(in, r)};
    });
    aot::declare_runtime_gap(s->qualified(), "runs Kiln's Python torch.nn.functional." + name +
                                                 " (bindings/jit_python_ops.cpp): no graph decomposition yet");
}

// Every schema argument as it is, in order (the eager function's positional order matches).
std::vector<Value> all(const IValueList& a) {
    std::vector<Value> out;
    for (const IValue& v : a) out.push_back(from_ivalue(v));
    return out;
}

// upsample_<mode>(input, output_size, scale_factors) and the interpolating ones'
// (input, output_size, align_corners, scale_factors): F.interpolate with that mode.
void def_upsample(const char* schema, const char* mode, bool has_align, bool antialias = false) {
    std::string m = mode;
    def_py(schema, "interpolate", [m, has_align, antialias](const IValueList& a) {
        Value align = has_align ? from_ivalue(a[2]) : Value::none();
        Value scales = from_ivalue(a[has_align ? 3 : 2]);
        return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), scales, new_str(m), align,
                                  Value::none(), Value::boolean(antialias)};
    });
}

// A ScriptType int (a dtype's code) or None as the Python dtype.
Value dtype_or_none(const IValue& v) {
    if (v.is_none()) return Value::none();
    std::optional<DType> dt = graph::dtype_from_scalar_type_code(v.to_int());
    if (!dt) raise(types().TypeError, str("Kiln does not support ScalarType ", v.to_int()));
    return dtype_value(*dt);
}

}  // namespace

void register_python_backed_ops() {
    static bool done = false;
    if (done) return;
    done = true;
    def_upsample("aten::upsample_nearest1d.vec(Tensor input, int[]? output_size, float[]? scale_factors) -> Tensor",
                 "nearest", false);
    def_upsample("aten::upsample_nearest2d.vec(Tensor input, int[]? output_size, float[]? scale_factors) -> Tensor",
                 "nearest", false);
    def_upsample("aten::upsample_nearest3d.vec(Tensor input, int[]? output_size, float[]? scale_factors) -> Tensor",
                 "nearest", false);
    def_upsample("aten::_upsample_nearest_exact1d.vec(Tensor input, int[]? output_size, float[]? scale_factors) -> Tensor",
                 "nearest-exact", false);
    def_upsample("aten::_upsample_nearest_exact2d.vec(Tensor input, int[]? output_size, float[]? scale_factors) -> Tensor",
                 "nearest-exact", false);
    def_upsample("aten::_upsample_nearest_exact3d.vec(Tensor input, int[]? output_size, float[]? scale_factors) -> Tensor",
                 "nearest-exact", false);
    def_upsample("aten::upsample_linear1d.vec(Tensor input, int[]? output_size, bool align_corners, "
                 "float[]? scale_factors) -> Tensor", "linear", true);
    def_upsample("aten::upsample_bilinear2d.vec(Tensor input, int[]? output_size, bool align_corners, "
                 "float[]? scale_factors) -> Tensor", "bilinear", true);
    def_upsample("aten::upsample_trilinear3d.vec(Tensor input, int[]? output_size, bool align_corners, "
                 "float[]? scale_factors) -> Tensor", "trilinear", true);
    def_upsample("aten::upsample_bicubic2d.vec(Tensor input, int[]? output_size, bool align_corners, "
                 "float[]? scale_factors) -> Tensor", "bicubic", true);
    def_upsample("aten::_upsample_bilinear2d_aa.vec(Tensor input, int[]? output_size, bool align_corners, "
                 "float[]? scale_factors) -> Tensor", "bilinear", true, true);
    def_upsample("aten::_upsample_bicubic2d_aa.vec(Tensor input, int[]? output_size, bool align_corners, "
                 "float[]? scale_factors) -> Tensor", "bicubic", true, true);

    // TorchScript's own builtins for F.interpolate / F.upsample / F.upsample_bilinear
    // (register_prim_ops_fulljit.cpp's aten::__interpolate overloads: a size or a size list, a scale
    // or a scale list; an int scale_factor matches none of them, as in PyTorch).
    const char* sizes[] = {"int? size=None", "int[]? size=None"};
    const char* scales[] = {"float? scale_factor=None", "float[]? scale_factor=None"};
    const char* names[2][2] = {{"", ".size_list"}, {".scale_list", ".size_list_scale_list"}};
    for (int sc = 0; sc < 2; ++sc)
        for (int sz = 0; sz < 2; ++sz) {
            def_py(str("aten::__interpolate", names[sc][sz], "(Tensor input, ", sizes[sz], ", ", scales[sc],
                       ", str mode=\"nearest\", bool? align_corners=None, bool? recompute_scale_factor=None, "
                       "bool antialias=False) -> Tensor").c_str(), "interpolate", all);
            if (sc == 1) continue;
            def_py(str("aten::__upsample", names[sc][sz], "(Tensor input, ", sizes[sz], ", ", scales[sc],
                       ", str mode=\"nearest\", bool? align_corners=None) -> Tensor").c_str(), "upsample", all);
            def_py(str("aten::__upsample_bilinear", names[sc][sz], "(Tensor input, ", sizes[sz], ", ", scales[sc],
                       ") -> Tensor").c_str(), "upsample_bilinear", all);
        }
    // torch.nn.functional's Python functions that end in several aten calls, under F's own
    // signatures (PyTorch calls the scripted Python function there: prim::CallFunction). Where
    // aten has an op of that name with another signature (kl_div, embedding_bag), the F form is
    // `__name`, as TorchScript names its F.interpolate builtin aten::__interpolate.
    def_py("aten::normalize(Tensor input, float p=2.0, int dim=1, float eps=1e-12, Tensor? out=None) -> Tensor",
           "normalize", all);
    def_py("aten::softmin(Tensor input, int? dim=None, int _stacklevel=3, int? dtype=None) -> Tensor", "softmin",
           [](const IValueList& a) {
               return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), from_ivalue(a[2]), dtype_or_none(a[3])};
           });
    def_py("aten::tanhshrink(Tensor input) -> Tensor", "tanhshrink", all);
    def_py("aten::grid_sample(Tensor input, Tensor grid, str mode=\"bilinear\", str padding_mode=\"zeros\", "
           "bool? align_corners=None) -> Tensor", "grid_sample", all);
    def_py("aten::__kl_div(Tensor input, Tensor target, bool? size_average=None, bool? reduce=None, "
           "str reduction=\"mean\", bool log_target=False) -> Tensor", "kl_div", all);
    def_py("aten::multilabel_soft_margin_loss(Tensor input, Tensor target, Tensor? weight=None, "
           "bool? size_average=None, bool? reduce=None, str reduction=\"mean\") -> Tensor",
           "multilabel_soft_margin_loss", all);
    def_py("aten::local_response_norm(Tensor input, int size, float alpha=0.0001, float beta=0.75, float k=1.0) "
           "-> Tensor", "local_response_norm", all);
    def_py("aten::lp_pool1d(Tensor input, float norm_type, int kernel_size, int? stride=None, bool ceil_mode=False) "
           "-> Tensor", "lp_pool1d", all);
    def_py("aten::lp_pool2d(Tensor input, float norm_type, int[2] kernel_size, int[2]? stride=None, "
           "bool ceil_mode=False) -> Tensor", "lp_pool2d", all);
    def_py("aten::gumbel_softmax(Tensor logits, float tau=1, bool hard=False, float eps=1e-10, int dim=-1) -> Tensor",
           "gumbel_softmax", all);
    def_py("aten::rrelu(Tensor input, float lower=0.125, float upper=0.3333333333333333, bool training=False, "
           "bool inplace=False) -> Tensor", "rrelu", all);
    def_py("aten::__embedding_bag(Tensor input, Tensor weight, Tensor? offsets=None, float? max_norm=None, "
           "float norm_type=2, bool scale_grad_by_freq=False, str mode=\"mean\", bool sparse=False, "
           "Tensor? per_sample_weights=None, bool include_last_offset=False, int? padding_idx=None) -> Tensor",
           "embedding_bag", all);

    def_py("aten::one_hot(Tensor self, int num_classes=-1) -> Tensor", "one_hot", all);
    def_py("aten::pixel_shuffle(Tensor self, int upscale_factor) -> Tensor", "pixel_shuffle", all);
    def_py("aten::pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor", "pixel_unshuffle", all);
    def_py("aten::channel_shuffle(Tensor self, int groups) -> Tensor", "channel_shuffle", all);
    def_py("aten::prelu(Tensor self, Tensor weight) -> Tensor", "prelu", all);
    def_py("aten::glu(Tensor self, int dim=-1) -> Tensor", "glu", all);
    def_py("aten::celu(Tensor self, Scalar alpha=1.0) -> Tensor", "celu", all);
    def_py("aten::softshrink(Tensor self, Scalar lambd=0.5) -> Tensor", "softshrink", all);
    def_py("aten::hardshrink(Tensor self, Scalar lambd=0.5) -> Tensor", "hardshrink", all);
    def_py("aten::bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None) -> Tensor", "bilinear", all);
    for (int nd = 1; nd <= 3; ++nd) {
        std::string n = std::to_string(nd);
        def_py(("aten::conv_transpose" + n + "d.input(Tensor input, Tensor weight, Tensor? bias=None, int[" + n +
                "] stride=1, int[" + n + "] padding=0, int[" + n + "] output_padding=0, int groups=1, int[" + n +
                "] dilation=1) -> Tensor").c_str(),
               nd == 1 ? "conv_transpose1d" : nd == 2 ? "conv_transpose2d" : "conv_transpose3d", all);
    }
    // F.unfold / F.fold: im2col(self, kernel_size, dilation, padding, stride), col2im(self, output_size, ...)
    def_py("aten::im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride) -> Tensor",
           "unfold", all);
    def_py("aten::col2im(Tensor self, int[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, "
           "int[2] stride) -> Tensor", "fold", all);
    def_py("aten::affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor", "affine_grid", all);
    // grid_sampler's enums (GridSamplerInterpolation, GridSamplerPadding) back to F's strings.
    def_py("aten::grid_sampler(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, "
           "bool align_corners) -> Tensor", "grid_sample", [](const IValueList& a) {
        static const char* modes[] = {"bilinear", "nearest", "bicubic"};
        static const char* pads[] = {"zeros", "border", "reflection"};
        return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), new_str(modes[a[2].to_int() % 3]),
                                  new_str(pads[a[3].to_int() % 3]), from_ivalue(a[4])};
    });

    // The losses whose F function passes its reduction on as at::Reduction.
    def_py("aten::margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0.0, "
           "int reduction=1) -> Tensor", "margin_ranking_loss", [](const IValueList& a) {
        return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), from_ivalue(a[2]), from_ivalue(a[3]),
                                  Value::none(), Value::none(), reduction_name(a[4])};
    });
    def_py("aten::hinge_embedding_loss(Tensor self, Tensor target, float margin=1.0, int reduction=1) -> Tensor",
           "hinge_embedding_loss", [](const IValueList& a) {
        return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), from_ivalue(a[2]), Value::none(), Value::none(),
                                  reduction_name(a[3])};
    });
    def_py("aten::cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0.0, "
           "int reduction=1) -> Tensor", "cosine_embedding_loss", [](const IValueList& a) {
        return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), from_ivalue(a[2]), from_ivalue(a[3]),
                                  Value::none(), Value::none(), reduction_name(a[4])};
    });
    def_py("aten::triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1.0, "
           "float p=2, float eps=1e-06, bool swap=False, int reduction=1) -> Tensor", "triplet_margin_loss",
           [](const IValueList& a) {
               std::vector<Value> out;
               for (size_t i = 0; i < 7; ++i) out.push_back(from_ivalue(a[i]));
               out.push_back(Value::none());
               out.push_back(Value::none());
               out.push_back(reduction_name(a[7]));
               return out;
           });
    def_py("aten::soft_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor", "soft_margin_loss",
           [](const IValueList& a) {
               return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), Value::none(), Value::none(),
                                         reduction_name(a[2])};
           });
    def_py("aten::multi_margin_loss(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, "
           "int reduction=1) -> Tensor", "multi_margin_loss", [](const IValueList& a) {
        return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), from_ivalue(a[2]), from_ivalue(a[3]),
                                  from_ivalue(a[4]), Value::none(), Value::none(), reduction_name(a[5])};
    });
    def_py("aten::multilabel_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
           "multilabel_margin_loss", [](const IValueList& a) {
               return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), Value::none(), Value::none(),
                                         reduction_name(a[2])};
           });
    def_py("aten::poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, "
           "int reduction) -> Tensor", "poisson_nll_loss", [](const IValueList& a) {
        return std::vector<Value>{from_ivalue(a[0]), from_ivalue(a[1]), from_ivalue(a[2]), from_ivalue(a[3]),
                                  Value::none(), from_ivalue(a[4]), Value::none(), reduction_name(a[5])};
    });
}

}  // namespace kiln::vm::bind
