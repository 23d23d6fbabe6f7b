// Transformed bytecode and resume functions (see codegen.h).
#include "capture/dynamo/codegen.h"
#include "capture/dynamo/verify.h"

#include <algorithm>
#include <functional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <unordered_set>

#include "bytecode/compiler.h"
#include "ops/ops.h"
#include "support/error.h"
#include "vm/ops.h"

namespace kiln::capture::dynamo {

using bytecode::Constant;
using bytecode::Instruction;
using bytecode::Opcode;
using vm::Kind;
using vm::Value;

namespace {

// Successor instructions of i, with whether the edge is the jump.
std::vector<std::pair<int, bool>> successors(const bytecode::CodeObject& co, int i) {
    const Instruction& ins = co.code[size_t(i)];
    switch (bytecode::opcode_flow(ins.op)) {
        case bytecode::Flow::NEXT: return {{i + 1, false}};
        case bytecode::Flow::BRANCH: return {{i + 1, false}, {co.jump_target(i), true}};
        case bytecode::Flow::JUMP: return {{co.jump_target(i), true}};
        case bytecode::Flow::STOP: return {};
    }
    return {};
}

// The tensor Vars a value is built from, in order. A new object may refer to itself (`self.me =
// self`) or two may refer to each other: each Var is walked once.
void tensors_in(const VarP& v, std::vector<VarP>& out, std::set<const Var*>& seen) {
    if (!v || !seen.insert(v.get()).second) return;
    if (v->is_tensor() || (v->is_symint() && v->node)) {
        out.push_back(v);
        return;
    }
    if (v->dict_part) tensors_in(v->dict_part, out, seen);  // rebuilt before the attributes (Rebuilder::var)
    for (const VarP& x : v->items) tensors_in(x, out, seen);
    if (v->self) tensors_in(v->self, out, seen);
}
void tensors_in(const VarP& v, std::vector<VarP>& out) {
    std::set<const Var*> seen;
    tensors_in(v, out, seen);
}

// The break's resume points: (target instruction, stack depth there).
std::vector<std::pair<int, int>> resume_points(const bytecode::CodeObject& co, const Capture& cap) {
    const Instruction& ins = co.code[size_t(cap.break_pc)];
    int d = int(cap.stack.size()) - bytecode::stack_pops(ins.op, ins.arg);
    std::vector<std::pair<int, int>> out;
    for (auto [to, jump] : successors(co, cap.break_pc)) out.push_back({to, d + bytecode::stack_pushes(ins.op, ins.arg, jump)});
    return out;
}

// Which of the `depth` stack slots at a resume point hold NULL markers (the NULL a CALL's layout
// puts under a callable): the items left below the breaking instruction's operands are the
// capture's stack bottom; what the instruction pushes is never NULL. PyTorch's Dynamo leaves
// NULLs out of the resume function's arguments and pushes them again in its prologue
// (ContinueExecutionCache's null_idxes), because a NULL is no value a local could hold.
std::vector<bool> null_slots(const bytecode::CodeObject& co, const Capture& cap, int depth) {
    const Instruction& ins = co.code[size_t(cap.break_pc)];
    const int below = int(cap.stack.size()) - bytecode::stack_pops(ins.op, ins.arg);
    std::vector<bool> out(size_t(std::max(depth, 0)), false);
    for (int k = 0; k < depth && k < below; ++k) out[size_t(k)] = cap.stack[size_t(k)] && cap.stack[size_t(k)]->is_null();
    return out;
}

std::vector<size_t> live_at_resume(const bytecode::CodeObject& co, const Capture& cap) {
    auto live = live_locals(co);
    std::vector<size_t> out;
    for (size_t l = 0; l < co.varnames.size(); ++l) {
        if (cap.step_break) {
            // The original code runs again from the checkpoint itself: what it reads there.
            if (live[size_t(cap.break_pc)][l] && l < cap.locals.size() && cap.locals[l]) out.push_back(l);
            continue;
        }
        bool any = false;
        for (auto [to, d] : resume_points(co, cap)) {
            (void)d;
            any = any || live[size_t(to)][l];
        }
        if (any && l < cap.locals.size() && cap.locals[l]) out.push_back(l);
    }
    return out;
}

}  // namespace

std::vector<std::vector<bool>> live_locals(const bytecode::CodeObject& co) {
    const size_t n = co.code.size(), nl = co.varnames.size();
    std::vector<std::vector<bool>> live(n + 1, std::vector<bool>(nl, false));
    bool changed = true;
    while (changed) {
        changed = false;
        for (size_t k = n; k-- > 0;) {
            std::vector<bool> out(nl, false);
            for (auto [to, jump] : successors(co, int(k))) {
                (void)jump;
                if (to >= 0 && size_t(to) <= n)
                    for (size_t l = 0; l < nl; ++l) out[l] = out[l] || live[size_t(to)][l];
            }
            // Exception handlers are reachable from anywhere inside their block: treat their
            // targets as successors of every instruction by keeping SETUP_FINALLY's jump edge.
            const Instruction& ins = co.code[k];
            if (ins.op == Opcode::STORE_FAST || ins.op == Opcode::DELETE_FAST) out[size_t(ins.arg)] = false;
            if (ins.op == Opcode::LOAD_FAST) out[size_t(ins.arg)] = true;
            if (out != live[k]) {
                live[k] = out;
                changed = true;
            }
        }
    }
    return live;
}

void finish_graph(Capture& cap, const vm::Frame& frame) {
    // Outputs in PyTorch's order: what the frame returns (or the stack and live locals at a
    // break), then the values of replayed side effects.
    std::vector<VarP> needed;
    if (cap.outcome == Capture::Outcome::Return) {
        tensors_in(cap.return_value, needed);
    } else {
        for (const VarP& v : cap.stack) tensors_in(v, needed);
        if (cap.kwnames) tensors_in(cap.kwnames, needed);
        // Liveness is computed once here; generate() passes the same locals to the resume function.
        cap.resume_locals = live_at_resume(*frame.co, cap);
        for (size_t l : cap.resume_locals) tensors_in(cap.locals[l], needed);
    }
    for (const VarP& l : cap.mutated_lists)
        for (const VarP& x : l->items) tensors_in(x, needed);
    for (const SideEffect& e : cap.side_effects) tensors_in(e.value, needed);
    for (const VarP& c : cap.cell_stores)
        if (c) tensors_in(c, needed);
    std::vector<Value> outs;
    std::vector<const FxNode*> seen;
    for (const VarP& v : needed) {
        if (v->node->op == FxOp::Placeholder) continue;  // reloaded through its source
        if (std::find(seen.begin(), seen.end(), v->node) != seen.end()) continue;
        seen.push_back(v->node);
        outs.push_back(Value(v->node));
    }
    FxNode* out = cap.graph->add(FxOp::Output, "output");
    out->target = vm::new_str("output");
    out->target_name = "output";
    out->args = vm::new_tuple({vm::new_tuple(outs)});
    cap.graph->count_users();
    // Dynamo's miniature dead-code pass (OutputGraph.remove_unused_graphargs): trivially removable
    // nodes nobody reads go, last to first: get_attr nodes and operator.getitem calls (the
    // indices of a `x.max(dim).values` that the program never touched). explain() counts what
    // remains, and the backend never sees them.
    auto& nodes = cap.graph->nodes;
    for (size_t i = nodes.size(); i-- > 0;) {
        FxNode* n = nodes[i].get();
        bool trivial = n->op == FxOp::GetAttr || (n->op == FxOp::CallFunction && n->target_name == "operator.getitem");
        if (!trivial || n->users) continue;
        nodes.erase(nodes.begin() + static_cast<long>(i));
        cap.graph->count_users();
    }
}

namespace {

class Emitter {
public:
    Emitter(bytecode::CodeObject& co, const lang::SourceSpan& span) : co_(co), span_(span) {}

