// What the two JITs share about their on-disk caches (backends/cpu_jit: C++ -> .so; backends/
// cuda_jit: CUDA -> .cubin): a content hash for file names, the cache folder, and writes that
// never expose a half-written file to a concurrent process (temporary name, then rename()).
#pragma once
#include <optional>
#include <string>

namespace kiln::backends {

// 128 bits over `key` (two independent 64-bit hashes) as 32 hex digits.
std::string content_hash(const std::string& key);

// $KILN_CACHE_DIR, else $HOME/.cache/kiln/jit (created on first write, not here); a folder set with
// set_jit_cache_dir_override comes first.
std::string jit_cache_dir();
// A folder that replaces the one above until it is cleared (an empty string): what a program's
// torch._inductor.utils.fresh_inductor_cache() points the JITs at, as PyTorch's points Inductor's
// cache at a temporary folder (the program's os.environ does not reach this process's getenv).
// Returns the override it replaces ('' when there was none).
std::string set_jit_cache_dir_override(const std::string& dir);

// Writes `bytes` to `path` through a temporary file and rename() (the folder is created). Throws
// kiln::Error (RuntimeError) naming `who` when it cannot.
void write_atomically(const std::string& path, const std::string& bytes, const char* who);

// The whole file, or nothing when it does not exist or cannot be read.
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace kiln::backends
