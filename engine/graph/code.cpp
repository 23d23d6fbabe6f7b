// The Python-like printout of a graph (what `.code` shows): the graph read back as TorchScript
// source, the way PyTorch's Python printer presents traced and scripted code.
//
//   def f(x: Tensor,
//     n: int) -> Tensor:
//     _0 = torch.relu(torch.add(x, CONSTANTS.c0))
//     if bool(torch.gt(torch.sum(_0), 0)):
//       _1 = _0
//     else:
//       _1 = torch.neg(_0)
//     return torch.view(_1, [n, -1])
//
// Operators print as torch.<name>(...) with trailing arguments that equal the schema's defaults
// left out; a value used once, right where it is made, is written inline; tensor constants become
// CONSTANTS.cN; prim::If and prim::Loop print as if / for / while blocks assigning their outputs.
#include <algorithm>
#include <cctype>
#include <climits>
#include <functional>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "graph/code.h"
#include "graph/op_registry.h"
#include "support/pyrepr.h"

namespace kiln::graph {

namespace {

std::string literal(const IValue& v) {
    switch (v.tag) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool: return v.u.b ? "True" : "False";
        case IValue::Tag::Int: return std::to_string(v.u.i);
        // printConstant writes IValue::repr: an integral float is "1.", others take 17 digits.
        case IValue::Tag::Double: return v.repr();
        // python_print's printConstant: IValue::repr, c10::printQuotedString's double quotes.
        case IValue::Tag::String: return v.repr();
        case IValue::Tag::Device: return std::string("torch.device(\"") + device_name(v.u.dev) + "\")";
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            std::string s = v.is_list() ? "[" : "(";
            for (size_t i = 0; i < v.seq->size(); ++i) s += (i ? ", " : "") + literal((*v.seq)[i]);
            if (v.is_tuple() && v.seq->size() == 1) s += ",";
            return s + (v.is_list() ? "]" : ")");
        }
        default: return "<" + std::to_string(int(v.tag)) + ">";
    }
}

// Names the printer never gives a value: `_` (the base of temporaries) and what the TorchScript
// parser reserves (python_print.cpp's reserved_names).
const std::unordered_set<std::string>& reserved_names() {
    static const std::unordered_set<std::string> names = {
        "_",      "as",     "aten",     "attribute", "CONSTANTS", "fork",   "getattr",  "inf",     "nan",
        "infj",   "nanj",   "ops",      "__torch__", "and",       "assert", "async",    "await",   "break",
        "class",  "continue", "def",    "del",       "elif",      "else",   "except",   "False",   "finally",
        "for",    "from",   "global",   "if",        "import",    "in",     "is",       "lambda",  "None",
        "nonlocal", "not",  "or",       "pass",      "raise",     "return", "True",     "try",     "with",
        "while",  "yield",  "uninitialized", "unchecked_cast"};
    return names;
}

// x.1 -> x: the name a value was given, without the suffix that kept it unique in the graph.
std::string debug_name_base(const std::string& name) {
    auto dot = name.rfind('.');
    if (dot == std::string::npos || dot + 1 == name.size()) return name;
    for (size_t i = dot + 1; i < name.size(); ++i)
        if (name[i] < '0' || name[i] > '9') return name;
    return name.substr(0, dot);
}

struct Printer {
    const Graph& g;
    std::ostringstream os;
    std::unordered_map<const Value*, std::string> names;    // values bound to a Python name
    std::unordered_map<const Value*, std::string> inlined;  // values written as an expression
    std::unordered_set<const Value*> annotated;             // Optional/Union targets given their type
    std::unordered_map<const Value*, std::string> tensor_constants;
    std::unordered_set<std::string> used;                   // names taken in this function
    std::unordered_map<std::string, int> next_id;
    std::unordered_set<const Node*> inline_nodes;           // nodes written inside their user
    std::unordered_map<const Node*, int64_t> split_uses;     // long-line splitting's progress per user
    std::unordered_set<const Node*> hoisted;                // long constants written at the top

