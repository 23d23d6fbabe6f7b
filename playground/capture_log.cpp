// Splitting TORCH_LOGS text into the playground's records (see capture_log.h). Only headings and
// separators the engine's printers write are matched here; the records' bodies are kept verbatim.
#include "capture_log.h"

#include <cstdlib>

namespace kiln::playground {
namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// "graph 3" from "Graph passes of graph 3:\n..." after `prefix`, up to `stop`.
std::string graph_name_after(const std::string& s, const std::string& prefix, char stop) {
    size_t end = s.find(stop, prefix.size());
    if (end == std::string::npos) return "";
    return s.substr(prefix.size(), end - prefix.size());
}

// The text after the first line.
std::string body_after_first_line(const std::string& s) {
    size_t nl = s.find('\n');
    return nl == std::string::npos ? "" : s.substr(nl + 1);
}

CompileRecord& compile_for(RunReport& r, const std::string& id) {
    for (auto& c : r.compiles)
        if (c.compile_id == id) return c;
    r.compiles.push_back({});
    r.compiles.back().compile_id = id;
    return r.compiles.back();
}

CompileRecord* compile_for_graph(RunReport& r, const std::string& graph_name) {
    for (auto& c : r.compiles)
        if (c.graph_name == graph_name) return &c;
    return nullptr;
}

// "Graph break in user code at main.py:12\nGraph Break Reason: ...User code traceback:\n..."
void parse_break(const LogRecord& rec, GraphBreak& b) {
    b.compile_id = rec.compile_id;
    b.text = rec.text;
    const std::string at = "Graph break in user code at ";
    size_t p = rec.text.find(at);
    if (p != std::string::npos) {
        size_t eol = rec.text.find('\n', p);
        std::string place = rec.text.substr(p + at.size(), eol == std::string::npos ? std::string::npos : eol - p - at.size());
        size_t colon = place.rfind(':');
        if (colon != std::string::npos) {
            b.filename = place.substr(0, colon);
            b.line = std::atoi(place.c_str() + colon + 1);
        }
    }
    const std::string why = "Graph Break Reason: ";
    size_t r = rec.text.find(why);
    if (r != std::string::npos) {
        size_t end = rec.text.find("User code traceback:", r);
        b.reason = rec.text.substr(r + why.size(), end == std::string::npos ? std::string::npos : end - r - why.size());
        while (!b.reason.empty() && (b.reason.back() == '\n' || b.reason.back() == ' ')) b.reason.pop_back();
    }
}

}  // namespace

bool classify_log_chunk(const std::string& chunk, LogRecord* rec) {
    LogRecord out;
    out.text = chunk;
    // Dynamo's records: "[0/1] [__recompiles] ..."
    if (chunk.size() > 6 && chunk[0] == '[') {
        size_t close = chunk.find("] [__");
        size_t slash = chunk.find('/');
        if (close != std::string::npos && slash != std::string::npos && slash < close) {
            size_t end = chunk.find(']', close + 5);
            if (end == std::string::npos) return false;
            out.compile_id = chunk.substr(1, close - 1);
            out.channel = chunk.substr(close + 5, end - close - 5);
            *rec = std::move(out);
            return true;
        }
    }
    // The back end's records (bindings/inductor.cpp log_compiled).
    if (starts_with(chunk, "Graph passes of ")) {
        out.channel = "passes";
        out.graph_name = graph_name_after(chunk, "Graph passes of ", ':');
    } else if (starts_with(chunk, "TRACED GRAPH\n ===== AFTER POST GRAD (")) {
        out.channel = "post_grad_graphs";
        out.graph_name = graph_name_after(chunk, "TRACED GRAPH\n ===== AFTER POST GRAD (", ')');
    } else if (starts_with(chunk, "Scheduled kernels of ")) {
        out.channel = "schedule";
        out.graph_name = graph_name_after(chunk, "Scheduled kernels of ", ':');
    } else if (starts_with(chunk, "Fusion decisions of ")) {
        out.channel = "fusion";
        out.graph_name = graph_name_after(chunk, "Fusion decisions of ", ':');
    } else if (starts_with(chunk, "Output code: ")) {
        out.channel = "output_code";
    } else if (starts_with(chunk, "Source lines of ")) {
        out.channel = "aten_lines";
        out.graph_name = graph_name_after(chunk, "Source lines of ", ':');
    } else if (starts_with(chunk, "CUDA code of ")) {
        out.channel = "cuda_code";
        out.graph_name = graph_name_after(chunk, "CUDA code of ", ':');
    } else if (starts_with(chunk, "Kiln inductor: ")) {
        // The back end's notes: a plan now running natively, where a compile's time went, kernels
        // running as generated WebAssembly.
        out.channel = "inductor";
    } else {
        return false;
    }
    *rec = std::move(out);
    return true;
}

