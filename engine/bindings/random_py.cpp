// torch.Generator objects and the RNG-state functions: torch.Generator(device='cpu') with manual_seed,
// initial_seed, seed, get_state/set_state and device; torch.default_generator (the generator
// torch.manual_seed seeds); torch.get_rng_state/set_rng_state/seed; torch.multinomial; the
// torch.random module. The generator= argument of a random op opens a GeneratorScope (ops/ops.h)
// around the op, so the op draws from that generator's stream.
//
// The state is PyTorch's: a uint8 tensor of 5056 bytes (CPUGeneratorImplState's layout).
#include <algorithm>

#include "bindings/convert.h"
#include "cuda/cuda.h"
#include "support/function.h"
#include "vm/bigint.h"
#include "vm/int_big.h"

namespace kiln::vm::bind {

namespace {

struct TorchGeneratorObj : NativeObj {
    TorchGeneratorObj(Type* t, GeneratorPtr g) : NativeObj(t), gen(std::move(g)) {}
    GeneratorPtr gen;
};

Type* g_type = nullptr;

TorchGeneratorObj* self_gen(const CallArgs& a, const char* what) {
    auto* g = a.nargs ? native_cast<TorchGeneratorObj>(a.args[0]) : nullptr;
    if (!g) raise(T().TypeError, str("descriptor '", what, "' requires a 'torch._C.Generator' object"));
    return g;
}

// THPGenerator_manualSeed's unpack_uint64: an int in [2**63, 2**64) is taken unsigned, a negative one
// as its two's complement; past those, THPUtils_unpackLong's overflow.
uint64_t seed_arg(const Value& v) {
    if (const BigInt* b = big_of(v)) {
        if (!b->negative() && b->bit_length() <= 64) {
            const BigInt high = b->shr(32), low = *b - high.shl(32);
            return (uint64_t(high.to_i64()) << 32) | uint64_t(low.to_i64());
        }
        raise(T().ValueError, "Overflow when unpacking long long");
    }
    if (!(v.is_int() || v.is_bool())) raise(T().TypeError, str("manual_seed expected a long, but got ", type_name(v)));
    return uint64_t(v.as_int());
}

Value state_tensor(GeneratorImpl& g) {
    std::vector<uint8_t> bytes = generator_state(g);
    Tensor t = Tensor::empty({int64_t(bytes.size())}, DType::UInt8);
    std::copy(bytes.begin(), bytes.end(), t.data_ptr<uint8_t>());
    return wrap(t);
}

void set_state(GeneratorImpl& g, const Value& v, const char* fn) {
    if (!is_tensor(v)) raise(T().TypeError, str(fn, "(): argument 'new_state' (position 1) must be Tensor, not ", type_name(v)));
    Tensor t = contiguous(to_device(to_tensor(v), Device::CPU));
    if (t.dtype() != DType::UInt8)
        raise(T().TypeError, str("expected a torch.ByteTensor, but got ", dtype_legacy_name(t.dtype())));
    const uint8_t* p = t.data_ptr<uint8_t>();
    set_generator_state(g, std::vector<uint8_t>(p, p + t.numel()));
}

}  // namespace

Type* generator_type() {
    if (g_type) return g_type;
    g_type = make_builtin_type("Generator", T().object, Kind::Native, "torch._C");
    g_type->construct = [](Interpreter&, const CallArgs& a) {
        static const Signature sig("Generator(device='cpu')");
        auto v = sig.bind(a);
        const Device d = is_none(v[0]) ? Device::CPU : to_device(v[0], "Generator", "device");
        if (d == Device::CUDA && !cuda::is_available()) cuda::synchronize();  // PyTorch's "not compiled"/"no GPU"
        return Value(make<TorchGeneratorObj>(g_type, make_generator(d)).get());
    };
    def_method(g_type, "manual_seed", [](Interpreter&, const CallArgs& a) {
        TorchGeneratorObj* g = self_gen(a, "manual_seed");
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, "manual_seed() takes exactly one argument (seed)");
        manual_seed(*g->gen, seed_arg(a.args[1]));
        return a.args[0];
    });
    def_method(g_type, "initial_seed", [](Interpreter&, const CallArgs& a) {
        return int_value(BigInt::from_u64(initial_seed(*self_gen(a, "initial_seed")->gen)));
    });
    def_method(g_type, "seed", [](Interpreter&, const CallArgs& a) {
        return Value::integer(int64_t(nondeterministic_seed(*self_gen(a, "seed")->gen)));
    });
    def_method(g_type, "get_state", [](Interpreter&, const CallArgs& a) { return state_tensor(*self_gen(a, "get_state")->gen); });
    def_method(g_type, "set_state", [](Interpreter&, const CallArgs& a) {
        TorchGeneratorObj* g = self_gen(a, "set_state");
        if (a.nargs != 2 || a.nkw) raise(T().TypeError, "set_state() takes exactly one argument (new_state)");
        set_state(*g->gen, a.args[1], "set_state");
        return a.args[0];
    });
    def_property(g_type, "device", [](Interpreter&, const CallArgs& a) {
        return device_value(generator_device(*self_gen(a, "device")->gen));
    });
    return g_type;
}

