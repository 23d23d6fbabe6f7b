// libFuzzer harness for torch.load's reader (serialize/archive.h + bindings/serialization.cpp). An input
// that starts with a zip local header is loaded as a whole checkpoint; any other input becomes the
// data.pkl of a valid archive that also holds one float storage (CRC-32s sealed), so the fuzzer reaches
// the unpickler, the weights_only allow-list and the tensor rebuild checks rather than stopping at the
// container. Each input is loaded with weights_only=True and False. A Python exception is the expected
// outcome for a bad file; a crash, a hang, a leak, a sanitizer report or a huge allocation is a bug.
#include <cstddef>
#include <cstdint>
#include <string>

#include "bindings/convert.h"
#include "serialize/archive.h"
#include "support/error.h"
#include "vm/interpreter.h"

using namespace kiln;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static vm::Interpreter* in = [] {
        vm::Options o;
        o.out = [](std::string_view) {};
        o.err = [](std::string_view) {};
        o.max_tensor_bytes = 64 << 20;
        auto* i = new vm::Interpreter(o);
        i->run_source("import torch\n", "<fuzz>");
        return i;
    }();
    std::string input(reinterpret_cast<const char*>(data), size);
    std::string bytes;
    if (input.size() >= 4 && input.compare(0, 4, "PK\x03\x04") == 0) {
        bytes = input;
    } else {
        serialize::ZipWriter zip;
        zip.add("archive/data.pkl", input);
        zip.add("archive/byteorder", "little");
        zip.add("archive/data/0", std::string(16, '\0'));
        zip.add("archive/version", "3\n");
        bytes = zip.finish();
    }
    for (bool weights_only : {true, false}) {
        try {
            vm::bind::load_checkpoint_bytes(*in, bytes, weights_only, vm::Value::none());
        } catch (const vm::PyError&) {
        } catch (const kiln::Error&) {
        }
    }
    return 0;
}
