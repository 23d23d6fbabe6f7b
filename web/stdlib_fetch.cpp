// How the page (and its Web Worker) reads the standard library files the build leaves out of kiln.wasm
// (engine/stdlib/embed.cmake's deferred groups, beside kiln.js in stdlib/): a synchronous
// XMLHttpRequest, made at the first import of one of a file's modules. An import is a synchronous call
// inside the engine, so the request must be too; workers allow that, and the page's own runs
// (window.kiln.run/session) do as well. The bytes come through a text response in the
// x-user-defined charset (each byte one char), which synchronous requests allow where binary
// responseTypes are refused on the main thread.
#include <emscripten.h>

#include <string>

#include "vm/stdlib_archive.h"

namespace {

// Fetches `path` relative to kiln.js (Emscripten's locateFile) and keeps its bytes for
// kiln_fetched_copy; the byte count, or -(HTTP status) / -1 (a network error) on failure.
EM_JS(int, kiln_fetch_sync, (const char* path), {
  var url = UTF8ToString(path);
  Module.kilnFetched = null;
  try {
    var xhr = new XMLHttpRequest();
    xhr.open('GET', typeof locateFile === 'function' ? locateFile(url) : url, false);
    xhr.overrideMimeType('text/plain; charset=x-user-defined');
    xhr.send(null);
    if (xhr.status !== 200 && xhr.status !== 0) return -xhr.status;
    Module.kilnFetched = xhr.responseText;
    return xhr.responseText.length;
  } catch (e) {
    return -1;
  }
});

// Copies the fetched bytes into `out` (kiln_fetch_sync's count of them) and lets them go.
EM_JS(void, kiln_fetched_copy, (char* out), {
  var text = Module.kilnFetched;
  for (var i = 0; i < text.length; i++) HEAPU8[out + i] = text.charCodeAt(i) & 0xff;
  Module.kilnFetched = null;
});

bool fetch_file(const std::string& file, std::string& bytes, std::string& why) {
    int n = kiln_fetch_sync(file.c_str());
    if (n < 0) {
        why = n == -1 ? "a network error" : "HTTP " + std::to_string(-n);
        return false;
    }
    bytes.assign(size_t(n), '\0');
    if (n) kiln_fetched_copy(bytes.data());
    return true;
}

}  // namespace

namespace kiln::web {
void install_stdlib_fetcher() { vm::set_stdlib_file_fetcher(fetch_file); }
}  // namespace kiln::web
