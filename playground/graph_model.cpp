// Building the graph view's model (see graph_model.h). The aten graph is read from the back end's
// printouts: `name: "type" = torch.ops.aten.op.overload(args);  ...` per node and `origins: a, b`
// per kernel; the text is the engine's, the parse only picks names out of it.
#include "graph_model.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace kiln::playground {
namespace {

std::string trim(const std::string& s) {
    size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

void assign_layers(ViewGraph& g) {
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        int layer = 0;
        for (int k : g.nodes[i].inputs)
            if (k >= 0 && size_t(k) < i) layer = std::max(layer, g.nodes[k].layer + 1);
        g.nodes[i].layer = layer;
    }
    // Inputs (parameters, mostly) move right, next to their first consumer, instead of piling up in
    // the first column far from where they are used.
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        if (!g.nodes[i].inputs.empty()) continue;
        int first_use = -1;
        for (const ViewNode& n : g.nodes)
            if (std::find(n.inputs.begin(), n.inputs.end(), int(i)) != n.inputs.end())
                first_use = first_use < 0 ? n.layer : std::min(first_use, n.layer);
        if (first_use > 0) g.nodes[i].layer = first_use - 1;
    }
}

ViewGraph view_graph_from_fx(const CompileRecord& c) {
    ViewGraph g;
    for (const GraphNode& n : c.nodes) {
        ViewNode v;
        v.name = n.name;
        v.label = n.op == "placeholder" ? n.type : n.op == "output" ? "return" : n.target;
        v.kind = n.op == "placeholder" ? "placeholder" : n.op == "output" ? "output" : "call";
        v.inputs = n.inputs;
        v.line = n.line;
        g.nodes.push_back(std::move(v));
    }
    assign_layers(g);
    return g;
}

ViewGraph view_graph_from_aten(const InductorArtifacts& a) {
    ViewGraph g;
    std::map<std::string, int> index;
    // Kernels and their origins.
    std::map<std::string, int> group_of;
    size_t p = 0;
    const std::string& s = a.schedule;
    std::string current_kernel;
    while (p < s.size()) {
        size_t eol = s.find('\n', p);
        if (eol == std::string::npos) eol = s.size();
        std::string line = s.substr(p, eol - p);
        if (line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ' && line.find(": ") != std::string::npos &&
            line.rfind("  cpp_", 0) == 0) {
            current_kernel = trim(line.substr(0, line.find(':')));
        } else if (trim(line).rfind("origins: ", 0) == 0 && !current_kernel.empty()) {
            int k = int(g.kernels.size());
            g.kernels.push_back(current_kernel);
            std::string list = trim(line).substr(9);
            size_t q = 0;
            while (q <= list.size()) {
                size_t comma = list.find(',', q);
                if (comma == std::string::npos) comma = list.size();
                group_of[trim(list.substr(q, comma - q))] = k;
                q = comma + 1;
            }
        }
        p = eol + 1;
    }
    // Nodes: the forward's arguments, then one per assignment, then the return.
    const std::string& t = a.post_grad;
    p = 0;
    while (p < t.size()) {
        size_t eol = t.find('\n', p);
        if (eol == std::string::npos) eol = t.size();
        std::string line = trim(t.substr(p, eol - p));
        p = eol + 1;
        if (line.rfind("def forward(self", 0) == 0) {
            size_t q = line.find(',');
            while (q != std::string::npos) {
                size_t start = q + 1;
                while (start < line.size() && line[start] == ' ') ++start;
                size_t end = start;
                while (end < line.size() && name_char(line[end])) ++end;
                if (end > start) {
                    ViewNode v;
                    v.name = line.substr(start, end - start);
                    v.label = "input";
                    v.kind = "placeholder";
                    index[v.name] = int(g.nodes.size());
                    g.nodes.push_back(v);
                }
                q = line.find(", ", end);
            }
            continue;
        }
        bool is_return = line.rfind("return ", 0) == 0;
        size_t colon = line.find(": \"");
        size_t eq = line.find(" = ");
        if (!is_return && (colon == std::string::npos || eq == std::string::npos)) continue;
        ViewNode v;
        std::string call;
        if (is_return) {
            v.name = "output";
            v.label = "return";
            v.kind = "output";
            call = line.substr(7);
        } else {
            v.name = line.substr(0, colon);
            call = line.substr(eq + 3);
            size_t semi = call.find(";  ");
            if (semi != std::string::npos) call = call.substr(0, semi);
            size_t paren = call.find('(');
            v.label = call.substr(0, paren);
            if (v.label.rfind("torch.ops.", 0) == 0) v.label = v.label.substr(10);
            v.kind = v.label.find("matmul") != std::string::npos || v.label.find("mm") != std::string::npos ||
                             v.label.find("convolution") != std::string::npos
                         ? "extern"
                         : "call";
            if (auto it = group_of.find(v.name); it != group_of.end()) v.group = it->second;
        }
        // Inputs: every earlier node name mentioned in the call's text.
        for (size_t i = 0; i < call.size();) {
            if (!name_char(call[i]) || (i > 0 && (name_char(call[i - 1]) || call[i - 1] == '.'))) {
                ++i;
                continue;
            }
            size_t j = i;
            while (j < call.size() && name_char(call[j])) ++j;
            auto it = index.find(call.substr(i, j - i));
            if (it != index.end() && std::find(v.inputs.begin(), v.inputs.end(), it->second) == v.inputs.end())
                v.inputs.push_back(it->second);
            i = j;
        }
        index[v.name] = int(g.nodes.size());
        g.nodes.push_back(std::move(v));
    }
    assign_layers(g);
    return g;
}

}  // namespace kiln::playground
