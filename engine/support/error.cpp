// Python exception-class names for kiln::Error (see error.h).
#include "support/error.h"

namespace kiln {

const char* error_kind_name(ErrorKind kind) {
    switch (kind) {
        case ErrorKind::RuntimeError: return "RuntimeError";
        case ErrorKind::ValueError: return "ValueError";
        case ErrorKind::TypeError: return "TypeError";
        case ErrorKind::IndexError: return "IndexError";
        case ErrorKind::NotImplementedError: return "NotImplementedError";
        case ErrorKind::SyntaxError: return "SyntaxError";
        case ErrorKind::KeyError: return "KeyError";
        case ErrorKind::MemoryError: return "MemoryError";
        case ErrorKind::OverflowError: return "OverflowError";
        case ErrorKind::RecursionError: return "RecursionError";
    }
    return "RuntimeError";
}

std::string Error::python_string() const { return std::string(error_kind_name(kind_)) + ": " + what(); }

}  // namespace kiln
