// print_aten_graph: the aten graph as PyTorch prints its post-grad graphs, so a Kiln graph can be
// read next to a TORCH_LOGS=post_grad_graphs dump line by line.
//
// The format is FX's generated forward (GraphModule.print_readable): inputs named arg0_1, arg1_1,
// ... as AOTAutograd names an inference graph's inputs; each op result named after its op (add,
// add_1, ...; FX never reuses a Python builtin or keyword, so the first sum is sum_1); a type
// annotation "f32[8, 16][16, 1]cpu" (dtype, sizes, strides, device); the call spelled
// torch.ops.aten.<op>.<overload> with positional arguments, keyword-only ones as `name = value`,
// and arguments left at their schema default dropped (FX shows what the caller passed, and
// decompositions pass only what they need); `;  a = b = None` after the last use of a value, which
// is where FX's generated code frees it. Constants, and lists made of constants or values, print
// inline as Python literals; tensor constants print as FX's get_attr lines (_tensor_constant0).
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "graph/op_registry.h"
#include "passes/emit.h"
#include "passes/passes.h"
#include "support/pyrepr.h"

namespace kiln::passes {

using graph::IValue;
using graph::Node;
using graph::Value;

namespace {



// "f32[8, 16][16, 1]cpu", or "" for values without a complete tensor type.
std::string annotation(const Value* v) {
    auto t = tensor_info(v);
    if (!t) return "";
    return std::string(dtype_abbrev(t->dtype)) + shape_str(t->sizes) + shape_str(t->strides) + device_name(t->device);
}

// A Python literal for a constant: None, True, 3, 0.5, 'tanh', [1, 1], (1, 2).
std::string literal(const IValue& v) {
    switch (v.tag) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool: return v.to_bool() ? "True" : "False";
        case IValue::Tag::Int: return std::to_string(v.to_int());
        case IValue::Tag::Double: return py_float_repr(v.to_double());
        case IValue::Tag::String: return py_str_repr(v.to_string());
        case IValue::Tag::Device: return std::string("device(type='") + device_name(v.to_device()) + "')";
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            std::string out = v.is_list() ? "[" : "(";
            const auto& items = v.items();
            for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + literal(items[i]);
            if (v.is_tuple() && items.size() == 1) out += ",";
            return out + (v.is_list() ? "]" : ")");
        }
        default: return v.repr();
    }
}

bool is_python_reserved(const std::string& s) {
    // Keywords and the builtins FX refuses as value names (the ones aten op names can collide with).
    static const std::unordered_set<std::string> reserved = {
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
        "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
        "abs", "all", "any", "bin", "bool", "bytes", "chr", "complex", "dict", "divmod", "filter", "float",
        "format", "hash", "hex", "id", "input", "int", "iter", "len", "list", "map", "max", "min", "next",
        "object", "oct", "open", "ord", "pow", "print", "range", "repr", "reversed", "round", "set", "slice",
        "sorted", "str", "sum", "tuple", "type", "vars", "zip", "self", "torch", "device", "inf", "nan"};
    return reserved.count(s) > 0;
}

class Printer {
public:
    explicit Printer(const graph::Graph& g) : g_(g) {}
    bool named_inputs_ = false;
    const std::unordered_map<const Value*, std::string>& names() const { return names_; }

    std::string run() {
        std::ostringstream out;
        out << "def forward(self";
        for (size_t i = 0; i < g_.inputs().size(); ++i) {
            const Value* v = g_.inputs()[i];
            names_[v] = named_inputs_ && !v->debug_name.empty() ? v->debug_name : "arg" + std::to_string(i) + "_1";
            used_.insert(names_[v]);
            out << ", " << names_[v];
            std::string a = annotation(v);
            if (!a.empty()) out << ": \"" << a << "\"";
        }
        out << "):\n";
        // A graph returning one tuple it builds last (every traced multi-output graph) prints as
        // FX does: `return (a, b)`, without a line for the tuple.
        std::vector<const Value*> outs(g_.outputs().begin(), g_.outputs().end());
        const Node* tuple = nullptr;
        if (outs.size() == 1 && outs[0]->node->kind == "prim::TupleConstruct" && outs[0]->uses.size() == 1) {
            tuple = outs[0]->node;
            outs.assign(tuple->inputs.begin(), tuple->inputs.end());
        }
        compute_last_uses();
        for (const Node* n : g_.block()->nodes)
            if (n != tuple) print_node(n, out);
        out << "    return (";
        for (size_t i = 0; i < outs.size(); ++i) out << (i ? ", " : "") << ref(outs[i]);
        if (outs.size() == 1) out << ",";
        out << ")\n";
        return out.str();
    }

private:
    const graph::Graph& g_;
    std::unordered_map<const Value*, std::string> names_;
    std::unordered_set<std::string> used_;
    std::unordered_map<std::string, int> counts_;
    // For each node, the named values it reads for the last time, in argument order.
    std::unordered_map<const Node*, std::vector<const Value*>> frees_;
    int tensor_constants_ = 0;

