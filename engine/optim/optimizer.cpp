// torch.optim (see optimizer.h): the Optimizer base and the single-tensor steps of SGD, Adam, AdamW,
// RMSprop, Adagrad, Adadelta, Adamax, NAdam, RAdam, ASGD, Rprop, and LBFGS.
//
// The update code mirrors _single_tensor_sgd and _single_tensor_adam line by line (same in-place
// ops in the same order), so float32 results round like PyTorch's. On the GPU, a group of float32
// parameters takes SGD's and Adam's multi-tensor path instead (cuda/optim.h: the same arithmetic per
// element, one launch for many parameters), as PyTorch defaults to its foreach implementation there.
#include "optim/optimizer.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "autograd/grad_mode.h"
#include "autograd/sparse_grad.h"
#include "cuda/optim.h"
#include "ops/ops.h"
#include "ops/optim_kernels.h"
#include "support/error.h"

namespace kiln::optim {

// ---- option values -------------------------------------------------------------------------------

double OptionValue::to_double() const {
    if (const Scalar* s = std::get_if<Scalar>(&value)) return s->to_double();
    KILN_FAIL(TypeError, "expected a number, got ", repr());
}

bool OptionValue::to_bool() const {
    if (const Scalar* s = std::get_if<Scalar>(&value)) return s->to_bool();
    return false;  // None is falsy
}

std::vector<double> OptionValue::to_tuple() const {
    const auto* t = std::get_if<std::vector<Scalar>>(&value);
    KILN_CHECK(t != nullptr, TypeError, "expected a tuple, got ", repr());
    std::vector<double> out;
    for (const Scalar& s : *t) out.push_back(s.to_double());
    return out;
}

std::string OptionValue::repr() const {
    if (is_none()) return "None";
    if (const Scalar* s = std::get_if<Scalar>(&value)) return s->repr();
    if (const std::string* s = std::get_if<std::string>(&value)) return "'" + *s + "'";
    const auto& t = std::get<std::vector<Scalar>>(value);
    std::string out = "(";
    for (size_t i = 0; i < t.size(); ++i) out += (i ? ", " : "") + t[i].repr();
    return out + (t.size() == 1 ? ",)" : ")");
}

bool ParamGroup::has(const std::string& key) const {
    return std::any_of(options.begin(), options.end(), [&](const auto& e) { return e.first == key; });
}

const OptionValue& ParamGroup::get(const std::string& key) const {
    for (const auto& [k, v] : options)
        if (k == key) return v;
    KILN_FAIL(ValueError, "param group has no option '", key, "'");
}

void ParamGroup::set(const std::string& key, OptionValue value) {
    for (auto& [k, v] : options) {
        if (k == key) {
            v = std::move(value);
            return;
        }
    }
    options.emplace_back(key, std::move(value));
}

Tensor ParamState::get(const std::string& key) const {
    for (const auto& [k, t] : entries)
        if (k == key) return t;
    return Tensor();
}

void ParamState::set(const std::string& key, const Tensor& t) {
    for (auto& [k, v] : entries) {
        if (k == key) {
            v = t;
            return;
        }
    }
    entries.emplace_back(key, t);
}

// ---- Optimizer -----------------------------------------------------------------------------------

std::vector<ParamGroup> single_group(const std::vector<Tensor>& params) { return {ParamGroup{params, {}}}; }

Optimizer::Optimizer(std::string type_name, std::vector<ParamGroup> groups, Options defaults)
    : type_name_(std::move(type_name)), defaults_(std::move(defaults)) {
    size_t total = 0;
    for (const ParamGroup& g : groups) total += g.params.size();
    KILN_CHECK(!groups.empty() && total > 0, ValueError, "optimizer got an empty parameter list");
    for (ParamGroup& g : groups) add_param_group(std::move(g));
}

void Optimizer::add_param_group(ParamGroup group) {
    for (const Tensor& p : group.params) {
        KILN_CHECK(p.defined(), TypeError, "optimizer can only optimize Tensors, but one of the params is None");
        KILN_CHECK(p.is_leaf(), ValueError, "can't optimize a non-leaf Tensor");
        for (const ParamGroup& other : groups_)
            for (const Tensor& q : other.params)
                KILN_CHECK(!q.is_same(p), ValueError, "some parameters appear in more than one parameter group");
    }
    // Defaults fill the options the group does not set; the group's own keys keep their order first
    // after "params", as Python's dict.setdefault does.
    for (const auto& [k, v] : defaults_)
        if (!group.has(k)) group.options.emplace_back(k, v);
    groups_.push_back(std::move(group));
}

ParamState& Optimizer::state(const Tensor& param) {
    for (auto& [impl, st] : state_)
        if (impl == param.impl()) return st;
    state_.emplace_back(param.impl(), ParamState{});
    return state_.back().second;
}

const ParamState* Optimizer::find_state(const Tensor& param) const {
    for (const auto& [impl, st] : state_)
        if (impl == param.impl()) return st.empty() ? nullptr : &st;
    return nullptr;
}

void Optimizer::zero_grad(bool set_to_none) {
    for (ParamGroup& g : groups_) {
        for (Tensor& p : g.params) {
            Tensor grad = p.grad();
            if (!grad.defined()) continue;
            if (set_to_none) {
                p.set_grad(Tensor());
                continue;
            }
            if (autograd::is_sparse_grad(grad)) {  // a sparse gradient's zero_(): no entries left
                p.set_grad(autograd::sparse_grad_zeroed(grad));
                continue;
            }
            if (grad.grad_fn()) {
                grad = grad.detach();
                p.set_grad(grad);
            } else {
                grad.impl()->requires_grad = false;
            }
            autograd::NoGradGuard no_grad;
            zero_(grad);
        }
    }
}

std::string Optimizer::repr() const {
    std::string out = type_name_ + " (";
    for (size_t i = 0; i < groups_.size(); ++i) {
        out += str("\nParameter Group ", i, "\n");
        Options sorted = groups_[i].options;
        std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (const auto& [k, v] : sorted) out += "    " + k + ": " + v.repr() + "\n";
    }
    return out + ")";
}

namespace {
// Python prints an int default (momentum=0) as 0 and a float as 0.0: PyTorch's int defaults stay ints.
OptionValue number(double v, bool int_default_zero) {
    if (int_default_zero && v == 0.0) return OptionValue(Scalar(int64_t(0)));
    return OptionValue(v);
}
}  // namespace

// ---- SGD -----------------------------------------------------------------------------------------

static Options sgd_defaults(const SGDOptions& o) {
    // SGD's checks are `lr < 0.0` (a NaN passes them), where Adam & co. test `not 0.0 <= lr`
    KILN_CHECK(!(o.lr < 0.0), ValueError, "Invalid learning rate: ", Scalar(o.lr).repr());
    KILN_CHECK(!(o.momentum < 0.0), ValueError, "Invalid momentum value: ", Scalar(o.momentum).repr());
    KILN_CHECK(!(o.weight_decay < 0.0), ValueError, "Invalid weight_decay value: ", Scalar(o.weight_decay).repr());
    KILN_CHECK(!o.nesterov || (o.momentum > 0 && o.dampening == 0), ValueError,
               "Nesterov momentum requires a momentum and zero dampening");
    return {{"lr", OptionValue(o.lr)},
            {"momentum", number(o.momentum, true)},
            {"dampening", number(o.dampening, true)},
            {"weight_decay", number(o.weight_decay, true)},
            {"nesterov", OptionValue(o.nesterov)},
            {"maximize", OptionValue(o.maximize)},
            {"foreach", OptionValue::none()},
            {"differentiable", OptionValue(false)},
            {"fused", OptionValue::none()}};
}

SGD::SGD(std::vector<ParamGroup> groups, const SGDOptions& options)
    : Optimizer("SGD", std::move(groups), sgd_defaults(options)) {}

namespace {
// A float32 tensor on the GPU whose elements are its storage's, in order.
bool dense_cuda_f32(const Tensor& t) {
    return t.device() == Device::CUDA && t.dtype() == DType::Float32 && t.is_contiguous();
}

// The same on the CPU (the fused single-pass Adam update's operands).
bool dense_cpu_f32(const Tensor& t) {
    return t.device() == Device::CPU && t.dtype() == DType::Float32 && t.is_contiguous();
}

// Whether a group's update can run as multi-tensor launches (cuda/optim.h): every parameter with a
// gradient, that gradient (same size) and each state tensor `states` names that exists are dense
// float32 GPU tensors. `foreach=False` asks for the per-parameter loop, as in PyTorch.
template <typename StateOk>
bool multi_tensor_group(const ParamGroup& group, StateOk&& state_ok) {
    const OptionValue foreach = group.get("foreach");
    if (!foreach.is_none() && !foreach.to_bool()) return false;
    bool any = false;
    for (const Tensor& param : group.params) {
        const Tensor grad = param.grad();
        if (!grad.defined()) continue;
        if (!dense_cuda_f32(param) || !dense_cuda_f32(grad) || grad.numel() != param.numel() || !state_ok(param))
            return false;
        any = true;
    }
    return any;
}
// PyTorch's optimizers without a sparse path raise in _init_group when a gradient is sparse
// (autograd/sparse_grad.h: nn.Embedding(sparse=True)'s).
void refuse_sparse_grads(const ParamGroup& group, const char* message) {
    for (const Tensor& p : group.params) KILN_CHECK(!autograd::is_sparse_grad(p.grad()), RuntimeError, message);
}

}  // namespace

namespace {
// values * s of a sparse gradient, its indices shared (ATen's mul of a sparse tensor by a scalar).
Tensor sgd_sparse_scaled(const Tensor& sparse, double s) {
    const autograd::SparseCooParts* p = autograd::sparse_grad_parts(sparse);
    return autograd::make_sparse_grad(p->indices, mul(p->values, Scalar(s)), p->size, p->coalesced);
}

// sgd.py's _single_tensor_sgd for a sparse gradient, op for op as ATen runs it on sparse operands:
// maximize negates the gradient; weight decay is grad.add(param), a sparse + dense add that ATen
// refuses; the first momentum buffer is a sparse clone, later ones buf.mul_(momentum).add_(grad,
// 1 - dampening) (a sparse buffer stays sparse: the entries joined; a dense one, left by an earlier
// dense gradient, takes the rows in place); nesterov adds buf * momentum; param.add_(grad, -lr)
// adds the rows into the dense parameter.
void sgd_sparse_update(Optimizer& opt, Tensor& param, Tensor grad, double lr, double momentum, double dampening,
                       double weight_decay, bool nesterov, bool maximize) {
    if (maximize) grad = sgd_sparse_scaled(grad, -1.0);
    KILN_CHECK(weight_decay == 0, RuntimeError, "add(sparse, dense) is not supported. Use add(dense, sparse) instead.");
    if (momentum != 0) {
        ParamState& st = opt.state(param);
        Tensor buf = st.get("momentum_buffer");
        if (!buf.defined()) {
            const autograd::SparseCooParts* p = autograd::sparse_grad_parts(grad);
            buf = autograd::make_sparse_grad(clone(p->indices), clone(p->values), p->size, p->coalesced);
        } else if (autograd::is_sparse_grad(buf)) {
            buf = autograd::sparse_aware_add(sgd_sparse_scaled(buf, momentum), sgd_sparse_scaled(grad, 1 - dampening));
        } else {
            mul_(buf, Scalar(momentum));
            autograd::dense_add_sparse_(buf, grad, 1 - dampening);
        }
        st.set("momentum_buffer", buf);
        if (nesterov) {
            // grad.add(buf, alpha=momentum): a dense buffer makes it a sparse + dense add.
            KILN_CHECK(autograd::is_sparse_grad(buf), RuntimeError,
                       "add(sparse, dense) is not supported. Use add(dense, sparse) instead.");
            grad = autograd::sparse_aware_add(grad, sgd_sparse_scaled(buf, momentum));
        } else {
            grad = buf;
        }
    }
    if (autograd::is_sparse_grad(grad)) autograd::dense_add_sparse_(param, grad, -lr);
    else add_(param, grad, Scalar(-lr));
}
}  // namespace

void SGD::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        const double lr = group.number("lr"), momentum = group.number("momentum"),
                     dampening = group.number("dampening"), weight_decay = group.number("weight_decay");
        const bool nesterov = group.flag("nesterov"), maximize = group.flag("maximize");
        const bool multi = multi_tensor_group(group, [&](const Tensor& param) {
            const ParamState* st = find_state(param);
            const Tensor buf = st ? st->get("momentum_buffer") : Tensor();
            return !buf.defined() || (dense_cuda_f32(buf) && buf.numel() == param.numel());
        });
        if (multi) {
            std::vector<float*> params, bufs;
            std::vector<const float*> grads;
            std::vector<uint8_t> first;
            std::vector<int64_t> sizes;
            for (Tensor& param : group.params) {
                const Tensor grad = param.grad();
                if (!grad.defined()) continue;
                params.push_back(static_cast<float*>(param.raw_data()));
                grads.push_back(static_cast<const float*>(grad.raw_data()));
                sizes.push_back(param.numel());
                if (momentum != 0) {
                    ParamState& st = state(param);
                    Tensor buf = st.get("momentum_buffer");
                    first.push_back(!buf.defined());
                    if (!buf.defined()) {
                        buf = empty_like(param);
                        st.set("momentum_buffer", buf);
                    }
                    bufs.push_back(static_cast<float*>(buf.raw_data()));
                    buf.bump_version();
                }
                param.bump_version();
            }
            cuda::SgdUpdate u;
            u.lr = lr, u.momentum = momentum, u.dampening = dampening, u.weight_decay = weight_decay;
            u.nesterov = nesterov, u.maximize = maximize;
            cuda::sgd_multi_tensor(params, grads, bufs, first, sizes, u);
            continue;
        }
        const OptionValue foreach = group.get("foreach");
        const bool fused_cpu_ok = foreach.is_none() || foreach.to_bool();
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            if (autograd::is_sparse_grad(grad)) {
                sgd_sparse_update(*this, param, grad, lr, momentum, dampening, weight_decay, nesterov, maximize);
                continue;
            }
            // Dense float32 CPU arrays: the same update in one chunked pass (ops/optim_kernels.h), the
            // values bit for bit the ops' below. foreach=False keeps the op-by-op loop.
            const ParamState* held = momentum != 0 ? find_state(param) : nullptr;
            Tensor mbuf = held ? held->get("momentum_buffer") : Tensor();
            if (fused_cpu_ok && dense_cpu_f32(param) && dense_cpu_f32(grad) && grad.numel() == param.numel() &&
                (!mbuf.defined() || (dense_cpu_f32(mbuf) && mbuf.numel() == param.numel()))) {
                const bool first = momentum != 0 && !mbuf.defined();
                if (first) {
                    mbuf = empty_like(param);
                    state(param).set("momentum_buffer", mbuf);
                }
                SgdScalars sc;
                sc.lr = lr, sc.momentum = momentum, sc.dampening = dampening, sc.weight_decay = weight_decay;
                sc.nesterov = nesterov, sc.maximize = maximize, sc.first = first;
                sgd_step_f32_cpu(static_cast<float*>(param.raw_data()), static_cast<const float*>(grad.raw_data()),
                                 mbuf.defined() ? static_cast<float*>(mbuf.raw_data()) : nullptr, param.numel(), sc);
                param.bump_version();
                if (mbuf.defined()) mbuf.bump_version();
                continue;
            }
            if (maximize) grad = neg(grad);
            if (weight_decay != 0) grad = add(grad, param, Scalar(weight_decay));
            if (momentum != 0) {
                ParamState& st = state(param);
                Tensor buf = st.get("momentum_buffer");
                if (!buf.defined()) {
                    buf = clone(grad).detach();
                    st.set("momentum_buffer", buf);
                } else {
                    mul_(buf, Scalar(momentum));
                    add_(buf, grad, Scalar(1 - dampening));
                }
                grad = nesterov ? add(grad, buf, Scalar(momentum)) : buf;
            }
            add_(param, grad, Scalar(-lr));
        }
    }
}

