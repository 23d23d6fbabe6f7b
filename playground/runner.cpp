// Program runners (see runner.h): inline and, natively, on a thread.
#include "runner.h"

#include <atomic>
#include <mutex>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

namespace kiln::playground {

const char* const kStoppedMessage = "stopped by the user (the Stop button)";

RunReport stopped_report(const std::string& message, double millis) {
    RunReport r;
    r.ok = false;
    r.error = {"KilnLimitError", message, 0, 0};
    r.stderr_text = "KilnLimitError: " + message + "\n";
    r.millis = millis;
    return r;
}

namespace {

class InlineRunner : public ProgramRunner {
public:
    void start(const std::string& source, const RunOptions& options) override {
        report_ = run_program(source, options);
        done_ = true;
    }
    bool poll(RunReport* out) override {
        if (!done_) return false;
        *out = std::move(report_);
        done_ = false;
        return true;
    }
    void stop() override {}
    bool busy() const override { return done_; }
    const char* where() const override { return "inline"; }

private:
    RunReport report_;
    bool done_ = false;
};

#ifndef __EMSCRIPTEN__
// One run at a time on its own thread. The program polls stop_ every 100k instructions (session.h),
// so Stop takes effect within about a millisecond of VM time; a long native kernel (a big matmul)
// finishes first.
class ThreadRunner : public ProgramRunner {
public:
    ~ThreadRunner() override {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
    }
    void start(const std::string& source, const RunOptions& options) override {
        if (thread_.joinable()) thread_.join();
        stop_ = false;
        done_ = false;
        busy_ = true;
        RunOptions o = options;
        o.poll = [this]() -> std::string { return stop_ ? kStoppedMessage : ""; };
        thread_ = std::thread([this, source, o]() {
            RunReport r = run_program(source, o);
            std::lock_guard<std::mutex> lock(mutex_);
            report_ = std::move(r);
            done_ = true;
        });
    }
    bool poll(RunReport* out) override {
        if (!done_) return false;
        thread_.join();
        std::lock_guard<std::mutex> lock(mutex_);
        *out = std::move(report_);
        done_ = false;
        busy_ = false;
        return true;
    }
    void stop() override { stop_ = true; }
    bool busy() const override { return busy_; }
    const char* where() const override { return "thread"; }

private:
    std::thread thread_;
    std::mutex mutex_;
    std::atomic<bool> stop_{false}, done_{false};
    bool busy_ = false;
    RunReport report_;
};
#endif

}  // namespace

std::unique_ptr<ProgramRunner> make_inline_runner() { return std::make_unique<InlineRunner>(); }
#ifndef __EMSCRIPTEN__
std::unique_ptr<ProgramRunner> make_thread_runner() { return std::make_unique<ThreadRunner>(); }
#endif

}  // namespace kiln::playground
