// The frames of torch.jit.Error texts (see script_traceback.h): PyTorch's
// SourceRange::print_with_context with CONTEXT = 3, which prints the two lines before the
// highlighted line, the line, a row of '~' under the range with " <--- HERE", and the two lines
// after (the highlighted line's own newline counts as the first of the three).
#include "graph/script_traceback.h"

#include <algorithm>
#include <mutex>

namespace kiln::graph {

namespace {

struct Source {
    std::string file;
    int first_line = 0;
    std::vector<std::string> lines;  // as the file has them
    std::string function;
};

std::mutex g_mutex;
std::vector<Source>& sources() {
    static std::vector<Source> s;
    return s;
}

}  // namespace

void register_script_source(const std::string& file, int first_line, const std::vector<std::string>& lines,
                            const std::string& function) {
    // The lines stay as the file has them: PyTorch's frontend parses the dedented text but keeps
    // the original one as the SourceRange's source (parse_def's make_source_context(source, ...)),
    // so a method's frame prints its lines indented, with the columns the graph's locations show.
    Source s{file, first_line, lines, function};
    // Scripted functions of one text never overlap: an entry of the file whose lines overlap these
    // is this function compiled before, or comes from an older text of the file (a program edited
    // and run again under the same name). Either way it goes.
    int last_line = first_line + int(lines.size()) - 1;
    std::lock_guard<std::mutex> lock(g_mutex);
    auto& all = sources();
    all.erase(std::remove_if(all.begin(), all.end(),
                             [&](const Source& o) {
                                 int o_last = o.first_line + int(o.lines.size()) - 1;
                                 return o.file == file && o.first_line <= last_line && o_last >= first_line;
                             }),
              all.end());
    all.push_back(std::move(s));
}

std::string script_frame(const SourceLoc& at) {
    if (!at.known()) return "";
    std::lock_guard<std::mutex> lock(g_mutex);
    const Source* best = nullptr;
    for (const auto& s : sources()) {
        int last = s.first_line + int(s.lines.size()) - 1;
        if (s.file == at.file && at.line >= s.first_line && at.line <= last) best = &s;
    }
    if (!best) return "";
    size_t i = size_t(at.line - best->first_line);
    const std::string& line = best->lines[i];
    size_t col = std::min(size_t(at.col), line.size());
    // The whole range is under-lined (to the line's end when it goes on to later lines).
    size_t end = at.end_line == at.line && at.end_col > at.col ? size_t(at.end_col)
                 : at.end_line > at.line                      ? line.size()
                                                              : col + 1;
    size_t width = std::max<size_t>(1, std::min(end, line.size()) - std::min(col, line.size()));
    std::string out = "  File \"" + at.file + "\", line " + std::to_string(at.line) + ", in " + best->function + "\n";
    for (size_t k = i >= 2 ? i - 2 : 0; k < i; ++k) out += best->lines[k] + "\n";
    out += line + "\n";
    out += std::string(col, ' ') + std::string(width, '~') + " <--- HERE\n";
    for (size_t k = i + 1; k < best->lines.size() && k <= i + 2; ++k) out += best->lines[k] + "\n";
    return out;
}

std::string script_exception_text(const ScriptException& e) {
    return "The following operation failed in the TorchScript interpreter.\n"
           "Traceback of TorchScript (most recent call last):\n" +
           script_frame(e.where()) + e.qualified_class() + ": " + e.what() + "\n";
}

}  // namespace kiln::graph