    int label() {
        labels_.push_back(-1);
        return int(labels_.size()) - 1;
    }
    void bind(int l) { labels_[size_t(l)] = int(co_.code.size()); }
    void emit(Opcode op, int arg = 0) {
        Instruction ins;
        ins.op = op;
        ins.arg = arg;
        ins.span = span_;
        co_.code.push_back(ins);
    }
    int name(const std::string& n) {
        auto it = std::find(co_.names.begin(), co_.names.end(), n);
        if (it != co_.names.end()) return int(it - co_.names.begin());
        co_.names.push_back(n);
        return int(co_.names.size()) - 1;
    }
    int local(const std::string& n) {
        auto it = std::find(co_.varnames.begin(), co_.varnames.end(), n);
        if (it != co_.varnames.end()) return int(it - co_.varnames.begin());
        co_.varnames.push_back(n);
        return int(co_.varnames.size()) - 1;
    }
    int constant(const Constant& c) {
        for (size_t k = 0; k < co_.consts.size(); ++k)
            if (!objects_.count(int(k)) && co_.consts[k].same_as(c)) return int(k);
        co_.consts.push_back(c);
        return int(co_.consts.size()) - 1;
    }
    // A constant that only exists as a VM value (a dtype, a module object): the code object holds
    // its description (for dis), the Code its value.
    int object(const Value& v, const std::string& description) {
        for (const auto& [k, o] : objects_)
            if (o.is_obj() && v.is_obj() && o.obj() == v.obj()) return k;
        co_.consts.push_back(Constant{description});
        int k = int(co_.consts.size()) - 1;
        objects_[k] = v;
        return k;
    }
    vm::Ref<vm::Code> finish() {
        bytecode::assemble(co_, labels_);
        auto shared = std::make_shared<const bytecode::CodeObject>(co_);
        auto code = vm::make<vm::Code>(shared);
        for (const auto& [k, v] : objects_) code->consts[size_t(k)] = v;
        return code;
    }

private:
    bytecode::CodeObject& co_;
    lang::SourceSpan span_;
    std::vector<int> labels_;
    std::map<int, Value> objects_;
};

// The helper transformed bytecode calls to pass a Python float to a graph as a 0-d float64 tensor.
Value float_to_tensor() {
    static Value fn = Value(vm::immortal<vm::Builtin>("float_to_tensor", [](vm::Interpreter&, const vm::CallArgs& a) {
        if (a.nargs != 1 || !(a.args[0].is_float() || a.args[0].is_int()))
            vm::raise(vm::types().TypeError, "float_to_tensor() expects a float");
        double v = a.args[0].is_float() ? a.args[0].as_float() : double(a.args[0].as_int());
        return vm::wrap_tensor(kiln::scalar_tensor(Scalar(v), DType::Float64));
    }));
    return fn;
}

// A VM constant as a code-object constant, when it has one (None, bool, int, float, str, tuples).
bool to_constant(const Value& v, Constant& out) {
    if (v.is_none()) return out = Constant{}, true;
    if (v.is_bool()) return out = Constant{v.as_bool()}, true;
    if (v.is_int()) return out = Constant{v.as_int()}, true;
    if (v.is_float()) return out = Constant{v.as_float()}, true;
    if (v.is(Kind::Str)) return out = Constant{vm::str_of(v)}, true;
    if (v.is(Kind::Tuple) && vm::type_of(v) == vm::types().tuple) {
        std::vector<Constant> items;
        for (const Value& x : v.get<vm::Tuple>()->items) {
            Constant c;
            if (!to_constant(x, c)) return false;
            items.push_back(c);
        }
        out = Constant{items};
        return true;
    }
    return false;
}

class Rebuilder {
public:
    Rebuilder(vm::Interpreter& in, Emitter& e, const bytecode::CodeObject& orig, const Capture& cap, bool graph_called)
        : in_(in), e_(e), orig_(orig), graph_called_(graph_called), cells_(cap.cells) {
        const FxNode* out = cap.graph->output();
        if (out) {
            const auto& items = out->args.get<vm::Tuple>()->items[0].get<vm::Tuple>()->items;
            for (size_t k = 0; k < items.size(); ++k) index_[vm::native_cast<FxNode>(items[k])] = int(k);
        }
    }

