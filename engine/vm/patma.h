// Structural pattern matching (PEP 634) at run time: the questions MATCH_SEQUENCE, MATCH_MAPPING,
// MATCH_CLASS and MATCH_KEYS ask (patma.cpp says how CPython 3.12 answers them). Dynamo's
// translator asks the same functions about constant values.
#pragma once
#include "vm/types.h"

namespace kiln::vm {

class Interpreter;

// CPython's Py_TPFLAGS_SEQUENCE and Py_TPFLAGS_MAPPING (the values of `__abc_tpflags__`).
constexpr int kFlagSequence = 1 << 5;
constexpr int kFlagMapping = 1 << 6;

// The collection flag pattern matching sees for instances of t (0, kFlagSequence or kFlagMapping).
int collection_flags(const Type* t);
// Whether t's instances match a single positional sub-pattern themselves (int(x), str(s), ...).
bool match_self(const Type* t);
// MATCH_CLASS: the tuple of nargs positional then keyword-named attributes when subject matches
// cls(...), Null when it does not; raises CPython's TypeErrors.
Value match_class(Interpreter& in, const Value& subject, const Value& cls, int nargs, const Value& names);
// MATCH_KEYS: the tuple of values under `keys` (a tuple), None when one is missing; ValueError for a
// key repeated at run time.
Value match_keys(Interpreter& in, const Value& map, const Value& keys);
// isinstance(v, cls) with __instancecheck__ (builtins.cpp).
bool match_isinstance(Interpreter& in, const Value& v, const Value& cls);

}  // namespace kiln::vm