    // A 0-dim tensor constant is how a trace records a Python number operand (x * 3): it prints as
    // the number, the way PyTorch's post-grad graphs show scalar operands.
    static bool is_number_tensor(const IValue* x) {
        return x && x->is_tensor() && x->to_tensor().defined() && x->to_tensor().dim() == 0;
    }

    // Printed inline (never a line of their own): non-tensor constants, 0-dim tensor constants, and
    // lists of anything.
    static bool inline_value(const Value* v) {
        const Node* n = v->node;
        if (!n) return false;
        if (n->is_constant()) {
            const IValue* x = n->attr("value");
            return !(x && x->is_tensor()) || is_number_tensor(x);
        }
        return n->kind == "prim::ListConstruct";
    }

    // FX's naming: the base if free, else base_1, base_2, ... (per-base counter).
    std::string fresh(std::string base) {
        for (char& c : base)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
        if (base.empty() || std::isdigit(static_cast<unsigned char>(base[0]))) base = "_" + base;
        std::string name = base;
        int& count = counts_[base];
        while (used_.count(name) || is_python_reserved(name)) name = base + "_" + std::to_string(++count);
        used_.insert(name);
        return name;
    }

    // The named values an argument reads, looking through inline lists.
    void reads(const Value* v, std::vector<const Value*>& out) const {
        if (inline_value(v)) {
            for (const Value* in : v->node->inputs) reads(in, out);
            return;
        }
        out.push_back(v);
    }

