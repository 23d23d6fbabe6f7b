// A class's layout descriptors and its __dict__ view (descriptors.cpp).
//
// CPython's member_descriptor (one per __slots__ name) and getset_descriptor ('__dict__' and
// '__weakref__') that type.__new__ puts in a class's dict (classes.cpp). Kiln keeps slot values in
// the instance dict, so instance attribute lookup passes over them (is_layout_descriptor, ops.cpp);
// called explicitly (C.x.__get__(obj), C.x.__set__(obj, v)) they act as CPython's.
#pragma once
#include <string>

#include "vm/types.h"

namespace kiln::vm {

Value new_member_descriptor(Type* owner, const std::string& name);
Value new_getset_descriptor(Type* owner, const std::string& name);
bool is_layout_descriptor(const Value& v);
// cls.__dict__ and types.MappingProxyType(mapping): a read-only view of a mapping.
Value new_mappingproxy(const Value& mapping);
Type* mappingproxy_type();

}  // namespace kiln::vm
