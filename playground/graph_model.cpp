// Building and laying out the graph view's model (see graph_model.h). The aten graph is read from
// the back end's printouts: `name: "type" = torch.ops.aten.op.overload(args);  ...` per node and
// `origins: a, b` per kernel; the text is the engine's, the parse only picks names out of it.
#include "graph_model.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <tuple>

namespace kiln::playground {
namespace {

std::string trim_spaces(const std::string& s) {
    size_t a = s.find_first_not_of(' '), b = s.find_last_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// A value annotation that is no tensor's ("Sym(s0)", "int"): such graph inputs are scalars.
bool scalar_type(const std::string& type) { return type.rfind("Sym(", 0) == 0 || type == "int" || type == "float" || type == "bool"; }

// Scalar graph inputs go into their users' labels; graph inputs take the modules their users share.
void fold_and_place_inputs(ViewGraph& g) {
    std::vector<std::vector<int>> users(g.nodes.size());
    for (size_t i = 0; i < g.nodes.size(); ++i)
        for (int k : g.nodes[i].inputs)
            if (k >= 0 && size_t(k) < g.nodes.size()) users[size_t(k)].push_back(int(i));
    for (size_t i = 0; i < g.nodes.size(); ++i) {
        ViewNode& n = g.nodes[i];
        if (n.kind != "placeholder" || users[i].empty()) continue;
        if (scalar_type(n.type)) {
            n.folded = true;
            for (int u : users[i]) g.nodes[size_t(u)].scalars.push_back(n.name);
            continue;
        }
        std::vector<std::string> common = g.nodes[size_t(users[i][0])].modules;
        for (int u : users[i]) {
            const auto& m = g.nodes[size_t(u)].modules;
            size_t k = 0;
            while (k < common.size() && k < m.size() && common[k] == m[k]) ++k;
            common.resize(k);
        }
        n.modules = common;
    }
}

// "0.35355339059327373" -> "0.3536": labels are read at a glance; the tooltip has the full text.
std::string short_scalar(const std::string& s) {
    if (s.find('.') == std::string::npos && s.find('e') == std::string::npos) return s;
    char* end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (!end || *end) return s;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    std::string out = buf;
    if (out.find('.') == std::string::npos && out.find('e') == std::string::npos) out += ".0";
    return out;
}

}  // namespace

std::string node_label(const ViewNode& n) {
    if (n.scalars.empty()) return n.label;
    std::string s = n.label + "(";
    for (size_t i = 0; i < n.scalars.size(); ++i) {
        size_t eq = n.scalars[i].find('=');
        std::string v = eq == std::string::npos ? short_scalar(n.scalars[i])
                                                : n.scalars[i].substr(0, eq + 1) + short_scalar(n.scalars[i].substr(eq + 1));
        s += (i ? ", " : "") + v;
    }
    return s + ")";
}

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
        v.type = n.type;
        v.modules = n.modules;
        if (n.op != "output") v.scalars = n.scalars;
        g.nodes.push_back(std::move(v));
    }
    fold_and_place_inputs(g);
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
            current_kernel = trim_spaces(line.substr(0, line.find(':')));
        } else if (trim_spaces(line).rfind("origins: ", 0) == 0 && !current_kernel.empty()) {
            int k = int(g.kernels.size());
            g.kernels.push_back(current_kernel);
            std::string list = trim_spaces(line).substr(9);
            size_t q = 0;
            while (q <= list.size()) {
                size_t comma = list.find(',', q);
                if (comma == std::string::npos) comma = list.size();
                group_of[trim_spaces(list.substr(q, comma - q))] = k;
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
        std::string line = trim_spaces(t.substr(p, eol - p));
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
                    // The annotation is skipped whole: its sizes ("f32[2, 5, 16]") hold ", " too,
                    // and are no parameter names.
                    if (line.compare(end, 3, ": \"") == 0) {
                        size_t close = line.find('"', end + 3);
                        if (close != std::string::npos) {
                            v.type = line.substr(end + 3, close - end - 3);
                            end = close + 1;
                        }
                    }
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
            v.type = line.substr(colon + 3, line.find('"', colon + 3) - colon - 3);
            // Top-level number arguments ("div.Scalar(sum_1, 16)"): shown in the label.
            if (paren != std::string::npos) {
                int depth = 0;
                size_t arg_start = paren + 1;
                for (size_t i = paren + 1; i < call.size(); ++i) {
                    char ch = call[i];
                    if (ch == '(' || ch == '[') ++depth;
                    else if ((ch == ')' || ch == ']') && depth > 0) --depth;
                    else if ((ch == ',' || ch == ')') && depth == 0) {
                        std::string arg = trim_spaces(call.substr(arg_start, i - arg_start));
                        char* end = nullptr;
                        if (!arg.empty() && (std::isdigit(static_cast<unsigned char>(arg[0])) || arg[0] == '-')) {
                            std::strtod(arg.c_str(), &end);
                            if (end && !*end) v.scalars.push_back(arg);
                        }
                        arg_start = i + 1;
                        if (ch == ')') break;
                    }
                }
            }
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
    for (const auto& [name, line] : a.aten_lines)
        if (auto it = index.find(name); it != index.end()) g.nodes[size_t(it->second)].line = line;
    fold_and_place_inputs(g);
    assign_layers(g);
    return g;
}

// ---- layout ----

std::vector<std::string> module_paths(const ViewGraph& g) {
    std::vector<std::string> out;
    for (const ViewNode& n : g.nodes)
        if (!n.folded)
            for (const std::string& m : n.modules)
                if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    return out;
}

namespace {

// The box a node goes into: the outermost collapsed module on its stack, or "" (its own box).
const std::string* collapsed_module(const ViewNode& n, const std::set<std::string>& collapsed) {
    for (const std::string& m : n.modules)
        if (collapsed.count(m)) return &m;
    return nullptr;
}

size_t visible_boxes(const ViewGraph& g, const std::set<std::string>& collapsed) {
    std::set<std::string> modules;
    size_t plain = 0;
    for (const ViewNode& n : g.nodes) {
        if (n.folded) continue;
        if (const std::string* m = collapsed_module(n, collapsed)) modules.insert(*m);
        else ++plain;
    }
    return plain + modules.size();
}

}  // namespace

std::set<std::string> default_collapsed(const ViewGraph& g, size_t max_boxes) {
    std::set<std::string> collapsed;
    // Level by level: collapsing an outer module hides its inner ones, so the deepest level that
    // brings the count under the limit is the one that shows the most structure. Try the outermost
    // level first (fewest boxes), then open it up while the count stays under the limit.
    size_t depth_max = 0;
    for (const ViewNode& n : g.nodes) depth_max = std::max(depth_max, n.modules.size());
    if (depth_max == 0 || visible_boxes(g, collapsed) <= max_boxes) return collapsed;
    auto level = [&](size_t d) {
        std::set<std::string> s;
        for (const ViewNode& n : g.nodes)
            if (!n.folded && n.modules.size() > d) s.insert(n.modules[d]);
        return s;
    };
    collapsed = level(0);
    for (size_t d = 0; d < depth_max; ++d) {
        // Expanding every level-d module shows its children (level d+1 collapsed) instead.
        std::set<std::string> deeper = level(d + 1);
        if (deeper.empty() || visible_boxes(g, deeper) > max_boxes) break;
        collapsed = deeper;
    }
    return collapsed;
}

GraphLayout layout_graph(const ViewGraph& g, const std::set<std::string>& collapsed, const LayoutOptions& o) {
    GraphLayout l;
    const size_t n = g.nodes.size();
    l.box_of.assign(n, -1);
    std::map<std::string, int> module_box;
    for (size_t i = 0; i < n; ++i) {
        const ViewNode& v = g.nodes[i];
        if (v.folded) continue;
        if (const std::string* m = collapsed_module(v, collapsed)) {
            auto [it, fresh] = module_box.emplace(*m, int(l.boxes.size()));
            if (fresh) {
                GraphLayout::Box b;
                b.module = *m;
                l.boxes.push_back(b);
            }
            GraphLayout::Box& b = l.boxes[size_t(it->second)];
            b.members.push_back(int(i));
            if (b.line == 0) b.line = v.line;
            l.box_of[i] = it->second;
            continue;
        }
        GraphLayout::Box b;
        b.node = int(i);
        b.members = {int(i)};
        b.line = v.line;
        l.box_of[i] = int(l.boxes.size());
        l.boxes.push_back(b);
    }
    // Edges between boxes, once per pair (a module box reads the same input from many members).
    std::set<std::pair<int, int>> seen;
    for (size_t i = 0; i < n; ++i)
        for (int k : g.nodes[i].inputs) {
            if (k < 0 || size_t(k) >= n) continue;
            int a = l.box_of[size_t(k)], b = l.box_of[i];
            if (a < 0 || b < 0 || a == b || !seen.insert({a, b}).second) continue;
            l.edges.push_back({a, b});
        }
    // Layers: longest path over the boxes. Nodes come in topological order, but a module box
    // gathers nodes from several places (a module called twice), so relax until nothing moves;
    // a cycle through such a box stops at the bound.
    std::vector<int> layer(l.boxes.size(), 0);
    for (size_t pass = 0; pass <= l.boxes.size(); ++pass) {
        bool moved = false;
        for (const auto& [a, b] : l.edges)
            if (layer[size_t(b)] < layer[size_t(a)] + 1 && layer[size_t(a)] + 1 <= int(l.boxes.size())) {
                layer[size_t(b)] = layer[size_t(a)] + 1;
                moved = true;
            }
        if (!moved) break;
    }
    // Graph inputs (plain placeholder boxes) move right, next to their first user.
    for (size_t b = 0; b < l.boxes.size(); ++b) {
        const GraphLayout::Box& box = l.boxes[b];
        if (box.node < 0 || g.nodes[size_t(box.node)].kind != "placeholder") continue;
        int first = -1;
        for (const auto& [x, y] : l.edges)
            if (x == int(b)) first = first < 0 ? layer[size_t(y)] : std::min(first, layer[size_t(y)]);
        if (first > 0) layer[b] = first - 1;
    }
    // Rows: in node order within each layer.
    std::vector<int> rows;
    for (size_t b = 0; b < l.boxes.size(); ++b) {
        GraphLayout::Box& box = l.boxes[b];
        box.layer = layer[b];
        if (int(rows.size()) <= box.layer) rows.resize(size_t(box.layer) + 1, 0);
        box.row = rows[size_t(box.layer)]++;
        box.w = o.node_w;
        box.h = o.node_h;
    }
    int max_rows = 0;
    for (int r : rows) max_rows = std::max(max_rows, r);
    const int layers = int(rows.size());
    const float col_w = o.node_w + o.col_gap, band_h = max_rows * (o.node_h + o.row_gap) - o.row_gap;
    auto extent = [&](int bands) {
        int per = (layers + bands - 1) / std::max(bands, 1);
        float w = 2 * o.margin + (layers == 0 ? 0 : per * col_w - o.col_gap);
        float h = 2 * o.margin + (max_rows == 0 ? 0 : bands * band_h + (bands - 1) * o.band_gap);
        return std::make_pair(w, h);
    };
    int bands = 1;
    if (o.view_w > 0 && o.view_h > 0 && layers > 1) {
        float best = 0;
        for (int n = 1; n <= layers; ++n) {
            auto [w, h] = extent(n);
            float zoom = std::min(o.view_w / w, o.view_h / h);
            if (zoom > best * 1.01f) {  // a band more only for a real gain
                best = zoom;
                bands = n;
            }
        }
    }
    const int per = layers == 0 ? 1 : (layers + bands - 1) / bands;
    // Columns are centred vertically in their band, so a chain runs straight through the middle.
    for (GraphLayout::Box& box : l.boxes) {
        float col_h = rows[size_t(box.layer)] * (o.node_h + o.row_gap) - o.row_gap;
        box.band = box.layer / per;
        box.x = o.margin + (box.layer % per) * col_w;
        box.y = o.margin + box.band * (band_h + o.band_gap) + (band_h - col_h) / 2 + box.row * (o.node_h + o.row_gap);
    }
    l.bands = bands;
    std::tie(l.width, l.height) = extent(bands);
    // Frames: every open module with a box in it (outermost first, so inner frames draw on top),
    // then every fused kernel with two or more plain boxes.
    auto frame = [&](const std::vector<int>& boxes, float pad, float title) {
        GraphLayout::Group f;
        f.x0 = f.y0 = 1e30f;
        f.x1 = f.y1 = -1e30f;
        for (int b : boxes) {
            const GraphLayout::Box& box = l.boxes[size_t(b)];
            f.x0 = std::min(f.x0, box.x - pad);
            f.y0 = std::min(f.y0, box.y - pad - title);
            f.x1 = std::max(f.x1, box.x + box.w + pad);
            f.y1 = std::max(f.y1, box.y + box.h + pad);
        }
        return f;
    };
    std::vector<std::string> modules = module_paths(g);
    std::stable_sort(modules.begin(), modules.end(), [](const std::string& a, const std::string& b) {
        return std::count(a.begin(), a.end(), '.') < std::count(b.begin(), b.end(), '.');
    });
    for (const std::string& m : modules) {
        std::vector<int> inside;
        bool hidden = false;
        for (size_t b = 0; b < l.boxes.size(); ++b) {
            const GraphLayout::Box& box = l.boxes[b];
            const std::vector<std::string>& ms = g.nodes[size_t(box.members[0])].modules;
            auto at = std::find(ms.begin(), ms.end(), m);
            if (at == ms.end()) continue;
            if (box.node < 0 && box.module != m) {
                // Inside a collapsed module: hidden when that module is this one's ancestor.
                auto outer = std::find(ms.begin(), ms.end(), box.module);
                if (outer < at) hidden = true;
            }
            if (box.node < 0 && box.module == m) hidden = true;  // drawn as the box itself
            inside.push_back(int(b));
        }
        if (hidden || inside.empty()) continue;
        int depth = int(std::count(m.begin(), m.end(), '.')) - 1;
        float pad = std::max(4.0f, 16.0f - 4.0f * std::max(depth, 0));
        GraphLayout::Group f = frame(inside, pad, 14);
        f.kind = GraphLayout::Group::Kind::Module;
        f.module = m;
        f.depth = std::max(depth, 0);
        l.groups.push_back(f);
    }
    for (size_t k = 0; k < g.kernels.size(); ++k) {
        std::vector<int> inside;
        for (size_t b = 0; b < l.boxes.size(); ++b)
            if (l.boxes[b].node >= 0 && g.nodes[size_t(l.boxes[b].node)].group == int(k)) inside.push_back(int(b));
        if (inside.size() < 2) continue;
        GraphLayout::Group f = frame(inside, 3, 0);
        f.kind = GraphLayout::Group::Kind::Kernel;
        f.kernel = int(k);
        l.groups.push_back(f);
    }
    return l;
}

ViewFit fit_layout(const GraphLayout& l, float w, float h, float min_zoom, float max_zoom) {
    ViewFit f;
    if (l.width <= 0 || l.height <= 0 || w <= 0 || h <= 0) return f;
    f.zoom = std::clamp(std::min(w / l.width, h / l.height), min_zoom, max_zoom);
    // Centred on the axes that fit; otherwise the start (inputs, the top) shows.
    f.pan_x = l.width * f.zoom <= w ? (w - l.width * f.zoom) / 2 : 0;
    f.pan_y = l.height * f.zoom <= h ? (h - l.height * f.zoom) / 2 : 0;
    return f;
}

int box_at(const GraphLayout& l, float x, float y) {
    for (size_t b = 0; b < l.boxes.size(); ++b) {
        const GraphLayout::Box& box = l.boxes[b];
        if (x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h) return int(b);
    }
    return -1;
}

int module_title_at(const GraphLayout& l, float x, float y, float title_h) {
    // Innermost first: inner frames are drawn over outer ones.
    for (size_t k = l.groups.size(); k-- > 0;) {
        const GraphLayout::Group& f = l.groups[k];
        if (f.kind == GraphLayout::Group::Kind::Module && x >= f.x0 && x < f.x1 && y >= f.y0 && y < f.y0 + title_h)
            return int(k);
    }
    return -1;
}

}  // namespace kiln::playground