    void source(const Source& s) {
        switch (s.kind) {
            case Source::Kind::Local: {
                for (size_t k = 0; k < orig_.cellvars.size() + orig_.freevars.size(); ++k)
                    if (orig_.deref_name(int(k)) == s.name) return e_.emit(Opcode::LOAD_DEREF, int(k));
                return e_.emit(Opcode::LOAD_FAST, e_.local(s.name));
            }
            case Source::Kind::Global: return e_.emit(Opcode::LOAD_GLOBAL, e_.name(s.name) << 1);
            case Source::Kind::Attr:
                source(*s.base);
                return e_.emit(Opcode::LOAD_ATTR, e_.name(s.name));
            case Source::Kind::Tensorify: {
                // torch.scalar_tensor(x, dtype=torch.float64) of the float, built by a native helper.
                e_.emit(Opcode::PUSH_NULL);
                value(float_to_tensor());
                source(*s.base);
                return e_.emit(Opcode::CALL, 1);
            }
            case Source::Kind::Size: {
                source(*s.base);
                e_.emit(Opcode::LOAD_METHOD, e_.name("size"));
                e_.emit(Opcode::CALL, 0);
                e_.emit(Opcode::LOAD_CONST, e_.constant(Constant{s.dim}));
                return e_.emit(Opcode::BINARY_SUBSCR);
            }
            case Source::Kind::Item: {
                source(*s.base);
                Constant c;
                if (!to_constant(s.key, c)) KILN_FAIL(RuntimeError, "dynamo codegen: unsupported key");
                e_.emit(Opcode::LOAD_CONST, e_.constant(c));
                return e_.emit(Opcode::BINARY_SUBSCR);
            }
        }
    }

    void value(const Value& v) {
        Constant c;
        if (to_constant(v, c)) return e_.emit(Opcode::LOAD_CONST, e_.constant(c));
        e_.emit(Opcode::LOAD_CONST, e_.object(v, vm::repr(in_, v)));
    }

    // Lists and dicts made inside the traced region that are reachable more than once from what the
    // transformed code rebuilds (the stack, live locals, a bound method's receiver, stored values)
    // are built once into a `___shared<N>` local and loaded from it everywhere else: they are one
    // object in the program, so `del m[1]` run at the break (or any mutation in the resumed frame)
    // must be seen through every reference, as PyTorch's codegen caches a reconstructed
    // variable in a temporary once it is used twice.
    void share(const std::vector<VarP>& roots) {
        std::unordered_map<const Var*, int> uses;
        std::vector<VarP> order;  // children before their containers
        // A value reachable from itself through values that are not counted containers (a dict
        // read from the frame holding a method bound to that dict) is walked once per path, not
        // forever.
        std::unordered_set<const Var*> on_path;
        std::function<void(const VarP&)> walk = [&](const VarP& v) {
            if (!v || !on_path.insert(v.get()).second) return;
            struct Leave {
                std::unordered_set<const Var*>& s;
                const Var* v;
                ~Leave() { s.erase(v); }
            } leave{on_path, v.get()};
            // (A function made in the traced part is one object too: `f is g` holds after the break.)
            bool mutable_container =
                (v->kind == Var::K::List || v->kind == Var::K::Dict || v->kind == Var::K::Nested || v->kind == Var::K::NewObject) &&
                !v->source;
            if (mutable_container && uses[v.get()]++ > 0) return;  // its items were counted the first time
            if (v->dict_part)
                for (const VarP& x : v->dict_part->items) walk(x);
            for (const VarP& x : v->items) walk(x);
            if (v->self) walk(v->self);
            if (mutable_container) order.push_back(v);
        };
        for (const VarP& v : roots) walk(v);
        for (const VarP& v : order) {
            if (uses[v.get()] < 2) continue;
            var(v);
            std::string name = "___shared" + std::to_string(shared_.size());
            e_.emit(Opcode::STORE_FAST, e_.local(name));
            shared_[v.get()] = name;
        }
    }

