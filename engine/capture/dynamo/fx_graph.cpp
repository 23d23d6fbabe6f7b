// The FX-style graph: naming, printing and the reference executor (see fx_graph.h).
#include "capture/dynamo/fx_graph.h"

#include <cctype>
#include <algorithm>
#include <map>
#include <unordered_map>

#include "capture/trace/tracer.h"
#include "support/error.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

vm::Value graph_module(const std::shared_ptr<FxGraph>& graph);  // graph_module.cpp

using vm::Kind;
using vm::Value;

namespace {

// Names FX never gives a node as they are (they would shadow a Python builtin in gm.code).
bool shadows_builtin(const std::string& n) {
    static const char* const names[] = {"sum", "max", "min", "abs", "round", "len", "pow", "all", "any", "getattr",
                                        "list", "tuple", "dict", "int", "float", "bool", "str", "range", "input",
                                        "iter", "next", "map", "filter", "zip", "type", "id", "print", "format"};
    return std::find_if(std::begin(names), std::end(names), [&](const char* b) { return n == b; }) != std::end(names);
}

std::string snake(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') {
            if (i && s[i - 1] != '_') out += '_';
            out += char(c - 'A' + 'a');
        } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
            out += c;
        } else {
            out += '_';
        }
    }
    if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out = "_" + out;
    return out;
}

std::string join_ints(const Shape& s) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
    return out;
}

// Infix spellings FX's code generator uses for operator.* targets.
const std::map<std::string, std::string>& infix_ops() {
    static const std::map<std::string, std::string> m = {
        {"operator.add", "+"},      {"operator.sub", "-"},    {"operator.mul", "*"},  {"operator.truediv", "/"},
        {"operator.floordiv", "//"}, {"operator.mod", "%"},    {"operator.pow", "**"}, {"operator.matmul", "@"},
        {"operator.and_", "&"},     {"operator.or_", "|"},    {"operator.xor", "^"},  {"operator.lshift", "<<"},
        {"operator.rshift", ">>"},  {"operator.lt", "<"},     {"operator.le", "<="},  {"operator.gt", ">"},
        {"operator.ge", ">="},      {"operator.eq", "=="},    {"operator.ne", "!="},
    };
    return m;
}

// FX's inplace_methods: an in-place operator node prints as the statement itself, then binds its
// name to the updated operand (`l_x_ += 1;  x = l_x_`), as graph.py's codegen does for the
// operator.i* targets Dynamo records for `x += 1`.
const std::map<std::string, std::string>& inplace_ops() {
    static const std::map<std::string, std::string> m = {
        {"operator.iadd", "+="},  {"operator.isub", "-="},  {"operator.imul", "*="},   {"operator.itruediv", "/="},
        {"operator.ifloordiv", "//="}, {"operator.imod", "%="}, {"operator.ipow", "**="}, {"operator.imatmul", "@="},
        {"operator.iand", "&="},  {"operator.ior", "|="},   {"operator.ixor", "^="},   {"operator.ilshift", "<<="},
        {"operator.irshift", ">>="},
    };
    return m;
}

Value map_args(vm::Interpreter& in, const Value& v, const std::unordered_map<const FxNode*, Value>& env) {
    if (auto* n = vm::native_cast<FxNode>(v)) {
        auto it = env.find(n);
        if (it == env.end()) KILN_FAIL(RuntimeError, "FX graph: node ", n->name, " used before it is defined");
        return it->second;
    }
    if (auto* t = v.as<vm::Tuple>()) {
        std::vector<Value> items;
        for (const Value& x : t->items) items.push_back(map_args(in, x, env));
        return vm::new_tuple(std::move(items));
    }
    if (auto* l = v.as<vm::List>()) {
        std::vector<Value> items;
        for (const Value& x : l->items) items.push_back(map_args(in, x, env));
        return vm::new_list(std::move(items));
    }
    if (auto* sl = v.as<vm::Slice>()) {
        // a slice bound that is a node (x[:, :H - 1] with H a size symbol): torch.fx's map_aggregate
        // maps slices too
        return Value(vm::make<vm::Slice>(map_args(in, sl->start, env), map_args(in, sl->stop, env),
                                         map_args(in, sl->step, env)).get());
    }
    return v;
}

