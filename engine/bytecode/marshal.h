// Code objects as bytes and back (CPython's marshal of code objects, the format of its .pyc files).
//
// What the VM's bytecode cache (vm/code_cache.h) keeps on disk, so that a process importing torch
// reads the standard library's code objects instead of lexing, parsing and compiling ~0.5 MB of
// Python each time. The bytes are this build's own format, not CPython's: the cache's key names the
// front end's sources, so a compiler change never reads bytes an older compiler wrote.
//
// Reading never trusts its input: a truncated or corrupted file (a disk error, two versions writing
// one name) is refused with nullptr (the caller compiles instead), never a crash: every count
// and opcode is range-checked, and the bytes end in a checksum of what precedes them.
#pragma once
#include <memory>
#include <string>

#include "bytecode/code.h"

namespace kiln::bytecode {

std::string marshal_code(const CodeObject& code);
// null when `bytes` is not a whole, intact marshal_code result.
std::shared_ptr<const CodeObject> unmarshal_code(const std::string& bytes);

}  // namespace kiln::bytecode
