// Frame objects: sys._getframe(), inspect.currentframe() and the `frame` type programs walk with
// f_back / f_locals / f_code (d2l's HyperParameters.save_hyperparameters reads its caller's
// arguments this way; loggers and decorators read f_code.co_name and f_lineno).
//
// A Frame (frame.h) lives on the C++ stack of the call running it, so a frame object cannot simply
// point at it: a program may keep the object after the call returned. As in CPython, where a frame
// object outlives its execution and keeps its last locals, a frame object is "live" while its call
// runs (attributes read the running frame: f_locals is a fresh snapshot, f_lineno the current line)
// and is detached when the call leaves (FrameGuard, interpreter.cpp): it then keeps the locals and
// line it had, and its caller's frame object (made then if needed), so f_back chains stay walkable.
// A running frame holds a reference to its object once one was made (Frame::pyframe), so asking twice
// gives the same object (`sys._getframe(1) is sys._getframe().f_back`) and locals() keeps filling the
// same dict, as in CPython.
#include <algorithm>
#include <cstdio>

#include "vm/args.h"
#include "vm/comprehension_frames.h"
#include "vm/frame.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/typetable.h"

namespace kiln::vm {

namespace {

Type* g_frame_type = nullptr;

struct FrameObj : NativeObj {
    FrameObj(Type* t, Frame* f) : NativeObj(t), live(f), code(f->code), globals(f->globals) {}
    ~FrameObj() override {
        if (live) live->pyframe = nullptr;
    }
    void clear() override {
        locals = Value();
        back = Value();
        globals = Ref<ModuleObj>();
    }
    Frame* live;           // the running frame; null once its call returned
    Ref<Code> code;        // null only for frames that run no code object of their own
    Ref<ModuleObj> globals;
    Value locals;          // a function frame's f_locals dict (after detaching: as the call left it)
    Value back;            // after detaching: the caller's frame object, or None
    int line = 0, lasti = 0;
    lang::SourceSpan span;  // after detaching: the span of the instruction it was running
};

// (lineno, end_lineno, col_offset, end_col_offset) of the instruction a frame runs, as a traceback
// entry has them (inspect.getframeinfo's positions).
Value positions_tuple(const lang::SourceSpan& sp) {
    auto opt = [](int v) { return v > 0 ? Value::integer(v) : Value::none(); };
    // spans count columns from 1, CPython's offsets from 0
    return new_tuple({Value::integer(sp.line), opt(sp.end_line), sp.end_line > 0 ? Value::integer(sp.col - 1) : Value::none(),
                      sp.end_line > 0 ? Value::integer(sp.end_col - 1) : Value::none()});
}

lang::SourceSpan current_span(const Frame& f) {
    if (!f.co || f.co->code.empty()) return {};
    return f.co->code[size_t(std::min<int>(f.lasti, int(f.co->code.size()) - 1))].span;
}

FrameObj* frame_of(const Value& v) {
    auto* f = native_cast<FrameObj>(v);
    if (!f) raise(types().TypeError, str("descriptor for 'frame' objects doesn't apply to a '", type_name(v), "' object"));
    return f;
}

}  // namespace

namespace {

// Updates `d` to the variables of a running function frame, as CPython's PyFrame_FastToLocals does
// its frame's one f_locals dict: co_varnames, then the cells that are not arguments, then the free
// variables (`__class__` included); a bound name is set (new names go at the end), an unbound one is
// removed.
void update_locals(Frame& f, Dict& d) {
    const auto& co = *f.co;
    auto put = [&](const std::string& n, const Value& v) {
        Value key = new_str(n);
        if (v.is_null()) d.erase(key);
        else d.set(key, v);
    };
    for (size_t i = 0; i < co.varnames.size() && i < f.fast.size(); ++i) {
        bool in_cell = false;
        for (const auto& c : co.cellvars) in_cell = in_cell || c == co.varnames[i];
        if (!in_cell) put(co.varnames[i], f.fast[i]);
    }
    for (size_t i = 0; i < co.cellvars.size() + co.freevars.size() && i < f.cells.size(); ++i) {
        const std::string& n = i < co.cellvars.size() ? co.cellvars[i] : co.freevars[i - co.cellvars.size()];
        put(n, f.cells[i] ? f.cells[i]->value : Value());
    }
}

}  // namespace

// locals() and frame.f_locals: the module or class namespace itself where the frame runs one; in a
// function, the frame object's one dict brought up to date (so `locals() is sys._getframe().f_locals`
// and keys keep the order they were first bound in, as in CPython).
Value frame_locals(Frame& f) {
    if (inlined_comprehension(f)) {
        // the enclosing frame's variables (a class body's __prepare__ mapping aside), then the
        // comprehension's own (not its hidden `.0` iterator), in a new dict: at module level the
        // enclosing one mirrors the module namespace, which the comprehension's must not reach
        Value outer = frame_locals(*f.back);
        auto d = make<Dict>();
        if (auto* od = outer.as<Dict>()) od->for_each([&](const Value& k, const Value& v) { d->set(k, v); });
        update_locals(f, *d);
        d->erase(new_str(".0"));
        return Value(d.get());
    }
    if (!f.names_map.is_null()) return f.names_map;  // a class body's __prepare__ namespace
    if (f.names) return namespace_dict(*f.names, f.names == &f.globals->dict ? f.globals : nullptr);
    Value obj = frame_object(&f);
    auto* o = static_cast<FrameObj*>(obj.obj());
    if (o->locals.is_null()) o->locals = Value(make<Dict>().get());
    update_locals(f, *o->locals.get<Dict>());
    return o->locals;
}

Type* frame_type();  // below

Value frame_object(Frame* f) {
    while (f && inlined_comprehension(*f)) f = f->back;  // PEP 709: no frame of its own
    if (!f) return Value::none();
    if (f->pyframe) return Value(f->pyframe);
    auto o = make<FrameObj>(frame_type(), f);
    f->pyframe = o.get();
    incref(o.get());  // the running frame's reference, dropped when it detaches
    return Value(o.get());
}

void detach_frame_object(Frame& f) {
    auto* o = static_cast<FrameObj*>(f.pyframe);
    Value keep(o);  // frame_locals below may be the only other holder
    o->locals = frame_locals(f);
    o->line = f.line();
    o->lasti = f.lasti * 2;
    o->span = current_span(f);
    o->back = frame_object(f.back);
    o->live = nullptr;
    f.pyframe = nullptr;
    decref(o);  // `keep` still holds it
}

// The frame type, made on first use: frame objects come from tracebacks (tb_frame) and generators
// (gi_frame) in programs that never import sys, whose import installs _getframe below.
Type* frame_type() {
    if (g_frame_type) return g_frame_type;
    g_frame_type = make_builtin_type("frame", types().object, Kind::Native);
    Type* t = g_frame_type;
    def_property(t, "f_back", [](Interpreter&, const CallArgs& a) {
        FrameObj* o = frame_of(a.args[0]);
        return o->live ? frame_object(o->live->back) : o->back;
    });
    def_property(t, "f_locals", [](Interpreter&, const CallArgs& a) {
        FrameObj* o = frame_of(a.args[0]);
        if (o->live) return frame_locals(*o->live);
        return o->locals.is_null() ? Value(make<Dict>().get()) : o->locals;
    });
    def_property(t, "f_globals", [](Interpreter&, const CallArgs& a) {
        FrameObj* o = frame_of(a.args[0]);
        return o->globals ? namespace_dict(o->globals->dict, o->globals.get()) : Value::none();
    });
    def_property(t, "f_builtins", [](Interpreter& in, const CallArgs&) { return namespace_dict(in.builtins(), nullptr); });
    def_property(t, "f_code", [](Interpreter&, const CallArgs& a) {
        FrameObj* o = frame_of(a.args[0]);
        return o->code ? Value(o->code.get()) : Value::none();
    });
    def_property(t, "f_lineno", [](Interpreter&, const CallArgs& a) {
        FrameObj* o = frame_of(a.args[0]);
        return Value::integer(o->live ? o->live->line() : o->line);
    });
    def_property(t, "f_lasti", [](Interpreter&, const CallArgs& a) {  // a byte offset, as CPython's
        FrameObj* o = frame_of(a.args[0]);
        return Value::integer(o->live ? o->live->lasti * 2 : o->lasti);
    });
    def_property(t, "_kiln_positions", [](Interpreter&, const CallArgs& a) {  // inspect.getframeinfo's
        FrameObj* o = frame_of(a.args[0]);
        return positions_tuple(o->live ? current_span(*o->live) : o->span);
    });
    def_property(t, "f_trace", [](Interpreter&, const CallArgs&) { return Value::none(); });
    def_method(t, "__repr__", [](Interpreter&, const CallArgs& a) {
        FrameObj* o = frame_of(a.args[0]);
        char buf[32];
        std::snprintf(buf, sizeof buf, "0x%012llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(o)));
        int line = o->live ? o->live->line() : o->line;
        std::string file = o->code ? o->code->code->filename : "", name = o->code ? o->code->code->name : "";
        return new_str(str("<frame at ", buf, ", file '", file, "', line ", line, ", code ", name, ">"));
    });
    return g_frame_type;
}

void install_frame_objects(Interpreter&, ModuleObj& sys) {
    frame_type();
    // _getframe(depth=0): the frame `depth` calls out from the caller (CPython's ValueError past the
    // outermost one).
    sys.dict.set("_getframe", Value(make<Builtin>("_getframe", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("_getframe(depth=0, /)");
        auto v = sig.bind(a);
        if (!is_index(v[0])) raise(types().TypeError, str("'", type_name(v[0]), "' object cannot be interpreted as an integer"));
        int64_t depth = to_int(v[0], "");
        auto visible = [](Frame* f) {  // comprehensions' frames are not counted (PEP 709)
            while (f && inlined_comprehension(*f)) f = f->back;
            return f;
        };
        Frame* f = visible(in.current_frame());
        for (; f && depth > 0; --depth) f = visible(f->back);
        if (!f) raise(types().ValueError, "call stack is not deep enough");
        return frame_object(f);
    }).get()));
}

}  // namespace kiln::vm