    void compute_last_uses() {
        std::unordered_set<const Value*> seen;
        for (const Value* o : g_.outputs()) {
            std::vector<const Value*> r;
            reads(o, r);
            if (o->node->kind == "prim::TupleConstruct")
                for (const Value* i : o->node->inputs) reads(i, r);
            seen.insert(r.begin(), r.end());  // returned values are never freed
        }
        std::vector<const Node*> nodes(g_.block()->nodes.begin(), g_.block()->nodes.end());
        for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
            const Node* n = *it;
            if (!n->outputs.empty() && inline_value(n->outputs[0])) continue;
            std::vector<const Value*> r;
            for (const Value* in : n->inputs) reads(in, r);
            for (const Value* v : r)
                if (seen.insert(v).second) frees_[n].push_back(v);
        }
    }

    std::string ref(const Value* v) const {
        auto it = names_.find(v);
        if (it != names_.end()) return it->second;
        const Node* n = v->node;
        if (n && n->is_constant()) {
            const IValue* x = n->attr("value");
            if (is_number_tensor(x)) {
                const Tensor& t = x->to_tensor();
                if (t.dtype() == DType::Bool) return literal(IValue(t.item().to_double() != 0));
                if (!t.is_floating_point()) return literal(IValue(int64_t(t.item().to_double())));
                return literal(IValue(t.item().to_double()));
            }
            return literal(x ? *x : IValue());
        }
        if (n && n->kind == "prim::ListConstruct") {
            std::string out = "[";
            for (size_t i = 0; i < n->inputs.size(); ++i) out += (i ? ", " : "") + ref(n->inputs[i]);
            return out + "]";
        }
        return "%" + v->name();  // not printed yet: a malformed graph still prints something readable
    }

    // A ScalarType argument holds c10's dtype number, a MemoryFormat c10's format number; Python shows
    // the dtype and the torch.memory_format.
    std::string arg_text(const graph::SchemaArg& a, const Value* v) const {
        auto c = constant_value(v);
        if (c && c->is_int() && a.type_text.find("ScalarType") != std::string::npos)
            if (auto dt = graph::dtype_from_scalar_type_code(c->to_int())) return dtype_name(*dt);
        static const char* const kFormats[] = {"torch.contiguous_format", "torch.preserve_format", "torch.channels_last",
                                               "torch.channels_last_3d"};
        if (c && c->is_int() && c->to_int() >= 0 && c->to_int() < 4 && a.type_text.find("MemoryFormat") != std::string::npos)
            return kFormats[c->to_int()];
        return ref(v);
    }

    bool at_default(const graph::SchemaArg& a, const Value* v) const {
        if (!a.default_value) return false;
        auto c = constant_value(v);
        // `int[2] stride=1` means [1, 1]: compare with the default as the kernel would receive it.
        return c && (graph::ivalue_equal(*c, *a.default_value) ||
                     graph::ivalue_equal(*c, graph::coerce_argument(*a.default_value, a)));
    }

    std::string call_args(const Node* n) const {
        std::vector<std::string> parts;
        if (!n->schema) {
            for (const Value* v : n->inputs) parts.push_back(ref(v));
        } else {
            const auto& args = n->schema->args;
            // Positional arguments up to the last one not at its default; keyword-only ones by name.
            size_t last = 0;
            for (size_t i = 0; i < args.size() && i < n->inputs.size(); ++i)
                if (!args[i].kwarg_only && !at_default(args[i], n->inputs[i])) last = i + 1;
            for (size_t i = 0; i < last; ++i)
                if (!args[i].kwarg_only) parts.push_back(arg_text(args[i], n->inputs[i]));
            for (size_t i = 0; i < args.size() && i < n->inputs.size(); ++i)
                if (args[i].kwarg_only && !at_default(args[i], n->inputs[i]))
                    parts.push_back(args[i].name + " = " + arg_text(args[i], n->inputs[i]));
        }
        std::string out;
        for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
        return out;
    }

    std::string target(const Node* n) const {
        auto sep = n->kind.find("::");
        std::string ns = n->kind.substr(0, sep), op = n->kind.substr(sep + 2);
        if (n->schema) return "torch.ops." + ns + "." + op + "." + (n->schema->overload.empty() ? "default" : n->schema->overload);
        return ns + "." + op;
    }

    std::string free_suffix(const Node* n, const std::vector<const Value*>& extra = {}) const {
        std::vector<const Value*> vs;
        auto it = frees_.find(n);
        if (it != frees_.end()) vs = it->second;
        vs.insert(vs.end(), extra.begin(), extra.end());
        if (vs.empty()) return "";
        std::string out = ";  ";
        for (const Value* v : vs) out += ref(v) + " = ";
        return out + "None";
    }

    void print_node(const Node* n, std::ostringstream& out) {
        if (n->outputs.size() == 1 && inline_value(n->output())) return;
        if (n->is_constant()) {  // a tensor constant: FX's get_attr of a module attribute
            std::string name = "_tensor_constant" + std::to_string(tensor_constants_++);
            names_[n->output()] = name;
            used_.insert(name);
            out << "    " << name << ": \"" << annotation(n->output()) << "\" = self." << name << "\n";
            return;
        }
        if (!n->blocks.empty()) out << "    # " << n->kind << " has nested blocks, not shown\n";
        std::string base = n->kind.substr(n->kind.find("::") + 2);
        std::string call = target(n) + "(" + call_args(n) + ")";
        // A value nobody reads is freed on its own line, as FX does for unused results.
        std::vector<const Value*> unused;
        if (n->outputs.size() == 1) {
            const Value* v = n->output();
            std::string name = fresh(base);
            names_[v] = name;
            if (v->uses.empty()) unused.push_back(v);
            std::string a = annotation(v);
            out << "    " << name << (a.empty() ? "" : ": \"" + a + "\"") << " = " << call << free_suffix(n, unused) << "\n";
            return;
        }
        // Several results: FX binds the tuple, then reads each used element with getitem.
        std::string tuple = fresh(base);
        out << "    " << tuple << " = " << call << free_suffix(n) << "\n";
        size_t last_used = 0;
        for (size_t i = 0; i < n->outputs.size(); ++i)
            if (!n->outputs[i]->uses.empty()) last_used = i;
        for (size_t i = 0; i < n->outputs.size(); ++i) {
            const Value* v = n->outputs[i];
            if (v->uses.empty()) continue;
            std::string name = fresh("getitem");
            names_[v] = name;
            std::string a = annotation(v);
            out << "    " << name << (a.empty() ? "" : ": \"" + a + "\"") << " = " << tuple << "[" << i << "]"
                << (i == last_used ? ";  " + tuple + " = None" : "") << "\n";
        }
    }
};

}  // namespace

std::string print_aten_graph(const graph::Graph& g) { return Printer(g).run(); }

std::string print_aten_graph(const graph::Graph& g, bool named_inputs) {
    Printer p(g);
    p.named_inputs_ = named_inputs;
    return p.run();
}

std::unordered_map<const graph::Value*, std::string> aten_value_names(const graph::Graph& g, bool named_inputs) {
    Printer p(g);
    p.named_inputs_ = named_inputs;
    p.run();
    return p.names();
}

}  // namespace kiln::passes
