// torch.optim: the Optimizer base (param groups, per-parameter state, zero_grad, repr) and SGD,
// Adam, AdamW, RMSprop, Adagrad, Adadelta, Adamax, NAdam, RAdam, ASGD, Rprop and LBFGS with
// PyTorch's single-tensor update formulas (torch/optim/sgd.py, adam.py, rmsprop.py, ...): the CPU
// path PyTorch takes by default (foreach=None picks the single-tensor form for CPU tensors).
//
// A param group is an ordered dict of options plus its parameters, as in PyTorch: options missing
// from a group passed to the constructor are filled from the optimizer's defaults, and step() reads
// the options from the group each time, so changing group["lr"] (a scheduler) takes effect at the
// next step. Option values are Python values: ints, floats and bools are Scalars, betas a tuple,
// foreach/fused None. step() runs under no-grad with in-place tensor ops and skips parameters whose
// .grad is None.
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tensor/tensor.h"

namespace kiln::optim {

// A Python option value: None, a number/bool, or a tuple of numbers.
struct OptionValue {
    std::variant<std::monostate, Scalar, std::vector<Scalar>, std::string> value;
    OptionValue() = default;
    OptionValue(Scalar s) : value(s) {}
    OptionValue(double d) : value(Scalar(d)) {}
    OptionValue(int v) : value(Scalar(int64_t(v))) {}
    OptionValue(bool b) : value(Scalar(b)) {}
    OptionValue(std::vector<Scalar> t) : value(std::move(t)) {}
    OptionValue(std::string s) : value(std::move(s)) {}  // LBFGS's line_search_fn='strong_wolfe'
    OptionValue(const char* s) : value(std::string(s)) {}
    static OptionValue none() { return OptionValue(); }
    bool is_none() const { return std::holds_alternative<std::monostate>(value); }
    double to_double() const;
    bool to_bool() const;
    std::vector<double> to_tuple() const;
    std::string repr() const;  // Python repr: None, 0.001, 0, True, (0.9, 0.999), 'strong_wolfe'
    const std::string* string() const { return std::get_if<std::string>(&value); }
};

using Options = std::vector<std::pair<std::string, OptionValue>>;  // an ordered dict

struct ParamGroup {
    std::vector<Tensor> params;
    Options options;

