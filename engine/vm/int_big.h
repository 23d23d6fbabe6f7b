// Python ints beyond 64 bits in the VM: a BigIntObj (a NativeObj whose type is `int`) holds a
// BigInt (bigint.h). Ints that fit in int64 stay inline Values, always: every result goes through
// int_value(), which demotes, so an int has exactly one representation and `is`/hash/== stay simple.
// Arithmetic on inline ints that overflows is redone here (ops.cpp's fast paths call big_int_op).
#pragma once
#include <string>
#include <string_view>

#include "vm/bigint.h"
#include "vm/object.h"

namespace kiln::vm {

class Interpreter;

const BigInt* big_of(const Value& v);                 // the BigInt of a heap int, else nullptr
inline bool is_big(const Value& v) { return v.is_obj() && big_of(v) != nullptr; }
bool is_int_like(const Value& v);                     // bool, inline int or heap int
BigInt to_big(const Value& v);                        // of an int-like value
Value int_value(BigInt b);                            // inline when it fits, else a new heap int

// a op b for int-like operands (NB_* base operators, not in-place); Null when op does not apply.
Value big_int_op(int op, const BigInt& a, const BigInt& b);
// Kiln's limit for one int (2**24 bits): MemoryError when a result estimated at `bits` is over it,
// before any work. `what` names the computation ("math.perm(10, 3)"), or is empty for an operator.
constexpr int64_t kMaxIntBits = int64_t(1) << 24;
void check_int_bits(double bits, const std::string& what = "");
// -1, 0, 1 comparing an int-like value with an int-like or float value (exact, as CPython).
int compare_int_float(const Value& a, double b);
// float(x) of a heap int: OverflowError "int too large to convert to float".
double big_to_double(const BigInt& b);
// CPython 3.11's limit on int <-> decimal str conversions: the default, the smallest value
// sys.set_int_max_str_digits accepts, and the running program's setting (host_sys.cpp; 0 = none).
constexpr int64_t kDefaultMaxStrDigits = 4300;
constexpr int64_t kMaxStrDigitsThreshold = 640;
size_t int_max_str_digits();
// str(x) with that limit.
std::string big_to_string(const BigInt& b);
// The limit's ValueError for a decimal formatting of b (format(x, 'd'), f"{x:,}"), before any work.
void check_str_digits(const BigInt& b);
// int(s, base) for text that parse_int found too long for int64 (already validated).
Value parse_big_int(std::string_view text, int base);
// The OverflowError a 64-bit consumer raises for a heap int (indexes, counts, C longs).
[[noreturn]] void raise_big_overflow();

}  // namespace kiln::vm
