// The linked selection (see linked.h).
#include "linked.h"

#include <algorithm>
#include <cctype>

#include "graph_model.h"
#include "text.h"

namespace kiln::playground {
namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }


// The node a graph-code line defines: "    name: "f32[4]" = ..." or "    name = ...", "" otherwise.
std::string defined_node(const std::string& line) {
    size_t i = 0;
    while (i < line.size() && line[i] == ' ') ++i;
    if (i == 0 || i >= line.size() || !(std::isalpha(static_cast<unsigned char>(line[i])) || line[i] == '_')) return "";
    size_t j = i;
    while (j < line.size() && ident_char(line[j])) ++j;
    if (line.compare(j, 3, ": \"") == 0 || line.compare(j, 3, " = ") == 0) return line.substr(i, j - i);
    return "";
}

bool is_file_comment(const std::string& line) {
    size_t i = line.find_first_not_of(' ');
    return i != std::string::npos && line.compare(i, 8, "# File: ") == 0;
}

// Does `line` name `word` as a whole identifier?
bool names(const std::string& line, const std::string& word) {
    if (word.empty()) return false;
    for (size_t at = line.find(word); at != std::string::npos; at = line.find(word, at + 1)) {
        bool left = at == 0 || !ident_char(line[at - 1]);
        bool right = at + word.size() >= line.size() || !ident_char(line[at + word.size()]);
        if (left && right) return true;
    }
    return false;
}

// The kernel each line of a generated text is part of ("" outside any). A kernel's definition starts
// at a line that names it and is neither a comment nor a call statement (C++ `extern "C" void k(`, CUDA
// `__global__ ... k(`, a WebAssembly module's header, the plan's "  k: pointwise, ..." entry) and runs
// over the lines indented deeper than it, a brace or parenthesis line at its own indent included
// (the body's `{` and its closing `}`).
std::vector<std::string> kernel_spans(const std::vector<std::string>& lines, const std::vector<std::string>& kernels) {
    std::vector<std::string> in(lines.size());
    std::string current;
    size_t indent = 0;
    for (size_t i = 0; i < lines.size(); ++i) {
        const std::string& l = lines[i];
        const size_t first = l.find_first_not_of(' ');
        if (first == std::string::npos) {  // blank lines stay inside
            in[i] = current;
            continue;
        }
        if (!current.empty() && first <= indent) {
            const char c = l[first];
            if (c == '{') {
                in[i] = current;
                continue;
            }
            if (c == '}' || c == ')') {
                in[i] = current;
                current.clear();
                continue;
            }
            current.clear();
        }
        const bool comment = l.compare(first, 2, "//") == 0 || l.compare(first, 2, ";;") == 0 || l[first] == '#';
        const bool call = l.find(");") != std::string::npos && l.find('{') == std::string::npos;
        if (current.empty() && !comment && !call)
            for (const std::string& k : kernels)
                if (names(l, k)) {
                    current = k;
                    indent = first;
                    break;
                }
        in[i] = current;
    }
    return in;
}

}  // namespace

const char* link_level_name(LinkPick::Level l) {
    switch (l) {
        case LinkPick::Level::Source: return "source";
        case LinkPick::Level::FxNode: return "fx";
        case LinkPick::Level::AtenNode: return "aten";
        case LinkPick::Level::Kernel: return "kernel";
        case LinkPick::Level::None: break;
    }
    return "";
}

LinkModel link_model(const CompileRecord& c) {
    LinkModel m;
    for (const GraphNode& n : c.nodes) {
        LinkModel::Node v;
        v.name = n.name;
        v.lines.assign(n.lines.rbegin(), n.lines.rend());  // innermost first
        if (v.lines.empty() && n.line > 0) v.lines.push_back(n.line);
        m.fx.push_back(std::move(v));
    }
    if (!c.inductor.empty()) {
        // The graph view's parse of the post-grad graph and the schedule: names, lines, kernels.
        ViewGraph g = view_graph_from_aten(c.inductor.back());
        m.kernels = g.kernels;
        for (const ViewNode& n : g.nodes) {
            if (n.kind == "output") continue;
            LinkModel::Node v;
            v.name = n.name;
            if (n.line > 0) v.lines.push_back(n.line);
            if (n.group >= 0 && n.group < int(g.kernels.size())) v.kernel = g.kernels[size_t(n.group)];
            m.aten.push_back(std::move(v));
        }
    }
    return m;
}

