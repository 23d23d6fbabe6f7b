// Generator objects: resuming a suspended frame, send/throw/close, `yield from` delegation, the
// finalizer, and the Python-visible generator type. See generator.h for the design.
#include "vm/generator.h"

#include <cstdio>
#include <set>

#include "vm/args.h"
#include "vm/host.h"
#include "vm/ops.h"

namespace kiln::vm {

namespace {
// Live generators (for closing the suspended ones when a program ends), per thread as interpreters are.
thread_local std::set<Generator*>* g_live = nullptr;
thread_local uint64_t g_serial = 0;

[[noreturn]] void raise_running() { raise(T().ValueError, "generator already executing"); }

// StopIteration(value), or StopIteration() for None (what `return` / `return None` raise).
[[noreturn]] void raise_stop(const Value& v) {
    throw PyError(new_exception(T().StopIteration, v.is_none() ? std::vector<Value>{} : std::vector<Value>{v}));
}

Value stop_value(const Value& exc) {
    const auto& items = exc.get<ExceptionObj>()->args.get<Tuple>()->items;
    return items.empty() ? Value::none() : items[0];
}

// gen.throw(typ[, val[, tb]]) / gen.throw(exc): the exception instance to raise (CPython's checks).
Value normalize_thrown(Interpreter& in, const CallArgs& a) {
    if (a.nkw) raise(T().TypeError, "generator.throw() takes no keyword arguments");
    if (a.nargs < 2) raise(T().TypeError, str("throw expected at least 1 argument, got ", a.nargs ? a.nargs - 1 : 0));
    if (a.nargs > 4) raise(T().TypeError, str("throw expected at most 3 arguments, got ", a.nargs - 1));
    const Value& typ = a.args[1];
    Value val = a.nargs > 2 ? a.args[2] : Value::none();
    // The third argument must be a traceback (exc.__traceback__, as contextlib-style callers pass
    // what `__exit__` received) or None; the exception keeps its own entries either way.
    if (a.nargs > 3 && !a.args[3].is_none() && !is_traceback(a.args[3]))
        raise(T().TypeError, "throw() third argument must be a traceback object");
    if (auto* t = typ.as<Type>(); t && t->is_exception) {
        if (val.is(Kind::Exception) && isinstance(val, t)) return val;
        if (val.is_none()) return in.call(typ, {});
        if (auto* tup = val.as<Tuple>()) return in.call(typ, tup->items);
        return in.call(typ, {val});
    }
    if (typ.is(Kind::Exception)) {
        if (!val.is_none()) raise(T().TypeError, "instance exception may not have a separate value");
        return typ;
    }
    raise(T().TypeError, str("exceptions must be classes or instances deriving from BaseException, not ", type_name(typ)));
}

// Closes a `yield from` sub-iterator: a generator's close(), or the object's close() if it has one.
void close_subiterator(Interpreter& in, const Value& it) {
    if (Generator* g = as_generator(it)) return g->close(in);
    if (Value m = getattr_or_null(in, it, "close"); !m.is_null()) in.call(m, {});
}
}  // namespace

// repr(gen): <generator object f.<locals>.g at 0x...>
std::string generator_repr(const Generator* gen) {
    char addr[32];
    std::snprintf(addr, sizeof addr, "%p", static_cast<const void*>(gen));
    // the function's __qualname__ (assignable), else its code's, as CPython's gen_repr reads gi_qualname
    std::string q = !gen->func ? "?" : !gen->func->qualname.empty() ? gen->func->qualname : gen->func->code->code->qualname;
    return str("<generator object ", q, " at ", addr, ">");
}


Type* generator_type() {
    static Type* t = [] {
        Type* g = make_builtin_type("generator", types().object, Kind::Iterator);
        // The receiver check of a method reached through the class (type(g).send(1, 2)), worded as
        // CPython words its slot wrappers (__iter__, __next__) and its methods (send, throw, close).
        auto checked = [](const CallArgs& a, const char* name, bool slot) -> Generator* {
            if (!a.nargs)
                raise(types().TypeError, slot ? str("descriptor '", name, "' of 'generator' object needs an argument")
                                              : str("unbound method generator.", name, "() needs an argument"));
            Generator* gen = as_generator(a.args[0]);
            if (!gen)
                raise(types().TypeError,
                      slot ? str("descriptor '", name, "' requires a 'generator' object but received a '", type_name(a.args[0]), "'")
                           : str("descriptor '", name, "' for 'generator' objects doesn't apply to a '", type_name(a.args[0]),
                                 "' object"));
            if (slot && (a.nargs != 1 || a.nkw))
                raise(types().TypeError, a.nkw ? str("wrapper ", name, "() takes no keyword arguments")
                                               : str("expected 0 arguments, got ", a.nargs - 1));
            return gen;
        };
        auto self = [](const CallArgs& a) -> Generator* {  // the attributes' getters
            Generator* gen = a.nargs ? as_generator(a.args[0]) : nullptr;
            if (!gen) raise(types().TypeError, "descriptor requires a 'generator' object");
            return gen;
        };
        def_method(g, "__iter__", [checked](Interpreter&, const CallArgs& a) {
            checked(a, "__iter__", true);
            return a.args[0];
        });
        def_method(g, "__next__", [checked](Interpreter& in, const CallArgs& a) {
            Generator* gen = checked(a, "__next__", true);
            Value keep = a.args[0];
            Value out;
            if (!gen->send(in, Value::none(), out)) raise_stop(out);
            return out;
        });
        def_method(g, "send", [checked](Interpreter& in, const CallArgs& a) {
            Generator* gen = checked(a, "send", false);
            if (a.nargs != 2 || a.nkw) raise(types().TypeError, str("generator.send() takes exactly one argument (", a.nargs - 1, " given)"));
            Value keep = a.args[0];
            Value out;
            if (!gen->send(in, a.args[1], out)) raise_stop(out);
            return out;
        });
        def_method(g, "throw", [checked](Interpreter& in, const CallArgs& a) {
            Generator* gen = checked(a, "throw", false);
            Value keep = a.args[0];
            // CPython 3.12's gen_throw (the form goes in 3.14)
            if (a.nargs > 2)
                emit_warning(in, new_str("the (type, exc, tb) signature of throw() is deprecated, use the single-arg signature instead."),
                             types().DeprecationWarning);
            Value exc = normalize_thrown(in, a);
            Value out;
            if (!gen->throw_in(in, exc, out)) raise_stop(out);
            return out;
        });
        def_method(g, "close", [checked](Interpreter& in, const CallArgs& a) {
            Generator* gen = checked(a, "close", false);
            if (a.nargs != 1 || a.nkw) raise(types().TypeError, str("generator.close() takes no arguments (", a.nargs - 1, " given)"));
            Value keep = a.args[0];
            gen->close(in);
            return Value::none();
        });
        def_method(g, "__repr__", [checked](Interpreter&, const CallArgs& a) { return new_str(generator_repr(checked(a, "__repr__", true))); });
        def_property(g, "gi_running", [self](Interpreter&, const CallArgs& a) {
            return Value::boolean(self(a)->state == Generator::State::Running);
        });
        def_property(g, "gi_suspended", [self](Interpreter&, const CallArgs& a) {
            return Value::boolean(self(a)->state == Generator::State::Suspended);
        });
        // gi_frame: the generator's frame object until it finishes (then None, as CPython's); while
        // the generator is not running its frame has no caller, so f_back is None.
        def_property(g, "gi_frame", [self](Interpreter&, const CallArgs& a) {
            Generator* gen = self(a);
            if (gen->state == Generator::State::Done) return Value::none();
            if (gen->state != Generator::State::Running) gen->frame.back = nullptr;
            return frame_object(&gen->frame);
        });
        def_property(g, "gi_code", [self](Interpreter&, const CallArgs& a) {
            Generator* gen = self(a);
            return gen->func ? Value(gen->func->code.get()) : Value::none();
        });
        def_property(g, "gi_yieldfrom", [self](Interpreter&, const CallArgs& a) {
            Value yf = self(a)->delegate();
            return yf.is_null() ? Value::none() : yf;
        });
        return g;
    }();
    return t;
}

Generator::Generator(Ref<Function> fn) : Iterator(generator_type()), func(std::move(fn)) {
    frame.gen = this;
    owner = current_interpreter_or_null();
    serial = ++g_serial;
    if (!g_live) g_live = new std::set<Generator*>();
    g_live->insert(this);
}

Ref<Generator> new_generator(Function* fn) { return make<Generator>(Ref<Function>(fn)); }

Generator::~Generator() {
    if (g_live) {
        g_live->erase(this);
        // the set goes with the last generator: a worker thread's (the CLI runs programs on one) would
        // otherwise outlive its thread, unreachable
        if (g_live->empty()) {
            delete g_live;
            g_live = nullptr;
        }
    }
    if (frame.pyframe) detach_frame_object(frame);  // a gi_frame object outliving the generator
    // CPython's finalizer: a generator freed while suspended is closed, so its finally blocks and
    // `with` exits run. Errors cannot propagate out of a destructor; CPython prints them as
    // "Exception ignored in: ..." and goes on, and so does Kiln. The count is raised so that
    // references made while closing never free the object a second time.
    if (state != State::Suspended || frame.blocks.empty()) return;
    Interpreter* in = current_interpreter_or_null();
    if (!in || in != owner || in->finalizing()) return;
    refcount += 1u << 20;
    try {
        close(*in);
    } catch (PyError& e) {
        // A spent budget or a Stop is raised again by the program's next instruction: not reported here.
        if (type_of(e.exc)->name != "KilnLimitError")
            in->write_err(str("Exception ignored in: ", generator_repr(this), "\n", in->format_exception(e.exc)));
    } catch (...) {
    }
}

void Generator::clear() {
    state = State::Done;
    finish();
    func.reset();
}

void Generator::finish() {
    state = State::Done;
    // a gi_frame object keeps the last locals once the frame is gone (the frame lives in this object)
    if (frame.pyframe) detach_frame_object(frame);
    frame.fast.clear();
    frame.cells.clear();
    frame.stack.clear();
    frame.sp = 0;
    frame.blocks.clear();
    exc_state = Value();
}

Value Generator::next(Interpreter& in) {
    if (state == State::Done) return Value();
    Value keep(this);
    Value out;
    return send(in, Value::none(), out) ? out : Value();
}

bool Generator::send(Interpreter& in, const Value& sent, Value& out) {
    if (state == State::Running) raise_running();
    if (state == State::Done) {
        out = Value::none();
        return false;
    }
    if (state == State::Created && !sent.is_none())
        raise(T().TypeError, "can't send non-None value to a just-started generator");
    return resume(in, sent, nullptr, out);
}

// One resume of the frame: exchanges the exception being handled with the generator's own (CPython
// keeps one per generator), and turns a StopIteration leaving the frame into RuntimeError (PEP 479).
bool Generator::resume(Interpreter& in, const Value& sent, const Value* thrown, Value& out) {
    Value keep(this);
    Value caller_exc = in.handled_exception();
    if (!exc_state.is_null()) in.handled_exception() = exc_state;
    state = State::Running;
    try {
        out = in.resume_frame(frame, sent, thrown);
    } catch (PyError& e) {
        finish();
        in.handled_exception() = caller_exc;
        if (isinstance(e.exc, T().StopIteration)) {
            Value err = new_exception(T().RuntimeError, {new_str("generator raised StopIteration")});
            auto* x = err.get<ExceptionObj>();
            x->cause = e.exc;
            x->context = e.exc;
            x->suppress_context = true;
            throw PyError(err);
        }
        throw;
    }
    if (frame.yielded) {
        state = State::Suspended;
        exc_state = in.handled_exception().identical(caller_exc) ? Value() : in.handled_exception();
        in.handled_exception() = caller_exc;
        return true;
    }
    finish();
    in.handled_exception() = caller_exc;
    return false;
}

// CPython 3.11's _PyGen_yf: a frame suspended at the YIELD_VALUE of a `yield from` loop resumes at
// RESUME 2, with the sub-iterator on top of its stack.
Value Generator::delegate() const {
    if (state != State::Suspended || !frame.co || frame.sp == 0) return Value();
    const auto& ins = frame.co->code[size_t(frame.pc)];
    if (ins.op != bytecode::Opcode::RESUME || ins.arg < 2) return Value();
    return frame.stack[frame.sp - 1];
}

bool Generator::throw_in(Interpreter& in, const Value& exc, Value& out) {
    Value keep(this);
    if (state == State::Running) raise_running();
    if (state != State::Suspended) {
        // Not started or finished: the exception is raised without running anything.
        finish();
        throw PyError(exc);
    }
    if (Value yf = delegate(); !yf.is_null()) {
        if (isinstance(exc, T().GeneratorExit)) {
            // Close the sub-iterator, then raise GeneratorExit here (or what closing raised).
            state = State::Running;
            try {
                close_subiterator(in, yf);
            } catch (PyError& e) {
                state = State::Suspended;
                return resume(in, Value(), &e.exc, out);
            }
            state = State::Suspended;
            return resume(in, Value(), &exc, out);
        }
        Value meth;
        Generator* sub = as_generator(yf);
        if (!sub) meth = getattr_or_null(in, yf, "throw");
        if (sub || !meth.is_null()) {
            state = State::Running;
            Value r;
            bool yielded;
            try {
                if (sub) {
                    yielded = sub->throw_in(in, exc, r);
                } else {
                    r = in.call(meth, {exc});
                    yielded = true;
                }
            } catch (PyError& e) {
                state = State::Suspended;
                if (!isinstance(e.exc, T().StopIteration)) {
                    // The sub-iterator raised: leave the loop and raise it at the `yield from`.
                    frame.stack[--frame.sp] = Value();
                    frame.pc = frame.co->jump_target(frame.pc - 2);
                    return resume(in, Value(), &e.exc, out);
                }
                r = stop_value(e.exc);
                yielded = false;
            }
            state = State::Suspended;
            if (yielded) {
                out = r;
                return true;
            }
            // The sub-iterator returned: the `yield from` evaluates to its value (CPython jumps past
            // the SEND loop the same way).
            frame.stack[--frame.sp] = Value();
            frame.pc = frame.co->jump_target(frame.pc - 2);
            return resume(in, r, nullptr, out);
        }
    }
    return resume(in, Value(), &exc, out);
}

void Generator::close(Interpreter& in) {
    Value keep(this);
    if (state == State::Running) raise_running();
    if (state != State::Suspended) {
        finish();
        return;
    }
    Value exc = new_exception(T().GeneratorExit, {});
    Value out;
    bool yielded;
    try {
        yielded = throw_in(in, exc, out);
    } catch (PyError& e) {
        if (isinstance(e.exc, T().GeneratorExit) || isinstance(e.exc, T().StopIteration)) return;
        throw;
    }
    if (yielded) raise(T().RuntimeError, "generator ignored GeneratorExit");
}

bool send_to_subiterator(Interpreter& in, const Value& receiver, const Value& sent, Value& out) {
    if (Generator* g = as_generator(receiver)) return g->send(in, sent, out);
    try {
        if (sent.is_none()) {
            if (auto* it = receiver.as<Iterator>()) {
                out = native_next(in, it);
                if (out.is_null()) {
                    out = Value::none();
                    return false;
                }
                return true;
            }
            Value f = find_dunder(receiver, "__next__");
            if (f.is_null()) raise(T().TypeError, str("'", type_name(receiver), "' object is not an iterator"));
            out = in.call(f, {receiver});
        } else {
            out = in.call(getattr(in, receiver, "send"), {sent});
        }
    } catch (PyError& e) {
        if (!isinstance(e.exc, T().StopIteration)) throw;
        out = stop_value(e.exc);
        return false;
    }
    return true;
}

void close_suspended_generators(Interpreter& in) {
    for (;;) {
        if (!g_live) return;  // the last generator's destructor frees the set
        Generator* oldest = nullptr;
        for (Generator* g : *g_live)
            if (g->state == Generator::State::Suspended && !g->frame.blocks.empty() && g->owner == &in &&
                (!oldest || g->serial < oldest->serial))
                oldest = g;
        if (!oldest) return;
        Value keep(oldest);
        try {
            oldest->close(in);
        } catch (PyError& e) {
            oldest->state = Generator::State::Done;
            in.write_err(str("Exception ignored in: ", generator_repr(oldest), "\n", in.format_exception(e.exc)));
        }
    }
}

}  // namespace kiln::vm