// ---- Adam / AdamW --------------------------------------------------------------------------------

static Options adam_defaults(const AdamOptions& o, bool decoupled) {
    KILN_CHECK(o.lr >= 0.0, ValueError, "Invalid learning rate: ", Scalar(o.lr).repr());
    KILN_CHECK(o.eps >= 0.0, ValueError, "Invalid epsilon value: ", Scalar(o.eps).repr());
    KILN_CHECK(o.beta1 >= 0.0 && o.beta1 < 1.0, ValueError, "Invalid beta parameter at index 0: ",
               Scalar(o.beta1).repr());
    KILN_CHECK(o.beta2 >= 0.0 && o.beta2 < 1.0, ValueError, "Invalid beta parameter at index 1: ",
               Scalar(o.beta2).repr());
    KILN_CHECK(o.weight_decay >= 0.0, ValueError, "Invalid weight_decay value: ", Scalar(o.weight_decay).repr());
    return {{"lr", OptionValue(o.lr)},
            {"betas", OptionValue(std::vector<Scalar>{Scalar(o.beta1), Scalar(o.beta2)})},
            {"eps", OptionValue(o.eps)},
            {"weight_decay", number(o.weight_decay, !decoupled)},
            {"amsgrad", OptionValue(o.amsgrad)},
            {"maximize", OptionValue(o.maximize)},
            {"foreach", OptionValue::none()},
            {"capturable", OptionValue(false)},
            {"differentiable", OptionValue(false)},
            {"fused", OptionValue::none()},
            {"decoupled_weight_decay", OptionValue(decoupled)}};
}

