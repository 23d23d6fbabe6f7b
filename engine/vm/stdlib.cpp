// The standard-library modules written in C++: math, time and warnings (the others are Python, in
// engine/stdlib/; their native halves live beside this file, e.g. stdlib_random.cpp; unicodedata is
// all C++, in stdlib_unicodedata.cpp).
//
// math follows CPython's results and "math domain error" messages; time reads the host clock
// (time.sleep really sleeps natively, and advances a virtual clock in the browser, which cannot
// block); warnings prints `FILE:LINE: Category: message` plus the source line to stderr once per
// location, supports simplefilter/filterwarnings actions and catch_warnings(record=True), which the
// lessons use to show TracerWarnings.
#include <chrono>
#include <cmath>
#include <ctime>
#include <cstdlib>
#include <numeric>
#include <thread>

#include "support/pyrepr.h"
#include "vm/args.h"
#include "vm/int_big.h"
#include "vm/ops.h"

namespace kiln::vm {

Type* kiln_limit_error_type();  // interpreter.cpp

namespace {

using module_def::def;

double num(Interpreter& in, const Value& v) {
    if (v.is_float() || v.is_int() || v.is_bool() || is_big(v)) return to_double(v, "");
    if (Value f = find_dunder(v, "__float__"); !f.is_null()) return to_double(in.call(f, {v}), "");
    raise(T().TypeError, str("must be real number, not ", type_name(v)));
}

Value checked(double r) {
    if (std::isnan(r)) raise(T().ValueError, "math domain error");
    return Value::number(r);
}

// An integral double as a Python int (a heap int beyond int64).
Value to_int64(double r) {
    if (std::isnan(r)) raise(T().ValueError, "cannot convert float NaN to integer");
    if (std::isinf(r)) raise(T().OverflowError, "cannot convert float infinity to integer");
    if (std::fabs(r) >= 9.2233720368547758e18) return int_value(BigInt::from_double(r));
    return Value::integer(int64_t(r));
}

void math_module(Interpreter&, ModuleObj& m) {
    m.dict.set("pi", Value::number(M_PI));
    m.dict.set("e", Value::number(M_E));
    m.dict.set("tau", Value::number(2 * M_PI));
    m.dict.set("inf", Value::number(HUGE_VAL));
    m.dict.set("nan", Value::number(std::nan("")));
    struct Unary {
        const char* name;
        double (*fn)(double);
        bool domain_checked;  // NaN from a non-NaN input means "math domain error"
    };
    for (Unary u : {Unary{"sqrt", std::sqrt, true}, Unary{"exp", std::exp, false}, Unary{"sin", std::sin, true},
                    Unary{"cos", std::cos, true}, Unary{"tan", std::tan, true}, Unary{"asin", std::asin, true},
                    Unary{"acos", std::acos, true}, Unary{"atan", std::atan, false}, Unary{"sinh", std::sinh, false},
                    Unary{"cosh", std::cosh, false}, Unary{"tanh", std::tanh, false}, Unary{"fabs", std::fabs, false},
                    Unary{"log2", std::log2, true}, Unary{"log10", std::log10, true}, Unary{"log1p", std::log1p, true},
                    Unary{"expm1", std::expm1, false}, Unary{"erf", std::erf, false}, Unary{"erfc", std::erfc, false},
                    Unary{"gamma", std::tgamma, true}, Unary{"lgamma", std::lgamma, true},
                    Unary{"asinh", std::asinh, false}, Unary{"acosh", std::acosh, true}, Unary{"atanh", std::atanh, true},
                    Unary{"cbrt", std::cbrt, false}, Unary{"exp2", std::exp2, false}}) {
        auto fn = u.fn;
        bool dc = u.domain_checked;
        std::string name = u.name;
        def(m, u.name, [fn, dc, name](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 1) raise(T().TypeError, str("math.", name, "() takes exactly one argument (", a.nargs, " given)"));
            double x = num(in, a.args[0]);
            double r = fn(x);
            if (dc && !std::isnan(x) && (std::isnan(r) || ((name == "log2" || name == "log10" || name == "log1p") && std::isinf(r))))
                raise(T().ValueError, "math domain error");
            if (name == "atanh" && std::isinf(r) && std::isfinite(x)) raise(T().ValueError, "math domain error");
            if (std::isinf(r) && std::isfinite(x) && (name == "exp" || name == "sinh" || name == "cosh" || name == "expm1" || name == "exp2"))
                raise(T().OverflowError, "math range error");
            return Value::number(r);
        });
    }
    def(m, "log", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1 || a.nargs > 2) raise(T().TypeError, str("log expected 1 or 2 arguments, got ", a.nargs));
        double x = num(in, a.args[0]);
        if (x <= 0) raise(T().ValueError, "math domain error");
        double r = std::log(x);
        if (a.nargs == 2) {
            double b = num(in, a.args[1]);
            if (b <= 0 || b == 1) raise(b == 1 ? T().ZeroDivisionError : T().ValueError, b == 1 ? "float division by zero" : "math domain error");
            r /= std::log(b);
        }
        return Value::number(r);
    });
    def(m, "pow", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("pow expected 2 arguments, got ", a.nargs));
        double x = num(in, a.args[0]), y = num(in, a.args[1]);
        if (x == 0 && y < 0) raise(T().ValueError, "math domain error");
        double r = std::pow(x, y);
        // CPython's math_pow: an infinite result from finite arguments overflowed
        if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) raise(T().OverflowError, "math range error");
        return checked(r);
    });
    def(m, "atan2", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("atan2 expected 2 arguments, got ", a.nargs));
        return Value::number(std::atan2(num(in, a.args[0]), num(in, a.args[1])));
    });
    def(m, "hypot", [](Interpreter& in, const CallArgs& a) {
        double s = 0;
        for (size_t i = 0; i < a.nargs; ++i) s = std::hypot(s, num(in, a.args[i]));
        return Value::number(s);
    });
    def(m, "copysign", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("copysign expected 2 arguments, got ", a.nargs));
        return Value::number(std::copysign(num(in, a.args[0]), num(in, a.args[1])));
    });
    def(m, "fmod", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("fmod expected 2 arguments, got ", a.nargs));
        double y = num(in, a.args[1]);
        if (y == 0) raise(T().ValueError, "math domain error");
        return Value::number(std::fmod(num(in, a.args[0]), y));
    });
    def(m, "degrees", [](Interpreter& in, const CallArgs& a) { return Value::number(num(in, a.args[0]) * (180.0 / M_PI)); });
    def(m, "radians", [](Interpreter& in, const CallArgs& a) { return Value::number(num(in, a.args[0]) * (M_PI / 180.0)); });
    struct Rounding {
        const char* name;
        double (*fn)(double);
    };
    for (Rounding r : {Rounding{"floor", std::floor}, Rounding{"ceil", std::ceil}, Rounding{"trunc", std::trunc}}) {
        auto fn = r.fn;
        std::string name = r.name;
        def(m, r.name, [fn, name](Interpreter& in, const CallArgs& a) {
            if (a.nargs != 1) raise(T().TypeError, str("math.", name, "() takes exactly one argument (", a.nargs, " given)"));
            const Value& x = a.args[0];
            if (x.is_int() || x.is_bool()) return Value::integer(to_int(x, ""));
            if (is_big(x)) return x;
            // math_floor/ceil/trunc: an object's own __floor__/__ceil__/__trunc__ answers (whatever it
            // returns); trunc has no float fallback
            if (x.is(Kind::Instance)) {
                if (Value f = find_dunder(x, "__" + name + "__"); !f.is_null()) return in.call(f, {x});
                if (name == "trunc") raise(T().TypeError, str("type ", type_name(x), " doesn't define __trunc__ method"));
            }
            return to_int64(fn(num(in, x)));
        });
    }
    def(m, "isnan", [](Interpreter& in, const CallArgs& a) { return Value::boolean(std::isnan(num(in, a.args[0]))); });
    def(m, "isinf", [](Interpreter& in, const CallArgs& a) { return Value::boolean(std::isinf(num(in, a.args[0]))); });
    def(m, "isfinite", [](Interpreter& in, const CallArgs& a) { return Value::boolean(std::isfinite(num(in, a.args[0]))); });
    def(m, "isclose", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)");
        auto v = sig.bind(a);
        double x = num(in, v[0]), y = num(in, v[1]), rt = num(in, v[2]), at = num(in, v[3]);
        if (x == y) return Value::boolean(true);
        if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
        double d = std::fabs(x - y);
        return Value::boolean(d <= std::fabs(rt * y) || d <= std::fabs(rt * x) || d <= at);
    });
    def(m, "gcd", [](Interpreter&, const CallArgs& a) {
        bool big = false;
        for (size_t i = 0; i < a.nargs; ++i) big = big || is_big(a.args[i]);
        if (!big) {
            int64_t g = 0;
            for (size_t i = 0; i < a.nargs; ++i) {
                int64_t x = to_int(a.args[i], "");
                if (x == INT64_MIN) {
                    big = true;
                    break;
                }
                g = std::gcd(g, x);
            }
            if (!big) return Value::integer(g);
        }
        // Euclid on Python ints (heap ints: exact statistics sums, fractions).
        BigInt g(int64_t(0));
        for (size_t i = 0; i < a.nargs; ++i) {
            BigInt x = is_big(a.args[i]) ? big_of(a.args[i])->abs() : BigInt(to_int(a.args[i], "")).abs();
            while (!x.is_zero()) {
                BigInt q, r;
                BigInt::divmod(g, x, q, r);
                g = std::move(x);
                x = std::move(r);
            }
        }
        return int_value(std::move(g));
    });
    def(m, "lcm", [](Interpreter&, const CallArgs& a) {
        int64_t l = 1;
        size_t i = 0;
        for (; i < a.nargs && !is_big(a.args[i]); ++i) {
            int64_t x = to_int(a.args[i], "");
            if (x == 0) return Value::integer(0);
            int64_t r;
            if (x == INT64_MIN || __builtin_mul_overflow(l / std::gcd(l, std::llabs(x)), std::llabs(x), &r)) break;
            l = r;
        }
        if (i == a.nargs) return Value::integer(l);
        // past 64 bits: lcm(l, x) = l / gcd(l, x) * |x| on Python ints, as CPython's math.lcm
        BigInt big(l);
        for (; i < a.nargs; ++i) {
            BigInt x = is_big(a.args[i]) ? big_of(a.args[i])->abs() : BigInt(to_int(a.args[i], "")).abs();
            if (x.is_zero()) return Value::integer(0);
            BigInt g = big, y = x;
            while (!y.is_zero()) {
                BigInt q, r;
                BigInt::divmod(g, y, q, r);
                g = std::move(y);
                y = std::move(r);
            }
            BigInt q, r;
            BigInt::divmod(big, g, q, r);
            big = q * x;
        }
        return int_value(std::move(big));
    });
    def(m, "factorial", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, str("math.factorial() takes exactly one argument (", a.nargs, " given)"));
        const Value x = number_index(in, a.args[0]);  // __index__ honoured (a 0-d integer tensor), as CPython
        if (is_big(x)) {
            if (big_of(x)->negative()) raise(T().ValueError, "factorial() not defined for negative values");
            raise(T().OverflowError, "factorial() argument should not exceed 9223372036854775807");
        }
        if (!is_index(x)) raise(T().TypeError, str("'", type_name(x), "' object cannot be interpreted as an integer"));
        int64_t n = to_int(x, ""), r = 1;
        if (n < 0) raise(T().ValueError, "factorial() not defined for negative values");
        if (n > 20) {
            // The result's size first (log2 n! = lgamma(n + 1) / ln 2): Kiln's limit for one int.
            check_int_bits(std::lgamma(double(n) + 1) / std::log(2.0), str("math.factorial(", n, ")"));
            BigInt f(int64_t(1));
            for (int64_t k = 2; k <= n; ++k) {
                in.charge_step();  // long products stop at --max-instructions
                f = f * BigInt(k);
            }
            return int_value(std::move(f));
        }
        for (int64_t k = 2; k <= n; ++k) r *= k;
        return Value::integer(r);
    });
    def(m, "comb", [](Interpreter& in, const CallArgs& a) {
        int64_t n = to_int(a.args[0], ""), k = to_int(a.args[1], "");
        if (n < 0 || k < 0) raise(T().ValueError, n < 0 ? "n must be a non-negative integer" : "k must be a non-negative integer");
        if (k > n) return Value::integer(0);
        k = std::min(k, n - k);
        // The result's size first (log2 of n! / (k! (n-k)!)), then a product that pays the step
        // budget: math.comb(10**12, 10**9) is MemoryError at once, not hours of multiplication.
        check_int_bits((std::lgamma(double(n) + 1) - std::lgamma(double(k) + 1) - std::lgamma(double(n - k) + 1)) / std::log(2.0),
                       str("math.comb(", n, ", ", k, ")"));
        BigInt r(int64_t(1)), q, rem;
        for (int64_t i = 1; i <= k; ++i) {
            in.charge_step();
            BigInt::divmod(r * BigInt(n - k + i), BigInt(i), r, rem);
        }
        return int_value(std::move(r));
    });
    def(m, "prod", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("prod(iterable, /, *, start=1)");
        auto v = sig.bind(a);
        Value acc = v[1];
        for (const Value& x : to_vector(in, v[0])) acc = binary_op(in, bytecode::NB_MULTIPLY, acc, x);
        return acc;
    });
    def(m, "sumprod", [](Interpreter& in, const CallArgs& a) {
        // CPython 3.12's math_sumprod_impl: pairs of exact ints accumulate in a C long while they
        // fit, pairs of floats (or a float and an int/bool) in triple-length arithmetic (an exact
        // product, error-free sums: Algorithm 5.10 with SumKVert for K=3) while the sum stays
        // finite; each path, once left, adds its subtotal to the Python total for good, and any
        // other pair is multiplied and added as objects.
        static const Signature sig("sumprod(p, q, /)");
        auto v = sig.bind(a);
        struct DL { double hi, lo; };
        struct TL { double hi, lo, tiny; };
        auto dl_sum = [](double x, double y) -> DL {
            double s = x + y, z = s - x;
            return {s, (x - (s - z)) + (y - z)};
        };
        auto tl_fma = [&](double x, double y, TL t) -> TL {
            double z = x * y;
            DL pr{z, std::fma(x, y, -z)};
            DL sm = dl_sum(t.hi, pr.hi), r1 = dl_sum(t.lo, pr.lo), r2 = dl_sum(r1.hi, sm.lo);
            return {sm.hi, r2.hi, t.tiny + r1.lo + r2.lo};
        };
        auto tl_to_d = [&](TL t) {
            DL last = dl_sum(t.lo, t.hi);
            return t.tiny + last.lo + last.hi;
        };
        Value p_it = get_iter(in, v[0]), q_it = get_iter(in, v[1]);
        Value total = Value::integer(0);
        bool int_path = true, int_in_use = false, flt_path = true, flt_in_use = false;
        int64_t int_total = 0;
        TL flt_total{0.0, 0.0, 0.0};
        auto as_double = [](const Value& x, double& out) {  // an exact int or bool, as PyLong_AsDouble
            if (x.is_bool()) return out = x.as_bool() ? 1.0 : 0.0, true;
            if (x.is_int()) return out = double(x.as_int()), true;
            if (is_big(x)) {
                bool overflow = false;
                out = big_of(x)->to_double(overflow);
                return !overflow;
            }
            return false;
        };
        while (true) {
            Value p = iter_next(in, p_it), q = iter_next(in, q_it);
            if (p.is_null() != q.is_null()) raise(T().ValueError, "Inputs are not the same length");
            const bool finished = p.is_null();
            if (int_path) {
                if (!finished && p.is_int() && q.is_int()) {
                    int64_t prod, sum;
                    if (!__builtin_mul_overflow(p.as_int(), q.as_int(), &prod) &&
                        !__builtin_add_overflow(int_total, prod, &sum)) {
                        int_total = sum;
                        int_in_use = true;
                        continue;
                    }
                }
                int_path = false;
                if (int_in_use) {
                    total = binary_op(in, bytecode::NB_ADD, total, Value::integer(int_total));
                    int_in_use = false;
                }
            }
            if (flt_path) {
                bool taken = false;
                if (!finished) {
                    double fp = 0, fq = 0;
                    bool ok = false;
                    if (p.is_float() && q.is_float()) fp = p.as_float(), fq = q.as_float(), ok = true;
                    else if (p.is_float()) fp = p.as_float(), ok = as_double(q, fq);
                    else if (q.is_float()) fq = q.as_float(), ok = as_double(p, fp);
                    if (ok) {
                        TL next = tl_fma(fp, fq, flt_total);
                        if (std::isfinite(next.hi)) {
                            flt_total = next;
                            flt_in_use = taken = true;
                        }
                    }
                }
                if (taken) continue;
                flt_path = false;
                if (flt_in_use) {
                    total = binary_op(in, bytecode::NB_ADD, total, Value::number(tl_to_d(flt_total)));
                    flt_in_use = false;
                }
            }
            if (finished) return total;
            total = binary_op(in, bytecode::NB_ADD, total, binary_op(in, bytecode::NB_MULTIPLY, p, q));
        }
    });
    def(m, "fsum", [](Interpreter& in, const CallArgs& a) {
        // CPython's math_fsum: Shewchuk's exact partial sums, correctly rounded at the end, with
        // its errors for an overflow on the way and for inf + -inf among the summands.
        std::vector<double> p;
        double special_sum = 0, inf_sum = 0;
        Value it = get_iter(in, a.args[0]);
        for (Value item = iter_next(in, it); !item.is_null(); item = iter_next(in, it)) {
            double x = num(in, item);
            const double xsave = x;
            size_t i = 0;
            for (double y : p) {
                if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
                const double hi = x + y, lo = y - (hi - x);
                if (lo != 0.0) p[i++] = lo;
                x = hi;
            }
            p.resize(i);
            if (x == 0.0) continue;
            if (!std::isfinite(x)) {
                if (std::isfinite(xsave)) raise(T().OverflowError, "intermediate overflow in fsum");
                if (std::isinf(xsave)) inf_sum += xsave;
                special_sum += xsave;
                p.clear();
            } else {
                p.push_back(x);
            }
        }
        if (special_sum != 0.0) {
            if (std::isnan(inf_sum)) raise(T().ValueError, "-inf + inf in fsum");
            return Value::number(special_sum);
        }
        double hi = 0.0, lo = 0.0;
        size_t n = p.size();
        if (n > 0) {
            hi = p[--n];
            while (n > 0) {
                const double x = hi, y = p[--n];
                hi = x + y;
                lo = y - (hi - x);
                if (lo != 0.0) break;
            }
            // Round half to even across the remaining partials, as CPython does.
            if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
                const double y = lo * 2.0, x = hi + y;
                if (y == x - hi) hi = x;
            }
        }
        return Value::number(hi);
    });
    def(m, "frexp", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, str("math.frexp() takes exactly one argument (", a.nargs, " given)"));
        int e = 0;
        double f = std::frexp(num(in, a.args[0]), &e);
        return new_tuple({Value::number(f), Value::integer(e)});
    });
    def(m, "ldexp", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("ldexp expected 2 arguments, got ", a.nargs));
        double x = num(in, a.args[0]);
        if (!a.args[1].is_int() && !a.args[1].is_bool() && !is_big(a.args[1])) raise(T().TypeError, "Expected an int as second argument to ldexp.");
        int64_t e = is_big(a.args[1]) ? (big_of(a.args[1])->negative() ? -100000 : 100000) : to_int(a.args[1], "");
        e = std::max<int64_t>(-100000, std::min<int64_t>(100000, e));
        double r = std::ldexp(x, int(e));
        if (std::isinf(r) && std::isfinite(x)) raise(T().OverflowError, "math range error");
        return Value::number(r);
    });
    def(m, "remainder", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("remainder expected 2 arguments, got ", a.nargs));
        double x = num(in, a.args[0]), y = num(in, a.args[1]);
        if ((y == 0 && !std::isnan(x)) || (std::isinf(x) && !std::isnan(y))) raise(T().ValueError, "math domain error");
        return Value::number(std::remainder(x, y));
    });
    def(m, "nextafter", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("nextafter expected 2 arguments, got ", a.nargs));
        return Value::number(std::nextafter(num(in, a.args[0]), num(in, a.args[1])));
    });
    def(m, "ulp", [](Interpreter& in, const CallArgs& a) {
        double x = std::fabs(num(in, a.args[0]));
        if (std::isnan(x) || std::isinf(x)) return Value::number(x);
        double y = std::nextafter(x, HUGE_VAL);
        if (std::isinf(y)) return Value::number(x - std::nextafter(x, -HUGE_VAL));
        return Value::number(y - x);
    });
    def(m, "dist", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 2) raise(T().TypeError, str("dist expected 2 arguments, got ", a.nargs));
        auto p = to_vector(in, a.args[0]), q = to_vector(in, a.args[1]);
        if (p.size() != q.size()) raise(T().ValueError, "both points must have the same number of dimensions");
        double s = 0;
        for (size_t i = 0; i < p.size(); ++i) s = std::hypot(s, num(in, p[i]) - num(in, q[i]));
        return Value::number(s);
    });
    // isqrt: Newton's iteration on Python ints (exact for heap ints too).
    def(m, "isqrt", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, str("math.isqrt() takes exactly one argument (", a.nargs, " given)"));
        const Value x = number_index(in, a.args[0]);
        if (!is_index(x) && !is_big(x)) raise(T().TypeError, str("'", type_name(x), "' object cannot be interpreted as an integer"));
        BigInt n = is_big(x) ? *big_of(x) : BigInt(to_int(x, ""));
        if (n.negative()) raise(T().ValueError, "isqrt() argument must be nonnegative");
        if (n.is_zero()) return Value::integer(0);
        BigInt r = BigInt(int64_t(1)).shl(uint64_t((n.bit_length() + 1) / 2));  // >= sqrt(n)
        while (true) {
            BigInt q, rem;
            BigInt::divmod(n, r, q, rem);
            BigInt next = (r + q).shr(1);
            if (compare(next, r) >= 0) break;
            r = next;
        }
        return int_value(std::move(r));
    });
    def(m, "perm", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs < 1 || a.nargs > 2) raise(T().TypeError, str("perm expected at most 2 arguments, got ", a.nargs));
        int64_t n = to_int(a.args[0], "");
        int64_t k = a.nargs == 2 && !a.args[1].is_none() ? to_int(a.args[1], "") : n;
        if (n < 0 || k < 0) raise(T().ValueError, n < 0 ? "n must be a non-negative integer" : "k must be a non-negative integer");
        if (k > n) return Value::integer(0);
        check_int_bits((std::lgamma(double(n) + 1) - std::lgamma(double(n - k) + 1)) / std::log(2.0),
                       str("math.perm(", n, ", ", k, ")"));
        BigInt r(int64_t(1));
        for (int64_t i = 0; i < k; ++i) {
            in.charge_step();
            r = r * BigInt(n - i);
        }
        return int_value(std::move(r));
    });
    def(m, "modf", [](Interpreter& in, const CallArgs& a) {
        double ip;
        double fp = std::modf(num(in, a.args[0]), &ip);
        return new_tuple({Value::number(fp), Value::number(ip)});
    });
}

