// The standard library's code objects, cached on disk between processes (CPython's __pycache__).
//
// Every `kiln` process that imports torch compiles the ~90 modules it brings in: lexing, parsing and
// compiling them was over half of the import (and each bad-input case, parity program and test is a
// process of its own). The first process to compile a module writes its code object
// (bytecode/marshal.h) to the cache folder; later ones read it back. The file name is a hash of the
// front end's own sources (lang/, bytecode/, support/: generated at build time), the module's file
// name and its text, so a changed compiler or module never reads stale code, and the native and
// sanitizer builds of one checkout share their files.
//
// The folder: $KILN_CACHE_DIR/bytecode, else $HOME/.cache/kiln/bytecode. As in CPython, a folder that
// cannot be written only costs the compile, and a file that does not read back whole is ignored.
// PYTHONDONTWRITEBYTECODE does not apply: these are CPython's frozen modules, whose code CPython
// never compiles at run time at all. The browser build has no disk: it compiles.
#pragma once
#include <memory>
#include <string>

#include "bytecode/code.h"

namespace kiln::vm {

// The code object of a standard-library module's text, from the cache or compiled (and cached).
// Errors in the text raise as compile_module's do.
std::shared_ptr<const bytecode::CodeObject> stdlib_module_code(const std::string& source, const std::string& filename);

// The cache folder (for tests and `kiln --help`'s reader).
std::string bytecode_cache_dir();

}  // namespace kiln::vm