    // A fresh name from `candidate`: itself if free, else candidate0, candidate1, ... (genNameImpl);
    // temporaries come from the reserved "_" as _0, _1, ...
    std::string gen_name(const std::string& candidate) {
        std::string name = candidate;
        while (used.count(name) || reserved_names().count(name)) name = candidate + std::to_string(next_id[name]++);
        used.insert(name);
        return name;
    }

    std::string fresh() { return gen_name("_"); }

    std::string name_of(const Value* v) {
        auto it = names.find(v);
        if (it != names.end()) return it->second;
        std::string n = gen_name(v->debug_name.empty() ? "_" : debug_name_base(v->debug_name));
        names[v] = n;
        return n;
    }

    std::string expr(const Value* v) {
        auto it = inlined.find(v);
        if (it != inlined.end()) return it->second;
        return name_of(v);
    }

    std::string args_of(const Node* n) {
        std::string s;
        size_t count = n->inputs.size();
        if (n->schema) {
            // Trailing arguments equal to their defaults are left out, as a person would write the call.
            while (count > 0) {
                const SchemaArg& a = n->schema->args[count - 1];
                const Node* src = n->inputs[count - 1]->node;
                if (!a.default_value || !src || !src->is_constant()) break;
                const IValue* val = src->attr("value");
                IValue c = val ? *val : IValue();
                if (!ivalue_equal(c, *a.default_value)) break;
                --count;
            }
        }
        for (size_t i = 0; i < count; ++i) {
            if (i) s += ", ";
            if (n->schema && n->schema->args[i].kwarg_only) s += n->schema->args[i].name + "=";
            s += expr(n->inputs[i]);
        }
        return s;
    }