// ---- time ---------------------------------------------------------------------------------------

double g_virtual_sleep = 0;  // seconds slept in the browser, added to every clock

double now_seconds(bool wall) {
    using namespace std::chrono;
    double t = wall ? duration<double>(system_clock::now().time_since_epoch()).count()
                    : duration<double>(steady_clock::now().time_since_epoch()).count();
    return t + g_virtual_sleep;
}

}  // namespace
void time_extras(ModuleObj& m);  // host_sys.cpp: struct_time, gmtime/localtime, strftime, ...
namespace {

void time_module(Interpreter&, ModuleObj& m) {
    time_extras(m);
    def(m, "time", [](Interpreter&, const CallArgs&) { return Value::number(now_seconds(true)); });
    for (const char* name : {"perf_counter", "monotonic"})
        def(m, name, [](Interpreter&, const CallArgs&) { return Value::number(now_seconds(false)); });
    // CPU time of the whole process, every thread's, sleep not included (CPython's process_time;
    // std::clock is CLOCK_PROCESS_CPUTIME_ID on Linux): benchmarks compare it with the wall clock
    // to see how many threads an op kept busy.
    def(m, "process_time", [](Interpreter&, const CallArgs&) {
        return Value::number(double(std::clock()) / double(CLOCKS_PER_SEC));
    });
    def(m, "perf_counter_ns", [](Interpreter&, const CallArgs&) { return Value::integer(int64_t(now_seconds(false) * 1e9)); });
    def(m, "time_ns", [](Interpreter&, const CallArgs&) { return Value::integer(int64_t(now_seconds(true) * 1e9)); });
    def(m, "sleep", [](Interpreter& in, const CallArgs& a) {
        if (a.nargs != 1) raise(T().TypeError, str("time.sleep() takes exactly one argument (", a.nargs, " given)"));
        const Value& v = a.args[0];
        // CPython's _PyTime_FromObject: seconds as int64 nanoseconds.
        double s;
        if (v.is_float()) {
            s = v.as_float();
            if (std::isnan(s)) raise(T().ValueError, "Invalid value NaN (not a number)");
            if (!(std::fabs(s) * 1e9 < 9.2233720368547758e18))
                raise(T().OverflowError, "timestamp out of range for platform time_t");
        } else if (v.is_int() || v.is_bool() || is_big(v)) {
            if (is_big(v) || std::llabs(v.is_int() ? v.as_int() : 0) > 9223372036LL)
                raise(T().OverflowError, "timestamp too large to convert to C _PyTime_t");
            s = double(v.is_int() ? v.as_int() : v.as_bool());
        } else if (!find_dunder(v, "__float__").is_null()) {
            s = num(in, v);
        } else {
            raise(T().TypeError, str("'", type_name(v), "' object cannot be interpreted as an integer"));
        }
        if (s < 0) raise(T().ValueError, "sleep length must be non-negative");
        // A program may not sleep past Kiln's limit (nothing could interrupt it, and in the browser
        // the page would hang): KilnLimitError at once instead of a hang.
        constexpr double kMaxSleep = 60;
        if (s > kMaxSleep)
            throw PyError(new_exception(kiln_limit_error_type(),
                                        {new_str(str("time.sleep(", repr(in, v), ") is over Kiln's limit of 60 seconds for one ",
                                                     "sleep (hint: sleep in shorter steps, or not at all)"))}));
#ifdef __EMSCRIPTEN__
        g_virtual_sleep += s;  // the browser's main thread must not block
#else
        std::this_thread::sleep_for(std::chrono::duration<double>(s));
#endif
        return Value::none();
    });
}

// ---- warnings -----------------------------------------------------------------------------------

struct WarningsState : NativeObj {
    explicit WarningsState(Type* t) : NativeObj(t) {}
    void clear() override {
        filters.clear();
        log = Value();
    }
    struct Filter {
        std::string action;
        Value category;  // a Type
    };
    std::vector<Filter> filters;  // first match wins; default action is "default"
    std::vector<std::string> seen;  // "file:line:category:message" already shown ("default"/"once")
    Value log;  // a List when recording under catch_warnings(record=True)
};

Type* g_state_type;
Type* g_warning_message_type;
Type* g_catch_type;

WarningsState* state_of(Interpreter& in) {
    Ref<ModuleObj> m = in.import_module("warnings");
    return native_cast<WarningsState>(*m->dict.find("_state"));
}

const char* const kActions[] = {"default", "error", "ignore", "always", "module", "once"};

// CPython 3.12's simplefilter/filterwarnings check the action with an assert: an AssertionError
std::string check_action(Interpreter& in, const Value& v) {
    if (v.is(Kind::Str))
        for (const char* a : kActions)
            if (str_of(v) == a) return a;
    raise(T().AssertionError, str("invalid action: ", repr(in, v)));
}

}  // namespace