std::vector<PassStep> parse_pass_steps(const std::string& text) {
    std::vector<PassStep> steps;
    size_t pos = text.find("\n# input\n");
    pos = pos == std::string::npos ? text.find("# input\n") : pos + 1;
    while (pos != std::string::npos && pos < text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string::npos) break;
        std::string heading = text.substr(pos + 2, eol - pos - 2);  // "input", "after cse (changed)"
        PassStep step;
        if (starts_with(heading, "after ")) {
            heading = heading.substr(6);
            step.changed = heading.find(" (changed)") != std::string::npos;
            size_t paren = heading.find(" (");
            step.name = heading.substr(0, paren);
        } else {
            step.name = heading;
            step.changed = true;
        }
        size_t next = text.find("\n# after ", eol);
        step.graph = text.substr(eol + 1, next == std::string::npos ? std::string::npos : next - eol);
        steps.push_back(std::move(step));
        pos = next == std::string::npos ? next : next + 1;
    }
    return steps;
}

void apply_log_records(const std::vector<LogRecord>& records, RunReport& report, const std::string& filename) {
    int graphs_seen = 0;            // the back end names graphs "graph N" in capture order
    std::string current_graph;      // output_code follows the other records of its graph
    for (const LogRecord& rec : records) {
        report.log_text += rec.text;
        if (!rec.text.empty() && rec.text.back() != '\n') report.log_text += '\n';
        const std::string& ch = rec.channel;
        if (ch == "graph_breaks") {
            GraphBreak b;
            parse_break(rec, b);
            report.breaks.push_back(std::move(b));
        } else if (ch == "recompiles") {
            report.recompiles.push_back(rec.text);
        } else if (ch == "graph_code") {
            CompileRecord& c = compile_for(report, rec.compile_id);
            c.has_graph = true;
            c.graph_name = "graph " + std::to_string(graphs_seen++);
            size_t cls = rec.text.find(" class GraphModule");
            c.fx_code = cls == std::string::npos ? body_after_first_line(rec.text) : rec.text.substr(cls + 1);
        } else if (ch == "guards") {
            compile_for(report, rec.compile_id).guards = body_after_first_line(rec.text);
        } else if (ch == "bytecode") {
            CompileRecord& c = compile_for(report, rec.compile_id);
            size_t mod = rec.text.find("\n MODIFIED BYTECODE");
            c.bytecode_original = body_after_first_line(rec.text.substr(0, mod));
            if (mod != std::string::npos) c.bytecode_modified = body_after_first_line(rec.text.substr(mod + 1));
        } else if (ch == "passes" || ch == "post_grad_graphs" || ch == "schedule" || ch == "fusion" || ch == "output_code" ||
                   ch == "cuda_code" || ch == "aten_lines") {
            if (!rec.graph_name.empty()) current_graph = rec.graph_name;
            CompileRecord* c = compile_for_graph(report, current_graph);
            if (!c) continue;
            // A new layout of the same graph starts with its passes record (the first the back end writes).
            if (c->inductor.empty() || (ch == "passes" && !c->inductor.back().passes.empty())) {
                c->inductor.push_back({});
                c->inductor.back().graph_name = current_graph;
            }
            InductorArtifacts& a = c->inductor.back();
            if (ch == "passes") {
                a.passes = parse_pass_steps(rec.text);
            } else if (ch == "post_grad_graphs") {
                size_t eq = rec.text.find("=====\n", 20);
                a.post_grad = eq == std::string::npos ? rec.text : rec.text.substr(eq + 6);
            } else if (ch == "schedule") {
                a.schedule = body_after_first_line(rec.text);
            } else if (ch == "fusion") {
                a.fusion = rec.text;
                size_t p = 0;
                while ((p = rec.text.find("  not fused: ", p)) != std::string::npos) {
                    size_t eol = rec.text.find('\n', p);
                    a.not_fused.push_back(rec.text.substr(p + 13, eol == std::string::npos ? std::string::npos : eol - p - 13));
                    p = eol == std::string::npos ? rec.text.size() : eol;
                }
            } else if (ch == "cuda_code") {
                a.cuda_code = body_after_first_line(rec.text);
            } else if (ch == "aten_lines") {
                // "name file:line" per node.
                std::string body = body_after_first_line(rec.text);
                size_t p = 0;
                while (p < body.size()) {
                    size_t eol = body.find('\n', p);
                    if (eol == std::string::npos) eol = body.size();
                    std::string line = body.substr(p, eol - p);
                    p = eol + 1;
                    size_t sp = line.find(' '), colon = line.rfind(':');
                    if (sp == std::string::npos || colon == std::string::npos || colon < sp) continue;
                    if (!filename.empty() && line.substr(sp + 1, colon - sp - 1) != filename) continue;
                    a.aten_lines.push_back({line.substr(0, sp), std::atoi(line.c_str() + colon + 1)});
                }
            } else {
                a.output_code = rec.text.substr(std::string("Output code: \n").size() <= rec.text.size() ? 14 : 0);
            }
        } else if (ch == "inductor") {
            std::string line = rec.text;
            while (!line.empty() && line.back() == '\n') line.pop_back();
            report.notes.push_back(line);
        }
    }
}

}  // namespace kiln::playground
