// The graph interpreter (see interpret.h): an environment from Values to IValues, filled block by
// block. prim::If runs one of its blocks; prim::Loop runs its body while the trip count and the
// condition allow, threading the carried values through the block parameters.
#include "graph/interpret.h"

#include <unordered_map>

#include "graph/op_registry.h"
#include "ops/ops.h"
#include "support/error.h"
#include "support/pyrepr.h"

namespace kiln::graph {

std::string ivalue_to_display(const IValue& v) {
    switch (v.tag) {
        case IValue::Tag::None: return "None";
        case IValue::Tag::Bool: return v.u.b ? "True" : "False";
        case IValue::Tag::Int: return std::to_string(v.u.i);
        case IValue::Tag::Double: return py_float_repr(v.u.d);
        case IValue::Tag::String: return *v.str;
        case IValue::Tag::Tensor: return v.tensor.repr();
        case IValue::Tag::Device: return device_name(v.u.dev);
        case IValue::Tag::List:
        case IValue::Tag::Tuple: {
            bool tuple = v.is_tuple();
            std::string s = tuple ? "(" : "[";
            const auto& items = *v.seq;
            for (size_t i = 0; i < items.size(); ++i) {
                if (i) s += ", ";
                s += items[i].is_string() ? py_str_repr(*items[i].str) : ivalue_to_display(items[i]);
            }
            if (tuple && items.size() == 1) s += ",";
            return s + (tuple ? ")" : "]");
        }
        case IValue::Tag::Object: return "<" + v.obj->class_name + " object>";
        case IValue::Tag::Dict: {
            std::string s = "{";
            const auto& items = *v.seq;
            auto one = [](const IValue& x) { return x.is_string() ? py_str_repr(*x.str) : ivalue_to_display(x); };
            for (size_t i = 0; i + 1 < items.size(); i += 2)
                s += (i ? ", " : "") + one(items[i]) + ": " + one(items[i + 1]);
            return s + "}";
        }
    }
    return "?";
}

namespace {

struct Frame {
    const RunContext& ctx;
    std::unordered_map<const Value*, IValue> env;

    const IValue& get(const Value* v) {
        auto it = env.find(v);
        KILN_CHECK(it != env.end(), RuntimeError, "graph interpreter: %", v->name(), " read before it was computed");
        return it->second;
    }

    IValueList inputs_of(const Node* n) {
        IValueList args;
        args.reserve(n->inputs.size());
        for (const Value* v : n->inputs) args.push_back(get(v));
        return args;
    }

    void set_outputs(const Node* n, IValueList outs) {
        KILN_CHECK(outs.size() == n->outputs.size(), RuntimeError, "graph interpreter: ", n->kind, " produced ",
                   outs.size(), " values for ", n->outputs.size(), " outputs");
        for (size_t i = 0; i < outs.size(); ++i) env[n->outputs[i]] = std::move(outs[i]);
    }

    // Runs a block whose parameters are bound to `params`; returns its return values.
    IValueList run_block(const Block* b, const IValueList& params) {
        for (size_t i = 0; i < params.size(); ++i) env[b->params()[i]] = params[i];
        for (const Node* n : b->nodes) run_node(n);
        IValueList rets;
        for (const Value* r : b->returns()) rets.push_back(get(r));
        return rets;
    }

