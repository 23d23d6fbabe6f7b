// Generators: a function whose frame outlives one call and is resumed at the instruction after
// each `yield` (CPython 3.11's PyGenObject and genobject.c in miniature).
//
// Calling a generator function (code with CO_GENERATOR) builds its Frame inside a new Generator
// and evaluates it through the hook as any call; the frame's first instruction, RETURN_GENERATOR,
// hands the generator back. Each resume (next(), send(), throw(), close(), a for loop's FOR_ITER,
// a delegating SEND) re-enters the same instruction loop at the frame's saved pc with its saved
// value stack and block stack (Interpreter::resume_frame); YIELD_VALUE returns from the loop with
// Frame::yielded set, RETURN_VALUE finishes the generator. A Generator is a native Iterator, so
// every consumer of iterators (for, list(), zip, sum, unpacking, ...) takes it unchanged.
//
// Semantics and messages are CPython's: "generator already executing", "can't send non-None value
// to a just-started generator", a StopIteration escaping the frame becomes RuntimeError("generator
// raised StopIteration") chained from it, close() throws GeneratorExit in and fails with "generator
// ignored GeneratorExit" when the generator yields instead, `yield from` forwards send/throw/close
// to the sub-iterator. A suspended generator that is freed is closed first (its finally blocks
// and `with` exits run, as CPython's finalizer does); so are those still suspended when a program
// ends (Interpreter::run_source), as CPython's shutdown does.
#pragma once
#include "vm/frame.h"

namespace kiln::vm {

struct Generator : Iterator {
    enum class State { Created, Suspended, Running, Done };

    explicit Generator(Ref<Function> fn);
    ~Generator() override;
    void clear() override;
    Value next(Interpreter& in) override;  // Null once the generator has returned

    // Resumes with `sent` pushed as the value of the pending yield. Returns true with the yielded
    // value in `out`, or false with the return value when the generator finished.
    bool send(Interpreter& in, const Value& sent, Value& out);
    // Raises `exc` (an exception instance) at the pending yield (forwarded to a `yield from`
    // sub-iterator first); the same result convention as send().
    bool throw_in(Interpreter& in, const Value& exc, Value& out);
    // gen.close(): GeneratorExit in, RuntimeError if it yields again.
    void close(Interpreter& in);
    // The `yield from` sub-iterator the suspended frame waits on (gi_yieldfrom), or Null.
    Value delegate() const;

    Frame frame;             // the generator's frame: fast locals, cells, stack, blocks, pc
    Ref<Function> func;      // keeps the frame's code and globals alive
    State state = State::Created;
    Value exc_state;         // the exception being handled inside the generator while it is suspended
    uint64_t serial = 0;     // creation order (programs' end closes survivors oldest first)
    Interpreter* owner = nullptr;  // the interpreter that made it (its finalizer runs only there)

private:
    bool resume(Interpreter& in, const Value& sent, const Value* thrown, Value& out);
    void finish();           // Done: drops the frame's values
};

// The type of generator objects ("generator").
Type* generator_type();
// The Generator a value is, or nullptr.
inline Generator* as_generator(const Value& v) {
    return v.is(Kind::Iterator) && v.obj()->type == generator_type() ? static_cast<Generator*>(v.obj()) : nullptr;
}
// repr(gen), as CPython's gen_repr: "<generator object Outer.method.<locals>.gen at 0x...>".
std::string generator_repr(const Generator* gen);
// A new generator for `fn` whose frame the caller fills (arguments, cells, stack) before running it.
Ref<Generator> new_generator(Function* fn);
// SEND: passes `sent` to the sub-iterator of a `yield from` (a generator, an iterator with send(),
// or any iterator when `sent` is None). Returns true with the yielded value, or false with the
// sub-iterator's return value (StopIteration.value).
bool send_to_subiterator(Interpreter& in, const Value& receiver, const Value& sent, Value& out);
// Closes every generator that is still suspended, oldest first (end of a program).
void close_suspended_generators(Interpreter& in);

}  // namespace kiln::vm
