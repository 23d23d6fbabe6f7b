// Errors raised by the engine.
//
// Kiln runs PyTorch programs, so every failure the engine reports maps onto a Python exception
// class (RuntimeError, ValueError, IndexError, TypeError, ...). The engine throws kiln::Error with
// that class and a message worded like PyTorch's; the VM later turns it into a Python exception with
// a traceback. Nothing in the engine aborts on bad input: checks throw.
#pragma once
#include <sstream>
#include <stdexcept>
#include <string>

namespace kiln {

// SyntaxError: raised by the language front end (engine/lang) for source it cannot parse or that is
// outside Kiln's Python subset; its message starts with "FILE:LINE:COL: ".
enum class ErrorKind {
    RuntimeError, ValueError, TypeError, IndexError, NotImplementedError, SyntaxError, KeyError, MemoryError,
    OverflowError, RecursionError
};

const char* error_kind_name(ErrorKind kind);

class Error : public std::runtime_error {
public:
    Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const { return kind_; }
    // "RuntimeError: <message>", the last line of a Python traceback.
    std::string python_string() const;

private:
    ErrorKind kind_;
};

// Concatenates any streamable values: str("expected ", n, " dims").
template <typename... Args>
std::string str(const Args&... args) {
    std::ostringstream out;
    (out << ... << args);
    return out.str();
}

}  // namespace kiln

// KILN_CHECK(cond, Kind, parts...) throws kiln::Error(ErrorKind::Kind, str(parts...)) when cond fails.
#define KILN_CHECK(cond, kind, ...)                                                  \
    do {                                                                             \
        if (!(cond)) throw ::kiln::Error(::kiln::ErrorKind::kind, ::kiln::str(__VA_ARGS__)); \
    } while (0)

#define KILN_FAIL(kind, ...) throw ::kiln::Error(::kiln::ErrorKind::kind, ::kiln::str(__VA_ARGS__))