Adam::Adam(std::vector<ParamGroup> groups, const AdamOptions& options) : Adam("Adam", std::move(groups), options, false) {}

Adam::Adam(std::string type_name, std::vector<ParamGroup> groups, const AdamOptions& options, bool decoupled)
    : Optimizer(std::move(type_name), std::move(groups), adam_defaults(options, decoupled)) {}

namespace {
// Lazy state initialization: step is a float32 scalar tensor, moments are zeros.
void init_adam_state(const Tensor& param, ParamState& st, bool amsgrad) {
    if (!st.empty()) return;
    st.set("step", zeros({}, {DType::Float32}));
    st.set("exp_avg", zeros_like(param));
    st.set("exp_avg_sq", zeros_like(param));
    if (amsgrad) st.set("max_exp_avg_sq", zeros_like(param));
}
}  // namespace

// The compiled step's state, as PyTorch's Dynamo prepares it (its OptimizerVariable): a group whose
// parameters all live on the GPU and have no state yet becomes capturable, so its step counts are
// created on the GPU, and a step count left on the CPU by an earlier eager step moves to its
// parameter's device. The update is then one graph on one device (a CPU count would mix devices,
// and every kernel reading it would wait for a host copy).
void Adam::prepare_state() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        const bool amsgrad = group.flag("amsgrad");
        bool all_gpu = !group.params.empty(), all_new = true;
        for (const Tensor& param : group.params) {
            all_gpu = all_gpu && param.device() == Device::CUDA;
            const ParamState* st = find_state(param);  // (state() would create an entry)
            all_new = all_new && (!st || st->empty());
        }
        if (all_gpu && all_new) group.set("capturable", OptionValue(true));
        for (Tensor& param : group.params) {
            if (!param.grad().defined()) continue;
            ParamState& st = state(param);
            init_adam_state(param, st, amsgrad);
            Tensor step = st.get("step");
            if (step.device() != param.device()) st.set("step", to_device(step, param.device()));
            // amsgrad switched on after the first step: its running maximum starts at zero.
            if (amsgrad && !st.get("max_exp_avg_sq").defined()) st.set("max_exp_avg_sq", zeros_like(param));
        }
    }
}

void Adam::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "Adam does not support sparse gradients, please consider SparseAdam instead");
        const double lr = group.number("lr"), eps = group.number("eps"), weight_decay = group.number("weight_decay");
        const std::vector<double> betas = group.get("betas").to_tuple();
        const double beta1 = betas.at(0), beta2 = betas.at(1);
        const bool amsgrad = group.flag("amsgrad"), maximize = group.flag("maximize"),
                   decoupled = group.flag("decoupled_weight_decay");
        // The multi-tensor path reads each step count on the host: counts on the GPU (a capturable
        // group's) keep the loop, which leaves them there.
        const bool multi = multi_tensor_group(group, [&](const Tensor& param) {
            const ParamState* st = find_state(param);
            if (!st || st->empty()) return true;
            const Tensor step = st->get("step");
            if (!step.defined() || step.device() != Device::CPU) return false;
            for (const char* name : {"exp_avg", "exp_avg_sq", "max_exp_avg_sq"}) {
                const Tensor t = st->get(name);
                if (t.defined() ? !dense_cuda_f32(t) || t.numel() != param.numel() : std::string(name) != "max_exp_avg_sq")
                    return false;
            }
            return true;
        });
        if (multi) {
            std::vector<float*> params, avg, avg_sq, max_sq;
            std::vector<const float*> grads;
            std::vector<double> step_size, bc2_sqrt;
            std::vector<int64_t> sizes;
            for (Tensor& param : group.params) {
                const Tensor grad = param.grad();
                if (!grad.defined()) continue;
                ParamState& st = state(param);
                init_adam_state(param, st, amsgrad);
                Tensor step_t = st.get("step");
                add_(step_t, Scalar(int64_t(1)));
                const double step = step_t.item_double();
                step_size.push_back(lr / (1 - std::pow(beta1, step)));
                bc2_sqrt.push_back(std::sqrt(1 - std::pow(beta2, step)));
                if (amsgrad && !st.get("max_exp_avg_sq").defined()) st.set("max_exp_avg_sq", zeros_like(param));
                params.push_back(static_cast<float*>(param.raw_data()));
                grads.push_back(static_cast<const float*>(grad.raw_data()));
                for (auto [name, out] : {std::pair{"exp_avg", &avg}, {"exp_avg_sq", &avg_sq}, {"max_exp_avg_sq", &max_sq}}) {
                    Tensor t = st.get(name);
                    if (!t.defined()) continue;
                    out->push_back(static_cast<float*>(t.raw_data()));
                    t.bump_version();
                }
                param.bump_version();
                sizes.push_back(param.numel());
            }
            cuda::AdamUpdate u;
            u.lr = lr, u.beta1 = beta1, u.beta2 = beta2, u.eps = eps, u.weight_decay = weight_decay;
            u.amsgrad = amsgrad, u.maximize = maximize, u.decoupled = decoupled;
            cuda::adam_multi_tensor(params, grads, avg, avg_sq, max_sq, step_size, bc2_sqrt, sizes, u);
            continue;
        }
        const OptionValue foreach = group.get("foreach");
        const bool fused_cpu_ok = !amsgrad && (foreach.is_none() || foreach.to_bool());
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            init_adam_state(param, st, amsgrad);
            Tensor step_t = st.get("step"), exp_avg = st.get("exp_avg"), exp_avg_sq = st.get("exp_avg_sq");
            // Dense float32 CPU arrays: the same update in one chunked pass (ops/optim_kernels.h), the
            // values bit for bit the ops' below. foreach=False keeps the op-by-op loop.
            if (fused_cpu_ok && dense_cpu_f32(param) && dense_cpu_f32(grad) && dense_cpu_f32(exp_avg) &&
                dense_cpu_f32(exp_avg_sq) && grad.numel() == param.numel() && exp_avg.numel() == param.numel() &&
                exp_avg_sq.numel() == param.numel() && step_t.device() == Device::CPU) {
                add_(step_t, Scalar(int64_t(1)));
                const double step = step_t.item_double();
                AdamScalars sc;
                sc.lr = lr, sc.beta1 = beta1, sc.beta2 = beta2, sc.eps = eps, sc.weight_decay = weight_decay;
                sc.step_size = lr / (1 - std::pow(beta1, step));
                sc.bias_correction2_sqrt = std::sqrt(1 - std::pow(beta2, step));
                sc.decoupled = decoupled, sc.maximize = maximize;
                adam_step_f32_cpu(static_cast<float*>(param.raw_data()), static_cast<const float*>(grad.raw_data()),
                                  static_cast<float*>(exp_avg.raw_data()), static_cast<float*>(exp_avg_sq.raw_data()),
                                  param.numel(), sc);
                param.bump_version();
                exp_avg.bump_version();
                exp_avg_sq.bump_version();
                continue;
            }
            if (maximize) grad = neg(grad);
            add_(step_t, Scalar(int64_t(1)));
            if (weight_decay != 0) {
                if (decoupled)
                    mul_(param, Scalar(1 - lr * weight_decay));
                else
                    grad = add(grad, param, Scalar(weight_decay));
            }
            // Decay the first and second moment running averages.
            lerp_(exp_avg, grad, Scalar(1 - beta1));
            mul_(exp_avg_sq, Scalar(beta2));
            addcmul_(exp_avg_sq, grad, grad, Scalar(1 - beta2));
            const double step = step_t.item_double();
            const double bias_correction1 = 1 - std::pow(beta1, step);
            const double bias_correction2 = 1 - std::pow(beta2, step);
            const double step_size = lr / bias_correction1;
            const double bias_correction2_sqrt = std::sqrt(bias_correction2);
            Tensor denom;
            if (amsgrad) {
                Tensor max_sq = st.get("max_exp_avg_sq");
                if (!max_sq.defined()) {  // amsgrad switched on after the first step
                    max_sq = zeros_like(param);
                    st.set("max_exp_avg_sq", max_sq);
                }
                copy_(max_sq, maximum(max_sq, exp_avg_sq));
                denom = div(sqrt(max_sq), Scalar(bias_correction2_sqrt));
            } else {
                denom = div(sqrt(exp_avg_sq), Scalar(bias_correction2_sqrt));
            }
            add_(denom, Scalar(eps));
            addcdiv_(param, exp_avg, denom, Scalar(-step_size));
        }
    }
}