Value generator_value(const GeneratorPtr& g) {
    if (g == default_generator()) {
        static Value def(immortal<TorchGeneratorObj>(generator_type(), default_generator()));
        return def;
    }
    if (g == default_cuda_generator()) {
        static Value def(immortal<TorchGeneratorObj>(generator_type(), default_cuda_generator()));
        return def;
    }
    return Value(make<TorchGeneratorObj>(generator_type(), g).get());
}

GeneratorImpl* to_generator(const Value& v, const char* fn) {
    if (is_none(v)) return nullptr;
    auto* g = native_cast<TorchGeneratorObj>(v);
    if (!g) raise(T().TypeError, str(fn, "(): argument 'generator' must be torch.Generator, not ", type_name(v)));
    return g->gen.get();
}

namespace {

void def_random_fn(ModuleObj& m, const char* spec, kiln::Function<Value(Interpreter&, std::vector<Value>&)> body) {
    auto sig = std::make_shared<Signature>(spec);
    std::string name = sig->name();
    m.dict.set(name, new_builtin(name, [sig, body](Interpreter& in, const CallArgs& a) {
                   std::vector<Value> v = sig->bind(a);
                   return body(in, v);
               }));
}

void add_state_functions(ModuleObj& m) {
    def_random_fn(m, "get_rng_state()", [](Interpreter&, std::vector<Value>&) { return state_tensor(*default_generator()); });
    def_random_fn(m, "set_rng_state(new_state)", [](Interpreter&, std::vector<Value>& v) {
        set_state(*default_generator(), v[0], "set_rng_state");
        return Value::none();
    });
    def_random_fn(m, "seed()", [](Interpreter&, std::vector<Value>&) {
        return Value::integer(int64_t(nondeterministic_seed(*default_generator())));
    });
}

void torch_random_module(Interpreter&, ModuleObj& m) {
    add_state_functions(m);
    def_random_fn(m, "manual_seed(seed)", [](Interpreter& in, std::vector<Value>& v) {
        // torch.random.manual_seed's `seed = int(seed)` first: 1.5 seeds 1, '7' seeds 7
        const Value seed = v[0].is_int() ? v[0] : in.call(Value(T().int_), {v[0]});
        manual_seed(*default_generator(), seed_arg(seed));
        return generator_value(default_generator());
    });
    def_random_fn(m, "initial_seed()", [](Interpreter&, std::vector<Value>&) {
        return Value::integer(int64_t(initial_seed(*default_generator())));
    });
    m.dict.set("default_generator", generator_value(default_generator()));
}

}  // namespace

