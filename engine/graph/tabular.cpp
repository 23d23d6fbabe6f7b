// graph.print_tabular() (see tabular.h): rows collected by a walk of the graph, then laid out the
// way the `tabulate` package's default ("simple") format lays out FX's table: left-aligned columns
// two spaces apart, a dashed rule under the header, no trailing spaces.
#include "graph/tabular.h"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "graph/op_registry.h"

namespace kiln::graph {

namespace {

using Row = std::array<std::string, 5>;  // opcode, name, target, args, kwargs

struct Tabulator {
    std::vector<Row> rows;
    std::unordered_map<const Value*, std::string> attr_paths;  // GetAttr results: "lin.weight"

    // How a value appears in args: constants as their literal, everything else by name.
    std::string ref(const Value* v) const {
        const Node* p = v->node;
        if (p && p->is_constant()) {
            const IValue* c = p->attr("value");
            if (!c) return "None";
            if (c->is_tensor()) return "<Tensor>";
            if (c->is_bool()) return c->to_bool() ? "True" : "False";  // Python's spelling, not c10's 1/0
            return c->repr();
        }
        return v->name();
    }

    std::string tuple(const std::vector<std::string>& items) const {
        std::string s = "(";
        for (size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + items[i];
        if (items.size() == 1) s += ",";
        return s + ")";
    }

    std::string names(const std::vector<Value*>& vs) const {
        std::string s;
        for (size_t i = 0; i < vs.size(); ++i) s += (i ? ", " : "") + vs[i]->name();
        return s;
    }

    void node(const Node* n, int depth) {
        if (n->is_constant()) return;
        const std::string indent(size_t(depth) * 2, ' ');
        std::string name = indent + (n->outputs.empty() ? std::string("(none)") : names(n->outputs));
        std::vector<std::string> args;
        std::vector<std::string> kwargs;
        std::string opcode = "call_function", target = n->kind;
        if (n->kind == "prim::GetAttr" && n->inputs.size() == 1 && n->attr("name")) {
            opcode = "get_attr";
            auto it = attr_paths.find(n->input(0));
            std::string base = it != attr_paths.end() ? it->second + "." : std::string();
            bool from_self = it != attr_paths.end() || n->input(0)->debug_name.rfind("self", 0) == 0;
            target = base + n->attr("name")->to_string();
            if (!n->outputs.empty()) attr_paths[n->output()] = target;
            if (!from_self) args.push_back(ref(n->input(0)));
        } else if (n->kind == "prim::CallMethod" && n->attr("name")) {
            opcode = "call_method";
            target = n->attr("name")->to_string();
            for (const Value* in : n->inputs) args.push_back(ref(in));
        } else {
            if (n->schema) target = n->schema->qualified();
            else if (const IValue* fn = n->attr("name"); fn && fn->is_string()) target = n->kind + "[" + fn->to_string() + "]";
            for (size_t i = 0; i < n->inputs.size(); ++i) {
                bool kw = n->schema && i < n->schema->args.size() && n->schema->args[i].kwarg_only;
                if (kw) kwargs.push_back(n->schema->args[i].name + ": " + ref(n->inputs[i]));
                else args.push_back(ref(n->inputs[i]));
            }
        }
        std::string kw = "{";
        for (size_t i = 0; i < kwargs.size(); ++i) kw += (i ? ", " : "") + kwargs[i];
        rows.push_back({opcode, name, target, tuple(args), kw + "}"});
        for (size_t i = 0; i < n->blocks.size(); ++i) {
            const Block* b = n->blocks[i];
            std::vector<std::string> params;
            for (const Value* p : b->params()) params.push_back(p->name());
            rows.push_back({"block", indent + "  block" + std::to_string(i), "", tuple(params), "{}"});
            block(b, depth + 2);
            std::vector<std::string> rets;
            for (const Value* r : b->returns()) rets.push_back(ref(r));
            rows.push_back({"->", indent + "  ->", "", tuple(rets), "{}"});
        }
    }

    void block(const Block* b, int depth) {
        for (const Node* n : b->nodes) node(n, depth);
    }
};

}  // namespace

std::string graph_tabular(const Graph& g) {
    Tabulator t;
    t.rows.push_back({"opcode", "name", "target", "args", "kwargs"});
    for (const Value* in : g.inputs()) {
        // A module's `self` is where get_attr paths start; it is a placeholder like any input.
        std::string target = in->debug_name.empty() ? in->name() : in->debug_name.substr(0, in->debug_name.find('.'));
        t.rows.push_back({"placeholder", in->name(), target, "()", "{}"});
    }
    t.block(g.block(), 0);
    std::vector<std::string> outs;
    for (const Value* o : g.outputs()) outs.push_back(t.ref(o));
    std::string result = outs.size() == 1 ? outs[0] : t.tuple(outs);
    t.rows.push_back({"output", "output", "output", "(" + result + ",)", "{}"});

    std::array<size_t, 5> width{};
    for (const Row& r : t.rows)
        for (size_t c = 0; c < 5; ++c) width[c] = std::max(width[c], r[c].size());
    auto line = [&](const Row& r) {
        std::string s;
        for (size_t c = 0; c < 5; ++c) {
            s += r[c];
            if (c + 1 < 5) s += std::string(width[c] - r[c].size() + 2, ' ');
        }
        while (!s.empty() && s.back() == ' ') s.pop_back();
        return s + "\n";
    };
    std::string out = line(t.rows[0]);
    Row rule;
    for (size_t c = 0; c < 5; ++c) rule[c] = std::string(width[c], '-');
    out += line(rule);
    for (size_t i = 1; i < t.rows.size(); ++i) out += line(t.rows[i]);
    return out;
}

}  // namespace kiln::graph