// The builtin exception class NAME (vm/types.cpp makes every one; the rarer ones have no TypeTable field).
static Type* builtin_exception(const char* name) {
    for (Type* e : T().exceptions)
        if (e->name == name) return e;
    raise(T().RuntimeError, str("no builtin exception ", name));
}

// warnings.warn as natives call it (the tracer's TracerWarning goes through here too). A stacklevel
// of 0 is a warning raised inside the library itself (PyTorch's warnings.warn in torch/jit/_trace.py
// without a stacklevel): no program frame is blamed, so the default filters treat a
// DeprecationWarning as a library's (ignored) and a recorded one has CPython's out-of-stack
// location ("sys", line 1). warnings.warn from Python never passes 0 (CPython treats it as 1).
void emit_warning(Interpreter& in, const Value& message, Type* category, int stacklevel) {
    WarningsState* st = state_of(in);
    Value warning = message;
    if (!message.is(Kind::Exception)) warning = in.call(Value(category), {message});
    category = type_of(warning);
    std::string action;
    for (const auto& f : st->filters)
        if (category->is_subtype_of(f.category.get<Type>())) {
            action = f.action;
            break;
        }
    Frame* frame = stacklevel <= 0 ? nullptr : in.current_frame();
    for (int k = 1; k < stacklevel && frame && frame->back; ++k) frame = frame->back;
    if (action.empty()) {
        // CPython's default filters (no -W options): default::DeprecationWarning:__main__, then
        // ignore::DeprecationWarning, ignore::PendingDeprecationWarning, ignore::ImportWarning and
        // ignore::ResourceWarning; everything else shows once per location. The module is the
        // __name__ of the frame the warning is attributed to (after stacklevel), so a library's
        // deprecation warning about its own internals stays quiet while one pointing at the
        // program's code shows.
        static Type* const quiet_types[] = {builtin_exception("PendingDeprecationWarning"), builtin_exception("ImportWarning"),
                                            builtin_exception("ResourceWarning")};
        bool quiet = false;
        for (Type* q : quiet_types) quiet = quiet || category->is_subtype_of(q);
        if (!quiet && category->is_subtype_of(T().DeprecationWarning)) {
            const Value* name = frame && frame->globals ? frame->globals->dict.find("__name__") : nullptr;
            quiet = !(name && name->is(Kind::Str) && str_of(*name) == "__main__");
        }
        action = quiet ? "ignore" : "default";
    }
    if (action == "ignore") return;
    if (action == "error") throw PyError(warning);
    std::string filename = frame ? frame->co->filename : "sys";
    int line = frame ? frame->line() : 1;
    std::string text = to_str(in, warning);
    if (!st->log.is_null()) {
        auto msg = make<Instance>(g_warning_message_type);
        msg->dict.set("message", warning);
        msg->dict.set("category", Value(category));
        msg->dict.set("filename", new_str(filename));
        msg->dict.set("lineno", Value::integer(line));
        st->log.get<List>()->items.push_back(Value(msg.get()));
        return;
    }
    std::string key = action == "once" ? str(category->name, ":", text) : str(filename, ":", line, ":", category->name, ":", text);
    if (action != "always") {
        for (const auto& s : st->seen)
            if (s == key) return;
        st->seen.push_back(key);
    }
    // Python's formatwarning prints the category's bare __name__ (TracerWarning, not torch.jit.TracerWarning).
    std::string out = str(filename, ":", line, ": ", category->name, ": ", text, "\n");
    std::string src = in.source_line(filename, line);
    if (!src.empty()) out += "  " + src + "\n";
    in.write_err(out);
}

