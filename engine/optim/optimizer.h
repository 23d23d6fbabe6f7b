// torch.optim: the Optimizer base (param groups, per-parameter state, zero_grad, repr) and SGD,
// Adam, AdamW with PyTorch's single-tensor update formulas (torch/optim/sgd.py, adam.py).
//
// A param group is an ordered dict of options plus its parameters, as in PyTorch: options missing
// from a group passed to the constructor are filled from the optimizer's defaults, and step() reads
// the options from the group each time, so changing group["lr"] (a scheduler) takes effect at the
// next step. Option values are Python values: ints, floats and bools are Scalars, betas a tuple,
// foreach/fused None. step() runs under no-grad with in-place tensor ops and skips parameters whose
// .grad is None.
#pragma once
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "tensor/tensor.h"

namespace kiln::optim {

// A Python option value: None, a number/bool, or a tuple of numbers.
struct OptionValue {
    std::variant<std::monostate, Scalar, std::vector<Scalar>> value;
    OptionValue() = default;
    OptionValue(Scalar s) : value(s) {}
    OptionValue(double d) : value(Scalar(d)) {}
    OptionValue(int v) : value(Scalar(int64_t(v))) {}
    OptionValue(bool b) : value(Scalar(b)) {}
    OptionValue(std::vector<Scalar> t) : value(std::move(t)) {}
    static OptionValue none() { return OptionValue(); }
    bool is_none() const { return std::holds_alternative<std::monostate>(value); }
    double to_double() const;
    bool to_bool() const;
    std::vector<double> to_tuple() const;
    std::string repr() const;  // Python repr: None, 0.001, 0, True, (0.9, 0.999)
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

}  // namespace kiln::optim