void add_random_functions(ModuleObj& m) {
    add_state_functions(m);
    // torch.bernoulli(input, *, generator) draws with input's probabilities; torch.bernoulli(input, p)
    // with one probability; the result has input's shape and dtype.
    def_random_fn(m, "bernoulli(input, p=None, *, generator=None, out=None)", [](Interpreter&, std::vector<Value>& v) {
        if (!is_none(v[3])) raise(T().NotImplementedError, "out= is not supported in Kiln");
        const Tensor& x = to_tensor(v[0], "bernoulli", "input");
        GeneratorScope gen(to_generator(v[2], "bernoulli"));
        Tensor out = empty_like(x);
        if (is_none(v[1])) bernoulli_(out, x);
        else bernoulli_(out, to_float(v[1], "bernoulli", "p"));
        return wrap(out);
    });
    m.dict.set("default_generator", generator_value(default_generator()));
    def_random_fn(m, "multinomial(input, num_samples, replacement=False, *, generator=None, out=None)",
           [](Interpreter&, std::vector<Value>& v) {
               if (!is_none(v[4])) raise(T().NotImplementedError, "out= is not supported in Kiln");
               GeneratorScope gen(to_generator(v[3], "multinomial"));
               return wrap(multinomial(to_tensor(v[0], "multinomial", "input"),
                                       to_dim(v[1], "multinomial", "num_samples"),
                                       to_bool(v[2], "multinomial", "replacement")));
           });
}

// torch.cuda's RNG functions, on the CUDA generator. As in PyTorch, seeding is lazy (it works, and
// does nothing visible, without a GPU); reading the state or the initial seed initializes CUDA, so
// without one it raises PyTorch's "not compiled" / "no GPU" message.
void add_cuda_random_functions(ModuleObj& m) {
    auto require_cuda = [] {
        if (!cuda::is_available()) cuda::synchronize();
    };
    // torch.cuda.manual_seed(_all) also begin with `seed = int(seed)`: a time.time() seed works.
    for (const char* spec : {"manual_seed(seed)", "manual_seed_all(seed)"})
        def_random_fn(m, spec, [](Interpreter& in, std::vector<Value>& v) {
            const Value seed = v[0].is_int() ? v[0] : in.call(Value(T().int_), {v[0]});
            manual_seed(*default_cuda_generator(), seed_arg(seed));
            return Value::none();
        });
    for (const char* spec : {"seed()", "seed_all()"})
        def_random_fn(m, spec, [](Interpreter&, std::vector<Value>&) {
            nondeterministic_seed(*default_cuda_generator());
            return Value::none();
        });
    def_random_fn(m, "initial_seed()", [require_cuda](Interpreter&, std::vector<Value>&) {
        require_cuda();
        return Value::integer(int64_t(initial_seed(*default_cuda_generator())));
    });
    def_random_fn(m, "get_rng_state(device='cuda')", [require_cuda](Interpreter&, std::vector<Value>&) {
        require_cuda();
        return state_tensor(*default_cuda_generator());
    });
    def_random_fn(m, "get_rng_state_all()", [require_cuda](Interpreter&, std::vector<Value>&) {
        require_cuda();
        return new_list({state_tensor(*default_cuda_generator())});
    });
    def_random_fn(m, "set_rng_state(new_state, device='cuda')", [](Interpreter&, std::vector<Value>& v) {
        set_state(*default_cuda_generator(), v[0], "set_rng_state");
        return Value::none();
    });
    def_random_fn(m, "set_rng_state_all(new_states)", [](Interpreter& in, std::vector<Value>& v) {
        for (const Value& s : to_vector(in, v[0])) set_state(*default_cuda_generator(), s, "set_rng_state");
        return Value::none();
    });
    m.dict.set("default_generators", new_tuple({generator_value(default_cuda_generator())}));
}

void register_random_module() {
    Interpreter::register_module("torch.random", torch_random_module);
    // torch.cuda.random: the module PyTorch's torch.cuda star-imports its RNG functions from; code
    // calls it by that name (`torch.cuda.random.manual_seed(seed)` in torchattacks' APGD, FAB and
    // Square). Its functions are torch.cuda's own objects, declared once in add_cuda_random_functions.
    Interpreter::register_module("torch.cuda.random", [](Interpreter& in, ModuleObj& m) {
        Ref<ModuleObj> cuda = in.import_module("torch.cuda");
        for (const char* name : {"get_rng_state", "get_rng_state_all", "set_rng_state", "set_rng_state_all", "manual_seed",
                                 "manual_seed_all", "seed", "seed_all", "initial_seed"})
            m.dict.set(name, *cuda->dict.find(name));
    });
}

}  // namespace kiln::vm::bind