AdamW::AdamW(std::vector<ParamGroup> groups, const AdamOptions& options)
    : Adam("AdamW", std::move(groups), options, true) {}

// ---- shared by the optimizers below -------------------------------------------------------------

DType scalar_state_dtype() { return default_float_dtype() == DType::Float64 ? DType::Float64 : DType::Float32; }

namespace {

Tensor scalar_state(double v) { return full({}, Scalar(v), {scalar_state_dtype()}); }

// PyTorch's constructor checks: "Invalid learning rate: -1.0" (the Python bindings word them with the
// program's own values; these guard C++ callers).
void check_min(double v, const char* what) {
    KILN_CHECK(v >= 0.0, ValueError, "Invalid ", what, ": ", Scalar(v).repr());
}

void check_betas(double b1, double b2) {
    KILN_CHECK(b1 >= 0.0 && b1 < 1.0, ValueError, "Invalid beta parameter at index 0: ", Scalar(b1).repr());
    KILN_CHECK(b2 >= 0.0 && b2 < 1.0, ValueError, "Invalid beta parameter at index 1: ", Scalar(b2).repr());
}

OptionValue pair(double a, double b) { return OptionValue(std::vector<Scalar>{Scalar(a), Scalar(b)}); }

// Python float / tensor, as torch's Tensor.__rtruediv__ computes it: reciprocal, then times.
Tensor rdiv(double a, const Tensor& t) { return mul(reciprocal(t), Scalar(a)); }

}  // namespace

// ---- RMSprop -------------------------------------------------------------------------------------

static Options rmsprop_defaults(const RMSpropOptions& o) {
    check_min(o.lr, "learning rate");
    check_min(o.eps, "epsilon value");
    check_min(o.momentum, "momentum value");
    check_min(o.weight_decay, "weight_decay value");
    check_min(o.alpha, "alpha value");
    return {{"lr", OptionValue(o.lr)},
            {"momentum", number(o.momentum, true)},
            {"alpha", OptionValue(o.alpha)},
            {"eps", OptionValue(o.eps)},
            {"centered", OptionValue(o.centered)},
            {"weight_decay", number(o.weight_decay, true)},
            {"capturable", OptionValue(false)},
            {"foreach", OptionValue::none()},
            {"maximize", OptionValue(o.maximize)},
            {"differentiable", OptionValue(false)}};
}

RMSprop::RMSprop(std::vector<ParamGroup> groups, const RMSpropOptions& options)
    : Optimizer("RMSprop", std::move(groups), rmsprop_defaults(options)) {}

void RMSprop::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "RMSprop does not support sparse gradients");
        const double lr = group.number("lr"), alpha = group.number("alpha"), eps = group.number("eps"),
                     weight_decay = group.number("weight_decay"), momentum = group.number("momentum");
        const bool centered = group.flag("centered"), maximize = group.flag("maximize");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {
                st.set("step", scalar_state(0));
                st.set("square_avg", zeros_like(param));
                if (momentum > 0) st.set("momentum_buffer", zeros_like(param));
                if (centered) st.set("grad_avg", zeros_like(param));
            }
            if (maximize) grad = neg(grad);
            Tensor step_t = st.get("step"), square_avg = st.get("square_avg");
            add_(step_t, Scalar(int64_t(1)));
            if (weight_decay != 0) grad = add(grad, param, Scalar(weight_decay));
            mul_(square_avg, Scalar(alpha));
            addcmul_(square_avg, grad, grad, Scalar(1 - alpha));
            Tensor avg;
            if (centered) {
                Tensor grad_avg = st.get("grad_avg");
                if (!grad_avg.defined()) {  // centered switched on after the first step
                    grad_avg = zeros_like(param);
                    st.set("grad_avg", grad_avg);
                }
                lerp_(grad_avg, grad, Scalar(1 - alpha));
                avg = clone(square_avg);
                addcmul_(avg, grad_avg, grad_avg, Scalar(-1.0));
                avg = sqrt(avg);
            } else {
                avg = sqrt(square_avg);
            }
            add_(avg, Scalar(eps));
            if (momentum > 0) {
                Tensor buf = st.get("momentum_buffer");
                if (!buf.defined()) {
                    buf = zeros_like(param);
                    st.set("momentum_buffer", buf);
                }
                mul_(buf, Scalar(momentum));
                addcdiv_(buf, grad, avg);
                add_(param, buf, Scalar(-lr));
            } else {
                addcdiv_(param, grad, avg, Scalar(-lr));
            }
        }
    }
}

// ---- Adagrad -------------------------------------------------------------------------------------

static Options adagrad_defaults(const AdagradOptions& o) {
    check_min(o.lr, "learning rate");
    check_min(o.lr_decay, "lr_decay value");
    check_min(o.weight_decay, "weight_decay value");
    check_min(o.initial_accumulator_value, "initial_accumulator_value value");
    check_min(o.eps, "epsilon value");
    return {{"lr", OptionValue(o.lr)},
            {"lr_decay", number(o.lr_decay, true)},
            {"eps", OptionValue(o.eps)},
            {"weight_decay", number(o.weight_decay, true)},
            {"initial_accumulator_value", number(o.initial_accumulator_value, true)},
            {"foreach", OptionValue::none()},
            {"maximize", OptionValue(o.maximize)},
            {"differentiable", OptionValue(false)},
            {"fused", OptionValue::none()}};
}

Adagrad::Adagrad(std::vector<ParamGroup> groups, const AdagradOptions& options)
    : Optimizer("Adagrad", std::move(groups), adagrad_defaults(options)) {
    // PyTorch creates every parameter's state in the constructor.
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        const double init = group.number("initial_accumulator_value");
        for (Tensor& p : group.params) {
            ParamState& st = state(p);
            st.set("step", scalar_state(0));
            st.set("sum", full_like(p, Scalar(init)));
        }
    }
}

