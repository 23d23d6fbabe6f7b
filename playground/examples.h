// The playground's example programs (the Examples menu and the lessons' starting points).
//
// Each is a complete PyTorch program in Kiln's Python subset that calls torch.compile itself, so the
// run controls (eager / trace / script / compile, backend, ...) change what it shows: SimpleNet (one
// clean graph), a data-dependent branch and a print() (graph breaks), a shape change (a recompile
// and automatic dynamic shapes), a TransformerBlock (fusion) and a training loop.
#pragma once
#include <string>
#include <vector>

namespace kiln::playground {

struct Example {
    const char* id;      // stable: share links (#example=) and tests name it
    const char* title;   // one line for the menu
    const char* source;  // the program
};

const std::vector<Example>& example_list();
const Example* find_example(const std::string& id);  // nullptr when unknown

}  // namespace kiln::playground