    bool has(const std::string& key) const;
    const OptionValue& get(const std::string& key) const;  // KeyError-like error when absent
    void set(const std::string& key, OptionValue value);
    double number(const std::string& key) const { return get(key).to_double(); }
    bool flag(const std::string& key) const { return get(key).to_bool(); }
};

// optimizer.state[p]: named tensors in insertion order ("step", "exp_avg", ...).
struct ParamState {
    std::vector<std::pair<std::string, Tensor>> entries;
    bool empty() const { return entries.empty(); }
    Tensor get(const std::string& key) const;  // undefined when absent
    void set(const std::string& key, const Tensor& t);
};

class Optimizer {
public:
    virtual ~Optimizer() = default;
    virtual void step() = 0;
    // Creates the state step() would create lazily for every parameter that has a gradient, without
    // updating anything (Adam's zeros and step count; SGD makes its momentum buffer inside the step).
    // The traced Python step (bindings/optim_py.cpp) calls it first, as PyTorch's compiled step
    // initializes state outside the graph.
    virtual void prepare_state() {}
    void zero_grad(bool set_to_none = true);
    void add_param_group(ParamGroup group);
    std::vector<ParamGroup>& param_groups() { return groups_; }
    const std::vector<ParamGroup>& param_groups() const { return groups_; }
    ParamState& state(const Tensor& param);
    // The state of `param` when it has one (optimizer.state holds only stepped parameters).
    const ParamState* find_state(const Tensor& param) const;
    // The parameters that have state, in the order their state was made (optimizer.state's
    // order, which state_dict() keeps); clear_state() drops it all (load_state_dict).
    std::vector<TensorImpl*> state_order() const {
        std::vector<TensorImpl*> out;
        for (const auto& [impl, st] : state_)
            if (!st.empty()) out.push_back(impl);
        return out;
    }
    void clear_state() { state_.clear(); }
    const Options& defaults() const { return defaults_; }
    const std::string& type_name() const { return type_name_; }
    // Optimizer.__repr__: "SGD (\nParameter Group 0\n    dampening: 0\n    ...)" with sorted keys.
    std::string repr() const;

protected:
    Optimizer(std::string type_name, std::vector<ParamGroup> groups, Options defaults);

private:
    std::string type_name_;
    Options defaults_;
    std::vector<ParamGroup> groups_;
    std::vector<std::pair<TensorImpl*, ParamState>> state_;  // keyed by parameter identity
};

// One group holding `params` (the common `optim.SGD(model.parameters(), ...)` form).
std::vector<ParamGroup> single_group(const std::vector<Tensor>& params);

struct SGDOptions {
    double lr = 1e-3;
    double momentum = 0;
    double dampening = 0;
    double weight_decay = 0;
    bool nesterov = false;
    bool maximize = false;
};

class SGD : public Optimizer {
public:
    SGD(std::vector<ParamGroup> groups, const SGDOptions& options = {});
    SGD(const std::vector<Tensor>& params, const SGDOptions& options = {}) : SGD(single_group(params), options) {}
    void step() override;
};

struct AdamOptions {
    double lr = 1e-3;
    double beta1 = 0.9, beta2 = 0.999;
    double eps = 1e-8;
    double weight_decay = 0;  // AdamW's default is 1e-2 (AdamW constructors apply it when unset)
    bool amsgrad = false;
    bool maximize = false;
};

class Adam : public Optimizer {
public:
    Adam(std::vector<ParamGroup> groups, const AdamOptions& options = {});
    Adam(const std::vector<Tensor>& params, const AdamOptions& options = {}) : Adam(single_group(params), options) {}
    void step() override;
    void prepare_state() override;

protected:
    Adam(std::string type_name, std::vector<ParamGroup> groups, const AdamOptions& options, bool decoupled);
};

class AdamW : public Adam {
public:
    static AdamOptions default_options() {
        AdamOptions o;
        o.weight_decay = 1e-2;
        return o;
    }
    AdamW(std::vector<ParamGroup> groups, const AdamOptions& options = default_options());
    AdamW(const std::vector<Tensor>& params, const AdamOptions& options = default_options())
        : AdamW(single_group(params), options) {}
};

// The dtype of the scalar state tensors ("step", ASGD's "eta"/"mu", NAdam's "mu_product"):
// PyTorch's _get_scalar_dtype(), float64 when the default dtype is float64, else float32.
DType scalar_state_dtype();

// RMSprop(lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False).
struct RMSpropOptions {
    double lr = 1e-2, alpha = 0.99, eps = 1e-8, weight_decay = 0, momentum = 0;
    bool centered = false, maximize = false;
};
class RMSprop : public Optimizer {
public:
    RMSprop(std::vector<ParamGroup> groups, const RMSpropOptions& options = {});
    void step() override;
};

// Adagrad(lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10): its state
// ("step", "sum") exists from the constructor on, as in PyTorch.
struct AdagradOptions {
    double lr = 1e-2, lr_decay = 0, weight_decay = 0, initial_accumulator_value = 0, eps = 1e-10;
    bool maximize = false;
};
class Adagrad : public Optimizer {
public:
    Adagrad(std::vector<ParamGroup> groups, const AdagradOptions& options = {});
    void step() override;
};

// Adadelta(lr=1.0, rho=0.9, eps=1e-6, weight_decay=0).
struct AdadeltaOptions {
    double lr = 1.0, rho = 0.9, eps = 1e-6, weight_decay = 0;
    bool maximize = false;
};
class Adadelta : public Optimizer {
public:
    Adadelta(std::vector<ParamGroup> groups, const AdadeltaOptions& options = {});
    void step() override;
};

// Adamax(lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0).
struct AdamaxOptions {
    double lr = 2e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weight_decay = 0;
    bool maximize = false;
};
class Adamax : public Optimizer {
public:
    Adamax(std::vector<ParamGroup> groups, const AdamaxOptions& options = {});
    void step() override;
};

// NAdam(lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
// decoupled_weight_decay=False).
struct NAdamOptions {
    double lr = 2e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weight_decay = 0, momentum_decay = 4e-3;
    bool decoupled_weight_decay = false, maximize = false;
};
class NAdam : public Optimizer {
public:
    NAdam(std::vector<ParamGroup> groups, const NAdamOptions& options = {});
    void step() override;
};

// RAdam(lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, decoupled_weight_decay=False).
struct RAdamOptions {
    double lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8, weight_decay = 0;
    bool decoupled_weight_decay = false, maximize = false;
};
class RAdam : public Optimizer {
public:
    RAdam(std::vector<ParamGroup> groups, const RAdamOptions& options = {});
    void step() override;
};

// ASGD(lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0).
struct ASGDOptions {
    double lr = 1e-2, lambd = 1e-4, alpha = 0.75, t0 = 1e6, weight_decay = 0;
    bool maximize = false;
};
class ASGD : public Optimizer {
public:
    ASGD(std::vector<ParamGroup> groups, const ASGDOptions& options = {});
    void step() override;
};

// Rprop(lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50)).
struct RpropOptions {
    double lr = 1e-2, eta_minus = 0.5, eta_plus = 1.2, step_size_min = 1e-6, step_size_max = 50;
    bool maximize = false;
};
class Rprop : public Optimizer {
public:
    Rprop(std::vector<ParamGroup> groups, const RpropOptions& options = {});
    void step() override;
};

// LBFGS(lr=1, max_iter=20, max_eval=None (max_iter * 5 // 4), tolerance_grad=1e-7,
// tolerance_change=1e-9, history_size=100, line_search_fn=None or "strong_wolfe"). One group only.
// step() needs the closure (it re-evaluates the loss and gradients): step(closure) returns the
// closure's first loss. Its state (direction, step, history) is global, kept here (PyTorch files it
// under the first parameter: history() gives it to optimizer.state).
struct LBFGSOptions {
    double lr = 1, tolerance_grad = 1e-7, tolerance_change = 1e-9;
    int64_t max_iter = 20, max_eval = -1, history_size = 100;  // max_eval -1: max_iter * 5 // 4
    bool strong_wolfe = false;
};
class LBFGS : public Optimizer {
public:
    // The closure zeroes the gradients, computes the loss with grad enabled, runs backward and
    // returns the loss as a double.
    using Closure = std::function<double()>;
    LBFGS(std::vector<ParamGroup> groups, const LBFGSOptions& options = {});
    void step() override;  // KILN_FAILs: LBFGS needs a closure
    double step(const Closure& closure);
    int64_t func_evals() const { return func_evals_; }
    int64_t n_iter() const { return n_iter_; }
    // The rest of PyTorch's state["..."] for optimizer.state (valid after a step that iterated).
    struct History {
        const Tensor& d;
        double t;
        const Tensor& t_tensor;  // defined when PyTorch's t is a tensor
        const std::vector<Tensor>& old_dirs;
        const std::vector<Tensor>& old_stps;
        const std::vector<Tensor>& ro;
        const Tensor& h_diag;  // undefined: the int 1
        const Tensor& prev_flat_grad;
        double prev_loss;
        const std::vector<Tensor>& al;  // history_size entries once made; undefined ones are None
        bool iterated;                  // d, t, ... exist
    };
    History history() const {
        return {d_, t_, t_tensor_, old_dirs_, old_stps_, ro_, h_diag_, prev_flat_grad_, prev_loss_, al_, has_prev_loss_};
    }
    // load_state_dict: the state PyTorch saves (undefined tensors / empty lists where a key is absent).
    struct Saved {
        int64_t func_evals = 0, n_iter = 0;
        Tensor d, t_tensor, h_diag, prev_flat_grad;
        double t = 0, prev_loss = 0;
        bool iterated = false;
        std::vector<Tensor> old_dirs, old_stps, ro, al;
    };
    void restore(const Saved& s) {
        func_evals_ = s.func_evals;
        n_iter_ = s.n_iter;
        d_ = s.d;
        t_ = s.t;
        t_tensor_ = s.t_tensor;
        old_dirs_ = s.old_dirs;
        old_stps_ = s.old_stps;
        ro_ = s.ro;
        h_diag_ = s.h_diag;
        prev_flat_grad_ = s.prev_flat_grad;
        prev_loss_ = s.prev_loss;
        has_prev_loss_ = s.iterated;
        al_ = s.al;
    }

private:
    Tensor gather_flat_grad() const;
    void add_grad(double step_size, const Tensor& update);
    void strong_wolfe_search(const std::function<double(double, Tensor&)>& obj_func, double t, double f,
                             const Tensor& g, double gtd, double tolerance_change, double& f_out, Tensor& g_out,
                             double& t_out, int64_t& evals);
    int64_t func_evals_ = 0, n_iter_ = 0;
    Tensor d_, prev_flat_grad_;
    double t_ = 0, prev_loss_ = 0;
    Tensor t_tensor_;  // t when PyTorch holds it as a tensor (the first iteration's min(1, 1/|g|) * lr)
    bool has_prev_loss_ = false;
    std::vector<Tensor> old_dirs_, old_stps_;
    std::vector<Tensor> ro_;  // 0-dim tensors, as PyTorch's 1.0 / ys
    Tensor h_diag_;           // undefined: PyTorch's int 1
    std::vector<Tensor> al_;  // PyTorch's state["al"], kept between steps
};

}  // namespace kiln::optim