void Adagrad::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        const double lr = group.number("lr"), weight_decay = group.number("weight_decay"),
                     lr_decay = group.number("lr_decay"), eps = group.number("eps");
        const bool maximize = group.flag("maximize");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {  // a group added by add_param_group
                st.set("step", scalar_state(0));
                st.set("sum", full_like(param, Scalar(group.number("initial_accumulator_value"))));
            }
            Tensor step_t = st.get("step"), state_sum = st.get("sum");
            add_(step_t, Scalar(int64_t(1)));
            const double step = step_t.item_double();
            if (autograd::is_sparse_grad(grad)) {
                // adagrad.py's sparse path: the coalesced rows' squares into the sum, the update
                // over those rows only (std = state_sum.sparse_mask(grad)).
                KILN_CHECK(weight_decay == 0, RuntimeError, "weight_decay option is not compatible with sparse gradients");
                const autograd::SparseCooParts parts = *autograd::sparse_grad_parts(autograd::sparse_grad_coalesce(grad));
                Tensor values = maximize ? neg(parts.values) : parts.values;
                const double clr = lr / (1 + (step - 1) * lr_decay);
                autograd::dense_index_add_rows_(state_sum, parts.indices, pow(values, Scalar(2.0)));
                Tensor std_ = index_select(state_sum, 0, reshape(parts.indices, {-1}));
                std_ = add(sqrt(std_), Scalar(eps));
                autograd::dense_index_add_rows_(param, parts.indices, div(values, std_), -clr);
                continue;
            }
            if (maximize) grad = neg(grad);
            if (weight_decay != 0) grad = add(grad, param, Scalar(weight_decay));
            const double clr = lr / (1 + (step - 1) * lr_decay);
            addcmul_(state_sum, grad, grad, Scalar(1.0));
            Tensor std_ = sqrt(state_sum);
            add_(std_, Scalar(eps));
            addcdiv_(param, grad, std_, Scalar(-clr));
        }
    }
}

// ---- Adadelta ------------------------------------------------------------------------------------

static Options adadelta_defaults(const AdadeltaOptions& o) {
    check_min(o.lr, "learning rate");
    KILN_CHECK(o.rho >= 0.0 && o.rho <= 1.0, ValueError, "Invalid rho value: ", Scalar(o.rho).repr());
    check_min(o.eps, "epsilon value");
    check_min(o.weight_decay, "weight_decay value");
    return {{"lr", OptionValue(o.lr)},
            {"rho", OptionValue(o.rho)},
            {"eps", OptionValue(o.eps)},
            {"weight_decay", number(o.weight_decay, true)},
            {"maximize", OptionValue(o.maximize)},
            {"capturable", OptionValue(false)},
            {"foreach", OptionValue::none()},
            {"differentiable", OptionValue(false)}};
}

Adadelta::Adadelta(std::vector<ParamGroup> groups, const AdadeltaOptions& options)
    : Optimizer("Adadelta", std::move(groups), adadelta_defaults(options)) {}

void Adadelta::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "Adadelta does not support sparse gradients");
        const double lr = group.number("lr"), rho = group.number("rho"), eps = group.number("eps"),
                     weight_decay = group.number("weight_decay");
        const bool maximize = group.flag("maximize");
        const OptionValue foreach = group.get("foreach");
        const bool fused_cpu_ok = foreach.is_none() || foreach.to_bool();
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {
                st.set("step", scalar_state(0));
                st.set("square_avg", zeros_like(param));
                st.set("acc_delta", zeros_like(param));
            }
            Tensor step_t = st.get("step"), square_avg = st.get("square_avg"), acc_delta = st.get("acc_delta");
            add_(step_t, Scalar(int64_t(1)));
            // Dense float32 CPU arrays: the same update in one chunked pass (ops/optim_kernels.h), the
            // values bit for bit the ops' below. foreach=False keeps the op-by-op loop.
            if (fused_cpu_ok && dense_cpu_f32(param) && dense_cpu_f32(grad) && dense_cpu_f32(square_avg) &&
                dense_cpu_f32(acc_delta) && grad.numel() == param.numel() && square_avg.numel() == param.numel() &&
                acc_delta.numel() == param.numel()) {
                AdadeltaScalars sc;
                sc.lr = lr, sc.rho = rho, sc.eps = eps, sc.weight_decay = weight_decay, sc.maximize = maximize;
                adadelta_step_f32_cpu(static_cast<float*>(param.raw_data()), static_cast<const float*>(grad.raw_data()),
                                      static_cast<float*>(square_avg.raw_data()), static_cast<float*>(acc_delta.raw_data()),
                                      param.numel(), sc);
                param.bump_version();
                square_avg.bump_version();
                acc_delta.bump_version();
                continue;
            }
            if (maximize) grad = neg(grad);
            if (weight_decay != 0) grad = add(grad, param, Scalar(weight_decay));
            mul_(square_avg, Scalar(rho));
            addcmul_(square_avg, grad, grad, Scalar(1 - rho));
            Tensor std_ = sqrt(add(square_avg, Scalar(eps)));
            Tensor delta = sqrt(add(acc_delta, Scalar(eps)));
            div_(delta, std_);
            mul_(delta, grad);
            mul_(acc_delta, Scalar(rho));
            addcmul_(acc_delta, delta, delta, Scalar(1 - rho));
            add_(param, delta, Scalar(-lr));
        }
    }
}

// ---- Adamax --------------------------------------------------------------------------------------

static Options adamax_defaults(const AdamaxOptions& o) {
    check_min(o.lr, "learning rate");
    check_min(o.eps, "epsilon value");
    check_betas(o.beta1, o.beta2);
    check_min(o.weight_decay, "weight_decay value");
    return {{"lr", OptionValue(o.lr)},
            {"betas", pair(o.beta1, o.beta2)},
            {"eps", OptionValue(o.eps)},
            {"weight_decay", number(o.weight_decay, true)},
            {"foreach", OptionValue::none()},
            {"maximize", OptionValue(o.maximize)},
            {"differentiable", OptionValue(false)},
            {"capturable", OptionValue(false)}};
}

Adamax::Adamax(std::vector<ParamGroup> groups, const AdamaxOptions& options)
    : Optimizer("Adamax", std::move(groups), adamax_defaults(options)) {}

void Adamax::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "Adamax does not support sparse gradients");
        const double lr = group.number("lr"), eps = group.number("eps"), weight_decay = group.number("weight_decay");
        const std::vector<double> betas = group.get("betas").to_tuple();
        const double beta1 = betas.at(0), beta2 = betas.at(1);
        const bool maximize = group.flag("maximize");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {
                st.set("step", scalar_state(0));
                st.set("exp_avg", zeros_like(param));
                st.set("exp_inf", zeros_like(param));
            }
            Tensor step_t = st.get("step"), exp_avg = st.get("exp_avg"), exp_inf = st.get("exp_inf");
            if (maximize) grad = neg(grad);
            add_(step_t, Scalar(int64_t(1)));
            if (weight_decay != 0) grad = add(grad, param, Scalar(weight_decay));
            lerp_(exp_avg, grad, Scalar(1 - beta1));
            mul_(exp_inf, Scalar(beta2));
            Tensor g = abs(grad);
            add_(g, Scalar(eps));
            copy_(exp_inf, maximum(exp_inf, g));
            const double bias_correction = 1 - std::pow(beta1, step_t.item_double());
            const double clr = lr / bias_correction;
            addcdiv_(param, exp_avg, exp_inf, Scalar(-clr));
        }
    }
}

// ---- NAdam ---------------------------------------------------------------------------------------

static Options nadam_defaults(const NAdamOptions& o) {
    check_min(o.lr, "learning rate");
    check_min(o.eps, "epsilon value");
    check_betas(o.beta1, o.beta2);
    check_min(o.weight_decay, "weight_decay value");
    check_min(o.momentum_decay, "momentum_decay value");
    return {{"lr", OptionValue(o.lr)},
            {"betas", pair(o.beta1, o.beta2)},
            {"eps", OptionValue(o.eps)},
            {"weight_decay", number(o.weight_decay, true)},
            {"momentum_decay", OptionValue(o.momentum_decay)},
            {"decoupled_weight_decay", OptionValue(o.decoupled_weight_decay)},
            {"maximize", OptionValue(o.maximize)},
            {"foreach", OptionValue::none()},
            {"capturable", OptionValue(false)},
            {"differentiable", OptionValue(false)}};
}