void collect_nodes(const Value& v, std::vector<const FxNode*>& out) {
    if (auto* n = vm::native_cast<FxNode>(v)) {
        out.push_back(n);
    } else if (auto* t = v.as<vm::Tuple>()) {
        for (const Value& x : t->items) collect_nodes(x, out);
    } else if (auto* l = v.as<vm::List>()) {
        for (const Value& x : l->items) collect_nodes(x, out);
    } else if (auto* sl = v.as<vm::Slice>()) {
        for (const Value* x : {&sl->start, &sl->stop, &sl->step}) collect_nodes(*x, out);
    }
}

std::vector<const FxNode*> node_inputs(const FxNode& n) {
    std::vector<const FxNode*> out;
    collect_nodes(n.args, out);
    for (const auto& kw : n.kwargs) collect_nodes(kw.second, out);
    return out;
}

// The values that die at each node: dead[i] lists, once each and in the order node i reads them,
// the values whose last user is node i (the printed code clears them with `;  a = b = None`, and
// run() drops them, as FX's Interpreter does).
std::vector<std::vector<const FxNode*>> dead_after(const std::vector<vm::Ref<FxNode>>& nodes) {
    std::vector<std::vector<const FxNode*>> inputs(nodes.size()), dead(nodes.size());
    std::unordered_map<const FxNode*, size_t> last_use;
    for (size_t i = 0; i < nodes.size(); ++i) {
        inputs[i] = node_inputs(*nodes[i]);
        for (const FxNode* x : inputs[i]) last_use[x] = i;
    }
    for (size_t i = 0; i < nodes.size(); ++i)
        for (const FxNode* x : inputs[i])
            if (last_use[x] == i && std::find(dead[i].begin(), dead[i].end(), x) == dead[i].end()) dead[i].push_back(x);
    // A node nothing reads (an in-place op kept for its effect: `div_ = t.div_(0.9)`) dies at once,
    // after the values it used up, as FX's delete_unused_values does for a user without users.
    for (size_t i = 0; i < nodes.size(); ++i)
        if (nodes[i]->op != FxOp::Placeholder && nodes[i]->op != FxOp::Output && !last_use.count(nodes[i].get()))
            dead[i].push_back(nodes[i].get());
    return dead;
}

}  // namespace

vm::Type* fx_node_type() {
    static vm::Type* t = vm::make_builtin_type("Node", vm::types().object, Kind::Native, "torch.fx.node");
    return t;
}

const char* fx_op_name(FxOp op) {
    switch (op) {
        case FxOp::Placeholder: return "placeholder";
        case FxOp::GetAttr: return "get_attr";
        case FxOp::CallFunction: return "call_function";
        case FxOp::CallMethod: return "call_method";
        case FxOp::CallModule: return "call_module";
        case FxOp::Output: return "output";
    }
    return "?";
}

FxNode::FxNode() : vm::NativeObj(fx_node_type()) {}

void FxNode::clear() {
    target = Value();
    args = Value();
    kwargs.clear();
    example = Value();
    type = Value();
}

FxNode* FxGraph::add(FxOp op, const std::string& base) {
    std::string b = snake(base);
    std::string name = b;
    auto it = std::find_if(used_.begin(), used_.end(), [&](const auto& p) { return p.first == b; });
    if (it == used_.end()) {
        used_.push_back({b, 0});
        if (shadows_builtin(b)) name = b + "_1", used_.back().second = 1;
    } else {
        name = b + "_" + std::to_string(++it->second);
    }
    auto n = vm::make<FxNode>();
    n->op = op;
    n->name = op == FxOp::Output ? "output" : name;
    n->args = vm::new_tuple({});
    nodes.push_back(n);
    return n.get();
}

void FxGraph::rename(FxNode* n, const std::string& name) {
    if (n->name_set || n->op == FxOp::Placeholder || n->op == FxOp::Output) return;
    n->name_set = true;
    // FX's Namespace.create_name keeps the stored variable's name as written (`X = ...` names the
    // node X): only characters illegal in an identifier become '_'; snake case is for targets' names
    std::string b;
    for (char c : name) b += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (b.empty() || std::isdigit(static_cast<unsigned char>(b[0]))) b = "_" + b;
    auto taken = [&](const std::string& c) {
        for (const auto& m : nodes)
            if (m.get() != n && m->name == c) return true;
        if (std::find(claimed_.begin(), claimed_.end(), c) != claimed_.end()) return true;
        return shadows_builtin(c);
    };
    std::string cand = b;
    auto it = std::find_if(used_.begin(), used_.end(), [&](const auto& p) { return p.first == b; });
    if (it == used_.end()) {
        used_.push_back({b, 0});
        it = used_.end() - 1;
    }
    while (taken(cand)) cand = b + "_" + std::to_string(++it->second);
    n->name = cand;
}