    void var(const VarP& v) {
        if (!v) KILN_FAIL(RuntimeError, "dynamo codegen: no value to rebuild");
        if (auto it = shared_.find(v.get()); it != shared_.end()) return e_.emit(Opcode::LOAD_FAST, e_.local(it->second));
        switch (v->kind) {
            case Var::K::Null: return e_.emit(Opcode::PUSH_NULL);
            case Var::K::SymInt:
            case Var::K::Tensor: {
                if (!v->node) {
                    // A symbolic int not computed in the graph (the value of a dynamic input):
                    // reloaded from where it came from, or its value when it has no source.
                    if (v->source) return source(*v->source);
                    if (v->kind == Var::K::SymInt && !v->value.is_null()) return value(v->value);
                    KILN_FAIL(RuntimeError, "dynamo codegen: a value without a graph node or a source");
                }
                if (v->node->op == FxOp::Placeholder && v->source) return source(*v->source);
                auto it = index_.find(v->node);
                if (it == index_.end()) KILN_FAIL(RuntimeError, "dynamo codegen: tensor not among the graph outputs");
                // No graph is called when it has no operations: nothing to read its outputs from.
                if (!graph_called_) KILN_FAIL(RuntimeError, "dynamo codegen: a graph output of a graph that is not called");
                e_.emit(Opcode::LOAD_FAST, e_.local("___graph_out"));
                e_.emit(Opcode::LOAD_CONST, e_.constant(Constant{int64_t(it->second)}));
                return e_.emit(Opcode::BINARY_SUBSCR);
            }
            case Var::K::Constant:
                if (v->source) return source(*v->source);
                return value(v->value);
            case Var::K::Tuple:
            case Var::K::List: {
                if (v->source) return source(*v->source);  // the same object (mutations replayed onto it)
                if (v->kind == Var::K::Tuple && v->seq_type && v->seq_type != vm::types().tuple)
                    KILN_FAIL(RuntimeError, "dynamo codegen: cannot rebuild a ", v->seq_type->name);
                // A list that contains itself (`xs.append(xs)`, or through a tuple or dict) is made
                // empty, kept in a `___new<N>` local where its items load it from, then filled. A
                // tuple reached again while it is built can only be a cycle through itself alone,
                // which Python code cannot make.
                if (!building_.insert(v.get()).second)
                    KILN_FAIL(RuntimeError, "dynamo codegen: a tuple made in the traced part contains itself");
                if (v->kind == Var::K::List && cyclic(v)) {
                    e_.emit(Opcode::BUILD_LIST, 0);
                    keep_in_local(v);
                    for (const VarP& x : v->items) {
                        var(x);
                        e_.emit(Opcode::LIST_APPEND, 1);
                    }
                } else {
                    for (const VarP& x : v->items) var(x);
                    e_.emit(v->kind == Var::K::Tuple ? Opcode::BUILD_TUPLE : Opcode::BUILD_LIST, int(v->items.size()));
                }
                building_.erase(v.get());
                return;
            }
            case Var::K::Dict: {
                if (v->source) return source(*v->source);  // the program's dict (its stores are replayed onto it)
                if (!building_.insert(v.get()).second)
                    KILN_FAIL(RuntimeError, "dynamo codegen: a dict made in the traced part contains itself");
                if (cyclic(v)) {  // as a list that contains itself
                    e_.emit(Opcode::BUILD_MAP, 0);
                    keep_in_local(v);
                    for (size_t k = 0; k < v->keys.size(); ++k) {
                        value(v->keys[k]);
                        var(v->items[k]);
                        e_.emit(Opcode::MAP_ADD, 1);
                    }
                } else {
                    for (size_t k = 0; k < v->keys.size(); ++k) {
                        value(v->keys[k]);
                        var(v->items[k]);
                    }
                    e_.emit(Opcode::BUILD_MAP, int(v->keys.size()));
                }
                building_.erase(v.get());
                return;
            }
            case Var::K::Slice:
                for (const VarP& x : v->items) var(x);
                return e_.emit(Opcode::BUILD_SLICE, 3);
            case Var::K::Builtin:
                // A method taken from an object (optimizer.step called at a break): taken from that
                // object again, never the bound method seen while tracing, which belongs to the object
                // of that call (another closure's optimizer, when one code object serves several).
                if (!v->source && v->self && !v->method.empty()) {
                    var(v->self);
                    return e_.emit(Opcode::LOAD_ATTR, e_.name(v->method.substr(v->method.rfind('.') + 1)));
                }
                if (v->source) return source(*v->source);
                return value(v->value);
            case Var::K::Function:
            case Var::K::Type:
            case Var::K::PyModule:
            case Var::K::NNModule:
            case Var::K::Object:
                if (v->source) return source(*v->source);
                return value(v->value);
            case Var::K::Nested: {
                // A function the traced part made: MAKE_FUNCTION again, closing over the same cells
                // of this frame (a closure over an inlined callee's cells has no frame to load them from).
                if (v->source) return source(*v->source);
                int flags = 0;
                if (!v->defaults.is_null()) {
                    value(v->defaults);
                    flags |= bytecode::MF_DEFAULTS;
                }
                if (v->annotations) {
                    var(v->annotations);
                    flags |= bytecode::MF_ANNOTATIONS;
                }
                if (!v->closure.empty()) {
                    for (const CellP& c : v->closure) {
                        auto it = std::find(cells_.begin(), cells_.end(), c);
                        if (it == cells_.end())
                            KILN_FAIL(RuntimeError, "dynamo codegen: a nested function closes over an inlined call's variables");
                        e_.emit(Opcode::LOAD_CLOSURE, int(it - cells_.begin()));
                    }
                    e_.emit(Opcode::BUILD_TUPLE, int(v->closure.size()));
                    flags |= bytecode::MF_CLOSURE;
                }
                auto* code = v->value.get<vm::Code>();
                e_.emit(Opcode::LOAD_CONST, e_.object(v->value, "<code object " + code->code->name + ">"));
                return e_.emit(Opcode::MAKE_FUNCTION, flags);
            }
            case Var::K::NewObject: {
                // An object made in the traced part that outlives it: object.__new__(cls), then its
                // attributes (PyTorch's side effects reconstruct new user objects the same way).
                // One that its own attributes reach (`self.me = self`, a parent/child pair) is kept
                // in a `___new<N>` local as soon as it exists, where those attributes load it from.
                if (!building_.insert(v.get()).second)
                    KILN_FAIL(RuntimeError, "dynamo codegen: an object made in the traced part refers to itself");
                // A dict subclass (PyTorch's UserDefinedDictVariable) is made by dict.__new__ and gets
                // its items first, through dict.__setitem__ (never the class's own __setitem__, which
                // already ran while tracing); attributes of a class with its own __setattr__ go
                // through object.__setattr__ for the same reason.
                auto* cls = v->value.get<vm::Type>();
                e_.emit(Opcode::PUSH_NULL);
                if (v->dict_part) value(vm::getattr(in_, Value(vm::types().dict), "__new__"));
                else value(*vm::types().object->lookup("__new__"));
                value(v->value);
                e_.emit(Opcode::CALL, 1);
                if (cyclic(v)) keep_in_local(v);
                // Calls `fn(obj, key, item)` on the object on top of the stack, which stays there.
                auto call_on_top = [&](const Value& fn, const Value& key, const VarP& item) {
                    e_.emit(Opcode::PUSH_NULL);
                    value(fn);
                    e_.emit(Opcode::COPY, 3);
                    value(key);
                    var(item);
                    e_.emit(Opcode::CALL, 3);
                    e_.emit(Opcode::POP_TOP);
                };
                if (v->dict_part) {
                    Value setitem = vm::getattr(in_, Value(vm::types().dict), "__setitem__");
                    for (size_t k = 0; k < v->dict_part->keys.size(); ++k)
                        call_on_top(setitem, v->dict_part->keys[k], v->dict_part->items[k]);
                }
                const Value* own_setattr = cls->lookup("__setattr__");
                const Value* object_setattr = vm::types().object->lookup("__setattr__");
                const bool plain_setattr = !own_setattr || (own_setattr->is_obj() && object_setattr &&
                                                            object_setattr->is_obj() && own_setattr->obj() == object_setattr->obj());
                for (size_t k = 0; k < v->keys.size(); ++k) {
                    if (!plain_setattr) {
                        call_on_top(*object_setattr, v->keys[k], v->items[k]);
                        continue;
                    }
                    e_.emit(Opcode::COPY, 1);
                    var(v->items[k]);
                    e_.emit(Opcode::SWAP, 2);
                    e_.emit(Opcode::STORE_ATTR, e_.name(vm::str_of(v->keys[k])));
                }
                building_.erase(v.get());
                return;
            }
            case Var::K::Method: {
                var(v->self);
                std::string n = v->method;
                if (n.empty() && v->value.is(Kind::Function)) n = v->value.get<vm::Function>()->name;
                return e_.emit(Opcode::LOAD_ATTR, e_.name(n));
            }
            default: break;
        }
        KILN_FAIL(RuntimeError, "dynamo codegen: this value cannot be rebuilt after a graph break");
    }