NAdam::NAdam(std::vector<ParamGroup> groups, const NAdamOptions& options)
    : Optimizer("NAdam", std::move(groups), nadam_defaults(options)) {}

void NAdam::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "NAdam does not support sparse gradients");
        const double lr = group.number("lr"), eps = group.number("eps"), weight_decay = group.number("weight_decay"),
                     momentum_decay = group.number("momentum_decay");
        const std::vector<double> betas = group.get("betas").to_tuple();
        const double beta1 = betas.at(0), beta2 = betas.at(1);
        const bool maximize = group.flag("maximize"), decoupled = group.flag("decoupled_weight_decay");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {
                st.set("step", scalar_state(0));
                st.set("mu_product", scalar_state(1));
                st.set("exp_avg", zeros_like(param));
                st.set("exp_avg_sq", zeros_like(param));
            }
            Tensor step_t = st.get("step"), mu_product = st.get("mu_product"), exp_avg = st.get("exp_avg"),
                   exp_avg_sq = st.get("exp_avg_sq");
            if (maximize) grad = neg(grad);
            add_(step_t, Scalar(int64_t(1)));
            const double step = step_t.item_double();
            const double bias_correction2 = 1 - std::pow(beta2, step);
            if (weight_decay != 0) {
                if (decoupled)
                    mul_(param, Scalar(1 - lr * weight_decay));
                else
                    grad = add(grad, param, Scalar(weight_decay));
            }
            // The momentum cache (Dozat's mu_t, mu_{t+1}); mu_product is a tensor, so its
            // products round as PyTorch's (float32 by default).
            const double mu = beta1 * (1.0 - 0.5 * std::pow(0.96, step * momentum_decay));
            const double mu_next = beta1 * (1.0 - 0.5 * std::pow(0.96, (step + 1) * momentum_decay));
            mul_(mu_product, Scalar(mu));
            lerp_(exp_avg, grad, Scalar(1 - beta1));
            mul_(exp_avg_sq, Scalar(beta2));
            addcmul_(exp_avg_sq, grad, grad, Scalar(1 - beta2));
            Tensor denom = sqrt(div(exp_avg_sq, Scalar(bias_correction2)));
            const double mu_prod = mu_product.item_double();
            const double mu_product_next = mu_prod * mu_next;
            add_(denom, Scalar(eps));
            addcdiv_(param, grad, denom, Scalar(-lr * (1.0 - mu) / (1.0 - mu_prod)));
            addcdiv_(param, exp_avg, denom, Scalar((-lr * mu_next) / (1.0 - mu_product_next)));
        }
    }
}

// ---- RAdam ---------------------------------------------------------------------------------------

static Options radam_defaults(const RAdamOptions& o) {
    check_min(o.lr, "learning rate");
    check_min(o.eps, "epsilon value");
    check_betas(o.beta1, o.beta2);
    check_min(o.weight_decay, "weight_decay value");
    return {{"lr", OptionValue(o.lr)},
            {"betas", pair(o.beta1, o.beta2)},
            {"eps", OptionValue(o.eps)},
            {"weight_decay", number(o.weight_decay, true)},
            {"maximize", OptionValue(o.maximize)},
            {"foreach", OptionValue::none()},
            {"capturable", OptionValue(false)},
            {"decoupled_weight_decay", OptionValue(o.decoupled_weight_decay)},
            {"differentiable", OptionValue(false)}};
}

RAdam::RAdam(std::vector<ParamGroup> groups, const RAdamOptions& options)
    : Optimizer("RAdam", std::move(groups), radam_defaults(options)) {}

void RAdam::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "RAdam does not support sparse gradients");
        const double lr = group.number("lr"), eps = group.number("eps"), weight_decay = group.number("weight_decay");
        const std::vector<double> betas = group.get("betas").to_tuple();
        const double beta1 = betas.at(0), beta2 = betas.at(1);
        const bool maximize = group.flag("maximize"), decoupled = group.flag("decoupled_weight_decay");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {
                st.set("step", scalar_state(0));
                st.set("exp_avg", zeros_like(param));
                st.set("exp_avg_sq", zeros_like(param));
            }
            Tensor step_t = st.get("step"), exp_avg = st.get("exp_avg"), exp_avg_sq = st.get("exp_avg_sq");
            if (maximize) grad = neg(grad);
            add_(step_t, Scalar(int64_t(1)));
            const double step = step_t.item_double();
            if (weight_decay != 0) {
                if (decoupled)
                    mul_(param, Scalar(1 - lr * weight_decay));
                else
                    grad = add(grad, param, Scalar(weight_decay));
            }
            lerp_(exp_avg, grad, Scalar(1 - beta1));
            mul_(exp_avg_sq, Scalar(beta2));
            addcmul_(exp_avg_sq, grad, grad, Scalar(1 - beta2));
            const double bias_correction1 = 1 - std::pow(beta1, step);
            const double bias_correction2 = 1 - std::pow(beta2, step);
            Tensor bias_corrected_exp_avg = div(exp_avg, Scalar(bias_correction1));
            // The maximum length of the approximated SMA, and the SMA at this step.
            const double rho_inf = 2 / (1 - beta2) - 1;
            const double rho_t = rho_inf - 2 * step * std::pow(beta2, step) / bias_correction2;
            Tensor update = mul(bias_corrected_exp_avg, Scalar(lr));
            if (rho_t > 5.0) {
                Tensor sq = sqrt(exp_avg_sq);
                add_(sq, Scalar(eps));
                Tensor adaptive_lr = rdiv(std::sqrt(bias_correction2), sq);
                const double rect =
                    std::sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t));
                update = mul(mul(update, adaptive_lr), Scalar(rect));
            }
            add_(param, update, Scalar(-1.0));
        }
    }
}

// ---- ASGD ----------------------------------------------------------------------------------------

static Options asgd_defaults(const ASGDOptions& o) {
    check_min(o.lr, "learning rate");
    check_min(o.weight_decay, "weight_decay value");
    return {{"lr", OptionValue(o.lr)},
            {"lambd", OptionValue(o.lambd)},
            {"alpha", OptionValue(o.alpha)},
            {"t0", OptionValue(o.t0)},
            {"weight_decay", number(o.weight_decay, true)},
            {"foreach", OptionValue::none()},
            {"maximize", OptionValue(o.maximize)},
            {"differentiable", OptionValue(false)},
            {"capturable", OptionValue(false)}};
}

ASGD::ASGD(std::vector<ParamGroup> groups, const ASGDOptions& options)
    : Optimizer("ASGD", std::move(groups), asgd_defaults(options)) {}

void ASGD::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "ASGD does not support sparse gradients");
        const double lr = group.number("lr"), lambd = group.number("lambd"), alpha = group.number("alpha"),
                     t0 = group.number("t0"), weight_decay = group.number("weight_decay");
        const bool maximize = group.flag("maximize");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {
                st.set("step", scalar_state(0));
                st.set("eta", scalar_state(lr));  // eta's value rounds to the scalar dtype
                st.set("mu", scalar_state(1));
                st.set("ax", zeros_like(param));
            }
            Tensor step_t = st.get("step"), eta = st.get("eta"), mu = st.get("mu"), ax = st.get("ax");
            if (maximize) grad = neg(grad);
            add_(step_t, Scalar(int64_t(1)));
            if (weight_decay != 0) grad = add(grad, param, Scalar(weight_decay));
            const double eta_value = eta.item_double();
            mul_(param, Scalar(1 - lambd * eta_value));  // decay term
            add_(param, grad, Scalar(-eta_value));        // update parameter
            // averaging
            if (mu.item_double() != 1) {
                Tensor diff = sub(param, ax);
                mul_(diff, mu);
                add_(ax, diff);
            } else {
                copy_(ax, param);
            }
            const double step = step_t.item_double();
            fill_(eta, Scalar(lr / std::pow(1 + lambd * lr * step, alpha)));
            fill_(mu, Scalar(1 / std::max(1.0, step - t0)));
        }
    }
}

// ---- Rprop ---------------------------------------------------------------------------------------

