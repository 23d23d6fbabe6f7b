// The browser's ProgramRunner (playground/runner.h): programs run in a Web Worker that holds its own
// copy of the engine (the same kiln.js + kiln.wasm, started without a window: see main()), so the
// page keeps drawing frames while a program runs. The worker answers with the session's report as
// JSON (window.kiln.session's format, report_json.h), which poll() turns back into a RunReport.
//
// Stop: a page cannot interrupt a worker that is busy in WebAssembly, so Stop terminates it; the
// next run starts a fresh worker (the browser's cache has kiln.wasm, so that takes a moment).
// The JavaScript half is Module.kilnWorker* in kiln_api.js.in.
#include <emscripten.h>

#include <string>

#include "report_json.h"
#include "worker_runner.h"

namespace {

std::string g_reply;   // the worker's last answer (JSON), set by kiln_worker_done
bool g_replied = false;
kiln::web::WorkerTimes g_times;

class WorkerRunner : public kiln::playground::ProgramRunner {
public:
    void start(const std::string& source, const kiln::playground::RunOptions& options) override {
        g_replied = false;
        g_reply.clear();
        busy_ = true;
        stopped_ = false;
        started_ = emscripten_get_now();
        std::string opts = kiln::web::options_json(options).dump();
        EM_ASM({ Module.kilnWorkerStart(UTF8ToString($0), UTF8ToString($1)); }, source.c_str(), opts.c_str());
    }
    bool poll(kiln::playground::RunReport* out) override {
        if (!busy_) return false;
        if (stopped_) {
            *out = kiln::playground::stopped_report(kiln::playground::kStoppedMessage, emscripten_get_now() - started_);
        } else {
            if (!g_replied) return false;
            const double t0 = emscripten_get_now();
            nlohmann::json j = nlohmann::json::parse(g_reply, nullptr, false);
            if (j.is_object()) {
                *out = kiln::web::report_from_json(j);
                g_times.parse_ms = emscripten_get_now() - t0;
            } else {  // the worker failed (it reports its error as text)
                *out = kiln::playground::stopped_report("the worker failed: " + g_reply, emscripten_get_now() - started_);
                out->error.type = "RuntimeError";
            }
        }
        busy_ = false;
        g_replied = false;
        return true;
    }
    void stop() override {
        if (!busy_) return;
        EM_ASM({ Module.kilnWorkerStop(); });
        stopped_ = true;
    }
    bool busy() const override { return busy_; }
    const char* where() const override { return "worker"; }

private:
    bool busy_ = false, stopped_ = false;
    double started_ = 0;
};

}  // namespace

extern "C" {
// The worker's answer arrives here (kiln_api.js.in, Module.kilnWorkerStart's onmessage).
EMSCRIPTEN_KEEPALIVE void kiln_worker_done(const char* json, double worker_ms) {
    g_reply = json ? json : "";
    g_replied = true;
    g_times.worker_ms = worker_ms;
    g_times.arrived_ms = emscripten_get_now();
    g_times.bytes = double(g_reply.size());
}
}

namespace kiln::web {
std::unique_ptr<playground::ProgramRunner> make_worker_runner() { return std::make_unique<WorkerRunner>(); }
const WorkerTimes& last_worker_times() { return g_times; }
}  // namespace kiln::web