    // Re-emits an instruction of the original code with its argument remapped to the new tables.
    void original(const Instruction& ins, int jump_label) {
        int arg = ins.arg;
        switch (bytecode::opcode_arg_kind(ins.op)) {
            case bytecode::ArgKind::NAME: arg = e_.name(orig_.names[size_t(arg)]); break;
            case bytecode::ArgKind::GLOBAL: arg = (e_.name(orig_.names[size_t(arg >> 1)]) << 1) | (arg & 1); break;
            case bytecode::ArgKind::CONST: arg = e_.constant(orig_.consts[size_t(arg)]); break;
            case bytecode::ArgKind::LOCAL: arg = e_.local(orig_.varnames[size_t(arg)]); break;
            case bytecode::ArgKind::JUMP: arg = jump_label; break;
            default: break;
        }
        e_.emit(ins.op, arg);
    }

private:
    // Do v's own items lead back to v?
    static bool cyclic(const VarP& v) {
        std::unordered_set<const Var*> seen;
        if (v->dict_part)
            for (const VarP& x : v->dict_part->items)
                if (reaches(x, v.get(), seen)) return true;
        for (const VarP& x : v->items)
            if (reaches(x, v.get(), seen)) return true;
        return false;
    }
    // The object on top of the stack, just made, stays there and is kept in a `___new<N>` local,
    // from which the values it contains load it.
    void keep_in_local(const VarP& v) {
        std::string name = "___new" + std::to_string(new_locals_++);
        e_.emit(Opcode::STORE_FAST, e_.local(name));
        e_.emit(Opcode::LOAD_FAST, e_.local(name));
        shared_[v.get()] = name;
    }

    // Does `from` lead to `target` through the items and receivers codegen rebuilds?
    static bool reaches(const VarP& from, const Var* target, std::unordered_set<const Var*>& seen) {
        if (!from) return false;
        if (from.get() == target) return true;
        if (!seen.insert(from.get()).second || from->source) return false;  // a value with a source is loaded, not rebuilt
        if (from->dict_part && reaches(from->dict_part, target, seen)) return true;
        for (const VarP& x : from->items)
            if (reaches(x, target, seen)) return true;
        return from->self && reaches(from->self, target, seen);
    }

