// The standard modules the browser build leaves out of kiln.wasm (engine/stdlib/embed.cmake's
// deferred groups: NumPy, torchvision, ...) arrive as files beside the page, one gzip-compressed tar
// per group, fetched at the first import of one of their modules. The engine does not know how a
// host reads a file next to it: the page installs the function that does (web/stdlib_fetch.cpp: a
// synchronous request, which the page and its Web Worker both allow).
#pragma once
#include <string>

namespace kiln::vm {

// Reads `file` ("stdlib/numpy.tar.gz", relative to the page) into `bytes`; false with `why` set
// ("HTTP 404") when it cannot. Setting one returns the one it replaces (tests put theirs back).
using StdlibFileFetcher = bool (*)(const std::string& file, std::string& bytes, std::string& why);
StdlibFileFetcher set_stdlib_file_fetcher(StdlibFileFetcher fetcher);

}  // namespace kiln::vm