std::string FxGraph::claim_name(const std::string& candidate) {
    std::string base = candidate;
    long num = 0;
    size_t us = candidate.rfind('_');
    if (us != std::string::npos && us + 1 < candidate.size() && candidate.size() - us - 1 < 9 &&
        std::all_of(candidate.begin() + long(us) + 1, candidate.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        base = candidate.substr(0, us);
        num = std::stol(candidate.substr(us + 1));
    }
    auto it = std::find_if(used_.begin(), used_.end(), [&](const auto& p) { return p.first == base; });
    if (it == used_.end()) {
        used_.push_back({base, 0});
        it = used_.end() - 1;
    }
    std::string cand = num ? base + "_" + std::to_string(num) : base;
    if (!num) num = it->second;
    auto taken = [&](const std::string& c) {
        for (const auto& m : nodes)
            if (m->name == c) return true;
        return std::find(claimed_.begin(), claimed_.end(), c) != claimed_.end() || shadows_builtin(c);
    };
    while (taken(cand)) cand = base + "_" + std::to_string(++num);
    it->second = int(num);
    claimed_.push_back(cand);
    return cand;
}

void FxGraph::take_name(const std::string& base) {
    std::string b = snake(base);
    auto it = std::find_if(used_.begin(), used_.end(), [&](const auto& p) { return p.first == b; });
    if (it == used_.end()) used_.push_back({b, shadows_builtin(b) ? 1 : 0});
    else ++it->second;
}

const FxGraph* FxGraph::submodule(const std::string& name) const {
    for (const auto& [n, g] : submodules)
        if (n == name) return g.get();
    return nullptr;
}

namespace {
// torch.nn.modules.module._addindent: every line but the first indented (blank ones too).
std::string fx_addindent(const std::string& s, int spaces) {
    if (s.find('\n') == std::string::npos) return s;
    std::string out, pad(size_t(spaces), ' ');
    size_t start = 0;
    bool first = true;
    while (true) {
        size_t nl = s.find('\n', start);
        std::string line = s.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        out += first ? line : "\n" + pad + line;
        first = false;
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    return out;
}

std::string readable_module(vm::Interpreter& in, const FxGraph& g, const std::string& name, bool strides) {
    std::string code = g.python_code(in, true, strides);
    code.erase(0, code.find_first_not_of('\n'));
    std::string module_code = fx_addindent("class " + name + "(torch.nn.Module):\n" + code, 4);
    std::string subs;
    for (const auto& [sub_name, sub] : g.submodules) subs += "\n" + readable_module(in, *sub, sub_name, strides);
    return module_code + fx_addindent(subs, 4);
}
}  // namespace

std::string FxGraph::readable(vm::Interpreter& in, const std::string& name, bool strides) const {
    // PyTorch 2.11's printout has no trailing blanks on its lines.
    std::string all = readable_module(in, *this, name, strides), out;
    size_t start = 0;
    while (true) {
        size_t nl = all.find('\n', start);
        std::string line = all.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        line.erase(line.find_last_not_of(' ') + 1);
        out += line;
        if (nl == std::string::npos) break;
        out += "\n";
        start = nl + 1;
    }
    return out;
}

FxNode* FxGraph::output() const {
    return !nodes.empty() && nodes.back()->op == FxOp::Output ? nodes.back().get() : nullptr;
}

void FxGraph::count_users() {
    for (auto& n : nodes) n->users = 0;
    for (auto& n : nodes) {
        auto ins = node_inputs(*n);
        std::sort(ins.begin(), ins.end());
        ins.erase(std::unique(ins.begin(), ins.end()), ins.end());
        for (const FxNode* i : ins) const_cast<FxNode*>(i)->users++;
    }
}

int FxGraph::op_count() const {
    int c = 0;
    for (const auto& n : nodes) c += n->op == FxOp::CallFunction;
    return c;
}

// How FX prints a placeholder's type (torch.fx.node._type_repr): module.qualname, builtins bare.
std::string placeholder_type(const FxNode& n) {
    if (n.is_symint) return "torch.SymInt";
    const vm::Type* cls = n.type.is_null() ? nullptr : n.type.as<vm::Type>();
    if (!cls) return "torch.Tensor";
    return cls->module == "builtins" || cls->module.empty() ? cls->name : cls->module + "." + cls->name;
}

std::string tensor_annotation(const Value& example, bool strides) {
    auto* t = example.as<vm::TensorObj>();
    if (!t) return "";
    const Tensor& x = t->tensor;
    if (!strides) return std::string(dtype_abbrev(x.dtype())) + "[" + join_ints(x.sizes()) + "]";
    return std::string(dtype_abbrev(x.dtype())) + "[" + join_ints(x.sizes()) + "][" + join_ints(x.strides()) + "]" +
           (x.device() == Device::CUDA ? "cuda:0" : "cpu");
}

std::string fx_arg_repr(vm::Interpreter& in, const Value& v, bool percent) {
    if (auto* n = vm::native_cast<FxNode>(v)) return (percent ? "%" : "") + n->name;
    if (auto* t = v.as<vm::Tuple>()) {
        if (vm::type_of(v) != vm::types().tuple) return vm::repr(in, v);  // torch.Size
        std::string s = "(";
        for (size_t i = 0; i < t->items.size(); ++i) s += (i ? ", " : "") + fx_arg_repr(in, t->items[i], percent);
        return s + (t->items.size() == 1 ? ",)" : ")");
    }
    if (auto* l = v.as<vm::List>()) {
        std::string s = "[";
        for (size_t i = 0; i < l->items.size(); ++i) s += (i ? ", " : "") + fx_arg_repr(in, l->items[i], percent);
        return s + "]";
    }
    return vm::repr(in, v);
}

namespace {

std::string kwargs_repr(vm::Interpreter& in, const FxNode& n, bool percent) {
    std::string s = "{";
    for (size_t i = 0; i < n.kwargs.size(); ++i)
        s += (i ? ", " : "") + n.kwargs[i].first + ": " + fx_arg_repr(in, n.kwargs[i].second, percent);
    return s + "}";
}

std::string target_text(const FxNode& n) {
    if (n.op == FxOp::Output) return "output";
    return n.target_name;
}

// A call_function target as print_tabular shows it: the callable's repr, except for the functions Kiln
// writes in Python where PyTorch has a C function of a torch._C module (torch.fft.rfft is
// torch._C._fft.fft_rfft): PyTorch's repr of that builtin, `<built-in function fft_rfft>`.
std::string call_target_repr(vm::Interpreter& in, const FxNode& n) {
    const std::string prefix = "torch._C.";
    if (n.target.is(Kind::Function) && n.target_name.compare(0, prefix.size(), prefix) == 0)
        return "<built-in function " + n.target_name.substr(n.target_name.rfind('.') + 1) + ">";
    return vm::repr(in, n.target);
}

}  // namespace

std::string FxGraph::str(vm::Interpreter& in) const {
    std::string s = "graph():\n";
    for (const auto& n : nodes) {
        if (n->op == FxOp::Output) {
            s += "    return " + fx_arg_repr(in, n->args.get<vm::Tuple>()->items[0], false) + "\n";
            continue;
        }
        s += "    %" + n->name + " : " + (n->op == FxOp::Placeholder && !n->untyped ? placeholder_type(*n) + " " : "") +
             "[num_users=" + std::to_string(n->users) + "] = " + fx_op_name(n->op) + "[target=" + target_text(*n) + "]";
        if (n->op != FxOp::Placeholder && n->op != FxOp::GetAttr)
            s += "(args = " + fx_arg_repr(in, n->args, true) + ", kwargs = " + kwargs_repr(in, *n, true) + ")";
        s += "\n";
    }
    return s;
}

std::string FxGraph::tabular(vm::Interpreter& in) const {
    std::vector<std::vector<std::string>> rows = {{"opcode", "name", "target", "args", "kwargs"}};
    for (const auto& n : nodes) {
        std::string target = n->op == FxOp::CallFunction ? call_target_repr(in, *n) : target_text(*n);
        // print_tabular's cells are str() of the node's fields: the kwargs dict's repr, keys quoted
        std::string kw = "{";
        for (size_t i = 0; i < n->kwargs.size(); ++i)
            kw += (i ? ", " : "") + vm::repr(in, vm::new_str(n->kwargs[i].first)) + ": " + fx_arg_repr(in, n->kwargs[i].second, false);
        rows.push_back({fx_op_name(n->op), n->name, target, fx_arg_repr(in, n->args, false), kw + "}"});
    }
    // tabulate's "simple" format: each column at least its header plus 2
    std::vector<size_t> width(5, 0);
    for (size_t c = 0; c < 5; ++c) width[c] = rows[0][c].size() + 2;
    for (const auto& r : rows)
        for (size_t c = 0; c < 5; ++c) width[c] = std::max(width[c], r[c].size());
    auto line = [&](const std::vector<std::string>& r) {
        std::string s;
        for (size_t c = 0; c < 5; ++c) {
            std::string cell = r[c];
            if (c + 1 < 5) cell.resize(width[c], ' ');
            s += (c ? "  " : "") + cell;
        }
        return s + "\n";
    };
    std::string s = line(rows[0]);
    std::vector<std::string> dashes;
    for (size_t c = 0; c < 5; ++c) dashes.push_back(std::string(width[c], '-'));
    s += line(dashes);
    for (size_t i = 1; i < rows.size(); ++i) s += line(rows[i]);
    return s;
}

std::string FxGraph::python_code(vm::Interpreter& in, bool annotated, bool strides) const {
    const std::vector<std::vector<const FxNode*>> dead = dead_after(nodes);

    std::string sig, body, last_where;
    for (size_t i = 0; i < nodes.size(); ++i) {
        const FxNode& n = *nodes[i];
        std::string expr;
        switch (n.op) {
            case FxOp::Placeholder: {
                std::string target = vm::str_of(n.target);
                std::string ann = annotated ? ": \"" + (n.is_symint ? "Sym(" + n.name + ")" : tensor_annotation(n.example, strides)) + "\""
                                            : (n.untyped ? std::string() : " : " + placeholder_type(n));
                sig += ", " + target + ann;
                if (n.name != target) body += "    " + n.name + " = " + target + "\n";
                continue;
            }
            case FxOp::Output:
                body += "    return " + fx_arg_repr(in, n.args.get<vm::Tuple>()->items[0], false) + "\n";
                continue;
            case FxOp::GetAttr: expr = "self." + n.target_name; break;
            case FxOp::CallModule: expr = "self." + n.target_name + "(" ; break;
            case FxOp::CallFunction:
            case FxOp::CallMethod: break;
        }
        const auto& args = n.args.get<vm::Tuple>()->items;
        auto arglist = [&](size_t from) {
            std::string s;
            for (size_t k = from; k < args.size(); ++k) s += (s.empty() ? "" : ", ") + fx_arg_repr(in, args[k], false);
            for (const auto& kw : n.kwargs) s += (s.empty() ? "" : ", ") + kw.first + " = " + fx_arg_repr(in, kw.second, false);
            return s;
        };
        auto infix = infix_ops().find(n.target_name);
        auto inplace = inplace_ops().find(n.target_name);
        std::string stmt;  // an in-place operator's own statement, before `name = operand`
        if (n.op == FxOp::CallFunction && inplace != inplace_ops().end() && args.size() == 2 && n.kwargs.empty()) {
            stmt = fx_arg_repr(in, args[0], false) + " " + inplace->second + " " + fx_arg_repr(in, args[1], false);
            expr = fx_arg_repr(in, args[0], false);
        } else if (n.op == FxOp::CallFunction && infix != infix_ops().end() && args.size() == 2 && n.kwargs.empty()) {
            expr = fx_arg_repr(in, args[0], false) + " " + infix->second + " " + fx_arg_repr(in, args[1], false);
        } else if (n.op == FxOp::CallFunction && n.target_name == "operator.getitem" && args.size() == 2) {
            expr = fx_arg_repr(in, args[0], false) + "[" + fx_arg_repr(in, args[1], false) + "]";
        } else if (n.op == FxOp::CallFunction && n.target_name == "operator.neg" && args.size() == 1) {
            expr = "-" + fx_arg_repr(in, args[0], false);
        } else if (n.op == FxOp::CallFunction) {
            expr = n.target_name + "(" + arglist(0) + ")";
        } else if (n.op == FxOp::CallMethod) {
            expr = fx_arg_repr(in, args.empty() ? Value::none() : args[0], false) + "." + n.target_name + "(" + arglist(1) + ")";
        } else if (n.op == FxOp::CallModule) {
            expr += arglist(0) + ")";
        }
        if (annotated && !n.stack.empty()) {
            // One `# File:` comment (after a blank line) per run of nodes from the same source line.
            const UserFrame& u = n.stack.back();
            std::string where = u.filename + ":" + std::to_string(u.line) + " in " + u.function;
            if (where != last_where)
                body += "    \n    # File: " + where + ", code: " + u.code + "\n";
            last_where = where;
        }
        std::string ann = annotated && n.example.is(Kind::Tensor) ? ": \"" + tensor_annotation(n.example, strides) + "\"" : "";
        std::string line = "    " + (stmt.empty() ? "" : stmt + ";  ") + n.name + ann + " = " + expr;
        if (!dead[i].empty()) {
            line += ";  ";
            for (const FxNode* d : dead[i]) line += d->name + " = ";
            line += "None";
        }
        body += line + "\n";
    }
    return "\n\n\ndef forward(self" + sig + "):\n" + body + "    ";
}

Value FxGraph::run(vm::Interpreter& in, const std::vector<Value>& inputs) const {
    // Each value is dropped after its last user, so a chain holds two or three intermediates at a
    // time, not all of them (a 9-op chain over 64 MB tensors: ~192 MB at its peak instead of 640).
    const std::vector<std::vector<const FxNode*>> dead = dead_after(nodes);
    std::unordered_map<const FxNode*, Value> env;
    size_t next_input = 0;
    // Under a tracer (the back end re-tracing this graph into aten ops), each op recorded takes the
    // user line of the FX node that ran it: the deepest frame in the compiled function's own file.
    struct Pin {
        Tracer* tr = current_tracer();
        bool was = tr ? tr->loc_pinned : false;
        graph::SourceLoc old = tr ? tr->loc : graph::SourceLoc{};
        ~Pin() {
            if (tr) {
                tr->loc_pinned = was;
                tr->loc = old;
            }
        }
    } pin;
    for (size_t i = 0; i < nodes.size(); ++i) {
        const auto& n = nodes[i];
        if (i > 0)
            for (const FxNode* x : dead[i - 1]) env.erase(x);
        if (pin.tr) {
            graph::SourceLoc loc;
            if (!n->stack.empty()) {
                loc.file = n->stack.front().filename;
                for (const UserFrame& f : n->stack)
                    if (f.filename == loc.file && f.line > 0) loc.line = f.line;
            }
            pin.tr->loc = loc;
            pin.tr->loc_pinned = true;
        }
        switch (n->op) {
            case FxOp::Placeholder:
                if (next_input >= inputs.size())
                    vm::raise(vm::types().TypeError, "forward() missing required positional argument: '" +
                                                         vm::str_of(n->target) + "'");
                env[n.get()] = inputs[next_input++];
                break;
            case FxOp::Output: return map_args(in, n->args.get<vm::Tuple>()->items[0], env);
            case FxOp::GetAttr:
                if (n->target.is(Kind::Str)) {
                    // A branch of a torch.cond: a GraphModule the higher-order op calls.
                    bool found = false;
                    for (const auto& [name, g] : submodules)
                        if (name == vm::str_of(n->target)) {
                            env[n.get()] = graph_module(g);
                            found = true;
                        }
                    if (found) break;
                }
                [[fallthrough]];
            case FxOp::CallModule:
            case FxOp::CallFunction:
            case FxOp::CallMethod: {
                Value args = map_args(in, n->args, env);
                auto& a = args.get<vm::Tuple>()->items;
                std::vector<Value> all = a;
                std::vector<Value> names;
                for (const auto& kw : n->kwargs) {
                    all.push_back(map_args(in, kw.second, env));
                    names.push_back(vm::new_str(kw.first));
                }
                Value kwnames = vm::new_tuple(names);
                vm::CallArgs c;
                if (n->op == FxOp::CallMethod) {
                    Value fn = vm::getattr(in, all[0], vm::str_of(n->target));
                    c.args = all.data() + 1;
                    c.nargs = a.size() - 1;
                    c.kwvalues = all.data() + a.size();
                    c.nkw = n->kwargs.size();
                    c.kwnames = kwnames.get<vm::Tuple>();
                    env[n.get()] = in.call(fn, c);
                } else {
                    c.args = all.data();
                    c.nargs = a.size();
                    c.kwvalues = all.data() + a.size();
                    c.nkw = n->kwargs.size();
                    c.kwnames = kwnames.get<vm::Tuple>();
                    env[n.get()] = in.call(n->target, c);
                }
                break;
            }
        }
    }
    KILN_FAIL(RuntimeError, "FX graph has no output node");
}

}  // namespace kiln::capture::dynamo
