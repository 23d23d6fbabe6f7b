// The performance model (see perf_model.h): launches and bytes, read from the plan and aten graph.
#include "perf_model.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>

namespace kiln::playground {
namespace {

// Bytes of a printed tensor type "f32[8, 16][16, 1]cpu" (the first [...] is the shape).
int64_t type_bytes(const std::string& t) {
    static const std::map<std::string, int> kSize = {{"f32", 4}, {"f64", 8}, {"f16", 2}, {"bf16", 2}, {"i64", 8}, {"b8", 1}};
    size_t b = t.find('[');
    if (b == std::string::npos) return 0;
    auto it = kSize.find(t.substr(0, b));
    if (it == kSize.end()) return 0;
    int64_t n = 1;
    size_t e = t.find(']', b);
    std::string dims = t.substr(b + 1, e - b - 1);
    std::istringstream in(dims);
    for (std::string d; std::getline(in, d, ',');)
        if (d.find_first_not_of(' ') != std::string::npos) n *= std::atoll(d.c_str());
    return n * it->second;
}

std::vector<std::string> identifiers(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s + " ") {
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') cur += c;
        else if (!cur.empty()) out.push_back(cur), cur.clear();
    }
    return out;
}

// Views: no kernel and no traffic in eager mode either.
bool is_view_op(const std::string& target) {
    static const std::set<std::string> kViews = {"view", "reshape", "_unsafe_view", "permute", "transpose", "t", "expand",
                                                 "unsqueeze", "squeeze", "slice", "select", "as_strided", "alias",
                                                 "detach", "split", "unbind", "narrow", "chunk"};
    size_t a = target.find("aten.");
    if (a == std::string::npos) return false;
    std::string op = target.substr(a + 5);
    op = op.substr(0, op.find('.'));
    return kViews.count(op) > 0;
}

}  // namespace

std::string bytes_text(int64_t n) {
    char buf[32];
    if (n < 1024) std::snprintf(buf, sizeof buf, "%lld B", static_cast<long long>(n));
    else if (n < 1024 * 1024) std::snprintf(buf, sizeof buf, "%.1f KB", n / 1024.0);
    else std::snprintf(buf, sizeof buf, "%.1f MB", n / (1024.0 * 1024.0));
    return buf;
}

PerfModel perf_model(const InductorArtifacts& a) {
    PerfModel m;
    // ---- the compiled plan: buffers, then steps -------------------------------------------------
    std::map<std::string, int64_t> buffer_bytes;
    std::istringstream plan(a.schedule);
    std::string section;
    for (std::string line; std::getline(plan, line);) {
        if (!line.empty() && line[0] != ' ') {
            section = line;
            if (line.rfind("peak bytes: eager ", 0) == 0)
                std::sscanf(line.c_str(), "peak bytes: eager %lld, compiled %lld", reinterpret_cast<long long*>(&m.peak_eager),
                            reinterpret_cast<long long*>(&m.peak_compiled));
            continue;
        }
        std::string body = line.substr(line.find_first_not_of(' '));
        if (section == "buffers:") {
            size_t colon = body.find(':');
            size_t b = body.rfind(", ");
            if (colon != std::string::npos && b != std::string::npos && body.find(" bytes", b) != std::string::npos)
                buffer_bytes[body.substr(0, colon)] = std::atoll(body.c_str() + b + 2);
        } else if (section == "steps:") {
            if (body[0] == '#' || body.find("empty_strided(") != std::string::npos || body.rfind("del ", 0) == 0) continue;
            PerfStep s;
            size_t eq = body.find(" = ");
            std::string call = eq == std::string::npos ? body : body.substr(eq + 3);
            if (eq != std::string::npos && call.find('(') == std::string::npos) continue;  // a reuse: buf3 = buf1
            s.name = call.substr(0, call.find('('));
            s.kind = s.name.rfind("extern_kernels.", 0) == 0 ? "extern" : s.name.rfind("torch.ops.", 0) == 0 ? "fallback" : "kernel";
            std::set<std::string> touched;
            for (const auto& id : identifiers(body))
                if (buffer_bytes.count(id) && touched.insert(id).second) s.bytes += buffer_bytes[id];
            m.compiled_bytes += s.bytes;
            m.steps.push_back(std::move(s));
        }
    }
    // ---- eager: the post-grad aten graph ---------------------------------------------------------
    std::map<std::string, int64_t> value_bytes;
    std::istringstream graph(a.post_grad);
    for (std::string line; std::getline(graph, line);) {
        // Every `name: "type"` pair on the line: the placeholders of `def forward(...)`, or an op's result.
        std::string first;
        for (size_t p = 0; (p = line.find(": \"", p)) != std::string::npos; p += 3) {
            size_t start = p;
            while (start > 0 && (std::isalnum(static_cast<unsigned char>(line[start - 1])) || line[start - 1] == '_')) --start;
            size_t close = line.find('"', p + 3);
            if (close == std::string::npos) break;
            std::string name = line.substr(start, p - start);
            value_bytes[name] = type_bytes(line.substr(p + 3, close - p - 3));
            if (first.empty()) first = name;
        }
        size_t call = line.find(" = torch.ops.");
        if (call == std::string::npos || first.empty()) continue;
        size_t open = line.find('(', call), end = line.find(");", call);
        if (open == std::string::npos) continue;
        const std::string target = line.substr(call + 3, open - call - 3);
        if (is_view_op(target)) continue;
        ++m.eager_launches;
        int64_t bytes = value_bytes[first];
        std::set<std::string> touched;
        for (const auto& id : identifiers(line.substr(open, end == std::string::npos ? std::string::npos : end - open)))
            if (id != first && value_bytes.count(id) && touched.insert(id).second) bytes += value_bytes[id];
        m.eager_bytes += bytes;
    }
    m.ok = !a.schedule.empty() && !a.post_grad.empty();
    return m;
}

const backends::PlanProfile* perf_match_profile(const PerfModel& m, const std::vector<backends::PlanProfile>& runs) {
    for (const auto& run : runs) {
        bool same = run.steps.size() == m.steps.size() && !m.steps.empty();
        for (size_t i = 0; same && i < m.steps.size(); ++i)
            same = run.steps[i].kind == m.steps[i].kind && (m.steps[i].kind != "kernel" || run.steps[i].name == m.steps[i].name);
        if (same) return &run;
    }
    return nullptr;
}

PerfTimeline perf_timeline(const PerfModel& m, const std::vector<backends::PlanProfile>& runs) {
    PerfTimeline t;
    const backends::PlanProfile* run = perf_match_profile(m, runs);
    for (size_t i = 0; i < m.steps.size(); ++i) {
        PerfLaunch l;
        l.name = m.steps[i].name;
        l.kind = m.steps[i].kind;
        l.bytes = m.steps[i].bytes;
        if (run) {  // perf_match_profile checked that the run has one record per step
            l.engine = run->steps[i].engine;
            l.ms = run->steps[i].ms;
        }
        t.launches.push_back(std::move(l));
    }
    if (run) {
        t.timed = true;
        t.engine = run->engine;
        t.total_ms = run->total_ms;
    }
    return t;
}

std::string perf_engine_label(const std::string& engine) {
    if (engine == "interpreter") return "the kernel interpreter";
    if (engine == "native") return "natively compiled C++";
    if (engine == "wasm") return "generated WebAssembly";
    if (engine == "eager") return "the eager engine (aten op)";
    if (engine == "cuda") return "CUDA";
    return engine;
}

}  // namespace kiln::playground
