// libFuzzer harness for torch.jit.load's archive reader (graph/serialize.h). Inputs that start with
// the archive magic are loaded as they are; any other input is spread over a valid archive (a graph
// with a loop, constants and a tensor) and the checksums are re-sealed, so the fuzzer reaches the
// structural checks behind them instead of stopping at a checksum mismatch. A kiln::Error is the
// expected outcome for a bad file; a crash, a hang, a leak or a sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "graph/op_registry.h"
#include "graph/serialize.h"
#include "ops/ops.h"
#include "support/error.h"

using namespace kiln;
using namespace kiln::graph;

namespace {

std::vector<uint8_t> base_archive() {
    auto g = std::make_shared<Graph>();
    Value* x = g->add_input(tensor_type(), "x");
    Value* n = g->add_input(int_type(), "n");
    Value* t = g->insert_constant(IValue(true));
    Value* c = g->insert_constant(IValue(tensor({1.5, -2.0, 3.0}, {3})));
    Node* loop = g->insert("prim::Loop", {n, t, x}, 1);
    Block* body = loop->add_block();
    body->add_param(int_type(), "i");
    Value* y = body->add_param(tensor_type(), "y");
    g->set_insertion_block(body);
    Node* mul = g->insert("aten::mul", {y, c}, 1);
    mul->schema = find_schema("aten::mul.Tensor");
    body->register_return(t);
    body->register_return(mul->output());
    g->set_insertion_block(g->block());
    g->register_output(loop->output());
    return save_archive(Archive{"function", "f", g, nullptr});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const std::vector<uint8_t> base = base_archive();
    std::vector<uint8_t> bytes;
    if (size >= 8 && std::memcmp(data, base.data(), 8) == 0) {
        bytes.assign(data, data + size);
    } else {
        // Pairs (offset, value) overwrite the base archive after its header.
        bytes = base;
        for (size_t i = 0; i + 1 < size; i += 2) bytes[16 + (data[i] * 7919u + i) % (bytes.size() - 20)] = data[i + 1];
        reseal_archive(bytes);
    }
    // Loaded graphs are not run: a forged loop may legitimately count to INT64_MAX.
    try {
        (void)load_archive(bytes.data(), bytes.size());
    } catch (const kiln::Error&) {
    }
    return 0;
}