    void run_node(const Node* n) {
        const std::string& k = n->kind;
        if (n->schema) {
            IValueList args = inputs_of(n);
            set_outputs(n, n->schema->kernel(args));
            return;
        }
        if (k == "prim::Constant") {
            const IValue* v = n->attr("value");
            set_outputs(n, {v ? *v : IValue()});
        } else if (k == "prim::ListConstruct") {
            set_outputs(n, {IValue::list(inputs_of(n))});
        } else if (k == "prim::DictConstruct") {
            IValue d = IValue::dict();
            IValueList in = inputs_of(n);
            for (size_t i = 0; i + 1 < in.size(); i += 2) d.dict_set(in[i], in[i + 1]);
            set_outputs(n, {d});
        } else if (k == "prim::TupleConstruct") {
            set_outputs(n, {IValue::tuple(inputs_of(n))});
        } else if (k == "prim::ListUnpack" || k == "prim::TupleUnpack") {
            const IValue& seq = get(n->input(0));
            const IValueList& items = seq.items();
            KILN_CHECK(items.size() == n->outputs.size(), RuntimeError, "Expected ", n->outputs.size(),
                       " elements in a list but found ", items.size());
            set_outputs(n, items);
        } else if (k == "prim::TupleIndex") {
            const IValueList& items = get(n->input(0)).items();
            int64_t i = get(n->input(1)).to_int();
            if (i < 0) i += int64_t(items.size());
            KILN_CHECK(i >= 0 && i < int64_t(items.size()), IndexError, "tuple index out of range");
            set_outputs(n, {items[size_t(i)]});
        } else if (k == "prim::GetAttr") {
            const auto& obj = get(n->input(0)).to_object();
            const std::string& name = n->attr("name")->to_string();
            IValue* slot = obj->find(name);
            KILN_CHECK(slot, RuntimeError, "Module '", obj->class_name, "' has no attribute '", name, "'");
            set_outputs(n, {*slot});
        } else if (k == "prim::SetAttr") {
            get(n->input(0)).to_object()->set(n->attr("name")->to_string(), get(n->input(1)));
        } else if (k == "prim::If") {
            bool cond = get(n->input(0)).to_bool();
            set_outputs(n, run_block(n->blocks[cond ? 0 : 1], {}));
        } else if (k == "prim::Loop") {
            run_loop(n);
        } else if (k == "prim::NumToTensor") {
            set_outputs(n, {IValue(scalar_tensor(get(n->input(0)).to_scalar()))});
        } else if (k == "prim::unchecked_cast" || k == "aten::detach_if_traced") {
            set_outputs(n, {get(n->input(0))});
        } else if (k == "prim::Uninitialized") {
            set_outputs(n, {IValue()});
        } else if (k == "prim::device") {
            set_outputs(n, {IValue(get(n->input(0)).to_tensor().device())});
        } else if (k == "prim::dtype") {
            set_outputs(n, {IValue(scalar_type_code(get(n->input(0)).to_tensor().dtype()))});
        } else if (k == "prim::RaiseException") {
            IValueList args = inputs_of(n);
            std::string msg = args.empty() ? std::string() : ivalue_to_display(args[0]);
            std::string cls = args.size() > 1 && args[1].is_string() ? args[1].to_string() : "builtins.RuntimeError";
            ErrorKind kind = ErrorKind::RuntimeError;
            if (cls.find("ValueError") != std::string::npos) kind = ErrorKind::ValueError;
            else if (cls.find("TypeError") != std::string::npos) kind = ErrorKind::TypeError;
            else if (cls.find("IndexError") != std::string::npos) kind = ErrorKind::IndexError;
            else if (cls.find("KeyError") != std::string::npos) kind = ErrorKind::KeyError;
            else if (cls.find("NotImplementedError") != std::string::npos) kind = ErrorKind::NotImplementedError;
            throw Error(kind, msg);
        } else if (k == "prim::Print") {
            std::string line;
            for (size_t i = 0; i < n->inputs.size(); ++i) {
                if (i) line += " ";
                line += ivalue_to_display(get(n->inputs[i]));
            }
            line += "\n";
            if (ctx.print) ctx.print(line);
        } else if (k == "prim::CallMethod") {
            KILN_CHECK(ctx.call_method, RuntimeError, "graph interpreter: prim::CallMethod needs a module context");
            IValueList args = inputs_of(n);
            auto self = args.at(0).to_object();
            args.erase(args.begin());
            set_outputs(n, ctx.call_method(self, n->attr("name")->to_string(), args));
        } else if (k == "prim::CallFunction") {
            KILN_CHECK(ctx.call_function, RuntimeError, "graph interpreter: prim::CallFunction needs a function context");
            IValueList args = inputs_of(n);
            set_outputs(n, ctx.call_function(n->attr("name")->to_string(), args));
        } else {
            KILN_FAIL(RuntimeError, "graph interpreter: no implementation for ", k,
                      " (an operator node without a schema, or an unknown prim:: node)");
        }
    }

    // prim::Loop(max_trip_count, start_condition, carried...): block(i, carried...) -> (cond, carried...).
    void run_loop(const Node* n) {
        int64_t max_trips = get(n->input(0)).to_int();
        bool cond = get(n->input(1)).to_bool();
        IValueList carried;
        for (size_t i = 2; i < n->inputs.size(); ++i) carried.push_back(get(n->inputs[i]));
        const Block* body = n->blocks[0];
        for (int64_t i = 0; cond && i < max_trips; ++i) {
            IValueList params;
            params.reserve(carried.size() + 1);
            params.emplace_back(i);
            params.insert(params.end(), carried.begin(), carried.end());
            IValueList rets = run_block(body, params);
            cond = rets.at(0).to_bool();
            carried.assign(rets.begin() + 1, rets.end());
        }
        set_outputs(n, std::move(carried));
    }
};

}  // namespace

IValueList run_graph(const Graph& g, const IValueList& inputs, const RunContext& ctx) {
    KILN_CHECK(inputs.size() == g.inputs().size(), RuntimeError, "graph expected ", g.inputs().size(),
               " inputs but got ", inputs.size());
    Frame f{ctx, {}};
    return f.run_block(g.block(), inputs);
}

}  // namespace kiln::graph
