// The object behind `bytes` and `bytearray` (bytes.cpp) and the buffer protocol between it and
// `memoryview` (memoryview.cpp): a memoryview exports a bytes-like object's storage (counted in
// BytesObj::exports, so a bytearray refuses to change size while a view is held, as CPython's
// BufferError says), and natives that take bytes-like arguments read a view's bytes through
// buffer_contents. Only these two files include this header.
#pragma once
#include <cstdint>
#include <string>

#include "vm/types.h"

namespace kiln::vm {

struct BytesObj : NativeObj {
    BytesObj(Type* t, std::string d) : NativeObj(t), data(std::move(d)) {}
    std::string data;
    int64_t exports = 0;  // unreleased memoryviews over data
};

// The BytesObj a value is (bytes or bytearray), or nullptr.
BytesObj* as_bytes_obj(const Value& v);
// Whether it is a bytearray (writable through a view).
bool bytes_obj_mutable(const BytesObj* b);

// memoryview (memoryview.cpp): its type, CPython's BufferError, and a view's bytes in C order
// (nullptr for any other value; ValueError for a released view). The string lives as long as the
// view and is rebuilt at each call.
Type* memoryview_type();
Type* buffer_error_type();
const std::string* memoryview_contents(const Value& v);

// The bytes of a bytes, bytearray or memoryview, or nullptr.
const std::string* buffer_contents(const Value& v);

}  // namespace kiln::vm
