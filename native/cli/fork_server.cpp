// `kiln --fork-server [--preload MODULE]`: runs many programs, each in a process of its own, from one
// interpreter built once (tests/badinput/run_badinput.py drives it).
//
// The bad-input corpus is thousands of small programs, each run in a fresh process so that a crash,
// a hang or a limit ends only that program. Most of such a run's time is spent before the program's
// first line: starting the executable, building the interpreter (types, builtins, the standard
// library's archive) and, for the half of the corpus that starts with `import torch`, executing the
// torch package (over a hundred modules). Under AddressSanitizer that preamble is several tenths of a
// second per program, the same work four thousand times. The server does it once and then forks:
// each child is a fresh process in the state a program finds at its first line (with MODULE already
// imported when --preload names one, exactly what the program's own `import torch` then finds), runs
// the program as `kiln FILE` does, and exits after the program's shutdown without freeing the
// interpreter (kiln.cpp says why); the sanitizers check the child as they check any run.
//
// Protocol (one program at a time, in the server's working directory, the programs' own):
//   request on stdin:    FILE \t STDOUT_PATH \t STDERR_PATH \n
//   replies on stdout:   started PID \n   then   exit N \n  or  signal N \n   when the child ends
// The child's stdin is /dev/null and its stdout/stderr the two files. EOF on stdin ends the server.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "vm/interpreter.h"
#include "vm/ops.h"
#include "vm/types.h"

namespace {

// Points fd at path (opened for writing, truncated; /dev/null for reading when path is empty).
bool redirect_fd(int fd, const std::string& path) {
    int f = path.empty() ? ::open("/dev/null", O_RDONLY) : ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (f < 0) return false;
    bool ok = ::dup2(f, fd) >= 0;
    ::close(f);
    return ok;
}

}  // namespace

// Serves requests until stdin ends: returns false in the server then. In a child it returns true with
// `filename` set; the caller runs that program and exits with its status.
bool serve_forked_runs(kiln::vm::Interpreter& interp, std::string& filename) {
    char buf[8192];
    while (std::fgets(buf, sizeof buf, stdin)) {
        std::string line(buf);
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        size_t t1 = line.find('\t'), t2 = t1 == std::string::npos ? t1 : line.find('\t', t1 + 1);
        if (t2 == std::string::npos) {
            std::printf("error bad request\n");
            std::fflush(stdout);
            continue;
        }
        std::fflush(stdout);
        std::fflush(stderr);
        pid_t pid = ::fork();
        if (pid < 0) {
            std::printf("error fork: %s\n", std::strerror(errno));
            std::fflush(stdout);
            continue;
        }
        if (pid == 0) {
            if (!redirect_fd(0, "") || !redirect_fd(1, line.substr(t1 + 1, t2 - t1 - 1)) || !redirect_fd(2, line.substr(t2 + 1)))
                std::_Exit(71);
            filename = line.substr(0, t1);
            // sys.argv[0] as `kiln FILE` makes it; a preloaded module may have imported sys already
            auto& mods = interp.modules();
            if (auto s = mods.find("sys"); s != mods.end())
                s->second->dict.set("argv", kiln::vm::new_list({kiln::vm::new_str(filename)}));
            return true;
        }
        std::printf("started %d\n", int(pid));
        std::fflush(stdout);
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFSIGNALED(status))
            std::printf("signal %d\n", WTERMSIG(status));
        else
            std::printf("exit %d\n", WEXITSTATUS(status));
        std::fflush(stdout);
    }
    return false;
}