    std::unordered_set<const Var*> building_;  // new objects being rebuilt (one reached again is a cycle)
    int new_locals_ = 0;                       // ___new<N> locals made for cyclic new objects
    vm::Interpreter& in_;
    Emitter& e_;
    const bytecode::CodeObject& orig_;
    std::unordered_map<const FxNode*, int> index_;
    std::unordered_map<const Var*, std::string> shared_;  // see share()
    bool graph_called_;
    std::vector<CellP> cells_;  // the frame's cell boxes by cell index
};

bytecode::CodeObject frame_code_shell(const bytecode::CodeObject& orig) {
    bytecode::CodeObject co;
    co.name = orig.name;
    co.qualname = orig.qualname;
    co.filename = orig.filename;
    co.firstlineno = orig.firstlineno;
    co.argcount = orig.argcount;
    co.posonlyargcount = orig.posonlyargcount;
    co.kwonlyargcount = orig.kwonlyargcount;
    co.flags = orig.flags;
    co.varnames = orig.varnames;
    co.cellvars = orig.cellvars;
    co.freevars = orig.freevars;
    return co;
}

// `torch` for generated code, as PyTorch's load_import_from reaches a module: the global
// `__import_torch` of the frame's module (the name translator.cpp's foreign_global_source uses).
void import_global_module(vm::Interpreter& in, vm::ModuleObj* globals, const std::string& module) {
    Value mod = Value(in.import_module(module).get());
    const std::string name = "__import_" + module;
    Value* have = globals->dict.find(name);
    if (have && !(have->is_obj() && have->obj() == mod.obj()))
        KILN_FAIL(RuntimeError, "dynamo codegen: the global " + name + " is the program's own");
    if (!have) globals->dict.set(name, mod);
}

void import_torch(vm::Interpreter& in, vm::ModuleObj* globals) { import_global_module(in, globals, "torch"); }

// Emits the call that makes a `with` block's manager again, leaving it on the stack (PyTorch's
// reconstruct_type plus ReenterWith's load_args): `torch.set_grad_enabled(mode)` for a grad-mode
// block, `torch.autocast(device_type, dtype, enabled, cache_enabled)` for an autocast block.
template <class Emit, class Name, class Const>
void emit_manager(const Capture::WithBlock& w, Emit emit, Name name, Const constant) {
    if (w.null_context) {
        // NullContextVariable.reconstruct: contextlib.nullcontext() through `__import_contextlib`.
        emit(Opcode::LOAD_GLOBAL, (name("__import_contextlib") << 1) | 1);
        emit(Opcode::LOAD_ATTR, name("nullcontext"));
        emit(Opcode::CALL, 0);
        return;
    }
    emit(Opcode::LOAD_GLOBAL, (name("__import_torch") << 1) | 1);
    if (!w.autocast) {
        emit(Opcode::LOAD_ATTR, name("set_grad_enabled"));
        emit(Opcode::LOAD_CONST, constant(Constant{w.grad}));
        emit(Opcode::CALL, 1);
        return;
    }
    emit(Opcode::LOAD_ATTR, name("autocast"));
    for (const auto& [v, attr] : w.autocast_args) {
        if (!attr.empty()) {
            emit(Opcode::LOAD_GLOBAL, name("__import_torch") << 1);
            emit(Opcode::LOAD_ATTR, name(attr));
            continue;
        }
        Constant c;
        if (!to_constant(v, c)) KILN_FAIL(RuntimeError, "dynamo codegen: an autocast argument");
        emit(Opcode::LOAD_CONST, constant(c));
    }
    emit(Opcode::CALL, int(w.autocast_args.size()));
}

// The resume function for `target` with `depth` saved stack items and the given live locals.
vm::Ref<vm::Function> resume_function(const bytecode::CodeObject& orig, vm::ModuleObj* globals, int target, int depth,
                                      const std::vector<bool>& nulls, const std::vector<size_t>& live,
                                      const std::vector<Capture::WithBlock>& withs, int line, ResumeCache& cache,
                                      std::string& global_name) {
    std::string live_key;
    for (size_t l : live) live_key += orig.varnames[l] + ",";
    live_key += "|nulls:";  // PyTorch keys its resume functions on null_idxes too
    for (int k = 0; k < depth; ++k)
        if (nulls[size_t(k)]) live_key += std::to_string(k) + ",";
    live_key += "|with:";  // and on the blocks its prologue enters (their modes are its constants)
    for (const auto& w : withs) {
        live_key += std::to_string(w.stack_slot) + (w.null_context ? "N" : w.autocast ? "A" : w.grad ? "T" : "F");
        for (const auto& [v, attr] : w.autocast_args) {
            Constant c;
            live_key += ":" + (attr.empty() && to_constant(v, c) ? c.repr() : attr);
        }
        live_key += ",";
    }
    auto key = std::make_tuple(&orig, target, depth, live_key);
    auto found = cache.functions.find(key);
    if (found != cache.functions.end()) {
        global_name = found->second->attrs.find("__kiln_resume_name") ? vm::str_of(*found->second->attrs.find("__kiln_resume_name")) : "";
        return found->second;
    }
    bytecode::CodeObject co;
    // A resume function of a resume function is still named after the user's function.
    std::string base = orig.name;
    const std::string prefix = "torch_dynamo_resume_in_";
    if (base.rfind(prefix, 0) == 0 && base.rfind("_at_") != std::string::npos)
        base = base.substr(prefix.size(), base.rfind("_at_") - prefix.size());
    co.name = prefix + base + "_at_" + std::to_string(line);
    co.qualname = co.name;
    co.filename = orig.filename;
    co.firstlineno = orig.firstlineno;
    co.flags = bytecode::CO_OPTIMIZED | bytecode::CO_NEWLOCALS;
    // The frame's cells (its own cell variables, then its free variables) become the resume
    // function's free variables in the same order, so every LOAD_DEREF/STORE_DEREF index of the
    // copied body still names the same cell: the transformed code passes the frame's cells as the
    // closure (make_resume_closure), and a store into a cell stays visible to inner functions.
    co.freevars = orig.cellvars;
    co.freevars.insert(co.freevars.end(), orig.freevars.begin(), orig.freevars.end());
    // Arguments: the non-NULL stack items (___stack0, ___stack1, ... counted over those only; a
    // `with` block's __exit__ is made again by the prologue, not passed), then the live locals.
    std::vector<const Capture::WithBlock*> with_at(size_t(std::max(depth, 0)), nullptr);
    for (const auto& w : withs)
        if (w.stack_slot >= 0 && w.stack_slot < depth) with_at[size_t(w.stack_slot)] = &w;
    int nstack = 0;
    for (int k = 0; k < depth; ++k)
        if (!nulls[size_t(k)] && !with_at[size_t(k)]) co.varnames.push_back("___stack" + std::to_string(nstack++));
    for (size_t l : live) co.varnames.push_back(orig.varnames[l]);
    co.argcount = int(co.varnames.size());
    for (const auto& n : orig.varnames)
        if (std::find(co.varnames.begin(), co.varnames.end(), n) == co.varnames.end()) co.varnames.push_back(n);
    co.names = orig.names;
    co.consts = orig.consts;
    lang::SourceSpan span = orig.code[size_t(target)].span;
    auto emit = [&](Opcode op, int arg) {
        Instruction ins;
        ins.op = op;
        ins.arg = arg;
        ins.span = span;
        co.code.push_back(ins);
    };
    emit(Opcode::RESUME, 0);
    // A grad-mode or autocast block open at the break is entered again where its __exit__ sat on the
    // stack (PyTorch's ReenterWith in the resume function's setup): `with torch.set_grad_enabled(mode):`
    // or `with torch.autocast(...):`,
    // whose SETUP_FINALLY goes to the block's own handler in the copied body.
    std::vector<std::pair<size_t, int>> handlers;  // (SETUP_FINALLY index, handler in the original code)
    auto name_index = [&](const std::string& n) {
        auto it = std::find(co.names.begin(), co.names.end(), n);
        if (it != co.names.end()) return int(it - co.names.begin());
        co.names.push_back(n);
        return int(co.names.size()) - 1;
    };
    for (int k = 0, a = 0; k < depth; ++k) {
        if (const Capture::WithBlock* w = with_at[size_t(k)]) {
            emit_manager(*w, emit, name_index, [&](const Constant& c) {
                co.consts.push_back(c);
                return int(co.consts.size()) - 1;
            });
            emit(Opcode::BEFORE_WITH, 0);
            emit(Opcode::POP_TOP, 0);
            handlers.push_back({co.code.size(), w->handler});
            emit(Opcode::SETUP_FINALLY, 0);
        } else if (nulls[size_t(k)]) {
            emit(Opcode::PUSH_NULL, 0);
        } else {
            emit(Opcode::LOAD_FAST, a++);
        }
    }
    emit(Opcode::JUMP_FORWARD, target);  // relative: lands on body[target] after this prologue
    const int prologue = int(co.code.size());
    for (auto [at, handler] : handlers) co.code[at].arg = prologue + handler - int(at) - 1;
    for (const Instruction& ins : orig.code) {
        Instruction c = ins;
        if (bytecode::opcode_arg_kind(ins.op) == bytecode::ArgKind::LOCAL) {
            const std::string& n = orig.varnames[size_t(ins.arg)];
            c.arg = int(std::find(co.varnames.begin(), co.varnames.end(), n) - co.varnames.begin());
        }
        co.code.push_back(c);
    }
    co.stacksize = orig.stacksize + depth + 8;  // the prologue's manager call: NULL, callable, 4 arguments
    check_generated(co, &orig, prologue);
    auto code = vm::make<vm::Code>(std::make_shared<const bytecode::CodeObject>(std::move(co)));
    auto fn = vm::make<vm::Function>(code, vm::Ref<vm::ModuleObj>(globals));
    global_name = "__resume_at_" + std::to_string(2 * target) + "_" + std::to_string(++cache.counter);
    fn->attrs.set("__kiln_resume_name", vm::new_str(global_name));
    cache.functions[key] = fn;
    return fn;
}

}  // namespace

Transformed generate(vm::Interpreter& in, const vm::Frame& frame, const Capture& cap, const std::string& compiled_name,
                     ResumeCache& resumes, const std::vector<SourceP>* roots) {
    const bytecode::CodeObject& orig = *frame.co;
    bytecode::CodeObject co = frame_code_shell(orig);
    if (cap.outcome == Capture::Outcome::Break && cap.step_break) {
        // The original code is appended as it is: its name and constant indices must stay valid.
        co.names = orig.names;
        co.consts = orig.consts;
    }
    lang::SourceSpan span = cap.outcome == Capture::Outcome::Break ? orig.code[size_t(cap.break_pc)].span
                                                                   : orig.code.empty() ? lang::SourceSpan{} : orig.code[0].span;
    Emitter e(co, span);
    Rebuilder r(in, e, orig, cap, !compiled_name.empty());
    Transformed out;
    e.emit(Opcode::RESUME, 0);
    if (!compiled_name.empty()) {
        e.emit(Opcode::LOAD_GLOBAL, (e.name(compiled_name) << 1) | 1);
        if (roots) {
            for (const SourceP& root : *roots) r.source(*root);
            e.emit(Opcode::CALL, int(roots->size()));
        } else {
            for (const auto& [node, source] : cap.inputs) {
                (void)node;
                r.source(*source);
            }
            e.emit(Opcode::CALL, int(cap.inputs.size()));
        }
        e.emit(Opcode::STORE_FAST, e.local("___graph_out"));
    }
    {
        std::vector<VarP> roots;
        for (const VarP& l : cap.mutated_lists) roots.insert(roots.end(), l->items.begin(), l->items.end());
        for (const SideEffect& s : cap.side_effects) roots.push_back(s.value);
        for (const VarP& c : cap.cell_stores)
            if (c) roots.push_back(c);
        if (cap.outcome == Capture::Outcome::Return) {
            roots.push_back(cap.return_value);
        } else {
            roots.insert(roots.end(), cap.stack.begin(), cap.stack.end());
            for (size_t l : cap.resume_locals) roots.push_back(cap.locals[l]);
        }
        r.share(roots);
    }
    for (const VarP& l : cap.mutated_lists) {
        // xs[:] = [new items]: the list object stays the same, its contents become the traced ones.
        for (const VarP& x : l->items) r.var(x);
        e.emit(Opcode::BUILD_LIST, int(l->items.size()));
        r.source(*l->source);
        r.value(Value(vm::make<vm::Slice>(Value::none(), Value::none(), Value::none()).get()));
        e.emit(Opcode::STORE_SUBSCR);
    }
    for (const SideEffect& s : cap.side_effects) {
        if (s.kind == SideEffect::Kind::Call) {
            e.emit(Opcode::PUSH_NULL);
            r.value(s.callee);
            for (const VarP& a : s.value->items) r.var(a);
            e.emit(Opcode::CALL, int(s.value->items.size()));
            e.emit(Opcode::POP_TOP);
            continue;
        }
        if (s.kind != SideEffect::Kind::DelItem) r.var(s.value);
        if (s.kind == SideEffect::Kind::StoreAttr) {
            r.var(s.object);
            e.emit(Opcode::STORE_ATTR, e.name(s.name));
        } else if (s.kind == SideEffect::Kind::DelItem) {
            r.source(*s.object->source);
            r.value(s.key);
            e.emit(Opcode::DELETE_SUBSCR);
            continue;
        } else if (s.kind == SideEffect::Kind::StoreItem) {
            r.source(*s.object->source);  // the program's dict itself, not a rebuilt copy
            r.value(s.key);
            e.emit(Opcode::STORE_SUBSCR);
        } else {
            e.emit(Opcode::STORE_GLOBAL, e.name(s.name));
        }
    }
    if (cap.outcome == Capture::Outcome::Return) {
        for (size_t k = 0; k < cap.cell_stores.size(); ++k) {
            if (!cap.cell_stores[k]) continue;
            r.var(cap.cell_stores[k]);
            e.emit(Opcode::STORE_DEREF, int(k));
        }
        r.var(cap.return_value);
        e.emit(Opcode::RETURN_VALUE);
        out.code = e.finish();
        check_generated(*out.code->code, nullptr, 0);
        return out;
    }
    if (cap.step_break) {
        // PyTorch's step_graph_break: the live locals get the values the graph's part gave them (all
        // rebuilt first, then stored, so a rebuild reading a local sees its value from before), the
        // frame's cells likewise, then the original code runs from the checkpoint: its jumps are
        // relative, so the copy works unchanged after a JUMP_FORWARD to the checkpoint.
        for (size_t k = 0; k < cap.cell_stores.size(); ++k) {
            if (!cap.cell_stores[k]) continue;
            r.var(cap.cell_stores[k]);
            e.emit(Opcode::STORE_DEREF, int(k));
        }
        for (size_t l : cap.resume_locals) r.var(cap.locals[l]);
        for (auto it = cap.resume_locals.rbegin(); it != cap.resume_locals.rend(); ++it) e.emit(Opcode::STORE_FAST, int(*it));
        // A placeholder end for the assembler, replaced by the jump into the copied body.
        e.emit(Opcode::LOAD_CONST, e.constant(Constant{}));
        e.emit(Opcode::RETURN_VALUE);
        out.code = e.finish();
        bytecode::CodeObject full = *out.code->code;
        full.code.resize(full.code.size() - 2);
        Instruction jump;
        jump.op = Opcode::JUMP_FORWARD;
        jump.arg = cap.break_pc;
        jump.span = orig.code[size_t(cap.break_pc)].span;
        full.code.push_back(jump);
        const int prologue = int(full.code.size());
        full.code.insert(full.code.end(), orig.code.begin(), orig.code.end());
        full.stacksize = std::max(full.stacksize, orig.stacksize);
        check_generated(full, &orig, prologue);
        auto code = vm::make<vm::Code>(std::make_shared<const bytecode::CodeObject>(std::move(full)));
        // The frame's own constants (its nested code objects, as the frame made them) and the VM
        // constants the prologue holds (a dtype, a code object) are carried over.
        for (size_t k = 0; k < out.code->consts.size() && k < code->consts.size(); ++k)
            code->consts[k] = k < orig.consts.size() && frame.code ? frame.code->consts[k] : out.code->consts[k];
        out.code = code;
        return out;
    }
    // A graph break at cap.break_pc.
    const int ncells = int(orig.cellvars.size() + orig.freevars.size());
    const Instruction& brk = orig.code[size_t(cap.break_pc)];
    // The frame's own cells the graph's part assigned (`d = 2` read by a comprehension) hold that
    // value from here on: the breaking instruction and the resume function read them.
    for (size_t k = 0; k < cap.cell_stores.size(); ++k) {
        if (!cap.cell_stores[k]) continue;
        r.var(cap.cell_stores[k]);
        e.emit(Opcode::STORE_DEREF, int(k));
    }
    // The grad-mode and autocast blocks open at the break are entered again around the breaking instruction
    // (PyTorch's reconstruct_type + ReenterWith.try_finally), each where its __exit__ sits on the
    // stack; the graph has left them, so the instruction runs in the block's mode.
    std::vector<const Capture::WithBlock*> with_at(cap.stack.size(), nullptr);
    for (const auto& w : cap.with_blocks)
        if (w.stack_slot >= 0 && size_t(w.stack_slot) < cap.stack.size()) with_at[size_t(w.stack_slot)] = &w;
    if (!cap.with_blocks.empty()) import_torch(in, frame.globals);
    if (std::any_of(cap.with_blocks.begin(), cap.with_blocks.end(), [](const Capture::WithBlock& w) { return w.null_context; }))
        import_global_module(in, frame.globals, "contextlib");
    std::vector<int> handlers;
    for (size_t k = 0; k < cap.stack.size(); ++k) {
        const Capture::WithBlock* w = with_at[k];
        if (!w) {
            r.var(cap.stack[k]);
            continue;
        }
        emit_manager(*w, [&](Opcode op, int arg) { e.emit(op, arg); }, [&](const std::string& n) { return e.name(n); },
                     [&](const Constant& c) { return e.constant(c); });
        e.emit(Opcode::BEFORE_WITH);
        e.emit(Opcode::POP_TOP);
        handlers.push_back(e.label());
        e.emit(Opcode::SETUP_FINALLY, handlers.back());
    }
    if (cap.kwnames && brk.op == Opcode::CALL) {
        Constant c;
        if (!to_constant(cap.kwnames->value, c)) KILN_FAIL(RuntimeError, "dynamo codegen: keyword names");
        e.emit(Opcode::KW_NAMES, e.constant(c));
    }
    int jump_label = e.label();
    r.original(brk, jump_label);
    const std::vector<size_t>& live = cap.resume_locals;
    int line = brk.span.line;
    auto points = resume_points(orig, cap);
    for (size_t p = 0; p < points.size(); ++p) {
        auto [target, depth] = points[p];
        bool jump = successors(orig, cap.break_pc)[p].second;
        if (jump) e.bind(jump_label);
        // Save the stack in temporaries, top first; NULL markers are dropped (Kiln's POP_TOP takes a
        // NULL; PyTorch calls a no-op function on it, CPython's POP_TOP cannot) and the resume
        // function pushes them again.
        const std::vector<bool> nulls = null_slots(orig, cap, depth);
        int nonnull = 0;
        for (int k = depth - 1; k >= 0; --k) {
            if (size_t(k) < with_at.size() && with_at[size_t(k)]) {
                // Leave the re-entered block: its __exit__(None, None, None); the resume function
                // enters it again.
                e.emit(Opcode::POP_BLOCK);
                e.emit(Opcode::PUSH_NULL);
                e.emit(Opcode::SWAP, 2);
                for (int n = 0; n < 3; ++n) e.emit(Opcode::LOAD_CONST, e.constant(Constant{}));
                e.emit(Opcode::CALL, 3);
                e.emit(Opcode::POP_TOP);
            } else if (nulls[size_t(k)]) {
                e.emit(Opcode::POP_TOP);
            } else {
                e.emit(Opcode::STORE_FAST, e.local("___tmp" + std::to_string(k)));
                ++nonnull;
            }
        }
        std::string gname;
        vm::Ref<vm::Function> fn = resume_function(orig, frame.globals, target, depth, nulls, live, cap.with_blocks, line, resumes, gname);
        out.resume_names.push_back(gname);
        if (ncells > 0) {
            // A frame with cells resumes in a function made here, closing over those cells (each
            // call gets its own closure; no global, whose call without the cells could not run).
            e.emit(Opcode::PUSH_NULL);
            for (int k = 0; k < ncells; ++k) e.emit(Opcode::LOAD_CLOSURE, k);
            e.emit(Opcode::BUILD_TUPLE, ncells);
            e.emit(Opcode::LOAD_CONST, e.object(Value(fn->code.get()), "<code object " + fn->code->code->name + ">"));
            e.emit(Opcode::MAKE_FUNCTION, bytecode::MF_CLOSURE);
        } else {
            frame.globals->dict.set(gname, Value(fn.get()));
            e.emit(Opcode::LOAD_GLOBAL, (e.name(gname) << 1) | 1);
        }
        for (int k = 0; k < depth; ++k)
            if (!nulls[size_t(k)] && !(size_t(k) < with_at.size() && with_at[size_t(k)]))
                e.emit(Opcode::LOAD_FAST, e.local("___tmp" + std::to_string(k)));
        for (size_t l : live) r.var(cap.locals[l]);
        e.emit(Opcode::CALL, nonnull + int(live.size()));
        e.emit(Opcode::RETURN_VALUE);
    }
    if (points.empty()) e.bind(jump_label);  // a raise: nothing follows
    // An exception from the breaking instruction leaves each re-entered block through its
    // __exit__(type, exc, tb) and propagates (a grad-mode manager never suppresses it).
    for (int h : handlers) {
        e.bind(h);                           // (exit, exc)
        e.emit(Opcode::PUSH_EXC_INFO);       // (exit, prev, exc)
        e.emit(Opcode::WITH_EXCEPT_START);   // (exit, prev, exc, result)
        e.emit(Opcode::POP_TOP);
        e.emit(Opcode::SWAP, 2);             // (exit, exc, prev)
        e.emit(Opcode::POP_EXCEPT);
        e.emit(Opcode::RERAISE);
    }
    out.code = e.finish();
    check_generated(*out.code->code, nullptr, 0);
    return out;
}

}  // namespace kiln::capture::dynamo
