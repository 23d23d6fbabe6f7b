// `kiln lesson check [DIR] [--lesson ID]`: verifies the course the way CI does. Every lesson loads
// without errors, every program runs to its end and prints what PyTorch 2.11 printed (its NAME.out
// golden; programs listed in DIR/GOLDENS_TODO.txt are reported as "no golden yet"), every exercise's
// solution passes its checks and its starter fails one, and every engine/... link exists (DIR/..
// is taken as the repository). Exit status 0 when all holds, 1 otherwise, 2 on a usage error.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "course.h"
#include "lesson_check.h"

namespace {

const char* kLessonUsage =
    "usage: kiln lesson check [DIR] [--lesson ID]\n"
    "\n"
    "Checks the lessons in DIR (default: lessons): each program runs and matches its PyTorch golden\n"
    "(NAME.out), each exercise's solution passes and its starter fails, links to sources exist.\n"
    "--lesson ID checks one lesson (its id, e.g. tracing, or its folder, e.g. 03-tracing).\n";

}  // namespace

int lesson_command(int argc, char** argv) {
    namespace pg = kiln::playground;
    namespace fs = std::filesystem;
    if (argc < 1 || std::string(argv[0]) != "check") {
        std::fputs(kLessonUsage, argc >= 1 && (std::string(argv[0]) == "-h" || std::string(argv[0]) == "--help") ? stdout : stderr);
        return argc >= 1 && (std::string(argv[0]) == "-h" || std::string(argv[0]) == "--help") ? 0 : 2;
    }
    std::string dir = "lessons";
    pg::CourseCheckOptions options;
    bool have_dir = false;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--lesson" && i + 1 < argc) {
            options.only = argv[++i];
        } else if (a == "-h" || a == "--help") {
            std::fputs(kLessonUsage, stdout);
            return 0;
        } else if (!a.empty() && a[0] != '-' && !have_dir) {
            dir = a;
            have_dir = true;
        } else {
            std::fprintf(stderr, "kiln lesson check: unexpected argument '%s'\n%s", a.c_str(), kLessonUsage);
            return 2;
        }
    }
    std::vector<pg::CourseFile> files;
    std::string error;
    if (!pg::read_course_dir(dir, &files, &error)) {
        std::fprintf(stderr, "kiln lesson check: %s\n", error.c_str());
        return 2;
    }
    std::ifstream todo(fs::path(dir) / "GOLDENS_TODO.txt");
    if (todo) {
        std::ostringstream ss;
        ss << todo.rdbuf();
        options.goldens_todo = pg::parse_goldens_todo(ss.str());
    }
    fs::path repo = fs::absolute(fs::path(dir)).lexically_normal();  // "lessons/" keeps an empty last part
    if (!repo.has_filename()) repo = repo.parent_path();
    repo = repo.parent_path();
    options.source_exists = [repo](const std::string& link) {
        std::error_code ec;
        return fs::exists(repo / link, ec);
    };
    pg::LoadResult loaded = pg::load_course(files);
    pg::CourseCheck result = pg::check_course(loaded, options);
    // Errors carry paths relative to DIR; say where DIR is once.
    std::printf("kiln lesson check %s\n", dir.c_str());
    std::string report = pg::format_course_check(result);
    std::fwrite(report.data(), 1, report.size(), stdout);
    std::fflush(stdout);
    return result.ok() ? 0 : 1;
}