Linked link(const LinkModel& m, const LinkPick& pick) {
    Linked out;
    auto innermost = [](const LinkModel::Node& n) { return n.lines.empty() ? 0 : n.lines.front(); };
    // From a set of lines (innermost lines of FX nodes or the lines of aten nodes) to the aten nodes
    // traced there and their kernels; and to the FX nodes whose innermost line it is.
    auto aten_on = [&](const std::set<int>& lines) {
        for (const LinkModel::Node& a : m.aten)
            if (innermost(a) > 0 && lines.count(innermost(a))) {
                out.aten_nodes.insert(a.name);
                if (!a.kernel.empty()) out.kernels.insert(a.kernel);
            }
    };
    auto fx_on = [&](const std::set<int>& lines) {
        for (const LinkModel::Node& n : m.fx)
            if (innermost(n) > 0 && lines.count(innermost(n))) out.fx_nodes.insert(n.name);
    };
    switch (pick.level) {
        case LinkPick::Level::None: break;
        case LinkPick::Level::Source: {
            // The nodes recorded on the line, directly or through a call on it (a module's forward).
            if (pick.line <= 0) break;
            out.source_lines.insert(pick.line);
            std::set<int> inner{pick.line};
            for (const LinkModel::Node& n : m.fx)
                if (std::find(n.lines.begin(), n.lines.end(), pick.line) != n.lines.end()) {
                    out.fx_nodes.insert(n.name);
                    inner.insert(innermost(n));
                }
            aten_on(inner);
            break;
        }
        case LinkPick::Level::FxNode: {
            for (const LinkModel::Node& n : m.fx)
                if (n.name == pick.name) {
                    out.fx_nodes.insert(n.name);
                    out.source_lines.insert(n.lines.begin(), n.lines.end());
                    if (innermost(n) > 0) aten_on({innermost(n)});
                }
            break;
        }
        case LinkPick::Level::AtenNode: {
            for (const LinkModel::Node& a : m.aten)
                if (a.name == pick.name) {
                    out.aten_nodes.insert(a.name);
                    if (!a.kernel.empty()) out.kernels.insert(a.kernel);
                    if (innermost(a) > 0) {
                        out.source_lines.insert(innermost(a));
                        fx_on({innermost(a)});
                    }
                }
            break;
        }
        case LinkPick::Level::Kernel: {
            std::set<int> lines;
            for (const LinkModel::Node& a : m.aten)
                if (a.kernel == pick.name) {
                    out.aten_nodes.insert(a.name);
                    if (innermost(a) > 0) lines.insert(innermost(a));
                }
            if (std::find(m.kernels.begin(), m.kernels.end(), pick.name) != m.kernels.end()) out.kernels.insert(pick.name);
            out.source_lines.insert(lines.begin(), lines.end());
            fx_on(lines);
            break;
        }
    }
    return out;
}

std::vector<int> linked_node_lines(const std::string& text, const std::set<std::string>& nodes) {
    std::vector<int> out;
    if (nodes.empty()) return out;
    const std::vector<std::string> lines = split_lines(text);
    for (size_t i = 0; i < lines.size(); ++i) {
        std::string n = defined_node(lines[i]);
        if (n.empty() || !nodes.count(n)) continue;
        if (i > 0 && is_file_comment(lines[i - 1]) && (out.empty() || out.back() != int(i) - 1)) out.push_back(int(i) - 1);
        out.push_back(int(i));
    }
    return out;
}

std::vector<int> linked_kernel_lines(const std::string& text, const std::set<std::string>& kernels) {
    std::vector<int> out;
    if (kernels.empty()) return out;
    const std::vector<std::string> lines = split_lines(text);
    const std::vector<std::string> all(kernels.begin(), kernels.end());
    const std::vector<std::string> in = kernel_spans(lines, all);
    for (size_t i = 0; i < lines.size(); ++i) {
        bool lit = !in[i].empty() && kernels.count(in[i]);
        for (size_t k = 0; !lit && k < all.size(); ++k) lit = names(lines[i], all[k]);
        if (lit) out.push_back(int(i));
    }
    return out;
}

LinkPick pick_node_line(const std::string& text, int line, bool aten) {
    LinkPick p;
    const std::vector<std::string> lines = split_lines(text);
    if (line < 0 || line >= int(lines.size())) return p;
    std::string n = defined_node(lines[size_t(line)]);
    if (n.empty() && is_file_comment(lines[size_t(line)]) && line + 1 < int(lines.size()))
        n = defined_node(lines[size_t(line) + 1]);
    if (n.empty()) return p;
    p.level = aten ? LinkPick::Level::AtenNode : LinkPick::Level::FxNode;
    p.name = n;
    return p;
}

LinkPick pick_kernel_line(const std::string& text, int line, const std::vector<std::string>& kernels) {
    LinkPick p;
    const std::vector<std::string> lines = split_lines(text);
    if (line < 0 || line >= int(lines.size())) return p;
    const std::vector<std::string> in = kernel_spans(lines, kernels);
    std::string k = in[size_t(line)];
    for (size_t i = 0; k.empty() && i < kernels.size(); ++i)
        if (names(lines[size_t(line)], kernels[i])) k = kernels[i];
    if (k.empty()) return p;
    p.level = LinkPick::Level::Kernel;
    p.name = k;
    return p;
}

}  // namespace kiln::playground
