// torch.optim (see optimizer.h): the Optimizer base and the single-tensor SGD / Adam / AdamW steps.
//
// The update code mirrors _single_tensor_sgd and _single_tensor_adam line by line (same in-place
// ops in the same order), so float32 results round like PyTorch's.
#include "optim/optimizer.h"

#include <algorithm>
#include <cmath>

#include "autograd/grad_mode.h"
#include "ops/ops.h"
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
    KILN_CHECK(o.lr >= 0.0, ValueError, "Invalid learning rate: ", Scalar(o.lr).repr());
    KILN_CHECK(o.momentum >= 0.0, ValueError, "Invalid momentum value: ", Scalar(o.momentum).repr());
    KILN_CHECK(o.weight_decay >= 0.0, ValueError, "Invalid weight_decay value: ", Scalar(o.weight_decay).repr());
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

void SGD::step() {
    autograd::NoGradGuard no_grad;
    for (ParamGroup& group : param_groups()) {
        const double lr = group.number("lr"), momentum = group.number("momentum"),
                     dampening = group.number("dampening"), weight_decay = group.number("weight_decay");
        const bool nesterov = group.flag("nesterov"), maximize = group.flag("maximize");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
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
        const double lr = group.number("lr"), eps = group.number("eps"), weight_decay = group.number("weight_decay");
        const std::vector<double> betas = group.get("betas").to_tuple();
        const double beta1 = betas.at(0), beta2 = betas.at(1);
        const bool amsgrad = group.flag("amsgrad"), maximize = group.flag("maximize"),
                   decoupled = group.flag("decoupled_weight_decay");
        for (Tensor& param : group.params) {
            Tensor grad = param.grad();
            if (!grad.defined()) continue;
            ParamState& st = state(param);
            init_adam_state(param, st, amsgrad);
            Tensor step_t = st.get("step"), exp_avg = st.get("exp_avg"), exp_avg_sq = st.get("exp_avg_sq");
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

}  // namespace kiln::optim