static Options rprop_defaults(const RpropOptions& o) {
    check_min(o.lr, "learning rate");
    KILN_CHECK(0.0 < o.eta_minus && o.eta_minus < 1.0 && 1.0 < o.eta_plus, ValueError, "Invalid eta values: ",
               Scalar(o.eta_minus).repr(), ", ", Scalar(o.eta_plus).repr());
    return {{"lr", OptionValue(o.lr)},
            {"etas", pair(o.eta_minus, o.eta_plus)},
            {"step_sizes", OptionValue(std::vector<Scalar>{Scalar(o.step_size_min), Scalar(o.step_size_max)})},
            {"foreach", OptionValue::none()},
            {"maximize", OptionValue(o.maximize)},
            {"differentiable", OptionValue(false)},
            {"capturable", OptionValue(false)}};
}

Rprop::Rprop(std::vector<ParamGroup> groups, const RpropOptions& options)
    : Optimizer("Rprop", std::move(groups), rprop_defaults(options)) {}

void Rprop::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        refuse_sparse_grads(group, "Rprop does not support sparse gradients");
        const double lr = group.number("lr");
        const std::vector<double> etas = group.get("etas").to_tuple(), sizes = group.get("step_sizes").to_tuple();
        const double etaminus = etas.at(0), etaplus = etas.at(1), size_min = sizes.at(0), size_max = sizes.at(1);
        const bool maximize = group.flag("maximize");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            if (st.empty()) {
                st.set("step", scalar_state(0));
                st.set("prev", zeros_like(param));
                st.set("step_size", full_like(grad, Scalar(lr)));
            }
            Tensor step_t = st.get("step"), prev = st.get("prev"), step_size = st.get("step_size");
            if (maximize) grad = neg(grad);
            add_(step_t, Scalar(int64_t(1)));
            Tensor sign_ = sign(mul(grad, prev));
            // PyTorch writes etaplus where the sign is positive, etaminus where negative, 1 where zero.
            Tensor negative = lt(sign_, Scalar(0.0));
            Tensor factor = where(gt(sign_, Scalar(0.0)), Scalar(etaplus), where(negative, Scalar(etaminus), ones_like(sign_)));
            mul_(step_size, factor);
            clamp_(step_size, Scalar(size_min), Scalar(size_max));
            // For dir<0, dfdx=0; for dir>=0, dfdx=dfdx.
            grad = clone(grad);
            masked_fill_(grad, negative, Scalar(0.0));
            addcmul_(param, sign(grad), step_size, Scalar(-1.0));
            copy_(prev, grad);
        }
    }
}

// ---- LBFGS ---------------------------------------------------------------------------------------

static Options lbfgs_defaults(const LBFGSOptions& o) {
    check_min(o.lr, "learning rate");
    return {{"lr", OptionValue(o.lr)},
            {"max_iter", OptionValue(Scalar(o.max_iter))},
            {"max_eval", OptionValue(Scalar(o.max_eval < 0 ? o.max_iter * 5 / 4 : o.max_eval))},
            {"tolerance_grad", OptionValue(o.tolerance_grad)},
            {"tolerance_change", OptionValue(o.tolerance_change)},
            {"history_size", OptionValue(Scalar(o.history_size))},
            {"line_search_fn", o.strong_wolfe ? OptionValue("strong_wolfe") : OptionValue::none()}};
}

LBFGS::LBFGS(std::vector<ParamGroup> groups, const LBFGSOptions& options)
    : Optimizer("LBFGS", std::move(groups), lbfgs_defaults(options)) {
    KILN_CHECK(param_groups().size() == 1, ValueError, "LBFGS doesn't support per-parameter options (parameter groups)");
}

void LBFGS::step() { KILN_FAIL(TypeError, "LBFGS.step() missing 1 required positional argument: 'closure'"); }

Tensor LBFGS::gather_flat_grad() const {
    std::vector<Tensor> views;
    for (const Tensor& p : param_groups()[0].params) {
        Tensor g = autograd::sparse_grad_to_dense(p.grad());  // lbfgs.py: p.grad.to_dense() for a sparse one
        views.push_back(g.defined() ? reshape(g, {-1}) : zeros({p.numel()}, {p.dtype(), p.device()}));
    }
    return cat(views, 0);
}

void LBFGS::add_grad(double step_size, const Tensor& update) {
    int64_t offset = 0;
    for (Tensor& p : param_groups()[0].params) {
        const int64_t n = p.numel();
        add_(p, reshape(slice(update, 0, offset, offset + n), p.sizes()), Scalar(step_size));
        offset += n;
    }
}

namespace {

// A number that PyTorch's LBFGS holds either as a Python float or as a 0-dim tensor (t, H_diag):
// arithmetic with a tensor rounds in the tensor's dtype, so the tensor is kept.
struct Num {
    Tensor t;
    double v = 0;
    double value() const { return t.defined() ? t.item_double() : v; }
};

// _cubic_interpolate (minFunc's polyinterp for two points with values and derivatives).
double cubic_interpolate(double x1, double f1, double g1, double x2, double f2, double g2, const double* bounds) {
    double xmin = x1 <= x2 ? x1 : x2, xmax = x1 <= x2 ? x2 : x1;
    if (bounds) {
        xmin = bounds[0];
        xmax = bounds[1];
    }
    const double d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2);
    const double d2_square = d1 * d1 - g1 * g2;
    if (d2_square >= 0) {
        const double d2 = std::sqrt(d2_square);
        double min_pos = x1 <= x2 ? x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
                                  : x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2));
        return std::min(std::max(min_pos, xmin), xmax);
    }
    return (xmin + xmax) / 2.0;
}

}  // namespace

