// nn.Module (see module.h): registration, recursive iteration, state_dict round trips, repr.
#include "nn/module.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "autograd/sparse_grad.h"
#include "autograd/grad_mode.h"
#include "ops/ops.h"
#include "ops/output_layout.h"
#include "support/error.h"
#include "support/stack.h"

namespace kiln::nn {

Tensor make_parameter(const Tensor& data, bool requires_grad) {
    Tensor p = data.detach();
    if (requires_grad) p.requires_grad_(true);
    p.impl()->is_parameter = true;
    return p;
}

Module::Module(std::string type_name) : type_name_(std::move(type_name)) {}

std::vector<Tensor> Module::forward(const std::vector<Tensor>&) {
    KILN_FAIL(NotImplementedError, "Module [", type_name_, "] is missing the required \"forward\" function");
}

Tensor Module::operator()(const Tensor& x) {
    std::vector<Tensor> out = forward({x});
    KILN_CHECK(!out.empty(), RuntimeError, type_name_, ".forward returned no outputs");
    return out[0];
}

namespace {
constexpr int kMaxModuleNesting = 1000;
thread_local int g_module_nesting = 0;
}  // namespace

NestingGuard::NestingGuard() {
    check_stack();
    if (g_module_nesting >= kMaxModuleNesting) KILN_FAIL(RecursionError, "maximum recursion depth exceeded");
    ++g_module_nesting;
}
NestingGuard::~NestingGuard() { --g_module_nesting; }

// ---- printing ------------------------------------------------------------------------------------

namespace {
// str.split('\n'): a trailing newline leaves an empty last line (an extra_repr ending in '\n'
// prints a blank line before the children, as in PyTorch).
std::vector<std::string> split_newlines(const std::string& s) {
    std::vector<std::string> lines;
    size_t p = 0;
    for (size_t e; (e = s.find('\n', p)) != std::string::npos; p = e + 1) lines.push_back(s.substr(p, e - p));
    lines.push_back(s.substr(p));
    return lines;
}
// A line indented by `spaces`; PyTorch 2.11 leaves blank lines blank.
std::string indented(const std::string& line, int spaces) {
    return line.empty() ? line : std::string(size_t(spaces), ' ') + line;
}
}  // namespace

std::string add_indent(const std::string& s, int spaces) {
    std::vector<std::string> lines = split_newlines(s);
    if (lines.size() <= 1) return s;
    std::string out = lines[0];
    for (size_t i = 1; i < lines.size(); ++i) out += "\n" + indented(lines[i], spaces);
    return out;
}

std::string Module::repr() const {
    NestingGuard nesting;
    std::vector<std::string> extra_lines;
    std::optional<std::string> hooked = extra_repr_hook ? extra_repr_hook(*this) : std::nullopt;
    const std::string extra = hooked ? *hooked : extra_repr();
    if (!extra.empty()) extra_lines = split_newlines(extra);
    std::vector<std::string> child_lines;
    for (const auto& [name, m] : children_) {
        // A None child prints as "(name): None".
        std::optional<std::string> hooked_child = m && child_repr_hook ? child_repr_hook(*this, name) : std::nullopt;
        child_lines.push_back("(" + name + "): " + add_indent(hooked_child ? *hooked_child : m ? m->repr() : "None", 2));
    }
    std::string out = repr_name() + "(";
    if (extra_lines.size() == 1 && child_lines.empty()) {
        out += extra_lines[0];
    } else if (!extra_lines.empty() || !child_lines.empty()) {
        std::vector<std::string> lines = extra_lines;
        lines.insert(lines.end(), child_lines.begin(), child_lines.end());
        out += "\n";
        for (const std::string& l : lines) out += indented(l, 2) + "\n";
    }
    return out + ")";
}

// ---- registration --------------------------------------------------------------------------------

void Module::check_name(const std::string& name, const char* what) const {
    // PyTorch's register_parameter/register_buffer/add_module raise KeyError (add_module adds the name)
    KILN_CHECK(!name.empty(), KeyError, what, " name can't be empty string \"\"");
    KILN_CHECK(name.find('.') == std::string::npos, KeyError, what, " name can't contain \".\"",
               std::string(what) == "module" ? ", got: " + name : "");
}

void Module::register_parameter(const std::string& name, const Tensor& param) {
    check_name(name, "parameter");
    KILN_CHECK(!has_buffer(name) && !has_child(name), ValueError, "attribute '", name, "' already exists");
    KILN_CHECK(!param.defined() || param.is_leaf(), ValueError, "Cannot assign non-leaf Tensor to parameter '", name,
               "'. Model parameters must be created explicitly. To express '", name,
               "' as a function of another Tensor, compute the value in the forward() method.");
    for (auto& [n, t] : params_) {
        if (n == name) {
            t = param;
            return;
        }
    }
    params_.emplace_back(name, param);
}

void Module::register_buffer(const std::string& name, const Tensor& buffer, bool persistent) {
    check_name(name, "buffer");
    KILN_CHECK(!has_parameter(name) && !has_child(name), ValueError, "attribute '", name, "' already exists");
    for (auto& b : buffers_) {
        if (b.name == name) {
            b.tensor = buffer;
            b.persistent = persistent;
            return;
        }
    }
    buffers_.push_back({name, buffer, persistent});
}

ModulePtr Module::register_module(const std::string& name, ModulePtr module) {
    check_name(name, "module");
    KILN_CHECK(!has_parameter(name) && !has_buffer(name), ValueError, "attribute '", name, "' already exists");
    for (auto& [n, m] : children_) {
        if (n == name) {
            m = module;
            return module;
        }
    }
    children_.emplace_back(name, module);
    return module;
}

bool Module::erase_entry(const std::string& name) {
    auto drop = [&](auto& table, auto key) {
        auto it = std::find_if(table.begin(), table.end(), [&](const auto& e) { return key(e) == name; });
        if (it == table.end()) return false;
        table.erase(it);
        return true;
    };
    return drop(params_, [](const auto& e) { return e.first; }) || drop(buffers_, [](const auto& e) { return e.name; }) ||
           drop(children_, [](const auto& e) { return e.first; });
}

Tensor Module::parameter(const std::string& name) const {
    for (const auto& [n, t] : params_)
        if (n == name) return t;
    return missing_parameter_hook ? missing_parameter_hook(*this, name) : Tensor();
}

Tensor Module::buffer(const std::string& name) const {
    for (const auto& b : buffers_)
        if (b.name == name) return b.tensor;
    return Tensor();
}

ModulePtr Module::child(const std::string& name) const {
    for (const auto& [n, m] : children_)
        if (n == name) return m;
    return nullptr;
}

bool Module::has_parameter(const std::string& name) const {
    return std::any_of(params_.begin(), params_.end(), [&](const auto& e) { return e.first == name; });
}
bool Module::has_buffer(const std::string& name) const {
    return std::any_of(buffers_.begin(), buffers_.end(), [&](const auto& e) { return e.name == name; });
}
bool Module::has_child(const std::string& name) const {
    return std::any_of(children_.begin(), children_.end(), [&](const auto& e) { return e.first == name; });
}

// ---- iteration -----------------------------------------------------------------------------------

std::vector<std::pair<std::string, Module*>> Module::named_modules(const std::string& prefix) {
    std::vector<std::pair<std::string, Module*>> out;
    std::set<Module*> seen;
    // Explicit pre-order walk with PyTorch's memo: a module reachable twice is listed once.
    std::vector<std::pair<std::string, Module*>> stack{{prefix, this}};
    while (!stack.empty()) {
        auto [name, m] = stack.back();
        stack.pop_back();
        if (!seen.insert(m).second) continue;
        out.emplace_back(name, m);
        for (auto it = m->children_.rbegin(); it != m->children_.rend(); ++it) {
            if (!it->second) continue;
            stack.emplace_back(name.empty() ? it->first : name + "." + it->first, it->second.get());
        }
    }
    return out;
}

std::vector<Module*> Module::modules() {
    std::vector<Module*> out;
    for (auto& [n, m] : named_modules()) out.push_back(m);
    return out;
}

NamedTensors Module::named_parameters(const std::string& prefix, bool recurse) const {
    NamedTensors out;
    std::set<TensorImpl*> seen;
    auto visit = [&](const std::string& mprefix, const Module* m) {
        for (const auto& [n, t] : m->params_) {
            if (!t.defined() || !seen.insert(t.impl()).second) continue;
            out.emplace_back(mprefix.empty() ? n : mprefix + "." + n, t);
        }
    };
    if (!recurse) {
        visit(prefix, this);
        return out;
    }
    for (auto& [name, m] : const_cast<Module*>(this)->named_modules(prefix)) visit(name, m);
    return out;
}

std::vector<Tensor> Module::parameters(bool recurse) const {
    std::vector<Tensor> out;
    for (auto& [n, t] : named_parameters("", recurse)) out.push_back(t);
    return out;
}

NamedTensors Module::named_buffers(const std::string& prefix, bool recurse) const {
    NamedTensors out;
    std::set<TensorImpl*> seen;
    auto visit = [&](const std::string& mprefix, const Module* m) {
        for (const auto& b : m->buffers_) {
            if (!b.tensor.defined() || !seen.insert(b.tensor.impl()).second) continue;
            out.emplace_back(mprefix.empty() ? b.name : mprefix + "." + b.name, b.tensor);
        }
    };
    if (!recurse) {
        visit(prefix, this);
        return out;
    }
    for (auto& [name, m] : const_cast<Module*>(this)->named_modules(prefix)) visit(name, m);
    return out;
}

std::vector<Tensor> Module::buffers(bool recurse) const {
    std::vector<Tensor> out;
    for (auto& [n, t] : named_buffers("", recurse)) out.push_back(t);
    return out;
}

std::vector<std::pair<std::string, ModulePtr>> Module::named_children() const {
    std::vector<std::pair<std::string, ModulePtr>> out;
    std::set<Module*> seen;
    for (const auto& [n, m] : children_)
        if (m && seen.insert(m.get()).second) out.emplace_back(n, m);
    return out;
}

std::vector<ModulePtr> Module::children() const {
    std::vector<ModulePtr> out;
    for (auto& [n, m] : named_children()) out.push_back(m);
    return out;
}

// ---- state_dict ----------------------------------------------------------------------------------

void Module::collect_state(const std::string& prefix, StateDict& out) const {
    NestingGuard nesting;
    for (const auto& [n, t] : params_)
        if (t.defined()) out.emplace_back(prefix + n, t.detach());
    for (const auto& b : buffers_)
        if (b.tensor.defined() && b.persistent) out.emplace_back(prefix + b.name, b.tensor.detach());
    for (const auto& [n, m] : children_)
        if (m) m->collect_state(prefix + n + ".", out);
}

StateDict Module::state_dict(const std::string& prefix) const {
    StateDict out;
    collect_state(prefix, out);
    return out;
}

void Module::load_from(const StateDict& state, const std::string& prefix, std::vector<std::string>& missing,
                       std::vector<std::string>& unexpected, std::vector<std::string>& errors,
                       const std::map<std::string, std::string>& not_tensors) {
    NestingGuard nesting;
    // Module._load_from_state_dict: own parameters and persistent buffers.
    std::vector<std::pair<std::string, Tensor>> local;
    for (const auto& [n, t] : params_)
        if (t.defined()) local.emplace_back(n, t);
    for (const auto& b : buffers_)
        if (b.tensor.defined() && b.persistent) local.emplace_back(b.name, b.tensor);
    for (auto& [n, t] : local) {
        const std::string key = prefix + n;
        auto it = std::find_if(state.begin(), state.end(), [&](const auto& e) { return e.first == key; });
        if (it == state.end()) {
            missing.push_back(key);
            continue;
        }
        const Tensor& src = it->second;
        if (auto nt = not_tensors.find(key); nt != not_tensors.end()) {
            errors.push_back(str("While copying the parameter named \"", key, "\", expected torch.Tensor or Tensor-like object ",
                                 "from checkpoint but received ", nt->second));
            continue;
        }
        if (src.sizes() != t.sizes()) {
            errors.push_back(str("size mismatch for ", key, ": copying a param with shape ", shape_repr(src.sizes()),
                                 " from checkpoint, the shape in current model is ", shape_repr(t.sizes()), "."));
            continue;
        }
        autograd::NoGradGuard no_grad;
        Tensor dst = t;
        copy_(dst, src);
    }
    // Keys under this prefix naming neither a local entry nor a child are unexpected.
    for (const auto& [key, v] : state) {
        if (key.compare(0, prefix.size(), prefix) != 0) continue;
        std::string rest = key.substr(prefix.size());
        std::string head = rest.substr(0, rest.find('.'));
        bool is_local = std::any_of(local.begin(), local.end(), [&](const auto& e) { return e.first == rest; });
        if (!is_local && !has_child(head)) unexpected.push_back(key);
    }
    for (auto& [n, m] : children_)
        if (m) m->load_from(state, prefix + n + ".", missing, unexpected, errors, not_tensors);
}

LoadStateDictResult Module::load_state_dict(const StateDict& state, bool strict,
                                            const std::map<std::string, std::string>& not_tensors) {
    LoadStateDictResult result;
    std::vector<std::string> errors;
    load_from(state, "", result.missing_keys, result.unexpected_keys, errors, not_tensors);
    auto quoted = [](const std::vector<std::string>& keys) {
        std::string s;
        for (size_t i = 0; i < keys.size(); ++i) s += (i ? ", \"" : "\"") + keys[i] + "\"";
        return s;
    };
    if (strict) {
        if (!result.unexpected_keys.empty())
            errors.insert(errors.begin(), "Unexpected key(s) in state_dict: " + quoted(result.unexpected_keys) + ". ");
        if (!result.missing_keys.empty())
            errors.insert(errors.begin(), "Missing key(s) in state_dict: " + quoted(result.missing_keys) + ". ");
    }
    if (!errors.empty()) {
        std::string msg = "Error(s) in loading state_dict for " + type_name_ + ":";
        for (const std::string& e : errors) msg += "\n\t" + e;
        KILN_FAIL(RuntimeError, msg);
    }
    return result;
}

// ---- modes ---------------------------------------------------------------------------------------

Module& Module::train(bool mode) {
    NestingGuard nesting;
    training_ = mode;
    for (auto& [n, m] : children_)
        if (m) m->train(mode);
    return *this;
}

void Module::zero_grad(bool set_to_none) {
    for (Tensor& p : parameters()) {
        Tensor g = p.grad();
        if (!g.defined()) continue;
        if (set_to_none) {
            p.set_grad(Tensor());
            continue;
        }
        if (autograd::is_sparse_grad(g)) {  // a sparse gradient's zero_(): no entries left
            p.set_grad(autograd::sparse_grad_zeroed(g));
            continue;
        }
        if (g.grad_fn()) {
            g = g.detach();
            p.set_grad(g);
        } else {
            g.impl()->requires_grad = false;
        }
        autograd::NoGradGuard no_grad;
        zero_(g);
    }
}

namespace {
// Python's `t.data = new`: t keeps its identity and autograd flags but takes new's storage/layout.
void set_data(const Tensor& t, const Tensor& src) {
    TensorImpl* impl = t.impl();
    impl->storage = src.impl()->storage;
    impl->sizes = src.sizes();
    impl->strides = src.strides();
    impl->offset = src.storage_offset();
    impl->dtype = src.dtype();
    impl->grad_accumulator.reset();  // its recorded dtype is stale
}
}  // namespace

Module& Module::to(DType dtype) {
    KILN_CHECK(dtype_is_floating(dtype) || dtype_is_complex(dtype), TypeError,
               "nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=", dtype_name(dtype));
    autograd::NoGradGuard no_grad;
    // PyTorch converts floating and complex tensors (t.is_floating_point() or t.is_complex()); integer
    // and bool buffers keep their dtype.
    auto convertible = [](const Tensor& t) { return t.is_floating_point() || t.is_complex(); };
    auto convert = [&](const Tensor& t) {
        if (!t.defined() || !convertible(t) || t.dtype() == dtype) return;
        set_data(t, to_dtype(t.detach(), dtype));
        Tensor g = t.grad();
        if (g.defined() && convertible(g)) set_data(g, to_dtype(g.detach(), dtype));
    };
    for (Module* m : modules()) {
        for (auto& [n, t] : m->params_) convert(t);
        for (auto& b : m->buffers_) convert(b.tensor);
    }
    return *this;
}

Module& Module::to(Device device) {
    autograd::NoGradGuard no_grad;
    auto move = [&](const Tensor& t) {
        if (!t.defined() || t.device() == device) return;
        set_data(t, kiln::to_device(t.detach(), device));
        Tensor g = t.grad();
        if (g.defined()) set_data(g, kiln::to_device(g.detach(), device));
    };
    for (Module* m : modules()) {
        for (auto& [n, t] : m->params_) move(t);
        for (auto& b : m->buffers_) move(b.tensor);
    }
    return *this;
}

Module& Module::to(MemoryFormat format) {
    autograd::NoGradGuard no_grad;
    auto convert = [&](const Tensor& t) {
        if (!t.defined() || (t.dim() != 4 && t.dim() != 5)) return;
        // Tensor.to aliases a tensor whose strides already suggest the format
        if (suggest_memory_format(t) != format) set_data(t, clone_as(t.detach(), format));
        Tensor g = t.grad();
        if (g.defined() && suggest_memory_format(g) != format) set_data(g, clone_as(g.detach(), format));
    };
    for (Module* m : modules()) {
        for (auto& [n, t] : m->params_) convert(t);
        for (auto& b : m->buffers_) convert(b.tensor);
    }
    return *this;
}

}  // namespace kiln::nn
