// Reading the lessons folder from disk (native builds: `kiln lesson check`, the tests). The browser
// has no file system; it reads the same files from the table the build embeds (course_embedded.h).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "course.h"

namespace kiln::playground {

bool read_course_dir(const std::string& dir, std::vector<CourseFile>* files, std::string* error) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        *error = "'" + dir + "' is not a directory; expected the lessons folder (e.g. lessons/)";
        return false;
    }
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        if (!it->is_directory()) continue;
        for (fs::directory_iterator f(it->path(), ec), fend; !ec && f != fend; f.increment(ec)) {
            std::string name = f->path().filename().string();
            std::string ext = f->path().extension().string();
            if (!f->is_regular_file() || !(name == "lesson.md" || ext == ".py" || ext == ".out")) continue;
            std::ifstream in(f->path(), std::ios::binary);
            if (!in) {
                *error = "cannot read " + f->path().string();
                return false;
            }
            std::ostringstream ss;
            ss << in.rdbuf();
            files->push_back({it->path().filename().string() + "/" + name, ss.str()});
        }
    }
    if (ec) {
        *error = "cannot list '" + dir + "': " + ec.message();
        return false;
    }
    std::sort(files->begin(), files->end(), [](const CourseFile& a, const CourseFile& b) { return a.path < b.path; });
    return true;
}

}  // namespace kiln::playground