double LBFGS::step(const Closure& closure) {
    autograd::NoGradGuard no_grad;
    ParamGroup& group = param_groups()[0];
    const double lr = group.number("lr"), tolerance_grad = group.number("tolerance_grad"),
                 tolerance_change = group.number("tolerance_change");
    const int64_t max_iter = int64_t(group.number("max_iter")), history_size = int64_t(group.number("history_size"));
    const OptionValue& max_eval_v = group.get("max_eval");
    const int64_t max_eval = max_eval_v.is_none() ? max_iter * 5 / 4 : int64_t(max_eval_v.to_double());
    const OptionValue& ls = group.get("line_search_fn");
    const bool strong_wolfe = ls.string() != nullptr;
    KILN_CHECK(!strong_wolfe || *ls.string() == "strong_wolfe", RuntimeError, "only 'strong_wolfe' is supported");

    auto evaluate = [&]() {
        autograd::GradModeGuard enable(true);
        return closure();
    };
    const double orig_loss = evaluate();
    double loss = orig_loss;
    int64_t current_evals = 1;
    func_evals_ += 1;
    Tensor flat_grad = gather_flat_grad();
    bool opt_cond = max(abs(flat_grad)).item_double() <= tolerance_grad;
    if (opt_cond) return orig_loss;

    Num t{Tensor(), t_};
    if (t_tensor_.defined()) t.t = t_tensor_;
    int64_t n_iter = 0;
    while (n_iter < max_iter) {
        ++n_iter;
        ++n_iter_;
        // compute the descent direction
        if (n_iter_ == 1) {
            d_ = neg(flat_grad);
            old_dirs_.clear();
            old_stps_.clear();
            ro_.clear();
            h_diag_ = Tensor();
        } else {
            Tensor y = sub(flat_grad, prev_flat_grad_);
            Tensor s = t.t.defined() ? mul(d_, t.t) : mul(d_, Scalar(t.v));
            Tensor ys = dot(y, s);
            if (ys.item_double() > 1e-10) {
                if (int64_t(old_dirs_.size()) == history_size) {  // limited memory: drop the oldest
                    old_dirs_.erase(old_dirs_.begin());
                    old_stps_.erase(old_stps_.begin());
                    ro_.erase(ro_.begin());
                }
                old_dirs_.push_back(y);
                old_stps_.push_back(s);
                ro_.push_back(rdiv(1.0, ys));
                h_diag_ = div(ys, dot(y, y));
            }
            const size_t num_old = old_dirs_.size();
            if (al_.empty()) al_.resize(size_t(std::max<int64_t>(history_size, 0)));
            if (al_.size() < num_old) al_.resize(num_old);
            std::vector<Tensor>& al = al_;
            Tensor q = neg(flat_grad);
            for (size_t k = num_old; k-- > 0;) {
                al[k] = mul(dot(old_stps_[k], q), ro_[k]);
                add_(q, old_dirs_[k], Scalar(-al[k].item_double()));
            }
            Tensor r = h_diag_.defined() ? mul(q, h_diag_) : mul(q, Scalar(int64_t(1)));
            for (size_t k = 0; k < num_old; ++k) {
                Tensor be_i = mul(dot(old_dirs_[k], r), ro_[k]);
                add_(r, old_stps_[k], Scalar(sub(al[k], be_i).item_double()));
            }
            d_ = r;
        }
        if (!prev_flat_grad_.defined())
            prev_flat_grad_ = clone(flat_grad);
        else
            copy_(prev_flat_grad_, flat_grad);
        prev_loss_ = loss;
        has_prev_loss_ = true;

        // the step length: min(1, 1 / |g|_1) * lr at the first iteration
        if (n_iter_ == 1) {
            Tensor inv = rdiv(1.0, sum(abs(flat_grad)));
            t = inv.item_double() < 1.0 ? Num{mul(inv, Scalar(lr)), 0} : Num{Tensor(), 1.0 * lr};
        } else {
            t = Num{Tensor(), lr};
        }
        Tensor gtd = dot(flat_grad, d_);
        if (gtd.item_double() > -tolerance_change) break;

        int64_t ls_func_evals = 0;
        if (strong_wolfe) {
            std::vector<Tensor> x_init;
            for (const Tensor& p : group.params) x_init.push_back(clone(p));
            auto obj_func = [&](double step, Tensor& g_out) {
                add_grad(step, d_);
                const double f = evaluate();
                g_out = gather_flat_grad();
                for (size_t k = 0; k < group.params.size(); ++k) copy_(group.params[k], x_init[k]);
                return f;
            };
            double step_t = 0;
            strong_wolfe_search(obj_func, t.value(), loss, flat_grad, gtd.item_double(), tolerance_change, loss,
                                flat_grad, step_t, ls_func_evals);
            t = Num{Tensor(), step_t};
            add_grad(step_t, d_);
            opt_cond = max(abs(flat_grad)).item_double() <= tolerance_grad;
        } else {
            add_grad(t.value(), d_);
            if (n_iter != max_iter) {
                // re-evaluate only if not in the last iteration (no use in a stochastic setting)
                loss = evaluate();
                flat_grad = gather_flat_grad();
                opt_cond = max(abs(flat_grad)).item_double() <= tolerance_grad;
                ls_func_evals = 1;
            }
        }
        current_evals += ls_func_evals;
        func_evals_ += ls_func_evals;

        if (n_iter == max_iter) break;
        if (current_evals >= max_eval) break;
        if (opt_cond) break;
        Tensor moved = t.t.defined() ? mul(d_, t.t) : mul(d_, Scalar(t.v));
        if (max(abs(moved)).item_double() <= tolerance_change) break;  // lack of progress
        if (std::abs(loss - prev_loss_) < tolerance_change) break;
    }
    t_ = t.v;
    t_tensor_ = t.t;
    return orig_loss;
}

// _strong_wolfe (minFunc's lswolfe): brackets a step satisfying the strong Wolfe conditions
// (c1=1e-4, c2=0.9, at most 25 evaluations), then zooms into the bracket by cubic interpolation.
void LBFGS::strong_wolfe_search(const std::function<double(double, Tensor&)>& obj_func, double t, double f,
                                const Tensor& g_in, double gtd, double tolerance_change, double& f_out,
                                Tensor& g_out, double& t_out, int64_t& evals) {
    const double c1 = 1e-4, c2 = 0.9;
    const int max_ls = 25;
    const double d_norm = max(abs(d_)).item_double();
    Tensor g = clone(g_in);
    Tensor g_new;
    double f_new = obj_func(t, g_new);
    evals = 1;
    double gtd_new = dot(g_new, d_).item_double();

    double t_prev = 0, f_prev = f, gtd_prev = gtd;
    Tensor g_prev = g;
    bool done = false;
    int ls_iter = 0;
    std::vector<double> bracket, bracket_f, bracket_gtd;
    std::vector<Tensor> bracket_g;
    while (ls_iter < max_ls) {
        if (f_new > (f + c1 * t * gtd) || (ls_iter > 1 && f_new >= f_prev)) {
            bracket = {t_prev, t};
            bracket_f = {f_prev, f_new};
            bracket_g = {g_prev, clone(g_new)};
            bracket_gtd = {gtd_prev, gtd_new};
            break;
        }
        if (std::abs(gtd_new) <= -c2 * gtd) {
            bracket = {t};
            bracket_f = {f_new};
            bracket_g = {g_new};
            done = true;
            break;
        }
        if (gtd_new >= 0) {
            bracket = {t_prev, t};
            bracket_f = {f_prev, f_new};
            bracket_g = {g_prev, clone(g_new)};
            bracket_gtd = {gtd_prev, gtd_new};
            break;
        }
        // interpolate
        const double bounds[2] = {t + 0.01 * (t - t_prev), t * 10};
        const double tmp = t;
        t = cubic_interpolate(t_prev, f_prev, gtd_prev, t, f_new, gtd_new, bounds);
        t_prev = tmp;
        f_prev = f_new;
        g_prev = clone(g_new);
        gtd_prev = gtd_new;
        f_new = obj_func(t, g_new);
        evals += 1;
        gtd_new = dot(g_new, d_).item_double();
        ls_iter += 1;
    }
    if (ls_iter == max_ls) {
        bracket = {0, t};
        bracket_f = {f, f_new};
        bracket_g = {g, g_new};
        bracket_gtd = {gtd, gtd_new};
    }
    // zoom: refine the bracket until a point satisfies the conditions
    bool insuf_progress = false;
    size_t low = bracket_f[0] <= bracket_f.back() ? 0 : 1, high = 1 - low;
    while (!done && ls_iter < max_ls) {
        if (std::abs(bracket[1] - bracket[0]) * d_norm < tolerance_change) break;
        t = cubic_interpolate(bracket[0], bracket_f[0], bracket_gtd[0], bracket[1], bracket_f[1], bracket_gtd[1],
                              nullptr);
        const double bmax = std::max(bracket[0], bracket[1]), bmin = std::min(bracket[0], bracket[1]);
        const double eps = 0.1 * (bmax - bmin);
        if (std::min(bmax - t, t - bmin) < eps) {
            if (insuf_progress || t >= bmax || t <= bmin) {
                t = std::abs(t - bmax) < std::abs(t - bmin) ? bmax - eps : bmin + eps;
                insuf_progress = false;
            } else {
                insuf_progress = true;
            }
        } else {
            insuf_progress = false;
        }
        f_new = obj_func(t, g_new);
        evals += 1;
        gtd_new = dot(g_new, d_).item_double();
        ls_iter += 1;
        if (f_new > (f + c1 * t * gtd) || f_new >= bracket_f[low]) {
            bracket[high] = t;
            bracket_f[high] = f_new;
            bracket_g[high] = clone(g_new);
            bracket_gtd[high] = gtd_new;
            low = bracket_f[0] <= bracket_f[1] ? 0 : 1;
            high = 1 - low;
        } else {
            if (std::abs(gtd_new) <= -c2 * gtd) {
                done = true;
            } else if (gtd_new * (bracket[high] - bracket[low]) >= 0) {
                bracket[high] = bracket[low];
                bracket_f[high] = bracket_f[low];
                bracket_g[high] = bracket_g[low];
                bracket_gtd[high] = bracket_gtd[low];
            }
            bracket[low] = t;
            bracket_f[low] = f_new;
            bracket_g[low] = clone(g_new);
            bracket_gtd[low] = gtd_new;
        }
    }
    t_out = bracket[low];
    f_out = bracket_f[low];
    g_out = bracket_g[low];
}

}  // namespace kiln::optim