    // The expression a node computes (single-output nodes).
    std::string node_expr(const Node* n) {
        const std::string& k = n->kind;
        if (k == "prim::Constant") {
            const IValue* v = n->attr("value");
            if (v && v->is_tensor()) {
                auto it = tensor_constants.find(n->output());
                if (it == tensor_constants.end())
                    it = tensor_constants.emplace(n->output(), "CONSTANTS.c" + std::to_string(tensor_constants.size()))
                             .first;
                return it->second;
            }
            // A Function constant (a scripted call's callee) prints as its qualified name.
            if (!v && n->output()->type->kind == TypeKind::Function && !n->output()->type->name.empty())
                return n->output()->type->name;
            return v ? literal(*v) : "None";
        }
        // python_print annotates a list or dict whose element type its members cannot tell: an
        // empty one, or one of Optional/Union/Number/Any elements (elementTypeCanBeInferredFromMembers).
        auto inferable = [](const TypePtr& t) {
            return t->kind != TypeKind::Optional && t->kind != TypeKind::Number &&
                   t->kind != TypeKind::Any;
        };
        if (k == "prim::ListConstruct") {
            std::string list = "[" + args_of(n) + "]";
            const TypePtr& t = n->output()->type;
            if (t->kind == TypeKind::List && (n->inputs.empty() || !inferable(t->contained[0])))
                return "annotate(" + t->annotation_str() + ", " + list + ")";
            return list;
        }
        if (k == "prim::DictConstruct") {
            std::string d = "{";
            for (size_t i = 0; i + 1 < n->inputs.size(); i += 2)
                d += (i ? ", " : "") + expr(n->inputs[i]) + ": " + expr(n->inputs[i + 1]);
            d += "}";
            const TypePtr& t = n->output()->type;
            if (n->inputs.empty() || (t->contained.size() == 2 && (!inferable(t->contained[0]) || !inferable(t->contained[1]))))
                return "annotate(" + t->annotation_str() + ", " + d + ")";
            return d;
        }
        if (k == "prim::TupleConstruct")
            return "(" + args_of(n) + (n->inputs.size() == 1 ? ",)" : ")");
        if (k == "prim::GetAttr") {
            // A field that is no identifier (a ModuleList's "0") prints as getattr(obj, "0").
            const std::string field = n->attr("name")->to_string();
            bool ident = !field.empty() && !std::isdigit(static_cast<unsigned char>(field[0]));
            for (char ch : field) ident = ident && (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_');
            if (!ident) return "getattr(" + expr(n->input(0)) + ", " + IValue(field).repr() + ")";
            return expr(n->input(0)) + "." + field;
        }
        if (k == "prim::NumToTensor") return "ops.prim.NumToTensor(" + args_of(n) + ")";
        // python_print's uninitialized(T): the value a branch that returned or raised gives.
        if (k == "prim::Uninitialized") return "uninitialized(" + n->output()->type->annotation_str() + ")";
        // printRHS: a tuple index always parenthesizes the tuple; aten::__getitem__ only when it is
        // not a plain name (printValueIndex).
        if (k == "prim::TupleIndex") return "(" + expr(n->input(0)) + ")[" + expr(n->input(1)) + "]";
        if (k == "aten::__getitem__" && n->inputs.size() == 2) {
            std::string base = expr(n->input(0));
            bool ident = !base.empty() && !std::isdigit(static_cast<unsigned char>(base[0])) &&
                         std::all_of(base.begin(), base.end(),
                                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
            return (ident ? base : "(" + base + ")") + "[" + expr(n->input(1)) + "]";
        }
        if (k == "prim::isinstance") {
            // isinstance(x, T) or isinstance(x, (T1, T2)): the types attribute holds their spellings.
            const IValueList& ts = n->attr("types")->items();
            std::string types;
            for (size_t i = 0; i < ts.size(); ++i) types += (i ? ", " : "") + ts[i].to_string();
            return "isinstance(" + expr(n->input(0)) + ", " + (ts.size() == 1 ? types : "(" + types + ")") + ")";
        }
        if (k == "prim::unchecked_cast")
            return "unchecked_cast(" + n->output()->type->annotation_str() + ", " + expr(n->input(0)) + ")";
        if (k == "aten::str") return "str(" + args_of(n) + ")";
        if (k == "aten::sorted") return "sorted(" + args_of(n) + ")";
        if (k == "aten::Int") return "int(" + args_of(n) + ")";
        if (k == "aten::Float") return "float(" + args_of(n) + ")";
        if (k == "aten::Bool") return "bool(" + args_of(n) + ")";
        if (k == "prim::CallMethod") {
            // Every argument is followed by ", ", as PyTorch's printer writes method calls.
            std::string rest;
            for (size_t i = 1; i < n->inputs.size(); ++i) rest += expr(n->inputs[i]) + ", ";
            return "(" + expr(n->input(0)) + ")." + n->attr("name")->to_string() + "(" + rest + ")";
        }
        if (k == "prim::CallFunction") {
            // PyTorch's printer: the callee, then every argument followed by ", " (`__torch__.f(x, 3, )`).
            const IValue* name = n->attr("name");
            std::string rest;
            for (size_t i = 1; i < n->inputs.size(); ++i) rest += expr(n->inputs[i]) + ", ";
            return (name ? name->to_string() : expr(n->input(0))) + "(" + rest + ")";
        }
        std::string ns = k.substr(0, k.find("::"));
        std::string op = k.substr(k.find("::") + 2);
        return (ns == "aten" ? "torch." + op : "ops." + ns + "." + op) + "(" + args_of(n) + ")";
    }

    // ---- which values are written inline (PythonPrintImpl::scanBlock) ----
    // A value is inlined only where a reader of the printout would expect it: the inputs of a node,
    // scanned last to first, must each come from the node just before (constants skipped), so the
    // nested expression evaluates in the graph's order; and the value must be used once, have no
    // name of its own (a named value was a variable in the source; returning it directly is the
    // exception), not be a loop-carried input, not own blocks, and not be an isinstance.
    static bool can_inline(const Value* v) {
        const Node* n = v->node;
        if (n->outputs.size() != 1 || v->uses.size() != 1 || !n->blocks.empty()) return false;
        const auto& [user, offset] = v->uses[0];
        if (!v->debug_name.empty() && user->kind != "prim::Return") return false;
        if (user->kind == "prim::Loop" && offset >= 2) return false;
        // An isinstance in an if's condition would refine again when the printout is compiled
        // (the casts are already in the graph): canInline keeps it a variable.
        if (n->kind == "prim::isinstance") return false;
        return user->kind != "prim::fork";
    }

    static const Node* previous_non_constant(const Node* n) {
        const Block* b = n->owning_block;
        auto it = n == b->return_node ? b->nodes.end() : n->pos;
        while (it != b->nodes.begin()) {
            --it;
            if (!(*it)->is_constant()) return *it;
        }
        return nullptr;
    }

    void scan_block(const Block* b) {
        scan_node(b->return_node);
        for (auto it = b->nodes.rbegin(); it != b->nodes.rend(); ++it) scan_node(*it);
    }

    const Node* scan_node(const Node* n) {
        if (inline_nodes.count(n)) return n;
        for (const Block* sub : n->blocks) scan_block(sub);
        const Node* point = n;
        for (auto it = n->inputs.rbegin(); it != n->inputs.rend(); ++it) {
            const Node* def = (*it)->node;
            if (def == previous_non_constant(point) && def->owning_block == n->owning_block && can_inline(*it)) {
                point = scan_node(def);
                inline_nodes.insert(def);
            } else if (def->is_constant()) {
                inline_nodes.insert(def);
            }
        }
        return point;
    }

    // ---- long lines (PythonPrintImpl::splitLongInlines) ----
    // An inlined expression that makes a line of 40 columns or more gets its own variable, and so
    // does every inlined argument before it in its users (they must still run first).
    static bool is_long(const std::string& e, int indent) { return e.size() + size_t(indent) >= 40; }

    void scan_long_inlines(const Node* user, int64_t offset, std::vector<const Value*>& reversed) {
        auto seen = split_uses.find(user);
        bool present = seen != split_uses.end();
        for (int64_t i = offset; i >= (present ? seen->second + 1 : 0); --i) {
            const Value* arg = user->inputs[size_t(i)];
            if (!arg->node->is_constant() && inline_nodes.count(arg->node)) reversed.push_back(arg);
        }
        split_uses[user] = offset;
        if (!present && inline_nodes.count(user)) {
            const auto& use = user->output()->uses[0];
            scan_long_inlines(use.first, int64_t(use.second) - 1, reversed);
        }
    }

    void split_long_inlines(const Value* v, int indent) {
        std::vector<const Value*> reversed;
        const auto& use = v->uses[0];
        scan_long_inlines(use.first, int64_t(use.second), reversed);
        for (auto it = reversed.rbegin(); it != reversed.rend(); ++it) {
            std::string e = expr(*it);
            inlined.erase(*it);
            line(indent, name_of(*it) + " = " + e);
        }
    }

    // printFunction writes the function's constants first, in the order they are used
    // (buildConstantList: each node's inputs, then its blocks; each block's returns last), at the
    // body's level: most stay inline at their uses, but one whose text makes a long line (40
    // columns with the indentation: a long string) gets its own `_0 = "..."` there.
    void hoist_long_constants() {
        std::vector<const Node*> order;
        std::unordered_set<const Node*> seen;
        std::function<void(const Block*)> scan = [&](const Block* b) {
            auto inputs_of = [&](const std::vector<Value*>& ins) {
                for (const Value* v : ins)
                    if (v->node && v->node->is_constant() && seen.insert(v->node).second) order.push_back(v->node);
            };
            for (const Node* n : b->nodes) {
                inputs_of(n->inputs);
                for (const Block* sub : n->blocks) scan(sub);
            }
            inputs_of(b->returns());
        };
        scan(g.block());
        for (const Node* c : order) {
            const IValue* v = c->attr("value");
            if (!v || v->is_tensor() || !inline_nodes.count(c)) continue;
            std::string e = node_expr(c);
            if (!is_long(e, 2)) continue;
            hoisted.insert(c);
            line(2, name_of(c->output()) + " = " + e);
        }
    }

    void line(int indent, const std::string& s) { os << std::string(size_t(indent), ' ') << s << "\n"; }

    void block(const Block* b, int indent, const std::vector<const Value*>& assign_to) {
        for (const Node* n : b->nodes) node(n, indent, b);
        // A nested block hands its results to the enclosing node's outputs.
        std::vector<const Value*> rhs(b->returns().begin(), b->returns().begin() + long(assign_to.size()));
        assignment(indent, assign_to, rhs);
        if (b->nodes.empty() && assign_to.empty()) line(indent, "pass");
    }

    // PythonPrint's printAssignment: all targets on one line, `a, b = x, y`.
    void assignment(int indent, const std::vector<const Value*>& lhs, const std::vector<const Value*>& rhs,
                    bool annotate = true) {
        if (lhs.empty()) return;
        std::string l, r;
        for (size_t i = 0; i < lhs.size(); ++i) {
            l += (i ? ", " : "") + name_of(lhs[i]);
            r += (i ? ", " : "") + expr(rhs[i]);
        }
        // A single target of an Optional type keeps its type, annotated where it is first
        // assigned (Python allows no annotation in a tuple assignment).
        if (annotate && lhs.size() == 1 && !inlined.count(lhs[0]) && annotated.insert(lhs[0]).second &&
            lhs[0]->type->kind == TypeKind::Optional)
            l += " : " + lhs[0]->type->annotation_str();
        line(indent, l + " = " + r);
    }

    void node(const Node* n, int indent, const Block*) {
        const std::string& k = n->kind;
        if (k == "prim::If") {
            // printIf names the outputs before it writes the condition and the branches.
            std::vector<const Value*> outs(n->outputs.begin(), n->outputs.end());
            for (const Value* o : outs) name_of(o);
            line(indent, "if " + expr(n->input(0)) + ":");
            block(n->blocks[0], indent + 2, outs);
            line(indent, "else:");
            block(n->blocks[1], indent + 2, outs);
            return;
        }
        if (k == "prim::Loop") {
            const Block* body = n->blocks[0];
            std::vector<const Value*> carried(n->outputs.begin(), n->outputs.end());
            // Carried values start as the loop's inputs and are threaded through its parameters.
            // printAnnotatedAssignment: an initial value of another type than the carried one
            // (None for an Optional[int]) gets the carried type, `found: Optional[int] = None`.
            for (size_t i = 0; i < carried.size(); ++i) {
                names[body->params()[i + 1]] = name_of(carried[i]);
                std::string l = name_of(carried[i]);
                if (!type_equal(carried[i]->type, n->inputs[i + 2]->type))
                    l += ": " + erase_tensor_details(carried[i]->type)->annotation_str();
                line(indent, l + " = " + expr(n->inputs[i + 2]));
            }
            std::string i_name = name_of(body->params()[0]);
            auto always_true = [](const Value* v) {
                const IValue* c = v->node && v->node->is_constant() ? v->node->attr("value") : nullptr;
                return c && c->is_bool() && c->to_bool();
            };
            if (always_true(n->input(1)) && always_true(body->returns()[0])) {
                line(indent, "for " + i_name + " in range(" + expr(n->input(0)) + "):");
                for (const Node* m : body->nodes) node(m, indent + 2, body);
                // The targets are the body's parameters (aliases of the carried names): never annotated.
                std::vector<const Value*> rhs(body->returns().begin() + 1, body->returns().end());
                assignment(indent + 2, carried, rhs, false);
                if (body->nodes.empty() && carried.empty()) line(indent + 2, "pass");
                return;
            }
            const IValue* max = n->input(0)->node && n->input(0)->node->is_constant() ? n->input(0)->node->attr("value")
                                                                                        : nullptr;
            if (max && max->is_int() && max->to_int() == INT64_MAX) {
                // printLoop's while loop: the unused trip count parameter stands for the condition,
                // assigned before the loop and, with the carried values, at the end of each trip.
                const Value* trip = body->params()[0];
                assignment(indent, {trip}, {n->input(1)});
                line(indent, "while " + name_of(trip) + ":");
                for (const Node* m : body->nodes) node(m, indent + 2, body);
                std::vector<const Value*> lhs(body->params().begin(), body->params().end());
                std::vector<const Value*> rhs(body->returns().begin(), body->returns().end());
                assignment(indent + 2, lhs, rhs);
                return;
            }
            // A loop with both a trip count and a changing condition (PyTorch's ModifiedLoop, which
            // its printer refuses; the script compiler canonicalizes them first): the condition is
            // recomputed at the end of each trip and the trip count is counted by hand.
            std::string cond = fresh();
            line(indent, cond + " = " + expr(n->input(1)));
            line(indent, i_name + " = 0");
            line(indent, "while " + cond + " and " + i_name + " < " + expr(n->input(0)) + ":");
            for (const Node* m : body->nodes) node(m, indent + 2, body);
            for (size_t i = 0; i < carried.size(); ++i)
                line(indent + 2, name_of(carried[i]) + " = " + expr(body->returns()[i + 1]));
            line(indent + 2, cond + " = " + expr(body->returns()[0]));
            line(indent + 2, i_name + " += 1");
            return;
        }
        if (k == "prim::ListUnpack" || k == "prim::TupleUnpack") {
            std::string lhs;
            for (size_t i = 0; i < n->outputs.size(); ++i) lhs += (i ? ", " : "") + name_of(n->outputs[i]);
            // python_print's `a, b, = unpacked`: the trailing comma forces an unpack when parsed back.
            line(indent, lhs + ", = " + expr(n->input(0)));
            return;
        }
        if (k == "prim::Print") {
            line(indent, "print(" + args_of(n) + ")");
            return;
        }
        if (k == "prim::RaiseException") {
            // Its schema is prim::RaiseException(str msg, str? cls=None): a None class (a builtin
            // exception such as an assert's AssertionError) is a trailing default, left out.
            std::string args = expr(n->input(0));
            const Node* cls = n->inputs.size() > 1 ? n->inputs[1]->node : nullptr;
            if (cls && !(cls->is_constant() && !cls->attr("value"))) args += ", " + expr(n->inputs[1]);
            line(indent, "ops.prim.RaiseException(" + args + ")");
            return;
        }
        if (k == "prim::SetAttr") {
            line(indent, expr(n->input(0)) + "." + n->attr("name")->to_string() + " = " + expr(n->input(1)));
            return;
        }
        if (hoisted.count(n)) return;
        // Constants are always written where they are used, whatever their number of uses.
        if (inline_nodes.count(n) && n->outputs.size() == 1) {
            std::string e = node_expr(n);
            inlined[n->output()] = e;
            if (!n->is_constant() && is_long(e, indent)) split_long_inlines(n->output(), indent);
            return;
        }
        std::string e = node_expr(n);
        if (n->outputs.empty()) {
            line(indent, e);
        } else if (n->outputs.size() == 1) {
            line(indent, name_of(n->output()) + " = " + e);
        } else {
            std::string lhs;
            for (size_t i = 0; i < n->outputs.size(); ++i) lhs += (i ? ", " : "") + name_of(n->outputs[i]);
            line(indent, lhs + " = " + e);
        }
    }

    std::string run(const std::string& fn_name, const std::vector<std::optional<IValue>>& defaults) {
        scan_block(g.block());
        // Arguments after the first go on their own lines, indented by four (printFunction).
        std::string header = "def " + fn_name + "(";
        const auto& ins = g.inputs();
        size_t first_param = !ins.empty() && ins[0]->type->kind == TypeKind::Class ? 1 : 0;
        for (size_t i = 0; i < ins.size(); ++i) {
            if (i) header += ",\n    ";
            // A module's self prints bare, like a method's first parameter.
            if (ins[i]->type->kind == TypeKind::Class) {
                names[ins[i]] = gen_name("self");
                header += names[ins[i]];
                continue;
            }
            header += name_of(ins[i]) + ": " + erase_tensor_details(ins[i]->type)->annotation_str();
            size_t k = i - first_param;
            if (i >= first_param && k < defaults.size() && defaults[k]) header += "=" + literal(*defaults[k]);
        }
        // Tensor details (Float(2, 3, ...)) are not part of an annotation.
        std::string ret = g.outputs().empty() ? "None" : erase_tensor_details(g.outputs()[0]->type)->annotation_str();
        os << header << ") -> " << ret << ":\n";
        hoist_long_constants();
        block(g.block(), 2, {});
        std::string r;
        for (size_t i = 0; i < g.outputs().size(); ++i) r += (i ? ", " : "") + expr(g.outputs()[i]);
        line(2, "return " + (g.outputs().size() > 1 ? "(" + r + ")" : r));
        return os.str();
    }
};

}  // namespace

std::string graph_code(const Graph& g, const std::string& function_name,
                       const std::vector<std::optional<IValue>>& defaults) {
    Printer p{g, {}, {}, {}, {}, {}, {}, {}, {}};
    return p.run(function_name, defaults);
}

}  // namespace kiln::graph
