// resource: CPython's POSIX resource module (Linux values), which training scripts call to raise the
// open-file limit before starting data loaders (getrlimit/setrlimit of RLIMIT_NOFILE) and to log
// peak memory (getrusage(RUSAGE_SELF).ru_maxrss). The limits are the Kiln process's own, as the
// Python process's are in CPython; errors are CPython's ValueErrors and OSErrors.
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>

#include "vm/args.h"
#include "vm/host.h"
#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/typetable.h"

namespace kiln::vm {

namespace {

// rlim_t is unsigned; CPython hands RLIM_INFINITY (all ones) out as -1 and takes -1 back for it.
Value limit_value(rlim_t v) { return Value::integer(v == RLIM_INFINITY ? -1 : int64_t(v)); }

int resource_arg(const Value& v) {
    int64_t r = to_int(v, "resource");
    if (r < 0 || r >= RLIM_NLIMITS) raise(types().ValueError, "invalid resource specified");
    return int(r);
}

double seconds(const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; }

void resource_module(Interpreter&, ModuleObj& m) {
    auto def = [&](const char* name, NativeFn fn) { m.dict.set(name, Value(make<Builtin>(name, std::move(fn)).get())); };
    const std::pair<const char*, int> limits[] = {
        {"RLIMIT_CPU", RLIMIT_CPU},         {"RLIMIT_FSIZE", RLIMIT_FSIZE},   {"RLIMIT_DATA", RLIMIT_DATA},
        {"RLIMIT_STACK", RLIMIT_STACK},     {"RLIMIT_CORE", RLIMIT_CORE},     {"RLIMIT_RSS", RLIMIT_RSS},
        {"RLIMIT_NPROC", RLIMIT_NPROC},     {"RLIMIT_NOFILE", RLIMIT_NOFILE}, {"RLIMIT_MEMLOCK", RLIMIT_MEMLOCK},
        {"RLIMIT_AS", RLIMIT_AS},
#ifdef RLIMIT_LOCKS
        {"RLIMIT_LOCKS", RLIMIT_LOCKS},     {"RLIMIT_SIGPENDING", RLIMIT_SIGPENDING},
        {"RLIMIT_MSGQUEUE", RLIMIT_MSGQUEUE}, {"RLIMIT_NICE", RLIMIT_NICE},
        {"RLIMIT_RTPRIO", RLIMIT_RTPRIO},   {"RLIMIT_RTTIME", RLIMIT_RTTIME},
#endif
    };
    for (const auto& [name, value] : limits) m.dict.set(name, Value::integer(value));
    m.dict.set("RLIM_INFINITY", Value::integer(-1));
    m.dict.set("RUSAGE_SELF", Value::integer(RUSAGE_SELF));
    m.dict.set("RUSAGE_CHILDREN", Value::integer(RUSAGE_CHILDREN));
#ifdef RUSAGE_THREAD
    m.dict.set("RUSAGE_THREAD", Value::integer(RUSAGE_THREAD));
#endif
    m.dict.set("error", Value(host_types().OSError));

    def("getrlimit", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("getrlimit(resource, /)");
        auto v = sig.bind(a);
        rlimit rl{};
        if (getrlimit(resource_arg(v[0]), &rl) != 0) raise_os_error(errno);
        return new_tuple({limit_value(rl.rlim_cur), limit_value(rl.rlim_max)});
    });
    def("setrlimit", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("setrlimit(resource, limits, /)");
        auto v = sig.bind(a);
        int r = resource_arg(v[0]);
        std::vector<Value> pair = to_vector(in, v[1]);  // CPython's PySequence_Tuple: a TypeError for a non-iterable
        if (pair.size() != 2) raise(types().ValueError, "expected a tuple of 2 integers");
        auto as_limit = [&](const Value& x) -> rlim_t {
            int64_t n = index_value(in, x);
            return n == -1 ? RLIM_INFINITY : rlim_t(n);
        };
        rlimit rl{as_limit(pair[0]), as_limit(pair[1])};
        if (setrlimit(r, &rl) != 0) {
            if (errno == EINVAL) raise(types().ValueError, "current limit exceeds maximum limit");
            if (errno == EPERM) raise(types().ValueError, "not allowed to raise maximum limit");
            raise_os_error(errno);
        }
        return Value::none();
    });
    static Type* rusage_type = make_struct_seq(
        "struct_rusage", "resource",
        {"ru_utime", "ru_stime", "ru_maxrss", "ru_ixrss", "ru_idrss", "ru_isrss", "ru_minflt", "ru_majflt", "ru_nswap",
         "ru_inblock", "ru_oublock", "ru_msgsnd", "ru_msgrcv", "ru_nsignals", "ru_nvcsw", "ru_nivcsw"});
    def("getrusage", [](Interpreter&, const CallArgs& a) {
        static const Signature sig("getrusage(who, /)");
        auto v = sig.bind(a);
        rusage ru{};
        if (getrusage(int(to_int(v[0], "who")), &ru) != 0) {
            if (errno == EINVAL) raise(types().ValueError, "invalid who parameter");
            raise_os_error(errno);
        }
        auto n = [](long x) { return Value::integer(int64_t(x)); };
        std::vector<Value> items{Value::number(seconds(ru.ru_utime)), Value::number(seconds(ru.ru_stime)),
                                 n(ru.ru_maxrss),   n(ru.ru_ixrss),   n(ru.ru_idrss),  n(ru.ru_isrss),
                                 n(ru.ru_minflt),   n(ru.ru_majflt),  n(ru.ru_nswap),  n(ru.ru_inblock),
                                 n(ru.ru_oublock),  n(ru.ru_msgsnd),  n(ru.ru_msgrcv), n(ru.ru_nsignals),
                                 n(ru.ru_nvcsw),    n(ru.ru_nivcsw)};
        return Value(make<Tuple>(rusage_type, std::move(items)).get());
    });
    def("getpagesize", [](Interpreter&, const CallArgs&) { return Value::integer(int64_t(sysconf(_SC_PAGESIZE))); });
}

}  // namespace

void register_resource_module() { Interpreter::register_module("resource", resource_module); }

}  // namespace kiln::vm
