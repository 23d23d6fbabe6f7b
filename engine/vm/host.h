// The host-facing standard library (host_fs.cpp, host_sys.cpp, host_json.cpp, host_re.cpp): what
// the rest of the VM needs from it. Files go through a sandbox (host_fs.cpp's header comment).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "vm/interpreter.h"

namespace kiln::vm {

// Exception classes that live with the host modules (builtins namespace names).
struct HostTypes {
    Type *OSError, *FileNotFoundError, *FileExistsError, *IsADirectoryError, *NotADirectoryError,
        *PermissionError, *UnsupportedOperation, *SystemExit, *EOFError;
    // CPython's other OSError subclasses (download and socket code names them in except clauses).
    std::vector<Type*> more_os_errors;
};
HostTypes& host_types();

// OSError of the errno's class, worded as CPython: "[Errno 2] No such file or directory: 'x.txt'".
Value make_os_error(int err, const std::string& filename = "", const std::string& filename2 = "");
[[noreturn]] void raise_os_error(int err, const std::string& filename = "", const std::string& filename2 = "");

// A path argument: a str or an object with __fspath__ (pathlib.Path).
std::string fspath(Interpreter& in, const Value& v, const char* fn);
// The real path of a path argument after the sandbox check (PermissionError outside it).
std::string checked_path(Interpreter& in, const Value& v, const char* fn);

// open() (builtins and io.open) and the type of the file objects it makes.
Value builtin_open(Interpreter& in, const CallArgs& a);
Type* file_type();
// open(..., 'rb' / 'wb' / 'r+b')'s types: 0 BufferedReader, 1 BufferedWriter, 2 BufferedRandom.
Type* binary_file_type(int k);

// print()'s default destination when the program replaced sys.stdout (Null: the host's stdout).
Value redirected_stdout(Interpreter& in);

// A "struct sequence" type (sys.version_info, time.struct_time, os.uname_result): a tuple subclass
// whose items are also named attributes (host_sys.cpp).
Type* make_struct_seq(const char* name, const char* module, std::vector<std::string> fields);

// Registers the modules (once per process) and fills a new interpreter's builtins namespace.
void install_host_modules();
// Whether v is a traceback object (exc.__traceback__; host_sys.cpp).
bool is_traceback(const Value& v);
// Whether name is in sys.stdlib_module_names (CPython 3.12's list; host_sys.cpp).
bool is_stdlib_module_name(std::string_view name);
void install_host_builtins(Interpreter& in, StrMap& builtins);

// The exit status of an uncaught SystemExit (printing its message to stderr as CPython does), or
// -1 when `exc` is not a SystemExit.
int system_exit_status(Interpreter& in, const Value& exc);

}  // namespace kiln::vm