namespace {
void warnings_module(Interpreter&, ModuleObj& m) {
    auto st = make<WarningsState>(g_state_type);
    m.dict.set("_state", Value(st.get()));
    def(m, "warn", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("warn(message, category=None, stacklevel=1)");
        auto v = sig.bind(a);
        Type* cat = T().UserWarning;
        if (!v[1].is_none()) {
            auto* t = v[1].as<Type>();
            if (!t || !t->is_subtype_of(T().Warning))
                raise(T().TypeError, str("category must be a Warning subclass, not '", type_name(v[1]), "'"));
            cat = t;
        }
        emit_warning(in, v[0], cat, std::max(1, int(to_int(v[2], ""))));
        return Value::none();
    });
    def(m, "simplefilter", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("simplefilter(action, category=None, lineno=0, append=False)");
        auto v = sig.bind(a);
        WarningsState* st = state_of(in);
        Value cat = v[1].is_none() ? Value(T().Warning) : v[1];
        WarningsState::Filter f{check_action(in, v[0]), cat};
        if (truthy(in, v[3])) st->filters.push_back(f);
        else st->filters.insert(st->filters.begin(), f);
        return Value::none();
    });
    def(m, "filterwarnings", [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("filterwarnings(action, message='', category=None, module='', lineno=0, append=False)");
        auto v = sig.bind(a);
        // CPython 3.12's asserts on the arguments, in its order
        check_action(in, v[0]);
        if (!v[1].is(Kind::Str)) raise(T().AssertionError, "message must be a string");
        if (!v[2].is_none()) {
            auto* c = v[2].as<Type>();
            if (!c) raise(T().AssertionError, "category must be a class");
            if (!c->is_subtype_of(T().Warning)) raise(T().AssertionError, "category must be a Warning subclass");
        }
        if (!v[3].is(Kind::Str)) raise(T().AssertionError, "module must be a string");
        if (!str_of(v[1]).empty() || !str_of(v[3]).empty())
            raise(T().NotImplementedError, "filterwarnings(message=..., module=...) is not supported in Kiln; filter by category");
        WarningsState* st = state_of(in);
        Value cat = v[2].is_none() ? Value(T().Warning) : v[2];
        WarningsState::Filter f{check_action(in, v[0]), cat};
        if (truthy(in, v[5])) st->filters.push_back(f);
        else st->filters.insert(st->filters.begin(), f);
        return Value::none();
    });
    def(m, "resetwarnings", [](Interpreter& in, const CallArgs&) {
        state_of(in)->filters.clear();
        return Value::none();
    });
    m.dict.set("catch_warnings", Value(g_catch_type));
    for (Type* w : {T().Warning, T().UserWarning, T().DeprecationWarning, T().RuntimeWarning, T().FutureWarning})
        m.dict.set(w->name, Value(w));
}

// catch_warnings(record=False): saves the filters (and the "seen" registry) on enter, restores on
// exit; with record=True, __enter__ returns the list that collects WarningMessage objects.
struct CatchWarnings : NativeObj {
    explicit CatchWarnings(Type* t) : NativeObj(t) {}
    void clear() override {
        saved_log = Value();
        saved_filters.clear();
    }
    bool record = false;
    std::vector<WarningsState::Filter> saved_filters;
    std::vector<std::string> saved_seen;
    Value saved_log;
};

void register_warnings_types() {
    g_state_type = make_builtin_type("_WarningsState", T().object, Kind::Native, "warnings");
    g_warning_message_type = make_builtin_type("WarningMessage", T().object, Kind::Instance, "warnings");
    def_method(g_warning_message_type, "__str__", [](Interpreter& in, const CallArgs& a) {
        auto* i = as_instance(a.args[0]);
        return new_str(str("{message : ", repr(in, *i->dict.find("message")), ", category : '", i->dict.find("category")->get<Type>()->name,
                           "', filename : ", repr(in, *i->dict.find("filename")), ", lineno : ", repr(in, *i->dict.find("lineno")), "}"));
    });
    g_catch_type = make_builtin_type("catch_warnings", T().object, Kind::Native, "warnings");
    g_catch_type->construct = [](Interpreter& in, const CallArgs& a) {
        static const Signature sig("catch_warnings(*, record=False)");
        auto v = sig.bind(a);
        auto c = make<CatchWarnings>(g_catch_type);
        c->record = truthy(in, v[0]);
        return Value(c.get());
    };
    def_method(g_catch_type, "__enter__", [](Interpreter& in, const CallArgs& a) {
        auto* c = native_cast<CatchWarnings>(a.args[0]);
        WarningsState* st = state_of(in);
        c->saved_filters = st->filters;
        c->saved_seen = st->seen;
        c->saved_log = st->log;
        if (!c->record) return Value::none();
        st->log = new_list({});
        return st->log;
    });
    def_method(g_catch_type, "__exit__", [](Interpreter& in, const CallArgs& a) {
        auto* c = native_cast<CatchWarnings>(a.args[0]);
        WarningsState* st = state_of(in);
        st->filters = c->saved_filters;
        st->seen = c->saved_seen;
        st->log = c->saved_log;
        return Value::boolean(false);
    });
}

}  // namespace

void install_python_stdlib();  // generated from engine/stdlib/*.py (engine/stdlib/embed.cmake)
void register_random_module();  // stdlib_random.cpp
void register_unicodedata_module();  // stdlib_unicodedata.cpp
void register_ast_module();  // stdlib_ast.cpp
void register_importlib_module();  // stdlib_importlib.cpp
void register_operator_module();  // stdlib_operator.cpp: _operator
void register_bytes_stdlib_modules();  // stdlib_bytes.cpp: _struct, _hashlib
void register_collections_abc_module();  // type_hints.cpp: _CallableGenericAlias
void register_patma_module();  // patma.cpp: _kiln_abc (collection flags for pattern matching)
void register_resource_module();  // stdlib_resource.cpp: resource

void install_stdlib_modules() {
    register_warnings_types();
    install_python_stdlib();
    register_random_module();
    register_unicodedata_module();
    register_ast_module();
    register_importlib_module();
    register_operator_module();
    register_bytes_stdlib_modules();
    register_collections_abc_module();
    register_patma_module();
    register_resource_module();
    Interpreter::register_module("math", math_module);
    Interpreter::register_module("time", time_module);
    Interpreter::register_module("warnings", warnings_module);
}

}  // namespace kiln::vm
